"""A server-runtime test View: a counter, the tool's result, host requests, and ways to fail on purpose."""

from __future__ import annotations

from typing import Any

from pyview.app import App
from pyview.components import View, component, h, use_action, use_app, use_host_context, use_state, use_tool_result


@component
def Counter(start: int) -> Any:
    count, set_count = use_state(start)
    return h.button(f"Clicked {count} times", id="count", on_click=lambda: set_count(lambda n: n + 1))


@component
def Root() -> Any:
    app = use_app()
    result = use_tool_result()
    context = use_host_context()
    note, set_note = use_state("")
    text, set_text = use_state("")
    kept, set_kept = use_state(None)  # the tool result, kept by identity
    junk, set_junk = use_state(None)  # set to something that cannot be saved, on purpose

    async def ask() -> None:
        answer = await app.send_message("hello from the server")
        set_note(f"message sent: {'ok' if answer.ok else 'refused'}")

    async def refresh() -> None:
        fresh = await app.call_server_tool("shout", {"text": "again"})
        set_note(f"shout says {fresh.text}")

    def explode() -> None:
        raise ValueError("the handler broke")

    def keep_object() -> None:
        set_junk(object())

    ask_action = use_action(ask)
    refresh_action = use_action(refresh)
    if result is None:
        return h.p("Waiting…")
    structured = result.structured_content or {}
    if structured.get("text") == "BOOM":
        raise ValueError("this View cannot show BOOM")
    theme = context.get("theme") if context is not None else None
    return h.div(
        h.h1(structured.get("text", result.text)),
        Counter(int(structured.get("start", 0))),
        h.input(id="field", value=text, on_input=lambda e: set_text(e.value)),
        h.p(f"typed: {text}", id="typed"),
        h.button("Ask", id="ask", on_click=ask_action),
        h.button("Refresh", id="refresh", on_click=refresh_action),
        h.button("Explode", id="explode", on_click=explode),
        h.button("Keep the result", id="keep", on_click=lambda: set_kept(result)),
        h.button("Keep an object", id="junk", on_click=keep_object),
        h.p(note, id="note"),
        h.p(f"theme: {theme}", id="theme"),
        h.p("kept is the result" if kept is result and kept is not None else "", id="kept"),
        h.p("junk kept" if junk is not None else "", id="junk-note"),
    )


app = App("counter", "1.0.0")
view = View(Root, app)
