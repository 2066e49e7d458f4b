"""A tiny MCP server for the pyview.ui gallery (which has none of its own), so the accessibility walk runs the
gallery in the server runtime too: one tool, shown by the gallery View."""

from __future__ import annotations

from pathlib import Path

from mcp.server.mcpserver import MCPServer

from pyview.server import Views

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "gallery" / "view.py"

views = Views()
gallery = views.add("gallery", GALLERY, runtime="server")


@views.tool(gallery, read_only=True)
def show_gallery() -> str:
    """Show every pyview.ui component in every state."""
    return "The pyview.ui gallery."


server = MCPServer("gallery", extensions=[views])
