"""The weather example without a browser: the offline generator, the MCP server through the real client, the View's
components under a fake App, and the docstring examples of the example's modules."""

from __future__ import annotations

import doctest
import importlib
import itertools
import json
import os
import socket
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "weather"
SERVER_FILE = EXAMPLE / "server.py"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))  # the example's modules import each other by their plain names

from mcp import Client, StdioServerParameters  # noqa: E402
from mcp.client.extension import advertise  # noqa: E402

from pyview.app import ToolCancelled, ToolInput, ToolResult  # noqa: E402
from pyview.components import render_to_string  # noqa: E402
from pyview.server import APP_MIME_TYPE, EXTENSION_ID  # noqa: E402
from pyview.testing import FakeApp, Screen, render  # noqa: E402

weather_data = importlib.import_module("weather_data")
places = importlib.import_module("places")
components = importlib.import_module("weather_view.components")
chart = importlib.import_module("weather_view.chart")

NOON = datetime(2026, 1, 15, 12, tzinfo=UTC)
MOMENTS = [datetime(2026, month, 15, 12, tzinfo=UTC) for month in (1, 4, 7, 10)]


# -- the generator ----------------------------------------------------------------------------------------------


def test_same_city_and_moment_give_the_same_forecast() -> None:
    first = weather_data.forecast("Oslo", now=NOON).model_dump()
    again = weather_data.forecast("oslo", now=NOON).model_dump()
    assert first == again
    assert weather_data.forecast("Oslo", now=NOON + timedelta(days=1)).model_dump() != first
    assert weather_data.forecast("Paris", now=NOON).model_dump()["current"] != first["current"]


def test_the_same_day_seen_later_keeps_its_daily_forecast() -> None:
    morning = weather_data.forecast("London", now=datetime(2026, 3, 3, 7, tzinfo=UTC))
    evening = weather_data.forecast("London", now=datetime(2026, 3, 3, 19, tzinfo=UTC))
    assert morning.daily == evening.daily  # keyed by city and date, not by the minute you ask


CITIES = ["London", "Paris", "Berlin", "Oslo", "Reykjavík", "New York", "San Francisco", "Mexico City", "São Paulo",
          "Cairo", "Nairobi", "Cape Town", "Dubai", "Mumbai", "Singapore", "Tokyo", "Sydney", "Denver", "Portland, ME",
          "Anchorage", "Lima", "Ulaanbaatar"]  # fmt: skip


@pytest.mark.parametrize("city", CITIES)
def test_every_city_gives_realistic_values_in_every_season(city: str) -> None:
    for moment in MOMENTS:
        report = weather_data.forecast(city, now=moment)
        local = datetime.fromisoformat(report.local_time)
        assert len(report.hourly) == 24 and len(report.daily) == 7
        times = [datetime.fromisoformat(hour.time) for hour in report.hourly]
        assert times[0] <= local < times[0] + timedelta(hours=1)
        assert all(b - a == timedelta(hours=1) for a, b in itertools.pairwise(times))
        days = [date.fromisoformat(day.date) for day in report.daily]
        assert days == [local.date() + timedelta(days=k) for k in range(7)]
        for day in report.daily:
            assert -35 < day.low < day.high < 48
            assert 0 <= day.precipitation_chance <= 100 and day.precipitation >= 0
            assert 0 <= day.uv_index <= 14
            assert day.sunrise is not None and day.sunset is not None and day.sunrise < "12:00"
            assert (day.precipitation > 0) == (day.condition in weather_data.WET)
        for hour in report.hourly:
            assert -40 < hour.temperature < 50 and -50 < hour.feels_like < 60
            assert 0 <= hour.precipitation_chance <= 100
        now = report.current
        assert 5 <= now.humidity <= 100 and 0 <= now.wind_speed < 120 and 0 <= now.wind_direction < 360
        assert 950 < now.pressure < 1060 and now.visibility > 0
        assert now.description == weather_data.DESCRIPTIONS[now.condition]


def test_seasons_follow_the_hemisphere_and_the_latitude() -> None:
    def mean_high(city: str, month: int) -> float:
        highs = [
            day.high
            for k in range(0, 28, 7)
            for day in weather_data.forecast(city, now=datetime(2026, month, 1 + k, 12, tzinfo=UTC)).daily
        ]
        return sum(highs) / len(highs)

    assert mean_high("Oslo", 7) - mean_high("Oslo", 1) > 15
    assert mean_high("Sydney", 1) - mean_high("Sydney", 7) > 5  # southern summer in January
    assert abs(mean_high("Singapore", 1) - mean_high("Singapore", 7)) < 3
    assert mean_high("Cairo", 7) > mean_high("London", 7) + 8


def test_daylight_follows_the_latitude() -> None:
    def daylight(city: str, when: datetime) -> float:
        day = weather_data.forecast(city, now=when).daily[0]
        assert day.sunrise and day.sunset
        rise, down = (int(t[:2]) * 60 + int(t[3:]) for t in (day.sunrise, day.sunset))
        return ((down - rise) % (24 * 60)) / 60  # Reykjavík's June sunset is after midnight

    june, december = datetime(2026, 6, 21, 12, tzinfo=UTC), datetime(2026, 12, 21, 12, tzinfo=UTC)
    assert 18 < daylight("Reykjavík", june) < 22 and daylight("Reykjavík", december) < 5
    assert 11.5 < daylight("Singapore", june) < 12.8
    assert daylight("Sydney", december) > daylight("Sydney", june) + 3


def test_imperial_units_convert_the_same_weather() -> None:
    metric = weather_data.forecast("New York", "metric", now=NOON)
    imperial = weather_data.forecast("New York", "imperial", now=NOON)
    assert imperial.unit_labels.temperature == "°F" and imperial.unit_labels.speed == "mph"
    assert imperial.current.temperature == pytest.approx(metric.current.temperature * 9 / 5 + 32, abs=0.2)
    assert imperial.daily[3].high == pytest.approx(metric.daily[3].high * 9 / 5 + 32, abs=0.2)
    assert imperial.current.wind_speed == pytest.approx(metric.current.wind_speed / 1.609, abs=0.2)
    assert imperial.current.condition == metric.current.condition


def test_daylight_saving_change_keeps_24_hours() -> None:
    report = weather_data.forecast("Berlin", now=datetime(2026, 3, 28, 23, 30, tzinfo=UTC))  # clocks go forward
    stamps = [datetime.fromisoformat(hour.time).astimezone(UTC) for hour in report.hourly]
    assert all(b - a == timedelta(hours=1) for a, b in itertools.pairwise(stamps))
    assert {hour.time[-6:] for hour in report.hourly} == {"+01:00", "+02:00"}


def test_city_lookup_forgives_accents_case_aliases_and_a_country() -> None:
    assert places.find_place("SAO PAULO").name == "São Paulo"
    assert places.find_place("  new york, USA ").name == "New York City"
    assert places.find_place("NYC").name == "New York City"
    assert places.find_place("reykjavik").name == "Reykjavík"


def test_unknown_city_suggests_close_matches() -> None:
    with pytest.raises(places.UnknownCity) as caught:
        weather_data.forecast("Lodnon")
    assert caught.value.suggestions == ["London"]
    assert "Did you mean London?" in str(caught.value)
    with pytest.raises(places.UnknownCity) as caught:
        weather_data.forecast("Qxzqvbrt")
    assert caught.value.suggestions == []
    assert str(caught.value) == "I don't have weather for 'Qxzqvbrt'. Check the spelling, or add the country."


def test_text_answer_reads_well() -> None:
    text = str(weather_data.forecast("Tokyo", now=NOON))
    lines = text.splitlines()
    assert lines[0] == "Weather for Tokyo, Japan — Thu 15 Jan, 21:00 local time"
    assert lines[-1] == "(Simulated offline forecast (deterministic demo data))"
    assert lines[1].startswith("Now: ") and "°C" in lines[1]
    assert lines[3] == "7-day forecast:" and len([line for line in lines if line.startswith("- ")]) == 7
    assert "-0" not in text


# -- the server, through the official MCP client -------------------------------------------------------------


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def weather_server() -> Any:
    from pyview._tooling.server._server_file import load_server

    return load_server(str(SERVER_FILE))[1]


def apps() -> list[Any]:
    return [advertise(EXTENSION_ID, {"mimeTypes": [APP_MIME_TYPE]})]


@pytest.mark.anyio
async def test_tools_declare_the_view_and_the_app_only_refresh(weather_server: Any) -> None:
    async with Client(weather_server, extensions=apps()) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        resources = (await client.list_resources()).resources
    # pyview_event: the server runtime's; pyview_state: View state's (the View keeps its units with it)
    assert set(tools) == {"get_weather", "refresh_weather", "pyview_event", "pyview_state"}
    assert tools["pyview_event"].meta["ui"] == tools["pyview_state"].meta["ui"] == {"visibility": ["app"]}
    uri = tools["get_weather"].meta["ui"]["resourceUri"]
    assert uri.startswith("ui://weather/view-") and uri.endswith(".html")
    assert tools["refresh_weather"].meta["ui"] == {"resourceUri": uri, "visibility": ["app"]}
    assert "visibility" not in tools["get_weather"].meta["ui"]
    schema = tools["get_weather"].input_schema
    assert schema["required"] == ["city"] and schema["properties"]["units"]["enum"] == ["metric", "imperial"]
    assert {"current", "hourly", "daily"} <= set(tools["get_weather"].output_schema["properties"])
    assert tools["get_weather"].annotations.read_only_hint is True
    parts = [r for r in resources if str(r.uri).startswith("ui://pyview-runtime/")]  # the auto View's Python
    assert [(str(r.uri), r.mime_type) for r in resources if r not in parts] == [(uri, APP_MIME_TYPE)]
    assert parts and {r.mime_type for r in parts} == {"application/octet-stream"}


@pytest.mark.anyio
async def test_get_weather_returns_the_model_and_readable_text(weather_server: Any) -> None:
    async with Client(weather_server, extensions=apps()) as client:
        result = await client.call_tool("get_weather", {"city": "cape town", "units": "imperial"})
    assert not result.is_error
    data = result.structured_content
    assert data["city"] == "Cape Town" and data["units"] == "imperial" and data["unit_labels"]["temperature"] == "°F"
    assert len(data["hourly"]) == 24 and len(data["daily"]) == 7
    text = result.content[0].text
    assert text.startswith("Weather for Cape Town, South Africa") and "°F" in text


@pytest.mark.anyio
async def test_errors_are_readable_results(weather_server: Any) -> None:
    async with Client(weather_server, extensions=apps()) as client:
        unknown = await client.call_tool("get_weather", {"city": "Pariss"})
        bad_units = await client.call_tool("refresh_weather", {"city": "Paris", "units": "kelvin"})
    assert unknown.is_error and "Did you mean Paris?" in unknown.content[0].text
    assert bad_units.is_error and "units" in bad_units.content[0].text


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.mark.anyio
async def test_plain_python_serves_stdio_and_http() -> None:
    """``python examples/weather/server.py`` (stdio) and ``--http --port N`` (Streamable HTTP at /mcp)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYVIEW_RUNTIME")}
    stdio = StdioServerParameters(command=sys.executable, args=[str(SERVER_FILE)], env=env, cwd="/")
    async with Client(stdio) as client:
        result = await client.call_tool("get_weather", {"city": "Nairobi"})
    assert result.structured_content["city"] == "Nairobi"

    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(SERVER_FILE), "--http", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        assert banner.strip() == f"weather: serving http://127.0.0.1:{port}/mcp"
        async with Client(f"http://127.0.0.1:{port}/mcp") as client:
            result = await client.call_tool("get_weather", {"city": "Mumbai", "units": "metric"})
        assert result.structured_content["city"] == "Mumbai"
    finally:
        process.terminate()
        process.wait(10)
        process.stdout.close()


# -- the View's components, with a fake App ----------------------------------------------------------------------


class WeatherApp(FakeApp):
    """FakeApp plus the capability checks and requests the weather View uses; every request is recorded."""

    def __init__(self, capabilities: tuple[str, ...] = ("serverTools", "message", "updateModelContext"), **values: Any):
        super().__init__(**values)
        self.capabilities = capabilities
        self.model_context: list[tuple[Any, Any]] = []
        self.messages: list[Any] = []
        self.modes: list[str] = []

    def supports(self, capability: str) -> bool:
        return capability.split(".")[0] in self.capabilities

    def can_send_message(self, kind: str = "text") -> bool:
        return "message" in self.capabilities

    def can_update_model_context(self, kind: str = "text") -> bool:
        return "updateModelContext" in self.capabilities

    async def update_model_context(self, content: Any, structured_content: Any = None) -> None:
        self.model_context.append((content, structured_content))

    async def send_message(self, content: Any) -> None:
        self.messages.append(content)

    async def request_display_mode(self, mode: str) -> str:
        self.modes.append(mode)
        return mode


def result_for(city: str, units: weather_data.Units = "metric") -> ToolResult:
    """What the host hands the View: the server's CallToolResult for get_weather at NOON."""
    report = weather_data.forecast(city, units, now=NOON)
    return ToolResult(
        {"content": [{"type": "text", "text": str(report)}], "structuredContent": report.model_dump(mode="json")}
    )


def error_result(text: str) -> ToolResult:
    return ToolResult({"content": [{"type": "text", "text": text}], "isError": True})


INLINE = {"theme": "light", "displayMode": "inline", "availableDisplayModes": ["inline", "fullscreen"]}


def mounted(app: WeatherApp | None = None) -> tuple[WeatherApp, Screen]:
    app = app or WeatherApp(host_context=dict(INLINE))
    return app, render(components.WeatherView(), app=app)


def test_prerendered_first_paint_is_a_skeleton_card() -> None:
    view = importlib.import_module("weather_view").view
    html = view.render_html()
    assert 'data-testid="skeleton"' in html and "Waiting for a city…" in html
    assert "<style>" in html and "--color-background-primary" in html  # styled before Python starts
    # the browser's first render adopts that HTML (hydration) without changing it
    screen = render(components.WeatherView(), app=WeatherApp(), prerendered=render_to_string(components.WeatherView()))
    assert screen.find("[data-testid=skeleton]") and not screen.errors


def test_partial_input_names_the_city_before_the_result() -> None:
    app, screen = mounted()
    app.emit("tool_input_partial", ToolInput({"arguments": {"city": "Reykj"}}, partial=True))
    screen.settle()
    assert screen.find("h1").text == "Reykj"
    assert screen.find("[data-testid=status]").text == "Getting the forecast for Reykj…"
    app.emit("tool_input", ToolInput({"arguments": {"city": "Reykjavík"}}))
    screen.settle()
    assert screen.find("h1").text == "Reykjavík"


def test_inline_card_shows_the_current_conditions() -> None:
    app, screen = mounted()
    app.emit("tool_result", result_for("Oslo"))
    screen.settle()
    now = weather_data.forecast("Oslo", now=NOON).current
    card = screen.find("[data-testid=current]")
    assert card.get("aria-label") == "Weather in Oslo"
    assert screen.find("[data-testid=temperature]").text == components.degrees(now.temperature)
    assert screen.find("[data-testid=condition]").text == now.description
    assert f"{now.humidity}%" in screen.text
    assert screen.query("[data-testid=hourly]") is None and screen.query("[data-testid=daily]") is None
    assert screen.find(role="button", name="Open fullscreen")
    assert screen.find(role="button", name="Best day to be outside?")
    assert screen.find("button[aria-pressed=true]").text == "°C"


def test_controls_appear_only_when_the_host_supports_them() -> None:
    app = WeatherApp(capabilities=(), host_context={"displayMode": "inline", "availableDisplayModes": ["inline"]})
    app, screen = mounted(app)
    app.emit("tool_result", result_for("Oslo"))
    screen.settle()
    assert screen.find("[data-testid=current]")
    assert screen.query("button") is None  # no unit toggle, no fullscreen, no follow-up message


def test_unit_toggle_refetches_through_the_app_only_tool_and_tells_the_model() -> None:
    app, screen = mounted()
    app.emit("tool_result", result_for("Oslo"))
    screen.settle()
    app.tool_results["refresh_weather"] = result_for("Oslo", "imperial")
    screen.click("°F")
    assert app.calls == [("refresh_weather", {"city": "Oslo", "units": "imperial"})]
    now = weather_data.forecast("Oslo", "imperial", now=NOON).current
    assert screen.find("[data-testid=temperature]").text == components.degrees(now.temperature)
    assert screen.find("button[aria-pressed=true]").text == "°F"
    assert "mph" in screen.text
    [(text, structured)] = app.model_context
    assert text.startswith("The user switched the units to Fahrenheit (°F).") and "Oslo" in text and "°F" in text
    assert structured == {"city": "Oslo", "units": "imperial"}
    # a new result from the host (a new tool call) replaces the refreshed one
    app.emit("tool_result", result_for("Paris"))
    screen.settle()
    assert screen.find("h1").text == "Paris" and screen.find("button[aria-pressed=true]").text == "°C"


def test_a_refreshed_forecast_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[object] = []
    real = components.shape_problem

    def counted(value: Any, kind: Any, where: str = "") -> str | None:
        checked.append(value)
        return real(value, kind, where)

    monkeypatch.setattr(components, "shape_problem", counted)
    app, screen = mounted()
    app.emit("tool_result", result_for("Oslo"))
    screen.settle()
    assert len(checked) == 1  # the host's result, by the render
    app.tool_results["refresh_weather"] = result_for("Oslo", "imperial")
    screen.click("°F")
    assert len(checked) == 2 and "mph" in screen.text  # the refreshed one, by fetch only (the render trusts it)


def test_unit_toggle_shows_a_failure_and_keeps_the_forecast() -> None:
    app, screen = mounted()
    app.emit("tool_result", result_for("Oslo"))
    screen.settle()
    app.tool_results["refresh_weather"] = error_result("the weather service is asleep")
    screen.click("°F")
    assert screen.find(".wx-note").text == "Couldn't update the forecast: the weather service is asleep"
    assert screen.find("button[aria-pressed=true]").text == "°C" and app.model_context == []
    app.tool_results["refresh_weather"] = TimeoutError("tools/call timed out")
    screen.click("°F")
    assert "tools/call timed out" in screen.find(".wx-note").text
    assert not screen.errors


def test_fullscreen_shows_the_chart_and_the_table() -> None:
    app, screen = mounted()
    app.emit("tool_result", result_for("Sydney"))
    screen.settle()
    screen.click(screen.find(role="button", name="Open fullscreen"))
    assert app.modes == ["fullscreen"]
    svg = screen.find("[data-testid=hourly] svg")
    assert svg.get("role") == "img" and svg.get("aria-label").startswith("Next 24 hours: from ")
    assert len(screen.find_all(".wx-c-hour")) == 8  # a label every three hours
    assert screen.find(".wx-c-hour").text == "Now"
    days = [cell.text for cell in screen.find_all("[data-testid=daily] .wx-d-day")]
    assert days == ["Today", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  # 15 January 2026 is a Thursday
    assert screen.find(role="button", name="Exit fullscreen") and screen.find(role="button", name="Refresh")
    # the host later puts the View back inline (its own control): the host context wins
    app.emit("host_context_changed", {**INLINE, "displayMode": "inline"})
    screen.settle()
    app.emit("host_context_changed", {**INLINE, "displayMode": "fullscreen"})
    screen.settle()
    assert screen.query("[data-testid=daily]") is not None
    app.emit("host_context_changed", {**INLINE, "displayMode": "inline"})
    screen.settle()
    assert screen.query("[data-testid=daily]") is None


def test_twelve_hour_clock_for_us_locales() -> None:
    app = WeatherApp(host_context={**INLINE, "displayMode": "fullscreen", "locale": "en-US"})
    app, screen = mounted(app)
    app.emit("tool_result", result_for("New York"))
    screen.settle()
    assert [label.text for label in screen.find_all(".wx-c-hour")][1].endswith(("AM", "PM"))


def test_cancelled_before_the_result() -> None:
    app, screen = mounted()
    app.emit("tool_input", ToolInput({"arguments": {"city": "Tokyo"}}))
    app.emit("tool_cancelled", ToolCancelled({"reason": "The user stopped the request."}))
    screen.settle()
    assert screen.find("[data-testid=cancelled] h1").text == "The forecast for Tokyo was cancelled"
    assert "The user stopped the request." in screen.find("[data-testid=cancelled]").text


def test_error_result_is_readable_and_suggestions_fetch_the_city() -> None:
    app, screen = mounted()
    app.emit("tool_input", ToolInput({"arguments": {"city": "Lodnon", "units": "imperial"}}))
    try:
        weather_data.forecast("Lodnon")
    except places.UnknownCity as exc:
        app.emit("tool_result", error_result(str(exc)))
    screen.settle()
    assert screen.find("[data-testid=error] h1").text == "Couldn't get the weather"
    assert screen.find("[data-testid=error-text]").text.startswith("I don't have weather for 'Lodnon'.")
    app.tool_results["refresh_weather"] = result_for("London", "imperial")
    screen.click("Show London")
    assert app.calls == [("refresh_weather", {"city": "London", "units": "imperial"})]
    assert screen.find("h1").text == "London"
    assert app.model_context[0][0].startswith("The user picked London.")


def tampered(result: ToolResult, change: Any) -> ToolResult:
    """``result`` with its structuredContent changed by ``change`` (a deep copy first)."""
    data = json.loads(json.dumps(result.structured_content))
    change(data)
    return ToolResult({**result.raw, "structuredContent": data})


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["current"].update(temperature="21"), "current.temperature should be a number (got '21')"),
        (lambda d: d["daily"][3].update(high=None), "daily[3].high should be a number (got None)"),
        (lambda d: d.update(daily={"today": {}}), "daily should be a list (got {'today': {}})"),
        (lambda d: d["hourly"][0].update(condition="<b>hail</b>"), "hourly[0].condition should be one of clear"),
        (lambda d: d.pop("unit_labels"), "unit_labels is missing"),
    ],
)
def test_a_malformed_forecast_is_explained_and_the_next_good_one_shown(change: Any, why: str) -> None:
    app, screen = mounted(WeatherApp(host_context={**INLINE, "displayMode": "fullscreen"}))
    app.emit("tool_result", tampered(result_for("Oslo"), change))
    screen.settle()
    assert screen.query(".pyview-error") is None  # not "Error in WeatherView"
    assert screen.find("[data-testid=error-text]").text.startswith(
        f"The weather tool sent a forecast this View can't show: {why}"
    )
    app.emit("tool_result", result_for("Nairobi"))
    screen.settle()
    assert screen.query("[data-testid=error]") is None and screen.find("h1").text == "Nairobi"
    assert screen.find("[data-testid=daily]") and not screen.errors


def test_an_error_result_clears_on_the_next_good_one() -> None:
    app, screen = mounted()
    app.emit("tool_result", error_result("the weather service is asleep"))
    screen.settle()
    assert screen.find("[data-testid=error-text]").text == "the weather service is asleep"
    app.emit("tool_result", result_for("Oslo"))
    screen.settle()
    assert screen.query("[data-testid=error]") is None and screen.find("h1").text == "Oslo"


def test_a_malformed_refresh_keeps_the_forecast_and_a_later_result_clears_the_note() -> None:
    app, screen = mounted()
    app.emit("tool_result", result_for("Oslo"))
    screen.settle()
    app.tool_results["refresh_weather"] = tampered(
        result_for("Oslo", "imperial"), lambda d: d["current"].update(humidity="high")
    )
    screen.click("°F")
    assert screen.find(".wx-note").text == (
        "The weather tool sent a forecast this View can't show: current.humidity should be a number (got 'high')."
    )
    assert screen.find("button[aria-pressed=true]").text == "°C" and app.model_context == []
    app.emit("tool_result", result_for("Paris"))  # a new result from the host: the note was about the old one
    screen.settle()
    assert screen.query(".wx-note") is None and screen.find("h1").text == "Paris"
    assert not screen.errors


def test_a_failed_mode_switch_note_clears_when_the_next_one_works() -> None:
    app, screen = mounted()
    app.emit("tool_result", result_for("Oslo"))
    screen.settle()
    switch = app.request_display_mode

    async def refuse(mode: str) -> str:
        raise RuntimeError("not now")

    app.request_display_mode = refuse  # type: ignore[method-assign]
    screen.click(screen.find(role="button", name="Open fullscreen"))
    assert screen.find(".wx-note").text == "Couldn't switch to fullscreen: not now"
    app.request_display_mode = switch  # type: ignore[method-assign]
    screen.click(screen.find(role="button", name="Open fullscreen"))
    assert screen.query(".wx-note") is None and screen.find("[data-testid=daily]")


def test_follow_up_message() -> None:
    app, screen = mounted()
    app.emit("tool_result", result_for("Cairo"))
    screen.settle()
    screen.click("Best day to be outside?")
    assert app.messages == [
        "Looking at the forecast for Cairo: which day this week is best for spending time outdoors, "
        "and what should I wear?"
    ]
    button = screen.find(".wx-ask")
    assert button.text == "Asked" and button.get("disabled") is not None


@pytest.mark.parametrize("condition", sorted(weather_data.DESCRIPTIONS))
def test_every_condition_has_an_icon(condition: str) -> None:
    icons = importlib.import_module("weather_view.icons")
    for is_day in (True, False):
        html = render_to_string(icons.WeatherIcon(condition, is_day, label=condition))
        assert html.startswith("<svg") and ("<circle" in html or "<path" in html or "<line" in html)


def test_an_icon_is_built_once_and_the_same_elements_shown_again() -> None:
    icons = importlib.import_module("weather_view.icons")
    first, again = icons.WeatherIcon("rain", True, 28, "Rain"), icons.WeatherIcon("rain", True, 28, "Rain")
    assert first is again and render_to_string(first) == render_to_string(again)
    assert all(a is b for a, b in zip(icons.icon_shapes("snow", False), icons.icon_shapes("snow", False), strict=True))
    assert icons.WeatherIcon("rain", True, 40, "Rain") is not first  # another size: another icon


def test_chart_geometry() -> None:
    xs = chart.x_positions(24)
    assert xs[0] == chart.LEFT and xs[-1] == chart.WIDTH - chart.RIGHT
    ys = chart.y_scale([3, 9, 6])
    assert ys == [chart.LINE_BOTTOM, chart.LINE_TOP, (chart.LINE_TOP + chart.LINE_BOTTOM) / 2]
    path = chart.smooth_path(list(zip(xs[:5], [10, 20, 15, 30, 25], strict=True)))
    assert path.startswith("M24.0 10.0") and path.count("C") == 4


@pytest.mark.parametrize(
    "module",
    [
        "weather_data",
        "places",
        "climate",
        "open_meteo",
        "open_meteo_response",
        "forecasts",
        "recordings",
        "weather_view.format",
        "weather_view.chart",
        "weather_view.components",
        "weather_view.checks",
    ],
)
def test_docstring_examples(module: str) -> None:
    failures, tried = doctest.testmod(
        importlib.import_module(module), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 0 and failures == 0


def test_build_time_is_light() -> None:
    """The View package imports only the standard library and pyview (it runs in Pyodide: no pydantic there)."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import weather_view; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'mcp', 'weather_data')))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
