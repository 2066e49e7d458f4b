"""An MCP server whose every text is HTML that runs script if a page parses it (the dev page must not)."""

from mcp.server.mcpserver import MCPServer

PAYLOAD = "<img src=x onerror=\"window.__pwned='{}'\">"
server = MCPServer(PAYLOAD.format("server name"))


def hostile() -> str:
    return PAYLOAD.format("result") + "<script>window.__pwned='script'</script>"


server.add_tool(hostile, name=PAYLOAD.format("tool name"), description=PAYLOAD.format("description"))


@server.tool(description=PAYLOAD.format("second description"))
def plain(text: str = "<svg onload=\"window.__pwned='argument'\">") -> str:
    """Echo the text."""
    return text


if __name__ == "__main__":
    server.run()
