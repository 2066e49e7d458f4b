"""What stands behind the host: the MCP server the View's ``tools/call`` and ``resources/read`` go to.

:class:`Backend` is the interface; :class:`ScriptedBackend` answers from canned responses (tests), and
:class:`~pyview.host.McpBackend` forwards to a real server through the ``mcp`` client.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from pyview._core.app._errors import JsonRpcError
from pyview._core.app._protocol import INVALID_PARAMS

ToolHandler = Callable[[dict[str, Any]], Any]
"""A scripted tool: called with the arguments dict; returns a result (sync or async) or raises."""


class Backend:
    """The MCP server side of a host. Every method returns plain JSON-ready dicts, as the wire carries them.

    Subclasses override what they support; the defaults answer as a server with no tools or resources.
    """

    async def start(self) -> None:
        """Connect (called once by the host's owner before use)."""

    async def close(self) -> None:
        """Disconnect; the backend may be started again."""

    async def list_tools(self) -> list[dict[str, Any]]:
        """Every tool definition (``name``, ``inputSchema``, ``_meta``...), all pages."""
        return []

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """A ``CallToolResult``. Raises :class:`~pyview.app.JsonRpcError` for a JSON-RPC error."""
        raise JsonRpcError(INVALID_PARAMS, f"Unknown tool: {name}")

    async def read_resource(self, uri: str) -> dict[str, Any]:
        """A ``ReadResourceResult`` (``{"contents": [...]}``)."""
        raise JsonRpcError(INVALID_PARAMS, f"Unknown resource: {uri}")

    async def list_resources(self, params: dict[str, Any]) -> dict[str, Any]:
        """A ``ListResourcesResult``."""
        return {"resources": []}

    async def list_resource_templates(self, params: dict[str, Any]) -> dict[str, Any]:
        """A ``ListResourceTemplatesResult``."""
        return {"resourceTemplates": []}

    async def list_prompts(self, params: dict[str, Any]) -> dict[str, Any]:
        """A ``ListPromptsResult``."""
        return {"prompts": []}


def tool_result(value: object) -> dict[str, Any]:
    """A ``CallToolResult`` from a scripted response.

    A dict with ``content`` is taken as is; a string becomes one text block; any other JSON value becomes
    ``structuredContent`` with its JSON as text.

    Example:
        >>> tool_result("done")
        {'content': [{'type': 'text', 'text': 'done'}]}
        >>> tool_result({"temp": 4})
        {'content': [{'type': 'text', 'text': '{"temp": 4}'}], 'structuredContent': {'temp': 4}}
    """
    if isinstance(value, Mapping) and "content" in value:
        return dict(value)
    if isinstance(value, str):
        return {"content": [{"type": "text", "text": value}]}
    result: dict[str, Any] = {"content": [{"type": "text", "text": json.dumps(value)}]}
    result["structuredContent"] = value
    return result


class ScriptedBackend(Backend):
    """Canned tools and resources, for tests and demos; every call is recorded in :attr:`calls`.

    Args:
        tools: tool name -> response: a fixed value (see :func:`tool_result`) or a function of the arguments
            (sync or async). Raise :class:`~pyview.app.JsonRpcError` in a function to answer with that error.
        resources: ``ui://`` URI -> HTML text (served as ``text/html;profile=mcp-app``).

    Example:
        >>> backend = ScriptedBackend(tools={"refresh": lambda args: {"city": args["city"]}})
        >>> backend.add_tool("secret", "hidden", visibility=["model"])
        >>> [t["name"] for t in backend.tools]
        ['refresh', 'secret']
    """

    def __init__(self, tools: Mapping[str, object] | None = None, resources: Mapping[str, str] | None = None) -> None:
        self.tools: list[dict[str, Any]] = []
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self._handlers: dict[str, object] = {}
        self._resources: dict[str, dict[str, Any]] = {}
        for name, response in (tools or {}).items():
            self.add_tool(name, response)
        for uri, html in (resources or {}).items():
            self.add_resource(uri, html)

    def add_tool(
        self,
        name: str,
        response: object,
        *,
        visibility: Sequence[str] | None = None,
        resource_uri: str | None = None,
        input_schema: dict[str, Any] | None = None,
        description: str | None = None,
    ) -> None:
        """Add (or replace) a scripted tool; ``visibility`` and ``resource_uri`` go to its ``_meta.ui``."""
        definition: dict[str, Any] = {"name": name, "inputSchema": input_schema or {"type": "object"}}
        if description:
            definition["description"] = description
        ui: dict[str, Any] = {}
        if resource_uri is not None:
            ui["resourceUri"] = resource_uri
        if visibility is not None:
            ui["visibility"] = list(visibility)
        if ui:
            definition["_meta"] = {"ui": ui}
        self.tools = [t for t in self.tools if t["name"] != name] + [definition]
        self._handlers[name] = response

    def add_resource(self, uri: str, html: str, *, ui_meta: dict[str, Any] | None = None) -> None:
        """Add a ``text/html;profile=mcp-app`` resource, with an optional ``_meta.ui`` (``csp``...)."""
        item: dict[str, Any] = {"uri": uri, "mimeType": "text/html;profile=mcp-app", "text": html}
        if ui_meta:
            item["_meta"] = {"ui": ui_meta}
        self._resources[uri] = item

    async def list_tools(self) -> list[dict[str, Any]]:
        return [dict(t) for t in self.tools]

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        self.calls.append((name, arguments))
        if name not in self._handlers:
            return await super().call_tool(name, arguments)
        response = self._handlers[name]
        if callable(response):
            response = response(arguments)
            if inspect.isawaitable(response):
                response = await _awaited(response)
        return tool_result(response)

    async def read_resource(self, uri: str) -> dict[str, Any]:
        if uri not in self._resources:
            return await super().read_resource(uri)
        return {"contents": [dict(self._resources[uri])]}

    async def list_resources(self, params: dict[str, Any]) -> dict[str, Any]:
        listed = [
            {k: v for k, v in item.items() if k != "text"} | {"name": uri} for uri, item in self._resources.items()
        ]
        return {"resources": listed}


async def _awaited(value: Awaitable[Any]) -> Any:
    return await value
