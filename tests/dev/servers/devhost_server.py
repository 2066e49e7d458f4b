"""An MCP server for the dev host's own tests: a hand-written JS View (no Pyodide, so the tests stay fast) that
asks for display modes and downloads, a tool with a rich input schema and no View, and an oversized View."""

from pathlib import Path
from typing import Literal

from mcp.server.apps import Apps
from mcp.server.mcpserver import MCPServer

URI = "ui://devhost/panel.html"
BIG_URI = "ui://devhost/big.html"
apps = Apps()


@apps.tool(resource_uri=URI, description="Show a panel that can ask for fullscreen and save a file")
def show_panel(title: str = "Panel") -> dict[str, str]:
    return {"title": title}


@apps.tool(resource_uri=BIG_URI, description="A View over 5 MB (Claude refuses it)")
def show_big() -> str:
    return "big"


apps.add_html_resource(URI, (Path(__file__).parent / "panel_view.html").read_text())
apps.add_html_resource(BIG_URI, "<!doctype html><html><head></head><body><!--" + "x" * 5_200_000 + "--></body></html>")
server = MCPServer("devhost-test", extensions=[apps])  # after the Apps tools: the extension registers them now


@server.tool()
def search(
    query: str,
    sort: Literal["created", "-created", "total", "-total"] = "-created",
    status: Literal["paid", "open", "cancelled"] | None = None,
    limit: int = 20,
    ratio: float | None = None,
    exact: bool = False,
    tags: list[str] | None = None,
    filters: dict[str, str] | None = None,
) -> dict[str, object]:
    """Echo the arguments (the form test reads them back)."""
    given = {"query": query, "sort": sort, "status": status, "limit": limit, "ratio": ratio, "exact": exact}
    return {**given, "tags": tags, "filters": filters}


if __name__ == "__main__":
    server.run()
