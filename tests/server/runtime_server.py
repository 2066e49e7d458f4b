"""The counter server of ``runtime_views/`` as each worker of a deployment loads it, and the secret tests sign with.

Each :func:`fresh_server` is a new import: its own Views, engine and session cache, as in another process. Servers
that share :data:`SECRET` (the ``signing_secret`` fixture sets it) accept each other's tokens.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer

from pyview._tooling.server._server_file import load_server

SECRET = "test-secret-0123456789abcdef"
RUNTIME_SERVER = Path(__file__).parent / "runtime_views" / "server.py"


def fresh_server() -> tuple[Any, MCPServer[Any]]:
    """A new import of the counter server: its module and its ``MCPServer``."""
    return load_server(str(RUNTIME_SERVER))
