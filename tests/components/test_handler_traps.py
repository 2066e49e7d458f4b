"""Handlers and inputs without traps: methods, partials and lambdas as handlers; ``value=None`` is uncontrolled;
a class dict with nothing on renders no ``class`` attribute."""

from __future__ import annotations

import functools
from typing import Any

from pyview.components import component, h, prevent_default, render_to_string, use_action, use_state
from pyview.testing import render


class Board:
    def __init__(self) -> None:
        self.seen: list[Any] = []

    def reset(self) -> None:
        self.seen.append("reset")

    def key(self, event: Any) -> None:
        self.seen.append(event.type)

    def pick(self, row: int) -> None:
        self.seen.append(("pick", row))

    def pick_with_event(self, row: int, event: Any) -> None:
        self.seen.append(("pick", row, event.type))

    def __call__(self) -> None:
        self.seen.append("called")


def select(seen: list[Any], row: int, *, where: str = "table") -> None:
    seen.append((where, row))


def test_bound_methods_partials_lambdas_and_callables_are_handlers() -> None:
    board = Board()
    plain: list[Any] = []
    screen = render(
        h.div(
            h.button("reset", on_click=board.reset),
            h.button("key", on_click=board.key),
            h.button("pick", on_click=functools.partial(board.pick, 2)),
            h.button("pick-event", on_click=functools.partial(board.pick_with_event, 3)),
            h.button("select", on_click=functools.partial(select, plain, 4, where="list")),
            h.button("kw", on_click=functools.partial(select, plain, row=5)),
            h.button("callable", on_click=board),
            h.button("lambda", on_click=lambda: board.seen.append("lambda")),
            h.button("prevented", on_click=prevent_default(board.reset)),
        )
    )
    for label in ("reset", "key", "pick", "pick-event", "select", "kw", "callable", "lambda", "prevented"):
        screen.click(label)
    assert screen.errors == []
    assert board.seen == ["reset", "click", ("pick", 2), ("pick", 3, "click"), "called", "lambda", "reset"]
    assert plain == [("list", 4), ("table", 5)]


def test_use_action_takes_a_bound_method() -> None:
    class Saver:
        saved = 0

        async def save(self) -> str:
            self.saved += 1
            return "ok"

    saver = Saver()

    @component
    def Save() -> Any:
        action = use_action(saver.save)
        return h.button(f"saved {action.result}", on_click=action)

    screen = render(Save())
    screen.click("saved None")
    assert screen.text == "saved ok" and saver.saved == 1


def test_value_none_means_uncontrolled() -> None:
    @component
    def Form() -> Any:
        n, set_n = use_state(0)
        return h.div(h.input(value=None, aria_label="free"), h.button(f"render {n}", on_click=lambda: set_n(n + 1)))

    screen = render(Form())
    field = screen.find(role="textbox")
    assert field.value == ""
    screen.type(field, "typed")
    screen.click("render 0")  # a re-render does not pin the input back to ""
    assert screen.find(role="textbox").value == "typed"
    assert 'value=""' not in render_to_string(h.input(value=None))
    assert ".value" not in h.input(value=None).attrs and h.input(value="").attrs[".value"] == ""  # "" is controlled


def test_class_dict_with_nothing_on_renders_no_class_attribute() -> None:
    assert render_to_string(h.div(class_={"x": False, "y": None})) == "<div></div>"
    assert render_to_string(h.div(class_=[None, False, ""])) == "<div></div>"
    assert render_to_string(h.div(class_={"x": True, "y": False})) == '<div class="x"></div>'
    screen = render(h.div("t", class_={"on": False}))
    assert "class" not in screen.find(text="t").attrs
