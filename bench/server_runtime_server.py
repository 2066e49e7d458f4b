"""The server-runtime bench's MCP server: the counter View, the weather View, and a bare tool to compare with.

uvicorn server_runtime_server:app --app-dir bench   (what bench/server_runtime_http.py starts)
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.server import Views, http_app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
# the weather example's server-side data module (not a View), loaded from its file
_spec = importlib.util.spec_from_file_location("_bench_weather_data", EXAMPLES / "weather" / "weather_data.py")
assert _spec is not None and _spec.loader is not None
weather_data = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = weather_data  # pydantic resolves the models' annotations through it
_spec.loader.exec_module(weather_data)
Units = weather_data.Units
Weather = weather_data.Weather

views = Views(runtime="server")
counter = views.add("counter", "views/counter_view.py")
weather = views.add("weather", EXAMPLES / "weather" / "weather_view")


class Count(BaseModel):
    start: int


@views.tool(counter)
def count() -> Count:
    """Show the counter."""
    return Count(start=0)


@views.tool(weather)
def get_weather(city: str, units: Units = "metric") -> Weather:
    """The weather View's tool."""
    return weather_data.forecast(city, units)  # type: ignore[no-any-return]


@views.tool(weather, visibility="app")
def refresh_weather(city: str, units: Units = "metric") -> Weather:
    """What the weather View calls to switch units."""
    return weather_data.forecast(city, units)  # type: ignore[no-any-return]


@views.tool(visibility="app")
def ping() -> str:
    """The bare tools/call round trip."""
    return "pong"


server = MCPServer("bench", extensions=[views])
app = http_app(server, runtime_path=None, stateless_http=True, json_response=True)
