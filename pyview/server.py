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

if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from mcp.server.apps import (
        APP_MIME_TYPE as APP_MIME_TYPE,
        EXTENSION_ID as EXTENSION_ID,
        ResourceCsp as ResourceCsp,
        ResourcePermissions as ResourcePermissions,
        client_supports_apps as client_supports_apps,
    )
    from mcp.server.mcpserver.exceptions import ToolError as ToolError

    from pyview._tooling.cli._serve_command import register_cli as register_cli
    from pyview._tooling.server._http import (
        http_app as http_app,
        runtime_url_for as runtime_url_for,
        serve as serve,
        serve_async as serve_async,
    )
    from pyview._tooling.server._redis_store import RedisStateStore as RedisStateStore
    from pyview._tooling.server._results import result_text as result_text
    from pyview._tooling.server._runtime_files import (
        RUNTIME_HEADERS as RUNTIME_HEADERS,
        runtime_files_app as runtime_files_app,
    )
    from pyview._tooling.server._state_store import (
        MemoryStore as MemoryStore,
        StateStore as StateStore,
        StateTooLarge as StateTooLarge,
    )
    from pyview._tooling.server._view_resource import ServerView as ServerView
    from pyview._tooling.server._views import Views as Views
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, "pyview._tooling.server")


if __name__ == "__main__":  # python -m pyview.server SERVER.py [--http] [--port N]: the same as pyview serve
    from pyview._tooling.cli._serve_command import main

    raise SystemExit(main())
