"""A test View with View state: the units and an open panel (tests/server/test_view_state.py)."""

from __future__ import annotations

from typing import Any

from pyview.app import App
from pyview.components import View, component, h, use_tool_result, use_view_state


@component
def Root() -> Any:
    result = use_tool_result()
    units, set_units = use_view_state("units", "C", model_visible=True)
    panel, set_panel = use_view_state("panel", None)
    if result is None:
        return h.p("Waiting…")
    city = (result.structured_content or {}).get("city", "?")
    return h.div(
        h.h1(city, id="city"),
        h.button(f"units: {units}", id="units", on_click=lambda: set_units("F" if units == "C" else "C")),
        h.button("Open details", id="open", on_click=lambda: set_panel("details")),
        h.p(f"panel: {panel}", id="panel"),
    )


view = View(Root, app=App("units", "1.0.0"))
