"""In the browser (``Root.idle`` set), removed rows without effect cleanups are forgotten once the page is idle, not
before it paints the removal; nothing may see them meanwhile: events, renders, selections, contexts, effects."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from pyview.components import (
    Root,
    Selection,
    component,
    create_context,
    h,
    use_context,
    use_effect,
    use_selected,
    use_selection,
    use_state,
)

RENDERS: Counter[str] = Counter()
Theme = create_context("light", "Theme")


@component
def Row(row_id: int, selection: Selection) -> Any:
    RENDERS[f"row {row_id}"] += 1
    on = use_selected(selection, row_id)
    link = h.a(str(row_id), use_context(Theme), on_click=lambda: selection.set(row_id))
    return h.li(link, class_="on" if on else None)


@component
def Rows() -> Any:
    rows, set_rows = use_state([1, 2, 3])
    theme, set_theme = use_state("light")
    selection = use_selection(0)
    return h.div(
        h.button("replace", id="replace", on_click=lambda: set_rows([4, 5])),
        h.button("dark", id="dark", on_click=lambda: set_theme("dark")),
        h.button("select 2", id="select", on_click=lambda: selection.set(2)),
        Theme.provider(theme, h.ul([Row(i, selection, key=i) for i in rows])),
    )


def mounted() -> tuple[Root, list[Callable[[], None]], list[str], dict[str, int]]:
    patches: list[str] = []
    idle: list[Callable[[], None]] = []
    root = Root(patches.append, schedule=lambda fn: None)
    root.idle = idle.append  # as in the browser
    root.mount(Rows())
    while idle:
        idle.pop(0)()
    buttons = {}
    for inst in root.container.kids[0].kids[0].kids:
        if getattr(inst.el, "tag", None) == "button":
            buttons[inst.el.attrs["id"]] = inst.hids[1]
    RENDERS.clear()
    return root, idle, patches, buttons


def row_handler(root: Root, index: int) -> int:
    ul = root.container.kids[0].kids[0].kids[3].kids[0]  # Rows > div > provider > ul
    return ul.kids[index].kids[0].kids[0].hids[1]  # Row > li > a


def test_removed_rows_are_forgotten_once_idle_and_a_stale_click_on_one_does_nothing() -> None:
    root, idle, patches, buttons = mounted()
    stale = row_handler(root, 1)  # row 2's link
    root.dispatch(buttons["replace"], "{}")
    assert root.removed and stale in root.handlers  # left for the idle callback: the patch is sent first
    sent = len(patches)
    RENDERS.clear()
    root.dispatch(stale, "{}")  # the click was in flight while the row went away
    assert not root.removed and stale not in root.handlers
    assert len(patches) == sent and not RENDERS
    assert [fn.__name__ for fn in idle].count("_empty_trash") == 1
    while idle:
        idle.pop(0)()
    assert not root.trash


def test_a_selection_or_context_change_before_idle_does_not_render_removed_rows() -> None:
    root, idle, _, buttons = mounted()
    root.dispatch(buttons["replace"], "{}")
    assert root.removed
    root.dispatch(buttons["select"], "{}")  # row 2 was subscribed; it is gone
    root.dispatch(buttons["dark"], "{}")  # rows 1-3 used the context; they are gone
    assert dict(RENDERS) == {"row 4": 2, "row 5": 2}  # mounted, then re-rendered for the theme only
    while idle:
        idle.pop(0)()
    assert not root.removed and not root.trash


def test_a_removed_row_with_an_effect_cleanup_is_unmounted_at_once_and_its_cleanup_runs() -> None:
    log: list[str] = []

    @component
    def Timer(name: str) -> Any:
        use_effect(lambda: lambda: log.append(f"stop {name}"), [])
        return h.span(name)

    @component
    def Item(name: str) -> Any:
        return h.li(Timer(name) if name == "b" else name)  # the cleanup is one component further down

    @component
    def List() -> Any:
        items, set_items = use_state(["a", "b"])
        return h.ul(h.button("x", on_click=lambda: set_items(["c"])), [Item(n, key=n) for n in items])

    idle: list[Callable[[], None]] = []
    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.idle = idle.append
    root.mount(List())
    while idle:
        idle.pop(0)()
    (button,) = root.handlers
    root.dispatch(button, "{}")
    assert log == ["stop b"]  # in the same commit, as without an idle callback
    assert [inst.el.args for insts in root.removed for inst in insts] == [("a",)]  # only "a" waits for idle
    while idle:
        idle.pop(0)()
    assert root.container.kids[0].cleanups == 0  # nothing held any more


def test_cleanup_counts_follow_effects_that_run_again_and_unmount() -> None:
    @component
    def Ticker(n: int) -> Any:
        use_effect(lambda: lambda: None, [n])
        use_effect(lambda: None)  # no cleanup: not counted
        return h.span(str(n))

    @component
    def Outer() -> Any:
        n, set_n = use_state(0)
        return h.div(h.button("+", on_click=lambda: set_n(n + 1)), Ticker(n) if n < 2 else None)

    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.mount(Outer())
    outer = root.container.kids[0]
    assert outer.cleanups == 1
    (button,) = root.handlers
    root.dispatch(button, "{}")  # the effect runs again: its old cleanup out, the new one in
    assert outer.cleanups == 1
    (button,) = root.handlers
    root.dispatch(button, "{}")  # Ticker unmounted
    assert outer.cleanups == 0
