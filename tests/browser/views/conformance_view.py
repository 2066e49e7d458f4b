"""The conformance View: shows what the host sent, and has a button for each request the test makes."""

from __future__ import annotations

from typing import Any

from pyview import (
    App,
    View,
    component,
    h,
    use_action,
    use_app,
    use_host_context,
    use_state,
    use_tool_cancelled,
    use_tool_input,
    use_tool_input_partial,
    use_tool_result,
)

app = App("conformance", "1.0.0", available_display_modes=["inline", "fullscreen"])
teardowns: list[str] = []


@app.on_teardown
async def on_teardown(params: Any) -> None:
    teardowns.append("saved")


def show(test_id: str, value: object) -> Any:
    return h.output(str(value), data_testid=test_id)


@component
def Conformance() -> Any:
    the_app = use_app()
    tool_input = use_tool_input()
    partial = use_tool_input_partial()
    result = use_tool_result()
    cancelled = use_tool_cancelled()
    context = use_host_context()
    height, set_height = use_state(40)

    async def call_echo() -> str:
        answer = await the_app.call_server_tool("echo", {"text": "ping"})
        return answer.text

    async def fullscreen() -> str:
        return str(await the_app.request_display_mode("fullscreen"))

    async def pip() -> str:
        return str(await the_app.request_display_mode("pip"))

    echo = use_action(call_echo)
    grow = use_action(fullscreen)
    float_ = use_action(pip)
    return h.main(
        show("input", tool_input.arguments if tool_input else None),
        show("partial", partial.arguments if partial else None),
        show("result", result.structured_content if result else None),
        show("cancelled", cancelled.reason if cancelled else None),
        show("theme", context.theme if context else None),
        show("echo", echo.result if not echo.error else f"error: {echo.error}"),
        show("mode", grow.result if not grow.error else f"error: {grow.error}"),
        show("pip", float_.result if not float_.error else f"error: {float_.error}"),
        show("teardowns", len(teardowns)),
        h.button("Call echo", on_click=echo),
        h.button("Fullscreen", on_click=grow),
        h.button("Picture in picture", on_click=float_),
        h.button("Grow", on_click=lambda: set_height(height + 200)),
        h.div(style={"height": f"{height}px"}, data_testid="spacer"),
    )


view = View(Conformance, app)
