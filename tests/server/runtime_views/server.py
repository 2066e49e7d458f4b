"""A server whose View runs in the server runtime (tests/server/test_server_runtime.py)."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.server import Views

views = Views(runtime="server")
counter = views.add("counter", "counter_view.py")


class Shout(BaseModel):
    text: str
    start: int = 0

    def __str__(self) -> str:
        return self.text


@views.tool(counter)
def shout(text: str, start: int = 0) -> Shout:
    """Shout a text back, and show a counter starting at ``start``."""
    return Shout(text=text.upper(), start=start)


server = MCPServer("counter", extensions=[views])
