"""A View with View state, for tests/browser/test_view_state_browser.py: units and an open panel."""

from __future__ import annotations

from typing import Any

from pyview.app import App
from pyview.components import View, component, h, use_tool_result, use_view_state

app = App("state-view", "1.0.0")


@component
def Root() -> Any:
    result = use_tool_result()
    units, set_units = use_view_state("units", "C")
    panel, set_panel = use_view_state("panel", None)
    if result is None:  # the build's first paint: no result, so no values of an instance either
        return h.p("Waiting for the result…", data_testid="waiting")
    city = (result.structured_content or {}).get("city", "?")
    return h.div(
        h.h1(city, data_testid="city"),
        h.button(f"units: {units}", data_testid="units", on_click=lambda: set_units("F" if units == "C" else "C")),
        h.button("Open details", data_testid="open", on_click=lambda: set_panel("details")),
        h.p(f"panel: {panel}", data_testid="panel"),
    )


view = View(Root, app=app)
