"""A small MCP server with a View for the host and dev-host tests (its View is hand-written JS: no Pyodide)."""

from pathlib import Path

from mcp.server.apps import Apps
from mcp.server.mcpserver import MCPServer

URI = "ui://counter/view.html"
apps = Apps()


@apps.tool(resource_uri=URI, description="Show a counter starting at `start`")
def show_counter(start: int = 0, label: str = "clicks") -> dict[str, int]:
    return {"count": start}


@apps.tool(resource_uri=URI, visibility=["app"], description="Add one (the View calls it)")
def increment(count: int) -> dict[str, int]:
    return {"count": count + 1}


@apps.tool(resource_uri=URI, visibility=["model"], description="Only the model may call this")
def reset_all() -> str:
    return "reset"


apps.add_html_resource(URI, (Path(__file__).parent / "counter_view.html").read_text())
server = MCPServer("counter", extensions=[apps])


@server.tool()
def add(a: int, b: int) -> int:
    """Add two numbers (no View)."""
    return a + b


if __name__ == "__main__":
    server.run()
