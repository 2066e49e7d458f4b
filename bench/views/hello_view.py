"""The benchmark's hello View: a component and an App, as a real View has (pre-rendered, early session)."""

from pyview import App, View, component, h

app = App("hello-bench", "1.0.0")


@component
def Hello():  # type: ignore[no-untyped-def]
    return h.p("Hello from Python")


view = View(Hello, app)
