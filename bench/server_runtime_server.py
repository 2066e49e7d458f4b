"""The server-runtime bench's MCP server: the counter View and a bare tool to compare it with.

uvicorn server_runtime_server:app --app-dir bench   (what bench/server_runtime_http.py starts)
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.server import Views, http_app

views = Views(runtime="server")
counter = views.add("counter", "views/counter_view.py")


class Count(BaseModel):
    start: int


@views.tool(counter)
def count() -> Count:
    """Show the counter."""
    return Count(start=0)


@views.tool(visibility="app")
def ping() -> str:
    """The bare tools/call round trip."""
    return "pong"


server = MCPServer("bench", extensions=[views])
app = http_app(server, runtime_path=None, stateless_http=True, json_response=True)
