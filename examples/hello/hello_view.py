"""The quickstart View from the README (tests/examples/test_hello.py keeps the two in step)."""

from pyview import App, View, component, h, use_server_tool, use_tool_result

app = App("hello", "1.0.0")


@component
def Hello():
    result = use_tool_result()  # None until the host sends the tool result
    greet = use_server_tool("greet")  # the server's tool, called from the View
    if result is None:
        return h.p("Waiting for the tool…")
    answer = greet.result or result  # the newest answer: the View's own call, else the model's
    return h.div(
        h.h1(answer.text),  # text is always escaped
        h.button("Greeting…" if greet.pending else "Again", on_click=lambda: greet.call({"name": "again"})),
        h.p(f"Failed: {greet.error}", role="alert") if greet.error else None,
    )


view = View(Hello, app)  # pyview's boot finds `view` and starts it
