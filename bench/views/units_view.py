"""The load bench's View with View state: a units switch kept with ``use_view_state`` (Redis in bench/load.py)."""

from __future__ import annotations

from typing import Any

from pyview.app import App
from pyview.components import View, component, h, use_tool_result, use_view_state


@component
def Units() -> Any:
    result = use_tool_result()
    units, set_units = use_view_state("units", "C")
    city = ((result.structured_content or {}) if result is not None else {}).get("city", "?")
    return h.div(
        h.h1(city),
        h.button(f"units: {units}", id="units", on_click=lambda: set_units("F" if units == "C" else "C")),
    )


view = View(Units, App("units", "1.0.0"))
