"""Tools the View registers for the host to call (draft: host ``tools/list`` and ``tools/call`` to the
View)."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING

from pyview.app import _protocol as p
from pyview.app._errors import McpError
from pyview.app._types import ToolResult

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

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
            raise McpError(p.INVALID_PARAMS, "tools/call needs a string 'name'")
        entry = self._tools.get(name)
        if entry is None:
            raise McpError(p.INVALID_PARAMS, f"Unknown tool: {name}")
        arguments = params.get("arguments")
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            raise McpError(p.INVALID_PARAMS, "tools/call 'arguments' must be an object")
        fn = entry[1]
        try:
            value = fn(**arguments)
            if hasattr(value, "__await__"):
                value = await value
        except McpError:
            raise
        except Exception as exc:
            log.warning("tool %s failed", name, exc_info=True)
            return {"content": [{"type": "text", "text": f"{type(exc).__name__}: {exc}"}], "isError": True}
        return to_call_tool_result(value)
