"""A server whose View keeps View state (tests/server/test_view_state.py); Redis when $STATE_REDIS_URL is set."""

from __future__ import annotations

import os

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.server import MemoryStore, RedisStateStore, StateStore, Views

url = os.environ.get("STATE_REDIS_URL")
store: StateStore = RedisStateStore(url, ttl=600) if url else MemoryStore(ttl=600)
views = Views(runtime="server", state_store=store)
units = views.add("units", "units_view.py")


class Place(BaseModel):
    city: str


@views.tool(units)
def place(city: str) -> Place:
    """Show a city."""
    return Place(city=city)


server = MCPServer("units", extensions=[views])
