"""The weather View in headless Chromium under pyview's Python host (pyview.testing), with the real MCP server behind
the host for the View's tools/call. One View is mounted for most of the module (a boot costs seconds)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from taken import send_and_wait

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "weather"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))

from weather_data import Units, forecast  # noqa: E402

pytestmark = pytest.mark.browser
# auto runs the server runtime until Python takes over (tests/browser/test_handover_browser.py, tests/realhost): under
# this module's default CSP it would be the server runtime a second time
RUNTIMES = ("python", "server")
NOON = datetime(2026, 1, 15, 12, tzinfo=UTC)
CONTEXT = {
    "theme": "light",
    "displayMode": "inline",
    "availableDisplayModes": ["inline", "fullscreen"],
    "containerDimensions": {"width": 640, "maxHeight": 2000},
    "locale": "en-GB",
}


def tool_result(city: str, units: Units = "metric") -> dict[str, Any]:
    report = forecast(city, units, now=NOON)
    return {"content": [{"type": "text", "text": str(report)}], "structuredContent": report.model_dump(mode="json")}


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


@pytest.fixture(scope="module", params=RUNTIMES)
def runtime(request: pytest.FixtureRequest) -> str:
    """Where the View runs: Python in the frame, or the server runtime."""
    name: str = request.param
    return name


@pytest.fixture(scope="module")
def weather(
    runtime: str, pyview_browser: Any, pyview_host_server: Any, pyview_build: Callable[..., Any]
) -> Iterator[Any]:
    """The View mounted once for the module (per runtime), its tools/call going to the real server (in process)."""
    from pyview._tooling.server._server_file import load_server
    from pyview.host import McpBackend
    from pyview.testing import mount

    backend = McpBackend(load_server(str(EXAMPLE / "server.py"))[1])
    pyview_host_server.run(backend.start())
    if runtime != "python" and not has_server_runtime(pyview_host_server, backend):
        pyview_host_server.run(backend.close())
        pytest.fail("the server has no server runtime (no pyview_event tool): a regression, its Views declare one")
    document = pyview_build(EXAMPLE / "weather_view", runtime="inline" if runtime == "python" else runtime).html
    page = pyview_browser.new_context(viewport={"width": 720, "height": 900}).new_page()
    handle = mount(
        pyview_host_server, page, document, backend=backend, host_context=CONTEXT, allow_wasm=runtime == "python"
    )
    handle.wait_ready(90)
    yield handle
    problems = handle.errors()
    handle.close()
    pyview_host_server.run(backend.close())
    assert not problems, "the View reported errors:\n" + "\n".join(problems)


def has_server_runtime(host_server: Any, backend: Any) -> bool:
    return "pyview_event" in {tool["name"] for tool in host_server.run(backend.list_tools())}


def test_runs_on_its_runtime(weather: Any, runtime: str) -> None:
    show(weather, "Oslo")
    ran = weather.frame.evaluate("() => pyviewBoot.marks.runtime")
    assert ran == ("python" if runtime == "python" else "server")


def show(view: Any, city: str, **context: Any) -> None:
    """Put the View in a known state: host context, then a tool call for ``city`` with its result."""
    view.set_host_context({**CONTEXT, **context})
    view.send_tool_input({"city": city})
    send_and_wait(view, tool_result(city))  # the screen may show that city already (an earlier test's)
    expect(view.locator(".wx-city")).to_have_text(city)


def test_first_paint_partial_input_then_cancel(mount_view: Callable[..., Any]) -> None:
    view = mount_view(EXAMPLE / "weather_view", tools={}, host_context=CONTEXT)
    expect(view.locator("[data-testid=skeleton]")).to_be_visible()
    expect(view.locator("[data-testid=status]")).to_have_text("Waiting for a city…")
    view.send_tool_input_partial({"city": "Reykj"})
    expect(view.locator("[data-testid=status]")).to_have_text("Getting the forecast for Reykj…")
    view.send_tool_input_partial({"city": "Reykjavík"})
    expect(view.locator(".wx-city")).to_have_text("Reykjavík")
    view.send_tool_cancelled("The user stopped the request.")
    expect(view.locator("[data-testid=cancelled] h1")).to_have_text("The forecast for Reykjavík was cancelled")
    expect(view.locator("[data-testid=cancelled]")).to_contain_text("The user stopped the request.")


def test_inline_card(weather: Any) -> None:
    show(weather, "Oslo")
    now = forecast("Oslo", now=NOON).current
    expect(weather.locator("[data-testid=temperature]")).to_have_text(f"{round(now.temperature)}°".replace("-", "−"))
    expect(weather.locator("[data-testid=condition]")).to_have_text(now.description)
    expect(weather.locator("[data-testid=hourly]")).to_have_count(0)
    expect(weather.frame_locator.get_by_role("button", name="Open fullscreen")).to_be_visible()
    # the View reports its size, and the host sized the inline frame to the card: the report follows the paint, so
    # wait for the card's own (the skeleton's came before it)
    card = weather.frame.evaluate("() => pyviewFrame.measure().height")  # what every runtime measures and reports
    assert 250 < card < 450
    wait_for_size_report(weather, card)  # the host's frame ends at the card's height, not at an in-between one


def wait_for_size_report(view: Any, height: float, deadline: float = 60.0) -> None:
    """Wait until the host's latest size report is within 2 px of ``height`` (a rounding); fail at ``deadline``
    (a hang guard, not a time limit), naming the reports the host got."""
    import time

    give_up = time.monotonic() + deadline
    while True:
        sizes = view.host.sizes
        if sizes and abs(float(sizes[-1]["height"]) - height) <= 2:
            return
        if time.monotonic() > give_up:
            raise AssertionError(f"the View never reported a height near {height}; the host got {sizes[-6:]}")
        view.page.wait_for_timeout(25)


def test_unit_toggle_calls_the_server_and_updates_the_model_context(weather: Any, runtime: str) -> None:
    show(weather, "Paris")
    weather.frame_locator.get_by_role("button", name="°F").click()
    if runtime == "python":  # on the server, the component calls refresh_weather in-process
        call = weather.next_request("tools/call")
        assert call["params"] == {"name": "refresh_weather", "arguments": {"city": "Paris", "units": "imperial"}}
    expect(weather.locator("button[aria-pressed=true]")).to_have_text("°F")
    expect(weather.locator(".wx-stats")).to_contain_text("mph")
    update = weather.next_request("ui/update-model-context")
    assert update["params"]["structuredContent"] == {"city": "Paris", "units": "imperial"}
    assert update["params"]["content"][0]["text"].startswith("The user switched the units to Fahrenheit (°F).")
    assert weather.host.model_context == update["params"]


def test_fullscreen_draws_the_chart_and_the_table(weather: Any) -> None:
    show(weather, "Sydney")
    weather.frame_locator.get_by_role("button", name="Open fullscreen").click()
    assert weather.next_request("ui/request-display-mode")["params"] == {"mode": "fullscreen"}
    expect(weather.locator("[data-testid=hourly] svg path.wx-c-line")).to_have_count(1)
    expect(weather.locator("[data-testid=daily] tr")).to_have_count(7)
    box = weather.locator("[data-testid=hourly] svg").bounding_box()
    assert box is not None and box["width"] > 500 and box["height"] > 120  # drawn at a readable size
    expect(weather.locator("html")).to_have_attribute("data-display-mode", "fullscreen")
    weather.frame_locator.get_by_role("button", name="Exit fullscreen").click()
    expect(weather.locator("[data-testid=daily]")).to_have_count(0)


def test_light_and_dark_themes(weather: Any) -> None:
    show(weather, "Tokyo", theme="light")

    def card_colours() -> tuple[str, str]:
        colours: tuple[str, str] = tuple(  # type: ignore[assignment]
            weather.frame.evaluate(
                """() => { const s = getComputedStyle(document.querySelector('.wx-card'));
                           return [s.color, getComputedStyle(document.documentElement).colorScheme]; }"""
            )
        )
        return colours

    light_text, light_scheme = card_colours()
    weather.set_host_context(theme="dark")
    expect(weather.locator("html")).to_have_attribute("data-theme", "dark")
    dark_text, dark_scheme = card_colours()
    assert (light_scheme, dark_scheme) == ("light", "dark")
    assert brightness(light_text) < 0.3 < 0.7 < brightness(dark_text)  # dark text on light, light text on dark


def brightness(css_colour: str) -> float:
    """0 (black) to 1 (white) for an ``rgb(...)`` or ``color(srgb ...)`` value."""
    inside = css_colour[css_colour.index("(") + 1 : css_colour.rindex(")")].replace(",", " ").split()
    numbers = [float(part) for part in inside if part.replace(".", "", 1).isdigit()][:3]
    scale = 255 if max(numbers) > 1 else 1
    return sum(numbers) / (3 * scale)
