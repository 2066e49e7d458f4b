"""The quickstart server from the README: ``pyview dev examples/hello/server.py``."""

from mcp.server.mcpserver import MCPServer

from pyview.server import Views

views = Views()
hello = views.add("hello", "hello_view.py")


@views.tool(hello, read_only=True)
def greet(name: str) -> str:
    """Greet someone."""
    return f"Hello, {name}!"


server = MCPServer("hello", extensions=[views])
