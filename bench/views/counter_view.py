"""The server-runtime bench's View: one button whose click changes one text node (the smallest click -> patch)."""

from __future__ import annotations

from typing import Any

from pyview.app import App
from pyview.components import View, component, h, use_state


@component
def Counter() -> Any:
    count, set_count = use_state(0)
    return h.div(h.button(f"Clicked {count} times", id="count", on_click=lambda: set_count(lambda n: n + 1)))


view = View(Counter, App("counter", "1.0.0"))
