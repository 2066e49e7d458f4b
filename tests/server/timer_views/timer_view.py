"""A server-runtime test View whose handlers and toasts wait on timers (tests/server/test_server_timers.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from pyview.app import App
from pyview.components import View, component, h, use_state, use_tool_result
from pyview.ui import ToastProvider, use_toast

RELEASE = asyncio.Event()
"""What the slow handler waits for: no timer, so nothing tells the server when it ends (a test replaces it)."""


@component
def Buttons(duration: float) -> Any:
    toast = use_toast()
    note, set_note = use_state("idle")

    async def later() -> None:
        set_note("working")
        await asyncio.sleep(duration)  # a plain asyncio.sleep: found among the loop's timers
        set_note("done later")

    async def slow() -> None:
        set_note("working")
        await RELEASE.wait()
        set_note("done slowly")

    async def debounce() -> None:
        await asyncio.sleep(0.02)  # shorter than a tick: waited for within the call
        set_note("debounced")

    return h.div(
        h.button("Toast", id="toast", on_click=lambda: toast("Saved the report", duration=duration)),
        h.button("Later", id="later", on_click=later),
        h.button("Debounce", id="debounce", on_click=debounce),
        h.button("Slow", id="slow", on_click=slow),
        h.p(note, id="note"),
    )


@component
def Root() -> Any:
    result = use_tool_result()
    if result is None:
        return h.p("Waiting…")
    return ToastProvider(Buttons(float((result.structured_content or {}).get("duration", 1.0))))


app = App("timers", "1.0.0")
view = View(Root, app)
