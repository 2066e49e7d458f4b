"""Equal small attribute dicts are one object (memory: a 10,000-row table repeats them), and sharing them changes
nothing a View can see: handler ids go into a copy, controlled values and long text are never shared."""

from __future__ import annotations

from pyview._core.components._element import shared_attrs
from pyview.components import component, h, prevent_default, use_state
from pyview.testing import render


def test_equal_small_attribute_dicts_are_one_object() -> None:
    assert h.td("1", class_="col-md-1").attrs is h.td("2", class_="col-md-1").attrs
    assert h.td(class_="a").attrs is not h.td(class_="b").attrs
    assert h.td().attrs is h.span().attrs == {}
    long = "x" * 65
    assert h.td(title=long).attrs is not h.td(title=long).attrs
    assert h.input(value="a").attrs is not h.input(value="a").attrs  # controlled: its diff reads the page's value
    assert shared_attrs({"a": "1", "b": "2", "c": "3"}) is not shared_attrs({"a": "1", "b": "2", "c": "3"})


def test_rows_sharing_attributes_keep_their_own_handlers_and_update_alone() -> None:
    @component
    def Rows() -> object:
        picked, pick = use_state(0)
        return h.ul([h.li(h.a(f"row {i}", class_="lbl", on_click=lambda i=i: pick(i)),
                          class_="on" if picked == i else "row") for i in range(1, 4)])  # fmt: skip

    screen = render(Rows())
    shared = h.a("x", class_="lbl").attrs
    assert "@click" not in shared  # mount put the handler id in a copy
    screen.click("row 2")
    assert [li.attrs.get("class") for li in screen.find_all("li")] == ["row", "on", "row"]
    screen.click("row 3")
    assert [li.attrs.get("class") for li in screen.find_all("li")] == ["row", "row", "on"]
    assert shared == {"class": "lbl"}


def test_a_handler_beside_a_remembered_attribute_still_gets_what_it_asks_of_the_event() -> None:
    # The attributes beside a handler may be shared, the handler's flags may not: a submit handler (its default is
    # prevented) and a prevent_default one keep them when {"class": "f"} was built before, plain ones still run
    got: list[object] = []
    for _ in range(2):  # the names classified and the attributes shared before the View is built
        h.form(class_="f", on_submit=lambda: None), h.a(class_="f", on_click=lambda: None)
        h.button(on_click=lambda: None)

    @component
    def Page() -> object:
        return h.div(
            h.form(h.button("Send"), class_="f", on_submit=lambda: got.append("sent")),
            h.a("Go", class_="f", on_click=prevent_default(lambda: got.append("went"))),
            h.a("Plain", class_="f", on_click=lambda: got.append("plain")),
            h.button("Alone", on_click=lambda: got.append("alone")),
        )

    screen = render(Page())
    assert screen.dom.fire(screen.find("form"), "submit") is False
    assert screen.fire("Go", "click") is False
    assert screen.fire("Plain", "click") is True
    screen.click("Alone")
    assert got == ["sent", "went", "plain", "alone"]
    assert [a.attrs.get("class") for a in screen.find_all("a")] == ["f", "f"]
