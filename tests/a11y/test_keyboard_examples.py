"""Each example's main task with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape), in both runtimes.

The test's only non-key step is putting focus into the View's frame, as a person tabbing into the conversation would.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from a11y_views import (
    WEATHER,
    ensure_path,
    expect,
    focused,
    load_server,
    mount_example,
    orders_first_page,
    tab_to,
)

pytestmark = pytest.mark.browser

RUNTIMES = ("inline", "server")


def in_dialog(view: Any) -> bool:
    return bool(view.frame.evaluate("() => !!document.activeElement.closest('[role=dialog]')"))


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_orders_filter_sort_open_cancel_export(
    runtime: str, pyview_tabs: Any, pyview_host_server: Any, pyview_build: Any,
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    with orders_first_page(runtime, pyview_host_server, pyview_tabs, pyview_build, tmp_path, monkeypatch) as view:
        keys = view.keyboard
        view.frame_element.focus()

        # filter: the "Paid" chip, with Space
        tab_to(view, "el.matches('button.o-chip') && el.textContent.startsWith('Paid')")
        keys.press("Space")
        expect(view.locator(".o-head p")).to_contain_text("paid orders")
        expect(view.locator("button.o-chip", has_text="Paid")).to_have_attribute("aria-pressed", "true")

        # sort: the Customer header's button, with Enter; the header says how the table is sorted
        tab_to(view, "el.matches('button.o-sort') && el.textContent.startsWith('Customer')")
        keys.press("Enter")
        expect(view.locator("th[aria-sort=ascending]")).to_contain_text("Customer")
        expect(view.locator(".o-table-wrap")).to_have_attribute("aria-busy", "false")

        # open the first order: its row, with Enter; focus moves into the detail, not to <body>
        first = view.locator("tr.o-row").first.get_attribute("data-order")
        tab_to(view, "el.matches('tr.o-row')")
        keys.press("Enter")
        expect(view.locator(".o-detail h2")).to_contain_text(f"Order #{first}")
        assert focused(view) != "body"

        # cancel, confirmed in a dialog that takes focus, keeps Tab inside, and gives focus back on Escape
        tab_to(view, "el.textContent.trim() === 'Cancel order…'")
        keys.press("Enter")
        expect(view.locator("[role=dialog]")).to_be_visible()
        view.frame.wait_for_function("() => !!document.activeElement.closest('[role=dialog]')")
        for _ in range(4):  # more presses than the dialog has controls: focus wraps around inside it
            keys.press("Tab")
            assert in_dialog(view), focused(view)
        keys.press("Shift+Tab")
        assert in_dialog(view), focused(view)
        keys.press("Escape")
        expect(view.locator("[role=dialog]")).to_have_count(0)
        view.frame.wait_for_function("() => document.activeElement.textContent.trim() === 'Cancel order…'")
        keys.press("Enter")
        expect(view.locator("[role=dialog]")).to_be_visible()
        tab_to(view, "el.matches('button[data-confirm]')")
        keys.press("Enter")
        expect(view.locator(".o-banner--success")).to_be_visible()
        expect(view.locator(".o-detail h2")).to_contain_text("Cancelled")
        assert focused(view) != "body"

        # back to the list with Escape: focus is on the row that was opened (WAI-ARIA), then export
        keys.press("Escape")
        expect(view.locator(".o-detail")).to_have_count(0)
        row = f"tr.o-row[data-order='{first}']"
        view.frame.wait_for_function("(s) => document.activeElement.matches(s)", arg=row)
        tab_to(view, "el.textContent.trim() === 'Export CSV'", limit=80)
        keys.press("Enter")
        expect(view.locator(".o-export textarea")).to_have_value(re.compile(r"^order_id,"))
        assert view.errors() == []


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_weather_units_fullscreen_ask(
    runtime: str, pyview_tabs: Any, pyview_host_server: Any, pyview_build: Any
) -> None:
    from datetime import UTC, datetime

    from pyview.host import McpBackend

    ensure_path(WEATHER)
    from weather_data import forecast

    backend = McpBackend(load_server(WEATHER / "server.py")[1])
    pyview_host_server.run(backend.start())
    document = pyview_build(WEATHER / "weather_view", runtime=runtime).html
    context = {"theme": "light", "displayMode": "inline", "availableDisplayModes": ["inline", "fullscreen"],
               "containerDimensions": {"width": 640, "maxHeight": 2000}, "locale": "en-GB"}  # fmt: skip
    view = mount_example(pyview_host_server, pyview_tabs, document, backend, context, runtime)
    keys = view.keyboard
    try:
        view.wait_ready(90)
        report = forecast("Oslo", "metric", now=datetime(2026, 1, 15, 12, tzinfo=UTC))
        view.send_tool_input({"city": "Oslo"})
        view.send_tool_result({"content": [{"type": "text", "text": str(report)}],
                               "structuredContent": report.model_dump(mode="json")})  # fmt: skip
        expect(view.locator("[data-testid=current] h1")).to_have_text("Oslo")
        view.frame_element.focus()

        # switch units: the °F button, with Enter (a server tool call)
        tab_to(view, "el.getAttribute('title') === 'Fahrenheit'")
        keys.press("Enter")
        expect(view.locator("button[title=Fahrenheit]")).to_have_attribute("aria-pressed", "true")
        expect(view.locator("[data-testid=temperature]")).to_contain_text("°")
        expect(view.locator("[data-testid=current]")).not_to_have_attribute("aria-busy", "true")

        # open fullscreen with Space; the same button keeps focus, now offering the way back
        tab_to(view, "el.getAttribute('aria-label') === 'Open fullscreen'")
        keys.press("Space")
        expect(view.locator("[data-testid=hourly] svg")).to_be_visible()
        view.frame.wait_for_function("() => document.activeElement.getAttribute('aria-label') === 'Exit fullscreen'")

        # ask the model, with Enter
        tab_to(view, "el.textContent.includes('Best day to be outside?')")
        keys.press("Enter")
        expect(view.locator("button.wx-ask")).to_have_text("Asked")
        assert len(view.host.messages) == 1
        assert view.errors() == []
    finally:
        view.close()
        pyview_host_server.run(backend.close())
