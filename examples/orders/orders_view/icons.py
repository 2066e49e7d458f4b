"""A few inline SVG icons (stroke icons drawn in ``currentColor``, so they follow the text colour and theme)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyview.components import h

if TYPE_CHECKING:
    from pyview.components import Element

_PATHS = {
    "search": "M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm10 2-4.35-4.35",
    "download": "M12 3v12m0 0-5-5m5 5 5-5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2",
    "expand": "M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7",
    "shrink": "M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7",
    "back": "M19 12H5m7 7-7-7 7-7",
    "close": "M18 6 6 18M6 6l12 12",
    "alert": "M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z",
    "check": "M20 6 9 17l-5-5",
    "box": "M21 8 12 3 3 8m18 0-9 5m9-5v8l-9 5m0-8L3 8m9 5v8M3 8v8l9 5",
}


def icon(name: str, size: int = 14) -> Element:
    """``icon("search")``: an ``<svg>`` hidden from screen readers (the button's text names the action)."""
    return h.svg(
        h.path(d=_PATHS[name]),
        class_="o-icon",
        width=size,
        height=size,
        view_box="0 0 24 24",
        fill="none",
        stroke="currentColor",
        stroke_width=2,
        stroke_linecap="round",
        stroke_linejoin="round",
        aria_hidden=True,
    )
