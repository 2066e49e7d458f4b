"""A server with one View in the default runtime ("auto"), for the hand-over tests."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.server import Views

views = Views()
counter = views.add("handover", "handover_view.py")


class Shown(BaseModel):
    title: str


@views.tool(counter)
def show(title: str) -> Shown:
    """Show a counter titled ``title``."""
    return Shown(title=title)


server = MCPServer("handover", extensions=[views])
