"""bench/load.py's MCP server, as a stateless Streamable HTTP app (JSON answers), as run behind a load balancer.

``$LOAD_VIEWS`` chooses what it serves: ``counter`` (the default: the counter, a View with View state, and a bare
tool), or ``weather`` / ``orders``, the example servers as they are, with the bare tool added, and plain copies
(``bare_`` + name, no View) of the tools their clicks run. View state goes to
Redis when ``$LOAD_REDIS_URL`` is set; ``$LOAD_MAX_SESSIONS`` bounds each worker's live sessions;
``$LOAD_GC_THRESHOLD`` (``10000,20,100``) sets the collector's thresholds, as docs/server.md suggests.

uvicorn load_server:app --app-dir bench --workers 2   (what bench/load.py starts)
"""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview._tooling.server._server_file import load_server
from pyview.server import MemoryStore, RedisStateStore, StateStore, Views, http_app

if os.environ.get("LOAD_GC_THRESHOLD"):  # the deployment advice of docs/server.md, measured when asked for
    gc.set_threshold(*(int(n) for n in os.environ["LOAD_GC_THRESHOLD"].split(",")))

url = os.environ.get("LOAD_REDIS_URL")
store: StateStore = RedisStateStore(url) if url else MemoryStore()
max_sessions = int(os.environ.get("LOAD_MAX_SESSIONS", "1000"))
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


class Count(BaseModel):
    start: int


class Place(BaseModel):
    city: str


def counter_server() -> MCPServer[Any]:
    views = Views(runtime="server", state_store=store, max_sessions=max_sessions)
    counter = views.add("counter", Path(__file__).parent / "views" / "counter_view.py")
    units = views.add("units", Path(__file__).parent / "views" / "units_view.py")

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

    return MCPServer("load", extensions=[views])


def example_server(name: str) -> MCPServer[Any]:
    """The example server ``name`` (its Views run on the server until Python takes over: runtime ``auto``)."""
    module, server = load_server(str(EXAMPLES / name / "server.py"))
    runtime = module.views.server_runtime  # read when its engine starts, at the first call
    runtime.state_store, runtime.max_sessions = store, max_sessions

    def ping() -> str:
        """The bare tools/call round trip."""
        return "pong"

    server.add_tool(ping, meta={"ui": {"visibility": ["app"]}})
    for tool in CLICKS_RUN[name]:  # the tools its clicks run, with no View: the work of a click without pyview
        server.add_tool(getattr(module, tool), name=f"bare_{tool}", meta={"ui": {"visibility": ["app"]}})
    return server


CLICKS_RUN = {"weather": ("refresh_weather",), "orders": ("list_orders", "get_order")}


which = os.environ.get("LOAD_VIEWS", "counter")
server = counter_server() if which == "counter" else example_server(which)
app = http_app(server, runtime_path=None, stateless_http=True, json_response=True)
