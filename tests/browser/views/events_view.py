"""Every kind of event a View handles, wired to visible state, for the browser tests of the renderer."""

from __future__ import annotations

import asyncio
from typing import Any

from pyview import App, View, component, h, prevent_default, use_action, use_state

app = App("events", "1.0.0")
RELEASE: list[asyncio.Future[None] | None] = [None]  # the pending "Wait" action's gate


@component
def Events() -> Any:
    log, set_log = use_state(())
    text, set_text = use_state("hello")
    checked, set_checked = use_state(False)
    submitted, set_submitted = use_state(None)
    clicks, set_clicks = use_state(0)

    def add(entry: str) -> None:
        set_log(lambda old: (*old, entry))

    async def slow() -> str:
        # pending until the test presses "Release": a state to wait for, not a window of time
        release = RELEASE[0] = asyncio.get_running_loop().create_future()
        await release
        return f"released {text}"

    def let_go() -> None:
        if RELEASE[0] is not None and not RELEASE[0].done():
            RELEASE[0].set_result(None)

    def explode() -> None:
        raise ValueError("the handler exploded")

    wait = use_action(slow)
    return h.main(
        h.h1("Events"),
        h.input(value=text, on_input=lambda e: set_text(e.value.upper()), data_testid="text"),
        h.output(text, data_testid="mirror"),
        h.label(h.input(type="checkbox", checked=checked, on_change=lambda e: set_checked(e.checked)), "Tick"),
        h.output(str(checked), data_testid="checked"),
        h.input(
            data_testid="keys",
            on_keydown=lambda e: add(f"key:{e.key}"),
            on_focus=lambda: add("focus"),
            on_blur=lambda: add("blur"),
        ),
        h.form(
            h.input(name="city", value="Oslo"),
            h.button("Send", type="submit"),
            on_submit=lambda e: set_submitted(e.form),
        ),
        h.output(str(submitted), data_testid="submitted"),
        h.button("Working…" if wait.pending else "Wait", on_click=wait, disabled=wait.pending, data_testid="wait"),
        h.button("Release", on_click=let_go, data_testid="release"),
        h.output(str(wait.result), data_testid="waited"),
        h.button("Explode", on_click=explode),
        h.button(f"Clicked {clicks}", on_click=lambda: set_clicks(clicks + 1), data_testid="count"),
        h.a("Elsewhere", href="https://example.com/", on_click=prevent_default(lambda: add("link"))),
        h.ol([h.li(entry) for entry in log], data_testid="log"),
    )


view = View(Events, app)
