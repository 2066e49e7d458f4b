"""A View whose components move focus themselves (tabs, radios, a form's first invalid field) and whose events start
timers (a short toast, a handler that sleeps then sets state): tests/a11y/test_focus_and_timers.py runs it in both
runtimes."""

from __future__ import annotations

import asyncio
from typing import Any

from pyview import App, View, component, h, use_state
from pyview.ui import Button, Form, RadioGroup, Tabs, TextField, ToastProvider, use_toast


@component
def Timers() -> Any:
    toast = use_toast()
    note, set_note = use_state("idle")

    async def later() -> None:
        set_note("working")
        await asyncio.sleep(0.5)
        set_note("done later")

    return h.div(
        Button("Show a toast", on_click=lambda: toast("Report saved", tone="success", duration=0.5)),
        Button("Later", on_click=later),
        h.p(note, data_testid="note"),
    )


@component
def Page() -> Any:
    tabs = [("one", "One", h.p("First panel")), ("two", "Two", h.p("Second panel")), ("three", "Three", h.p("Third"))]
    return h.main(
        h.h1("Focus and timers"),
        Timers(),
        Tabs(tabs, label="Sections"),
        RadioGroup("Size", ["S", "M", "L"], default_value="M"),
        Form(
            TextField("Name", name="name"),
            TextField("Email", name="email", required=True),
            on_submit=lambda values: None,
            submit_label="Send",
        ),
        Form(
            RadioGroup("Plan", ["Free", "Pro"], name="plan", required=True),
            on_submit=lambda values: None,
            submit_label="Choose",
        ),
    )


@component
def Root() -> Any:
    return ToastProvider(Page())


app = App("focus-timers", "1.0.0")
view = View(Root, app)
