"""View: build-time HTML, hydration of the pre-rendered DOM, App hooks."""

from __future__ import annotations

import json

from pyview.components import (
    View,
    component,
    h,
    render_to_string,
    use_app,
    use_host_context,
    use_state,
    use_tool_input,
    use_tool_result,
)
from pyview.testing import FakeApp, render


@component
def Weather():
    result = use_tool_result()
    tool_input = use_tool_input()
    ctx = use_host_context()
    n, set_n = use_state(0)
    city = tool_input.arguments["city"] if tool_input else "..."
    return h.div(
        h.h1(f"Weather in {city}"),
        h.p("Loading" if result is None else f"{result.structured_content['t']} C"),
        h.span((ctx or {}).get("theme", "no theme")),
        h.button(f"refresh {n}", on_click=lambda: set_n(n + 1)),
        class_="weather",
    )


def test_render_html_is_the_initial_render_without_tool_data():
    assert View(Weather).render_html() == (
        '<div class="weather"><h1>Weather in ...</h1><p>Loading</p><span>no theme</span>'
        "<button>refresh 0</button></div>"
    )


def test_hydration_adopts_the_prerendered_nodes():
    html = View(Weather).render_html()
    screen = render(Weather(), prerendered=html)
    assert screen.dom.adopted
    assert json.loads(screen.patches[0])[0][0] == 6  # one hydrate op
    h1 = screen.find("h1")
    screen.click("refresh 0")
    assert screen.find("button").text == "refresh 1"
    assert screen.find("h1") is h1  # the pre-rendered node itself was kept


def test_hydration_replaces_a_different_prerender_in_one_patch():
    screen = render(Weather(), prerendered="<p>stale <b>markup</b></p>")
    assert not screen.dom.adopted
    assert len(screen.patches) == 1
    assert screen.find("h1").text == "Weather in ..."
    assert screen.query("b") is None


def test_app_hooks_follow_the_app():
    app = FakeApp(host_context={"theme": "dark"})
    screen = render(Weather(), app=app)
    assert screen.find("span").text == "dark"
    app.emit("tool_input", {"city": "Oslo"})
    app.emit("tool_result", {"t": 21})
    screen.settle()
    assert screen.find("h1").text == "Weather in Oslo"
    assert screen.find("p").text == "21 C"
    app.emit("host_context_changed", {"theme": "light"})
    screen.settle()
    assert screen.find("span").text == "light"
    screen.unmount()
    assert all(not fns for fns in app.listeners.values())  # unsubscribed


def test_host_context_set_by_the_handshake_renders_on_connected():
    app = FakeApp()
    screen = render(Weather(), app=app)
    assert screen.find("span").text == "no theme"
    app.host_context = {"theme": "dark"}  # set by the handshake, without a host_context_changed event
    app.emit("connected", object())
    screen.settle()
    assert screen.find("span").text == "dark"


def test_use_app_calls_server_tools_from_an_async_handler():
    app = FakeApp()
    app.tool_results["refresh"] = {"ok": True}

    @component
    def Refresh():
        app_ = use_app()
        status, set_status = use_state("idle")

        async def refresh():
            set_status("busy")
            result = await app_.call_server_tool("refresh", {"force": True})
            set_status("ok" if result.structured_content["ok"] else "failed")

        return h.button(status, on_click=refresh)

    screen = render(Refresh(), app=app)
    screen.click("idle")
    assert app.calls == [("refresh", {"force": True})]
    assert screen.find("button").text == "ok"


def test_view_reports_errors_to_the_host_log():
    app = FakeApp()
    reported = []
    view = View(Weather, app, on_error=lambda exc, where: reported.append(where))
    view.report(ValueError("x"), "the click handler")
    assert reported == ["the click handler"]
    assert app.logs == [("error", {"where": "the click handler", "error": "ValueError: x"})]


def test_render_to_string_does_not_run_effects():
    from pyview.components import use_effect

    ran = []

    @component
    def Effectful():
        use_effect(lambda: ran.append(1), [])
        return h.p("x")

    assert render_to_string(Effectful()) == "<p>x</p>"
    assert ran == []
