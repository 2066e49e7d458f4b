"""A server whose View waits on timers, in the server runtime (tests/server/test_server_timers.py)."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.server import Views

views = Views(runtime="server")
timers = views.add("timers", "timer_view.py")


class Timing(BaseModel):
    duration: float

    def __str__(self) -> str:
        return f"toasts last {self.duration} s"


@views.tool(timers)
def show_timers(duration: float = 1.0) -> Timing:
    """Show buttons whose toasts and handlers wait ``duration`` seconds."""
    return Timing(duration=duration)


server = MCPServer("timers", extensions=[views])
