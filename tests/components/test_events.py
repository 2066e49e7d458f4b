"""Events: handlers with and without the event, flags, controlled inputs, async handlers, errors."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyview.components import component, h, prevent_default, stop_propagation, use_action, use_state
from pyview.testing import render


def test_handlers_get_the_serialised_event_when_they_take_an_argument():
    got = []

    @component
    def Keys():
        return h.input(on_key_down=lambda e: got.append((e.type, e.key, e.ctrl_key)), aria_label="k")

    screen = render(Keys())
    screen.press(screen.find(role="textbox"), "Enter", ctrlKey=True)
    assert got == [("keydown", "Enter", True)]


def test_prevent_default_and_stop_propagation_act_in_the_browser_event():
    calls = []
    screen = render(
        h.div(
            h.a("link", href="/x", on_click=prevent_default(lambda: calls.append("link"))),
            h.button("inner", on_click=stop_propagation(lambda: calls.append("inner"))),
            h.span("plain", on_click=lambda: calls.append("span")),
            on_click=lambda: calls.append("outer"),
        )
    )
    assert screen.fire("link", "click") is False  # default prevented
    assert calls == ["link", "outer"]
    calls.clear()
    assert screen.fire("inner", "click") is True
    assert calls == ["inner"]  # did not reach the div
    calls.clear()
    screen.fire("plain", "click")
    assert calls == ["span", "outer"]


def test_submit_prevents_navigation_and_carries_form_fields():
    got = []

    @component
    def Signup():
        return h.form(
            h.input(name="email", default_value="a@b.c"),
            h.input(name="terms", type="checkbox", default_checked=True),
            h.button("Send"),
            on_submit=lambda e: got.append(e.form),
        )

    screen = render(Signup())
    screen.click("Send")
    assert got == [{"email": "a@b.c", "terms": "on"}]
    assert screen.dom.fire(screen.find("form"), "submit") is False


def test_controlled_input_follows_state_and_transforms():
    @component
    def Upper():
        text, set_text = use_state("")
        return h.div(
            h.input(value=text, on_input=lambda e: set_text(e.value.upper()[:5])),
            h.p(f"len {len(text)}"),
            h.button("clear", on_click=lambda: set_text("")),
        )

    screen = render(Upper())
    box = screen.find("input")
    screen.type(box, "hello world")
    assert box.value == "HELLO"
    assert screen.find("p").text == "len 5"
    screen.click("clear")
    assert box.value == ""


def test_controlled_input_refuses_what_a_synchronous_handler_did_not_accept():
    @component
    def Digits():
        text, set_text = use_state("")

        def accept(e):
            if e.value.isdigit():
                set_text(e.value)

        return h.input(value=text, on_input=accept)

    screen = render(Digits())
    screen.type("input", "1a2b")
    assert screen.find("input").value == "12"


def test_async_input_handler_does_not_fight_the_typing():
    @component
    def Slow():
        text, set_text = use_state("")

        async def later(e):
            await asyncio.sleep(0)
            set_text(e.value)

        return h.div(h.input(value=text, on_input=later), h.p(text))

    screen = render(Slow())
    screen.type("input", "abc")
    assert screen.find("input").value == "abc"
    assert screen.find("p").text == "abc"


def test_checkbox_controlled_by_state():
    @component
    def Check():
        on, set_on = use_state(False)
        return h.label(h.input(type="checkbox", checked=on, on_change=lambda e: set_on(e.checked)), f"on={on}")

    screen = render(Check())
    screen.click("input")
    assert screen.find("label").text == "on=True"
    assert screen.find("input").checked is True


def test_async_handler_and_use_action_pending_state():
    gate = asyncio.Event()

    @component
    def Saver():
        async def save():
            await gate.wait()
            return "saved!"

        action = use_action(save)
        return h.div(
            h.button("Saving..." if action.pending else "Save", on_click=action, disabled=action.pending),
            h.p(action.result or ""),
        )

    screen = render(Saver())
    screen.click("Save", settle=False)
    screen.flush()
    assert screen.find("button").text == "Saving..."
    assert screen.find("button").get("disabled") == ""
    screen.loop.call_soon(gate.set)
    screen.settle()
    assert screen.find("button").text == "Save"
    assert screen.find("p").text == "saved!"


def test_use_action_keeps_the_error_for_display():
    @component
    def Failing():
        async def boom():
            raise ValueError("server said no")

        action = use_action(boom)
        return h.div(h.button("go", on_click=action), h.p(str(action.error or "")))

    screen = render(Failing())
    screen.click("go")
    assert screen.find("p").text == "server said no"
    assert screen.query(".pyview-error") is None
    assert len(screen.errors) == 1  # still reported to the error hook


def test_handler_error_shows_a_box_is_reported_and_the_view_keeps_working():
    @component
    def Flaky():
        n, set_n = use_state(0)

        def click():
            if n == 1:
                raise RuntimeError("kaboom")
            set_n(n + 1)

        async def later():
            await asyncio.sleep(0)
            raise KeyError("async kaboom")

        return h.div(h.button(f"n={n}", on_click=click), h.button("async", on_click=later))

    screen = render(Flaky())
    screen.click("n=0")
    screen.click("n=1")
    box = screen.find(role="alert")
    assert "RuntimeError: kaboom" in box.text
    assert [type(e) for e in screen.errors] == [RuntimeError]
    screen.click("async")
    assert len(screen.find_all(role="alert")) == 2
    screen.click(screen.find("button", text="Dismiss"))
    assert len(screen.find_all(role="alert")) == 1
    assert screen.find("button", text="n=1")  # state kept, still interactive


def test_render_error_is_shown_in_place_of_the_component_only():
    @component
    def Broken(fail: bool):
        if fail:
            raise ValueError("bad data")
        return h.p("fine")

    screen = render(h.div(h.h1("title"), Broken(True)))
    assert screen.find("h1").text == "title"
    assert "ValueError: bad data" in screen.find(".pyview-error").text
    screen.rerender(h.div(h.h1("title"), Broken(False)))
    assert screen.query(".pyview-error") is None
    assert screen.find("p").text == "fine"


def test_memory_stays_flat_over_many_updates():
    @component
    def Rows():
        n, set_n = use_state(0)
        return h.div(
            h.button("next", on_click=lambda: set_n(n + 1)),
            h.ul([h.li(f"{n}-{i}", key=f"{n}-{i}", on_click=lambda: None) for i in range(20)]),
        )

    screen = render(Rows(), check=False)
    screen.click("next")
    sizes = (len(screen.root.handlers), len(screen.dom.nodes))
    for _ in range(1000):
        screen.click(screen.find("button"))
    assert (len(screen.root.handlers), len(screen.dom.nodes)) == sizes


def test_handlers_follow_their_element_when_event_types_and_flags_change():
    calls = []

    @component
    def Changing():
        stage, set_stage = use_state(0)
        if stage == 0:
            props = {"on_click": lambda: (calls.append("click 0"), set_stage(1))}
        elif stage == 1:  # the same type with a flag, and a second type
            props = {"on_click": prevent_default(lambda: (calls.append("click 1"), set_stage(2))),
                     "on_key_down": lambda: calls.append("key 1")}  # fmt: skip
        else:  # the click handler gone, the key handler kept (a new function)
            props = {"on_key_down": lambda: calls.append("key 2")}
        return h.a("go", href="/x", **props)

    screen = render(Changing())
    assert screen.fire("go", "click") is True
    assert screen.fire("go", "click") is False  # now prevented
    screen.press(screen.find(text="go"), "Enter")
    assert calls == ["click 0", "click 1", "key 2"]
    screen.fire("go", "click")  # no handler any more
    assert calls == ["click 0", "click 1", "key 2"]


def test_an_event_renders_its_update_at_once_and_queues_no_second_flush():
    from pyview._core.components._root import Root

    patches: list[str] = []
    queued: list[Any] = []

    @component
    def Counter() -> Any:
        n, set_n = use_state(0)

        def bump_then_fail() -> None:
            set_n(n + 1)
            raise RuntimeError("after the state changed")

        return h.div(h.button(f"n={n}", on_click=lambda: set_n(n + 1)), h.button("fail", on_click=bump_then_fail))

    root = Root(patches.append, schedule=queued.append)
    root.report = lambda exc, where, **kwargs: None  # the failure is expected here
    root.mount(Counter())
    wire = json.loads(patches[-1])[0][-1][0]
    first, failing = wire[2][0][1]["@click"], wire[2][1][1]["@click"]
    root.dispatch(first, "")
    assert "n=1" in patches[-1] and len(patches) == 2  # one patch, sent during the click
    assert queued == []  # nothing left for a later tick: the event's flush was the only one
    root.dispatch(failing, "")
    assert "n=2" in patches[-1] and queued == []  # what the handler changed before raising is shown at once
