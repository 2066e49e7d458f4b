"""Serving Views from MCP servers built on the official ``mcp`` SDK (CPython only).

Names are imported lazily, so ``pyview``'s command line can register ``serve`` without importing the SDK.

Example:
    >>> from mcp.server.mcpserver import MCPServer
    >>> from pyview.server import Views
    >>> views = Views()
    >>> hello = views.add("hello", "hello_view.py")  # doctest: +SKIP
    >>> @views.tool(hello)  # doctest: +SKIP
    ... def greet(name: str) -> str:
    ...     return f"Hello, {name}!"
    >>> server = MCPServer("hello", extensions=[views])  # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyview._lazy import lazy_exports

if TYPE_CHECKING:
    from mcp.server.apps import (
        APP_MIME_TYPE,
        EXTENSION_ID,
        ResourceCsp,
        ResourcePermissions,
        client_supports_apps,
    )
    from mcp.server.mcpserver.exceptions import ToolError

    from pyview._tooling.cli._serve_command import register_cli
    from pyview._tooling.server._http import http_app, runtime_url_for, serve, serve_async
    from pyview._tooling.server._redis_store import RedisStateStore
    from pyview._tooling.server._results import result_text
    from pyview._tooling.server._runtime_files import RUNTIME_HEADERS, runtime_files_app
    from pyview._tooling.server._state_store import MemoryStore, StateStore, StateTooLarge
    from pyview._tooling.server._view_resource import ServerView
    from pyview._tooling.server._views import Views

# public name -> module that defines it
_LAZY: dict[str, str] = {
    "APP_MIME_TYPE": "mcp.server.apps",
    "EXTENSION_ID": "mcp.server.apps",
    "RUNTIME_HEADERS": "pyview._tooling.server._runtime_files",
    "ResourceCsp": "mcp.server.apps",
    "MemoryStore": "pyview._tooling.server._state_store",
    "RedisStateStore": "pyview._tooling.server._redis_store",
    "ResourcePermissions": "mcp.server.apps",
    "StateStore": "pyview._tooling.server._state_store",
    "StateTooLarge": "pyview._tooling.server._state_store",
    "ToolError": "mcp.server.mcpserver.exceptions",
    "ServerView": "pyview._tooling.server._view_resource",
    "Views": "pyview._tooling.server._views",
    "client_supports_apps": "mcp.server.apps",
    "http_app": "pyview._tooling.server._http",
    "register_cli": "pyview._tooling.cli._serve_command",
    "result_text": "pyview._tooling.server._results",
    "runtime_files_app": "pyview._tooling.server._runtime_files",
    "runtime_url_for": "pyview._tooling.server._http",
    "serve": "pyview._tooling.server._http",
    "serve_async": "pyview._tooling.server._http",
}

__all__ = [
    "APP_MIME_TYPE",
    "EXTENSION_ID",
    "RUNTIME_HEADERS",
    "MemoryStore",
    "RedisStateStore",
    "ResourceCsp",
    "ResourcePermissions",
    "ServerView",
    "StateStore",
    "StateTooLarge",
    "ToolError",
    "Views",
    "client_supports_apps",
    "http_app",
    "register_cli",
    "result_text",
    "runtime_files_app",
    "runtime_url_for",
    "serve",
    "serve_async",
]


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, __all__, "pyview._tooling.server")

if __name__ == "__main__":  # python -m pyview.server SERVER.py [--http] [--port N]: the same as pyview serve
    from pyview._tooling.cli._serve_command import main

    raise SystemExit(main())
