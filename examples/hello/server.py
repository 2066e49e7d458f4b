"""The quickstart server from the README: ``python examples/hello/server.py [--http]``, or ``pyview dev`` it."""

import sys

from mcp.server.mcpserver import MCPServer

from pyview.server import Views, serve

views = Views()
hello = views.add("hello", "hello_view.py")


@views.tool(hello, read_only=True)
def greet(name: str) -> str:
    """Greet someone."""
    return f"Hello, {name}!"


server = MCPServer("hello", extensions=[views])

if __name__ == "__main__":  # stdio, what a desktop host launches; --http: http://127.0.0.1:8000/mcp
    serve(server, "http" if "--http" in sys.argv[1:] else "stdio")
