"""The quickstart View from the README (tests/examples/test_hello.py keeps the two in step)."""

from pyview import App, View, component, h, use_action, use_app, use_tool_result

app = App("hello", "1.0.0")


@component
def Hello():
    result = use_tool_result()  # None until the host sends the tool result
    the_app = use_app()
    refresh = use_action(lambda: the_app.call_server_tool("greet", {"name": "again"}))
    if result is None:
        return h.p("Waiting for the tool…")
    return h.div(
        h.h1(result.text),  # text is always escaped
        h.button("Refreshing…" if refresh.pending else "Again", on_click=refresh),
    )


view = View(Hello, app)  # pyview's boot finds `view` and starts it
