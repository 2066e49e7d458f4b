"""A component that raises while rendering shows an error box in its place, and recovers.

The box must go away on the component's next render that succeeds, including when what made it raise is the
component's own state and the repair comes from one of its effects (as a View taking a malformed tool result
into state, then a good one): the effects it scheduled before raising still run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyview.components import component, h, use_effect, use_state
from pyview.testing import render


def test_a_box_from_the_components_own_state_clears_when_an_effect_repairs_it() -> None:
    feed: dict[str, Callable[[Any], None]] = {}

    @component
    def Screen(result: dict[str, Any] | None) -> Any:
        page, set_page = use_state(None)
        use_effect(lambda: set_page(result) if result is not None else None, [result])
        return h.p("waiting" if page is None else f"{page['total']:,} orders")

    @component
    def Host() -> Any:
        result, set_result = use_state(None)
        feed["result"] = set_result
        return h.div(h.h1("title"), Screen(result))

    screen = render(Host(), check=False)
    feed["result"]({"total": 1200})
    screen.settle()
    assert screen.find("p").text == "1,200 orders"
    feed["result"]({"total": "1200"})  # a string where a number belongs: the render raises
    screen.settle()
    assert "Error in Screen" in screen.find(".pyview-error").text
    assert screen.find("h1").text == "title"  # the rest of the page renders
    feed["result"]({"total": 7})  # the next good result: its effect runs although the render raised again
    screen.settle()
    assert screen.query(".pyview-error") is None
    assert screen.find("p").text == "7 orders"
    feed["result"]({"total": 8})
    screen.settle()
    assert screen.find("p").text == "8 orders" and screen.query(".pyview-error") is None
    assert [type(e) for e in screen.errors] == [ValueError, ValueError]  # each failed render was reported


def test_a_component_that_raises_on_mount_recovers_through_its_effect() -> None:
    @component
    def Loader() -> Any:
        data, set_data = use_state("not loaded")
        use_effect(lambda: set_data(["loaded"]), [])
        return h.p(data[0] if isinstance(data, list) else data.missing)  # type: ignore[attr-defined]

    screen = render(Loader(), check=False)
    screen.settle()
    assert screen.query(".pyview-error") is None
    assert screen.find("p").text == "loaded"
    assert [type(e) for e in screen.errors] == [AttributeError]


def test_a_box_stays_while_renders_keep_failing_and_clears_on_a_new_prop() -> None:
    @component
    def Total(value: object) -> Any:
        return h.span(f"{value:,}")

    screen = render(h.div(Total("x")), check=False)
    assert "Error in Total" in screen.find(".pyview-error").text
    screen.rerender(h.div(Total("y")))
    assert "Error in Total" in screen.find(".pyview-error").text
    screen.rerender(h.div(Total(3000)))
    assert screen.query(".pyview-error") is None and screen.find("span").text == "3,000"


def test_an_effect_that_keeps_breaking_the_render_stops_with_a_report() -> None:
    @component
    def Spinning() -> Any:
        n, set_n = use_state(0)
        use_effect(lambda: set_n(n + 1))  # every render, including the failing ones: a loop, cut off
        if n > 2:
            raise RuntimeError("too far")
        return h.p(str(n))

    screen = render(Spinning(), check=False)
    screen.settle()
    boxes = [box.text for box in screen.find_all(".pyview-error")]
    assert any("Error in Spinning" in text for text in boxes)
    assert any("state keeps changing" in text for text in boxes)
    assert any("state keeps changing" in str(e) for e in screen.errors)
