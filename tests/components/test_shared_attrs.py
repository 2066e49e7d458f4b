"""Equal small attribute dicts are one object (memory: a 10,000-row table repeats them), and sharing them changes
nothing a View can see: handler ids go into a copy, controlled values and long text are never shared."""

from __future__ import annotations

from pyview._core.components._element import shared_attrs
from pyview.components import component, h, use_state
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
