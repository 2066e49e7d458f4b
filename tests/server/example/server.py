"""A tiny MCP server with one pyview View: the test fixture, and a template for a first server.

Run it with ``pyview serve tests/server/example/server.py --http`` (or ``python -m pyview.server ...``).
"""

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel, Field

from pyview.server import ToolError, Views, client_supports_apps

views = Views()
greeter = views.add("greeter", "greeter_view.py", prefers_border=True, permissions=["clipboard-write"])


class Greeting(BaseModel):
    name: str
    message: str
    shown_in_view: bool = False

    def __str__(self) -> str:
        return self.message


class Stats(BaseModel):
    greetings: int
    names: list[str]


_seen: list[str] = []


@views.tool(greeter, read_only=True, idempotent=True, title="Greet someone")
def greet(
    name: str, times: Annotated[int, Field(ge=1, le=3, description="how often")] = 1, *, ctx: Context
) -> Greeting:
    """Greet someone by name, up to three times."""
    _seen.append(name)
    return Greeting(name=name, message=" ".join([f"Hello, {name}!"] * times), shown_in_view=client_supports_apps(ctx))


@views.tool(greeter, visibility="app", destructive=True)
def forget() -> Stats:
    """Forget every name (called by the View only)."""
    _seen.clear()
    return Stats(greetings=0, names=[])


@views.tool(read_only=True)
def stats() -> Stats:
    """How many greetings so far (a tool without a View)."""
    return Stats(greetings=len(_seen), names=sorted(set(_seen)))


@views.tool()
def explode() -> str:
    """Always fails with an unexpected error."""
    raise RuntimeError("secret internal detail")


@views.tool()
async def refuse(reason: str) -> str:
    """Always fails with a message for the caller."""
    raise ToolError(f"refused: {reason}")


server = MCPServer("greeter", extensions=[views])
