"""A removed component, and a tree rendered once and thrown away, are freed at once by reference counting.

The server runtime keeps a live tree per open View, so its heap is large, and each pass of Python's cyclic
collector walks all of it. What the runtime throws away (rows a click removed, the render of a tool result) must
not wait for such a pass: these tests run with the cyclic collector off and check that it is gone anyway.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pyview.components import Root, component, create_context, h, use_context, use_effect, use_state

Theme = create_context("light", "Theme")


class Marker:
    """Something a row holds in its state, whose weak reference says when the row was freed."""


@component
def Cell(label: str) -> Any:
    theme = use_context(Theme)  # a consumer: the provider keeps it in a set
    return h.span(label, class_=theme)


@component
def Row(row_id: int, held: list[weakref.ref[Marker]]) -> Any:
    marker, set_marker = use_state(Marker())  # the first render's is kept
    count, set_count = use_state(0)
    if not held or held[-1]() is not marker:
        held.append(weakref.ref(marker))
    use_effect(lambda: lambda: None, [])  # an effect with a cleanup
    return h.li(
        Cell(f"row {row_id}: {count}"),
        h.button("more", on_click=lambda: set_count(count + 1)),  # a handler closing over the setter
        h.button("new", on_click=lambda: set_marker(Marker())),
    )


@component
def Rows(held: list[weakref.ref[Marker]]) -> Any:
    rows, set_rows = use_state([1, 2, 3])
    return h.div(
        h.button("clear", id="clear", on_click=lambda: set_rows([])),
        Theme.provider("dark", h.ul([Row(i, held, key=i) for i in rows])),
    )


@pytest.fixture
def collector_off() -> Iterator[None]:
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def clear_button(root: Root) -> int:
    rows: Any = root.container.kids[0]
    div = rows.kids[0]  # Rows > div
    return int(div.kids[0].hids[1])


def mounted(idle: list[Callable[[], None]] | None = None) -> tuple[Root, list[weakref.ref[Marker]]]:
    held: list[weakref.ref[Marker]] = []
    root = Root(lambda patch: None, schedule=lambda fn: None)
    if idle is not None:
        root.idle = idle.append  # as in the browser
    root.mount(Rows(held))
    while idle:
        idle.pop(0)()
    assert len(held) == 3 and all(ref() is not None for ref in held)
    return root, held


def test_rows_a_click_removes_are_freed_at_once(collector_off: None) -> None:
    root, held = mounted()
    root.dispatch(clear_button(root), "{}")
    root.flush()
    assert [ref() for ref in held] == [None, None, None]


def test_in_the_browser_removed_rows_are_freed_once_the_page_is_idle(collector_off: None) -> None:
    idle: list[Callable[[], None]] = []
    root, held = mounted(idle)
    root.dispatch(clear_button(root), "{}")
    root.flush()
    while idle:
        idle.pop(0)()
    assert [ref() for ref in held] == [None, None, None]


def test_a_released_tree_is_freed_at_once(collector_off: None) -> None:
    root, held = mounted()
    root.release()
    assert [ref() for ref in held] == [None, None, None]
    assert not root.container.kids and not root.handlers


def test_a_state_setter_keeps_its_identity_and_sets() -> None:
    setters: list[Callable[[Any], None]] = []
    shown: list[int] = []

    @component
    def Counter() -> Any:
        count, set_count = use_state(0)
        setters.append(set_count)
        shown.append(count)
        return h.p(str(count))

    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.mount(Counter())
    setters[0](5)
    root.flush()
    setters[-1](lambda n: n + 1)
    root.flush()
    assert shown == [0, 5, 6]
    assert setters[0] is setters[1] is setters[2]
