"""Tools the View registers for the host to call (draft: host ``tools/list`` and ``tools/call`` to the
View)."""

from __future__ import annotations

import json
import logging

from pyview._core.app import _protocol as p
from pyview._core.app._errors import JsonRpcError
from pyview._core.app._types import ToolResult

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.app._jsonrpc import JsonRpcPeer

log = logging.getLogger("pyview.app")


def to_call_tool_result(value: object) -> dict[str, Any]:
    """Turn what a tool function returned into a ``CallToolResult`` dict.

    A :class:`ToolResult` or a dict with a ``content`` list is passed through; a ``str`` becomes one text
    block; ``None`` an empty result; anything else is sent as JSON text plus ``structuredContent``.

    Example:
        >>> to_call_tool_result("hi")
        {'content': [{'type': 'text', 'text': 'hi'}]}
        >>> to_call_tool_result({"n": 1})
        {'content': [{'type': 'text', 'text': '{"n": 1}'}], 'structuredContent': {'n': 1}}
    """
    if isinstance(value, ToolResult):
        return value.raw
    if isinstance(value, dict) and isinstance(value.get("content"), list):
        return value
    if value is None:
        return {"content": []}
    if isinstance(value, str):
        return {"content": [{"type": "text", "text": value}]}
    structured = value if isinstance(value, dict) else {"result": value}
    return {"content": [{"type": "text", "text": json.dumps(value)}], "structuredContent": structured}


class ToolRegistry:
    """Name -> (definition, function) of the tools a View offers to the host."""

    __slots__ = ("_tools",)

    def __init__(self) -> None:
        self._tools: dict[str, tuple[dict[str, Any], Callable[..., Any]]] = {}

    def __len__(self) -> int:
        return len(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def add(self, name: str, fn: Callable[..., Any], definition: dict[str, Any]) -> None:
        self._tools[name] = (definition, fn)

    def remove(self, name: str) -> bool:
        return self._tools.pop(name, None) is not None

    def list_result(self, params: dict[str, Any]) -> dict[str, Any]:
        """The ``tools/list`` answer (no pagination)."""
        return {"tools": [definition for definition, _fn in self._tools.values()]}

    async def call(self, params: dict[str, Any]) -> dict[str, Any]:
        """Run one ``tools/call``; an exception of the tool becomes an ``isError`` result (MCP convention)."""
        name = params.get("name")
        if not isinstance(name, str):
            raise JsonRpcError(p.INVALID_PARAMS, "tools/call needs a string 'name'")
        entry = self._tools.get(name)
        if entry is None:
            raise JsonRpcError(p.INVALID_PARAMS, f"Unknown tool: {name}")
        arguments = params.get("arguments")
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            raise JsonRpcError(p.INVALID_PARAMS, "tools/call 'arguments' must be an object")
        fn = entry[1]
        try:
            value = fn(**arguments)
            if hasattr(value, "__await__"):
                value = await value
        except JsonRpcError:
            raise
        except Exception as exc:
            log.warning("tool %s failed", name, exc_info=True)
            return {"content": [{"type": "text", "text": f"{type(exc).__name__}: {exc}"}], "isError": True}
        return to_call_tool_result(value)


class AppTools:
    """The :meth:`tool` decorator of :class:`pyview.app.App` (a mixin)."""

    __slots__ = ()

    if TYPE_CHECKING:
        _tools: ToolRegistry
        _declared_tools: bool
        _peer: JsonRpcPeer | None

        @property
        def connected(self) -> bool: ...

    def tool(
        self,
        name: str | None = None,
        *,
        description: str | None = None,
        input_schema: dict[str, Any] | None = None,
        title: str | None = None,
        annotations: dict[str, Any] | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator: offer a function as a tool the host may call (draft ``tools/call`` to the View).

        The function (sync or async) is called with the tool arguments as keyword arguments. It may return a
        ``str``, a dict with ``content``, a :class:`ToolResult`, or any JSON value (sent as structured
        content); an exception becomes an ``isError`` result. Registering a tool before ``connect()`` declares
        ``appCapabilities.tools``; after connecting, ``notifications/tools/list_changed`` is sent.

        Example:
            >>> from pyview.app import App
            >>> app = App("demo", "1.0")
            >>> @app.tool(description="Select a row")
            ... def select_row(index: int) -> str:
            ...     return f"row {index} selected"
            >>> app.app_capabilities["tools"]
            {'listChanged': True}
        """

        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            tool_name = name or fn.__name__
            definition: dict[str, Any] = {
                "name": tool_name,
                "inputSchema": input_schema or {"type": "object"},
            }
            doc = description if description is not None else (fn.__doc__ or "").strip()
            if doc:
                definition["description"] = doc
            if title is not None:
                definition["title"] = title
            if annotations is not None:
                definition["annotations"] = annotations
            self._tools.add(tool_name, fn, definition)
            self._tools_changed()
            return fn

        return register

    def remove_tool(self, name: str) -> bool:
        """Withdraw a tool registered with :meth:`tool`; returns whether it existed."""
        removed = self._tools.remove(name)
        if removed:
            self._tools_changed()
        return removed

    def _tools_changed(self) -> None:
        if self.connected and self._declared_tools and self._peer is not None:
            self._peer.notify(p.TOOLS_LIST_CHANGED, {})
