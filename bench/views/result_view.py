"""The benchmark's result View: shows the tool result (what "result visible" waits for), with an App."""

from pyview import App, View, component, h, use_tool_result

app = App("result-bench", "1.0.0")


@component
def Result():  # type: ignore[no-untyped-def]
    result = use_tool_result()
    if result is None:
        return h.p("Waiting for the tool…")
    return h.main(h.h1("Result"), h.p(f"Marker: {(result.structured_content or {}).get('marker')}"))


view = View(Result, app)
