"""The server-runtime benchmark's View: one button whose label counts the clicks."""

from pyview import App, View, component, h, use_state

app = App("clicker-bench", "1.0.0")


@component
def Clicker():  # type: ignore[no-untyped-def]
    count, set_count = use_state(0)
    return h.main(h.button(f"Clicked {count}", on_click=lambda: set_count(count + 1), data_testid="click"))


view = View(Clicker, app)
