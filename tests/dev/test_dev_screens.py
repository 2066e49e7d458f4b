"""The dev host with the real weather and orders example servers in headless Chromium, at 1024, 1280 and 1920 px
in light and dark: the View's frame stays inside the viewport and the conversation column and under no panel,
fullscreen takes the column's whole width, a mode the View asks for is mirrored by the controls, and the orders
export is saved as a real file. Geometry is asserted (no pixel goldens); each screenshot is kept in tmp_path."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.dev._shots import WAIT, call_tool, layout_problems, measure, set_mode, set_theme, view_overflow

pytestmark = pytest.mark.browser
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WIDTHS = (1024, 1280, 1920)


@pytest.fixture(scope="module")
def weather(pyview_browser: Any, dev_host_server: Any) -> Iterator[tuple[Any, Any]]:
    """The dev page showing get_weather("Paris") from the real weather server (its offline simulation, so the
    test never waits for a network): ``(page, frame locator)``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYVIEW_WEATHER", "offline")  # set before the dev host starts the server
        yield from _weather_page(pyview_browser, dev_host_server)


def _weather_page(pyview_browser: Any, dev_host_server: Any) -> Iterator[tuple[Any, Any]]:
    with dev_host_server(str(EXAMPLES / "weather" / "server.py")) as (url, _dev):
        page = pyview_browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(url)
        view = call_tool(page, "get_weather", {"city": "Paris"}, wait=".wx-city")
        yield page, view
        assert errors == []
        page.context.close()


def view_frame(page: Any) -> Any:
    return page.locator("#stage iframe").element_handle().content_frame()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_view_is_never_clipped(weather: tuple[Any, Any], width: int, theme: str, tmp_path: Path) -> None:
    page, view = weather
    page.set_viewport_size({"width": width, "height": 900})
    set_theme(page, theme)
    view.locator(f"html[data-theme={theme}]").wait_for(timeout=WAIT)  # the View followed the host's theme
    page.wait_for_function("(w) => innerWidth === w", arg=width)
    m = measure(page)
    assert layout_problems(m) == [], m
    assert m["frame"]["width"] == m["stage"]["width"]
    assert view_overflow(view_frame(page)) == 0  # nothing of the View's own content is cut off sideways
    fullscreen_button = view.locator("button[aria-label='Open fullscreen']")
    fullscreen_button.wait_for(state="visible", timeout=WAIT)  # was hidden under the right panel at 1280
    page.screenshot(path=str(tmp_path / f"dev-{width}-{theme}.png"))

    set_mode(page, "fullscreen")
    m = measure(page)
    assert layout_problems(m) == [], m
    assert m["frame"]["width"] == m["center"]["width"] > 300  # not the 300 px default of an iframe
    assert abs(m["frame"]["bottom"] - m["center"]["bottom"]) <= 1
    page.screenshot(path=str(tmp_path / f"dev-{width}-{theme}-fullscreen.png"))
    set_mode(page, "inline")


def test_a_mode_the_view_asks_for_is_mirrored(weather: tuple[Any, Any]) -> None:
    page, view = weather
    page.set_viewport_size({"width": 1280, "height": 900})
    view.locator("button[aria-label='Open fullscreen']").click()
    page.wait_for_function("() => document.querySelector('#displayMode').value === 'fullscreen'", timeout=WAIT)
    m = measure(page)
    assert m["mode"] == "fullscreen" and m["frame"]["width"] == m["center"]["width"]
    page.locator("#locale").fill("en-GB")
    page.locator("#locale").dispatch_event("change")  # another control does not drop the View out of fullscreen
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log div')].some((d) => d.textContent.includes('en-GB'))", timeout=WAIT
    )
    assert measure(page)["mode"] == "fullscreen"
    view.locator("button[aria-label='Exit fullscreen']").click()
    page.wait_for_function("() => document.querySelector('#displayMode').value === 'inline'", timeout=WAIT)


def test_orders_export_is_saved_and_shown(
    pyview_browser: Any, dev_host_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYVIEW_ORDERS_DB", str(tmp_path / "orders.sqlite3"))
    with dev_host_server(str(EXAMPLES / "orders" / "server.py")) as (url, dev):
        page = pyview_browser.new_context(viewport={"width": 1024, "height": 900}).new_page()
        page.goto(url)
        view = call_tool(page, "list_orders", {}, wait="tr.o-row")
        m = measure(page)
        assert layout_problems(m) == [], m
        assert view_overflow(view_frame(page)) == 0
        view.locator("button", has_text="Export CSV").click()
        card = page.locator("#downloads .file").first
        card.wait_for(timeout=WAIT)
        name = card.locator(".name").inner_text()
        assert name.startswith("orders") and name.endswith(".csv")
        (item,) = dev.downloads.items
        assert f"{item['size']:,} bytes" in card.locator(".size").inner_text()
        saved = Path(item["path"]).read_text()
        assert saved.startswith("order_id,created_at,customer,email,status,items,total,currency\n")
        assert os.path.getsize(item["path"]) == item["size"]
        page.context.close()
