"""The weather MCP App: an MCP server (official ``mcp`` SDK) with a Python View, for any real city.

Run it:

    python examples/weather/server.py                  # stdio, what a desktop host launches
    python examples/weather/server.py --http           # Streamable HTTP at http://127.0.0.1:8000/mcp
    python examples/weather/server.py --http --cors http://localhost:8080   # for a host page in a browser
    pyview serve examples/weather/server.py --http     # the same through pyview's CLI (prints a summary)

Two tools:

- ``get_weather(city, units)``: what the model calls. Its result is a typed pydantic model: the View receives it as
  ``structuredContent``; the model, and clients without UI, read the text ``content`` (``Weather.__str__``).
- ``refresh_weather(city, units)``: the same data, but visible to the View only (``visibility="app"``). The View
  calls it through the host (``app.call_server_tool``) to refresh or to switch between °C and °F without asking
  the model to call a tool again.

Forecasts come from Open-Meteo when the machine is online and from a deterministic simulation when not;
``PYVIEW_WEATHER=auto|online|offline`` chooses (``forecasts.py``). An unknown or ambiguous city is an ``isError``
result whose text asks the right question ("Did you mean ...?").
"""

from __future__ import annotations

import argparse
from typing import Annotated

from forecasts import Forecaster, ForecastUnavailable, mode_from_env, moment_from_env
from mcp.server.mcpserver import MCPServer
from places import AmbiguousCity, UnknownCity
from pydantic import Field
from weather_data import Units, Weather

from pyview.server import ToolError, Views, serve

views = Views()

# The View is the package folder next to this file; `pyview` builds it into one HTML document on the first read.
weather_view = views.add(
    "weather",
    "weather_view",
    title="Weather",
    description="Current conditions, a 24-hour chart and a 7-day forecast.",
    prefers_border=False,  # the View draws its own card
)

CityArg = Annotated[
    str,
    Field(
        min_length=1,
        max_length=200,
        description="A city name, e.g. 'Denver', 'Tromsø' or 'São Paulo'; add the country or US state after a comma "
        "to pick between namesakes ('Portland, Maine').",
    ),
]
UnitsArg = Annotated[Units, Field(description="'metric' (°C, km/h, mm) or 'imperial' (°F, mph, in).")]


# Open-Meteo or the simulation, as PYVIEW_WEATHER says, at PYVIEW_WEATHER_NOW if set (tests swap this for one that
# replays recordings).
forecaster = Forecaster(mode_from_env(), now=moment_from_env())


async def _weather(city: str, units: Units) -> Weather:
    try:
        return await forecaster.weather(city, units)
    except (UnknownCity, AmbiguousCity, ForecastUnavailable) as exc:
        # A ToolError is an `isError` result with this message: the model can correct itself, the View shows it.
        raise ToolError(str(exc)) from None


@views.tool(weather_view, title="Get weather", read_only=True, idempotent=True)
async def get_weather(city: CityArg, units: UnitsArg = "metric") -> Weather:
    """Current conditions, the next 24 hours and a 7-day forecast for any city.

    Real forecasts from Open-Meteo when the server is online; offline, a deterministic simulation (the result's
    `provider` and `source` say which). If several places share the name, the answer asks which one.
    """
    return await _weather(city, units)


@views.tool(weather_view, title="Refresh weather", visibility="app", read_only=True, idempotent=True)
async def refresh_weather(city: CityArg, units: UnitsArg = "metric") -> Weather:
    """Fetch the forecast again, e.g. in other units. Called by the weather View, not by the model."""
    return await _weather(city, units)


server = MCPServer("weather", extensions=[views])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The pyview weather example: an MCP server with a Python View.")
    parser.add_argument("--http", action="store_true", help="serve Streamable HTTP instead of stdio")
    parser.add_argument("--host", default="127.0.0.1", help="HTTP interface (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port (default: 8000)")
    parser.add_argument("--cors", metavar="ORIGINS", help="host page origins that may connect from a browser")
    args = parser.parse_args(argv)
    if args.http:
        announce = "weather: serving {}".format
        serve(server, "http", host=args.host, port=args.port, cors=args.cors, on_ready=lambda url: print(announce(url)))
    else:
        serve(server)  # stdio: stdout is the protocol, so nothing is printed


if __name__ == "__main__":
    main()
