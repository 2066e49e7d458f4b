"""A View that runs the same in Pyodide and on the server: tool result, a counter, an input, a View request."""

from __future__ import annotations

from typing import Any

from pyview import App, View, component, h, use_app, use_state, use_tool_input, use_tool_result

app = App("server-view", "1.0.0")


@component
def Counter() -> Any:
    result = use_tool_result()
    tool_input = use_tool_input()
    count, set_count = use_state(0)
    name, set_name = use_state("")
    said, set_said = use_state("")
    the_app = use_app()
    if result is None:
        return h.p("Waiting for the tool…", data_testid="waiting")

    async def tell() -> None:
        answer = await the_app.send_message(f"count is {count}")
        set_said("refused" if answer.is_error else "sent")

    def explode() -> None:
        raise ValueError("the handler exploded")

    city = (result.structured_content or {}).get("city", "?")
    asked = tool_input.arguments.get("city", "?") if tool_input is not None else "?"
    return h.main(
        h.h1(f"Weather in {city}", data_testid="city"),
        h.p(f"asked for {asked}", data_testid="asked"),
        h.button(f"Clicked {count}", on_click=lambda: set_count(count + 1), data_testid="count"),
        h.input(value=name, on_change=lambda e: set_name(e.value), data_testid="name"),
        h.output(f"Hello {name}", data_testid="hello"),
        h.button("Tell", on_click=tell, data_testid="tell"),
        h.output(said, data_testid="said"),
        h.button("Explode", on_click=explode, data_testid="explode"),
    )


view = View(Counter, app)
