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

# module -> the public names it defines: what this facade exports (the imports below repeat it for type checkers)
_LAZY: dict[str, tuple[str, ...]] = {
    "mcp.server.apps": ("APP_MIME_TYPE", "EXTENSION_ID", "ResourceCsp", "ResourcePermissions", "client_supports_apps"),
    "mcp.server.mcpserver.exceptions": ("ToolError",),
    "pyview._tooling.cli._serve_command": ("register_cli",),
    "_http": ("http_app", "runtime_url_for", "serve", "serve_async"),
    "_redis_store": ("RedisStateStore",),
    "_results": ("result_text",),
    "_runtime_files": ("RUNTIME_HEADERS", "runtime_files_app"),
    "_state_store": ("MemoryStore", "StateStore", "StateTooLarge"),
    "_view_resource": ("ServerView",),
    "_views": ("Views",),
}

if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from mcp.server.apps import APP_MIME_TYPE as APP_MIME_TYPE
    from mcp.server.apps import EXTENSION_ID as EXTENSION_ID
    from mcp.server.apps import ResourceCsp as ResourceCsp
    from mcp.server.apps import ResourcePermissions as ResourcePermissions
    from mcp.server.apps import client_supports_apps as client_supports_apps
    from mcp.server.mcpserver.exceptions import ToolError as ToolError

    from pyview._tooling.cli._serve_command import register_cli as register_cli
    from pyview._tooling.server._http import http_app as http_app
    from pyview._tooling.server._http import runtime_url_for as runtime_url_for
    from pyview._tooling.server._http import serve as serve
    from pyview._tooling.server._http import serve_async as serve_async
    from pyview._tooling.server._redis_store import RedisStateStore as RedisStateStore
    from pyview._tooling.server._results import result_text as result_text
    from pyview._tooling.server._runtime_files import RUNTIME_HEADERS as RUNTIME_HEADERS
    from pyview._tooling.server._runtime_files import runtime_files_app as runtime_files_app
    from pyview._tooling.server._state_store import MemoryStore as MemoryStore
    from pyview._tooling.server._state_store import StateStore as StateStore
    from pyview._tooling.server._state_store import StateTooLarge as StateTooLarge
    from pyview._tooling.server._view_resource import ServerView as ServerView
    from pyview._tooling.server._views import Views as Views
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, "pyview._tooling.server")


if __name__ == "__main__":  # python -m pyview.server SERVER.py [--http] [--port N]: the same as pyview serve
    from pyview._tooling.cli._serve_command import main

    raise SystemExit(main())
