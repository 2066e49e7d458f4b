"""A tiny MCP server for focus_timers_view.py, so tests/a11y/test_focus_and_timers.py runs it in the server runtime."""

from __future__ import annotations

from pathlib import Path

from mcp.server.mcpserver import MCPServer

from pyview.server import Views

views = Views()
focus_timers = views.add("focus-timers", Path(__file__).parent / "focus_timers_view.py", runtime="server")


@views.tool(focus_timers, read_only=True)
def show_focus_timers() -> str:
    """Show tabs, radios, a form and timers."""
    return "Focus and timers."


server = MCPServer("focus-timers", extensions=[views])
