"""Renderer work is proportional to what changed, counted (not timed).

Work is counted two ways: the component functions that ran, and every Python function call the renderer made
(``sys.setprofile``), for the same operation on a 100-row and a 1,000-row table. O(1) work means the counts are
the same for both sizes.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pyview.components import Selection, component, h, use_callback, use_selected, use_selection, use_state
from pyview.testing import Screen, render

CALLS: Counter[str] = Counter()


@component
def Row(row_id: int, label: str, selection: Selection, remove: Any) -> Any:
    CALLS["Row"] += 1
    on = use_selected(selection, row_id)
    return h.tr(
        h.td(str(row_id)),
        h.td(h.a(label, class_="lbl", on_click=lambda: selection.set(row_id))),
        h.td(h.a("x", class_="remove", on_click=lambda: remove(row_id))),
        class_="danger" if on else None,
        dataset={"id": str(row_id)},
    )


@component
def Table(count: int) -> Any:
    CALLS["Table"] += 1
    rows, set_rows = use_state(lambda: [(i, f"row {i}") for i in range(1, count + 1)])
    selection = use_selection(0)
    remove = use_callback(lambda row_id: set_rows(lambda old: [r for r in old if r[0] != row_id]), [])
    return h.div(
        h.button("clear", id="clear", on_click=lambda: set_rows([])),
        h.button("none", id="none", on_click=lambda: selection.set(0)),
        h.table(h.tbody([Row(i, label, selection, remove, key=i) for i, label in rows])),
    )


@contextmanager
def python_calls() -> Iterator[Counter[str]]:
    """Count the renderer's Python function calls (by module and name) while the block runs.

    The test DOM (``_minidom``, ``_query``) stands in for the browser, so its work is not the renderer's.
    """
    counts: Counter[str] = Counter()

    def profile(frame: Any, event: str, arg: object) -> None:
        if event == "call":
            path = frame.f_code.co_filename.replace("\\", "/")
            if "/pyview/_core/components/_" in path and not path.endswith(("_minidom.py", "_query.py")):
                counts[f"{path.rsplit('/', 1)[1]}:{frame.f_code.co_name}"] += 1

    sys.setprofile(profile)
    try:
        yield counts
    finally:
        sys.setprofile(None)


def _row_link(screen: Screen, row_id: int) -> Any:
    return screen.find(f"tr[data-id={row_id}] a.lbl")


def measure(count: int, action: Callable[[Screen], None], setup: Callable[[Screen], None] | None = None) -> Any:
    screen = render(Table(count), check=False)
    if setup is not None:
        setup(screen)
    CALLS.clear()
    patches = len(screen.patches)
    with python_calls() as calls:
        action(screen)
    screen.verify()
    ops = [op for patch in screen.patches[patches:] for op in json.loads(patch)]
    components = dict(CALLS)
    return screen, components, calls, ops


def select(row_id: int) -> Callable[[Screen], None]:
    return lambda screen: screen.click(_row_link(screen, row_id))


def test_selecting_one_row_of_1000_runs_two_row_components_and_constant_work() -> None:
    results = {}
    for count in (100, 1000):
        screen, components, calls, ops = measure(count, select(50), setup=select(7))
        assert components == {"Row": 2}, components  # the old and the new row; the table does not re-render
        assert sorted(op[0] for op in ops) == [3, 3], ops  # two class attributes
        assert screen.find("tr.danger").get("data-id") == "50"
        results[count] = calls
    # the same Python functions, the same number of times, for 100 and for 1,000 rows
    assert results[100] == results[1000], set(results[1000].items()) ^ set(results[100].items())


def test_clearing_the_selection_and_reselecting_is_constant_work() -> None:
    for count in (100, 1000):
        screen, components, _, _ = measure(count, lambda s: s.click("#none"), setup=select(3))
        assert components == {"Row": 1}
        assert screen.query("tr.danger") is None


def test_clearing_1000_rows_calls_no_function_per_row() -> None:
    results = {}
    for count in (100, 1000):
        screen, components, calls, ops = measure(count, lambda s: s.click("#clear"), setup=select(9))
        assert components == {"Table": 1}
        assert [op[0] for op in ops] == [5]  # one "remove all children" op
        assert screen.find_all("tr") == []
        root = screen.root
        assert len(root.handlers) == 2  # only the two buttons' handlers are left
        results[count] = calls
    assert results[100] == results[1000], set(results[1000].items()) ^ set(results[100].items())


def test_removing_one_row_keeps_selection_subscriptions_tidy() -> None:
    selections: list[Selection] = []

    @component
    def Probe() -> Any:
        selection = use_selection(None)
        selections.append(selection)
        items, set_items = use_state(["a", "b", "c"])
        return h.ul(
            h.button("drop b", id="drop", on_click=lambda: set_items(["a", "c"])),
            [Item(name, selection, key=name) for name in items],
        )

    @component
    def Item(name: str, selection: Selection) -> Any:
        return h.li(name, class_="on" if use_selected(selection, name) else None)

    screen = render(Probe())
    selection = selections[0]
    assert set(selection.subscribers) == {"a", "b", "c"}
    screen.click("#drop")
    assert set(selection.subscribers) == {"a", "c"}
    selection.set("c")
    screen.flush()
    assert [li.get("class") for li in screen.find_all("li")] == [None, "on"]
    selection.set(lambda old: "a" if old == "c" else old)
    screen.flush()
    assert [li.get("class") for li in screen.find_all("li")] == ["on", None]


def test_use_selected_without_a_key_reads_the_value_and_follows_every_change() -> None:
    shared = Selection("x")

    @component
    def Shows() -> Any:
        return h.p(f"selected: {use_selected(shared)}")

    screen = render(Shows())
    assert screen.text == "selected: x"
    shared.set("y")
    screen.flush()
    assert screen.text == "selected: y"
    assert shared.is_selected("y") and not shared.is_selected("x")


def test_a_row_whose_key_argument_changes_moves_its_subscription() -> None:
    shared = Selection(1)

    @component
    def Cell(key_: int) -> Any:
        return h.span("on" if use_selected(shared, key_) else "off")

    screen = render(Cell(1))
    assert screen.text == "on"
    screen.rerender(Cell(2))
    assert screen.text == "off"
    assert set(shared.subscribers) == {2}
    shared.set(2)
    screen.flush()
    assert screen.text == "on"


def test_few_changes_in_a_long_list_match_in_place_and_move_only_the_changed() -> None:
    import random

    from pyview.testing import render as render_tree

    rng = random.Random(5)

    @component
    def Item(label: str) -> Any:
        return h.li(label, dataset={"label": label})

    def tree(labels: list[str]) -> Any:
        return h.ul(h.li("head"), [Item(label, key=label) for label in labels], h.li("tail"))

    labels = [str(i) for i in range(200)]
    screen = render_tree(tree(labels))
    for _ in range(40):
        new = labels[:]
        for _ in range(rng.randint(1, 4)):
            a, b = rng.randrange(len(new)), rng.randrange(len(new))
            new[a], new[b] = new[b], new[a]
        if rng.random() < 0.3:
            new[rng.randrange(len(new))] = f"n{rng.randrange(10**6)}"  # one replaced: removed and inserted
        before = len(screen.patches)
        screen.rerender(tree(new))  # the patched DOM is checked against the tree after every update
        assert [li.get("data-label") for li in screen.find_all("li")][1:-1] == new
        ops = [op for patch in screen.patches[before:] for op in json.loads(patch)]
        assert len([op for op in ops if op[0] == 2]) <= 8, ops  # a few moves, not a reshuffle
        labels = new


def test_what_an_update_allocated_is_collected_right_after_it_not_at_the_next_click() -> None:
    import gc

    from pyview.components import Root

    @component
    def Grow() -> Any:
        count, set_count = use_state(0)
        return h.div(h.button("grow", on_click=lambda: set_count(3000)), [h.p(str(i), key=i) for i in range(count)])

    pending: list[Callable[[], None]] = []
    root = Root(lambda patch: None, schedule=pending.append)
    root.mount(Grow())
    (grow,) = root.handlers
    root.dispatch(grow, "{}")  # the collector is paused while this update renders (at once: a user's event)
    assert "_collect_garbage" in [fn.__name__ for fn in pending]
    while pending:
        pending.pop(0)()
    assert gc.get_count()[0] < 1000  # nothing left over for the next event's first allocation
    root.dispatch(grow, "{}")  # an update that allocates little schedules no collection
    assert "_collect_garbage" not in [fn.__name__ for fn in pending]


def test_in_the_browser_the_collector_stays_paused_until_the_page_has_painted_then_collects() -> None:
    import gc

    from pyview.components import Root

    @component
    def Grow() -> Any:
        count, set_count = use_state(0)
        grow = h.button("grow", on_click=lambda: set_count(lambda n: 2990 if n == 3000 else 3000))
        return h.div(grow, [h.p(str(i), key=i) for i in range(count)])

    idle: list[Callable[[], None]] = []
    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.idle = idle.append  # the browser: pyviewDom.idle, after the frame showing the update is painted
    root.mount(Grow())
    (grow,) = root.handlers
    assert gc.isenabled()
    try:
        root.dispatch(grow, "{}")
        # enabling it now would collect the whole update at once, before the browser paints it
        assert not gc.isenabled()
        assert [fn.__name__ for fn in idle] == ["_collect_garbage"]
        root.dispatch(grow, "{}")  # another update before that: still paused, one collection pending
        assert not gc.isenabled() and [fn.__name__ for fn in idle].count("_collect_garbage") == 1
        while idle:
            idle.pop(0)()
        assert gc.isenabled()
        assert gc.get_count()[0] < 1000
    finally:
        gc.enable()


def test_a_failing_idle_scheduler_never_leaves_the_collector_paused() -> None:
    import gc

    from pyview.components import Root

    @component
    def Many() -> Any:
        return h.ul([h.li(str(i), key=i) for i in range(3000)])

    def broken(fn: Callable[[], None]) -> None:
        raise RuntimeError("no idle callbacks here")

    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.idle = broken
    try:
        root.mount(Many())
        assert gc.isenabled()
    finally:
        gc.enable()


def test_a_big_first_render_is_paused_and_collected_like_an_update() -> None:
    import gc

    from pyview.components import Root

    idle: list[Callable[[], None]] = []
    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.idle = idle.append
    tree = h.ul([h.li(str(i), key=i) for i in range(3000)])
    try:
        root.mount(tree)  # the View's first render (hydration) allocates as much as any update
        assert not gc.isenabled() and len(idle) == 1
        idle.pop()()
        assert gc.isenabled()
    finally:
        gc.enable()


def test_removed_rows_are_freed_at_once_not_left_for_the_cyclic_collector() -> None:
    import gc

    from pyview._core.components._instances import CompInst
    from pyview.components import Root, use_selected

    def alive_rows() -> int:
        return sum(1 for o in gc.get_objects() if type(o) is CompInst and o.el.type is Row)

    @component
    def Row(row_id: int, selection: Any) -> Any:
        return h.li(str(row_id), class_="on" if use_selected(selection, row_id) else None)

    @component
    def Rows() -> Any:
        rows, set_rows = use_state(list(range(50)))
        selection = use_selection(0)
        return h.ul(h.button("clear", on_click=lambda: set_rows([])), [Row(i, selection, key=i) for i in rows])

    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.mount(Rows())
    (clear,) = root.handlers
    gc.collect()
    assert alive_rows() == 50
    enabled = gc.isenabled()
    gc.disable()  # only reference counting may free them
    try:
        root.dispatch(clear, "{}")
        assert alive_rows() == 0
    finally:
        if enabled:
            gc.enable()


def test_in_the_browser_removed_rows_are_freed_once_the_page_is_idle() -> None:
    import gc

    from pyview._core.components._instances import CompInst
    from pyview.components import Root

    @component
    def Row(row_id: int) -> Any:
        return h.li(str(row_id))

    @component
    def Rows() -> Any:
        rows, set_rows = use_state(list(range(50)))
        return h.ul(h.button("clear", on_click=lambda: set_rows([])), [Row(i, key=i) for i in rows])

    def alive_rows() -> int:
        return sum(1 for o in gc.get_objects() if type(o) is CompInst and o.el.type is Row)

    idle: list[Callable[[], None]] = []
    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.idle = idle.append
    root.mount(Rows())
    while idle:
        idle.pop(0)()
    (clear,) = root.handlers
    enabled = gc.isenabled()
    gc.disable()  # only reference counting may free them
    try:
        root.dispatch(clear, "{}")
        assert alive_rows() == 50  # freeing them would delay the frame that shows the empty table
        while idle:
            idle.pop(0)()
        assert alive_rows() == 0
    finally:
        if enabled:
            gc.enable()
