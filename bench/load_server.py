"""bench/load.py's MCP server: the counter, a View with View state, and a bare tool, as a stateless Streamable HTTP
app (JSON answers), as run behind a load balancer. View state goes to Redis when ``$LOAD_REDIS_URL`` is set.

uvicorn load_server:app --app-dir bench --workers 2   (what bench/load.py starts)
"""

from __future__ import annotations

import os

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.server import MemoryStore, RedisStateStore, StateStore, Views, http_app

url = os.environ.get("LOAD_REDIS_URL")
store: StateStore = RedisStateStore(url) if url else MemoryStore()
views = Views(runtime="server", state_store=store, max_sessions=int(os.environ.get("LOAD_MAX_SESSIONS", "1000")))
counter = views.add("counter", "views/counter_view.py")
units = views.add("units", "views/units_view.py")


class Count(BaseModel):
    start: int


class Place(BaseModel):
    city: str


@views.tool(counter)
def count() -> Count:
    """Show the counter."""
    return Count(start=0)


@views.tool(units)
def place(city: str) -> Place:
    """Show a city with a units switch."""
    return Place(city=city)


@views.tool(visibility="app")
def ping() -> str:
    """The bare tools/call round trip."""
    return "pong"


server = MCPServer("load", extensions=[views])
app = http_app(server, runtime_path=None, stateless_http=True, json_response=True)
