"""A counter with View state, for the hand-over tests (tests/browser/test_handover_browser.py)."""

from __future__ import annotations

from typing import Any

from pyview.app import App
from pyview.components import View, component, h, use_state, use_tool_result, use_view_state

app = App("handover", "1.0.0")


@component
def Root() -> Any:
    result = use_tool_result()
    count, set_count = use_state(0)
    units, set_units = use_view_state("units", "C")
    note, set_note = use_state("")
    if result is None:
        return h.p("Waiting for the result…", data_testid="waiting")
    return h.div(
        h.h1((result.structured_content or {}).get("title", "?"), data_testid="title"),
        h.button(f"Clicked {count}", data_testid="count", on_click=lambda: set_count(lambda n: n + 1)),
        h.button(f"units: {units}", data_testid="units", on_click=lambda: set_units("F" if units == "C" else "C")),
        h.input(value=note, on_input=lambda e: set_note(e.value), aria_label="Note", data_testid="note"),
        h.p(f"Note: {note}", data_testid="noted"),
    )


view = View(Root, app=app)
