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

    from pyview.server._cli import register_cli
    from pyview.server._http import http_app, runtime_url_for, serve, serve_async
    from pyview.server._redis_store import RedisStateStore
    from pyview.server._results import result_text
    from pyview.server._runtime_files import RUNTIME_HEADERS, runtime_files_app
    from pyview.server._state_store import MemoryStore, StateStore, StateTooLarge
    from pyview.server._view_resource import ServerView
    from pyview.server._views import Views

# public name -> module that defines it
_LAZY: dict[str, str] = {
    "APP_MIME_TYPE": "mcp.server.apps",
    "EXTENSION_ID": "mcp.server.apps",
    "RUNTIME_HEADERS": "pyview.server._runtime_files",
    "ResourceCsp": "mcp.server.apps",
    "MemoryStore": "pyview.server._state_store",
    "RedisStateStore": "pyview.server._redis_store",
    "ResourcePermissions": "mcp.server.apps",
    "StateStore": "pyview.server._state_store",
    "StateTooLarge": "pyview.server._state_store",
    "ToolError": "mcp.server.mcpserver.exceptions",
    "ServerView": "pyview.server._view_resource",
    "Views": "pyview.server._views",
    "client_supports_apps": "mcp.server.apps",
    "http_app": "pyview.server._http",
    "register_cli": "pyview.server._cli",
    "result_text": "pyview.server._results",
    "runtime_files_app": "pyview.server._runtime_files",
    "runtime_url_for": "pyview.server._http",
    "serve": "pyview.server._http",
    "serve_async": "pyview.server._http",
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


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, __all__)
