"""Serving Views from MCP servers built on the official ``mcp`` SDK (CPython only).

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
from pyview.server._results import result_text
from pyview.server._runtime_files import RUNTIME_HEADERS, runtime_files_app
from pyview.server._view_resource import ViewHandle
from pyview.server._views import Views

__all__ = [
    "APP_MIME_TYPE",
    "EXTENSION_ID",
    "RUNTIME_HEADERS",
    "ResourceCsp",
    "ResourcePermissions",
    "ToolError",
    "ViewHandle",
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
