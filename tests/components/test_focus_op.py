"""The FOCUS patch op: a component's focus request travels in the patch stream, resolved to the renderer's node id."""

from __future__ import annotations

import json
from typing import Any

from pyview._core.components._root import FOCUS
from pyview._core.ui._util import use_focus
from pyview.components import component, h, use_effect, use_state
from pyview.testing import render


def focus_ops(patch: str) -> list[list[Any]]:
    return [op for op in json.loads(patch) if op[0] == FOCUS]


def test_a_request_from_a_handler_names_the_node_after_the_update_that_renders_it() -> None:
    @component
    def Picker() -> Any:
        chosen, set_chosen = use_state("a")
        focus = use_focus()

        def pick(name: str) -> None:
            set_chosen(name)
            focus(f"item-{name}")

        items = [
            h.button(n, id=f"item-{n}", tabindex="0" if n == chosen else "-1", on_click=lambda n=n: pick(n))
            for n in "abc"
        ]
        return h.div(items)

    screen = render(Picker())
    screen.click("c")
    ops = json.loads(screen.patches[-1])
    assert ops[-1] == [FOCUS, screen.find("#item-c").id]  # last: after the tabindex changes it follows
    assert screen.focused is screen.find("#item-c")


def test_a_request_that_changes_no_state_still_sends_its_patch() -> None:
    @component
    def Box() -> Any:
        focus = use_focus()
        return h.div(h.button("go", on_click=lambda: focus("target")), h.input(id="target", aria_label="t"))

    screen = render(Box())
    count = len(screen.patches)
    screen.click("go")
    assert len(screen.patches) == count + 1
    assert focus_ops(screen.patches[-1]) == [[FOCUS, screen.find("#target").id]]


def invalid(attrs: dict[str, str]) -> bool:
    return attrs.get("aria-invalid") == "true"


def test_a_match_finds_the_first_element_inside_and_a_request_from_an_effect_is_sent() -> None:
    @component
    def Form() -> Any:
        shown, set_shown = use_state(False)
        focus = use_focus()
        use_effect(lambda: focus("form", invalid) if shown else None, [shown])
        return h.form(
            h.input(name="a", aria_label="a"),
            h.div(h.input(name="b", aria_label="b", aria_invalid=shown or None)),
            h.input(name="c", aria_label="c", aria_invalid=shown or None),
            h.button("check", type="button", on_click=lambda: set_shown(True)),
            id="form",
        )

    screen = render(Form())
    screen.click("check")
    assert screen.focused is screen.find("input[name=b]")  # the first in document order, as querySelector


def test_an_id_the_component_does_not_render_or_a_removed_component_sends_nothing() -> None:
    @component
    def Other() -> Any:
        return h.input(id="elsewhere", aria_label="x")

    @component
    def Asker(on_focus: Any) -> Any:
        focus = use_focus()
        on_focus.append(focus)
        return h.button("ask", on_click=lambda: focus("elsewhere"))

    @component
    def Page() -> Any:
        there, set_there = use_state(True)
        return h.div(Asker(asked) if there else None, Other(), h.button("drop", on_click=lambda: set_there(False)))

    asked: list[Any] = []
    screen = render(Page())
    screen.click("ask")  # #elsewhere exists, but another component renders it
    assert screen.focused is None and not any(focus_ops(p) for p in screen.patches)
    screen.click("drop")
    count = len(screen.patches)
    asked[-1]("elsewhere")
    screen.settle()
    assert len(screen.patches) == count and screen.focused is None
