"""The interactive benchmark's View: a counter shown with the tool result (a button "Clicked N")."""

from pyview import App, View, component, h, use_state, use_tool_result

app = App("interactive-bench", "1.0.0")


@component
def Counter():  # type: ignore[no-untyped-def]
    result = use_tool_result()
    count, set_count = use_state(0)
    if result is None:
        return h.p("Waiting for the tool…")
    return h.main(h.button(f"Clicked {count}", data_testid="count", on_click=lambda: set_count(lambda n: n + 1)))


view = View(Counter, app)
