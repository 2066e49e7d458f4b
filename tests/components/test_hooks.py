"""Hooks: effects and cleanup order, memo, callbacks, refs, context, batching."""

from __future__ import annotations

import asyncio

import pytest

from pyview.components import (
    component,
    create_context,
    h,
    use_callback,
    use_context,
    use_effect,
    use_memo,
    use_ref,
    use_state,
)
from pyview.testing import render


def test_effects_run_after_commit_children_first_and_clean_up_parent_first():
    log = []

    @component
    def Child(name: str, dep: int):
        def effect():
            log.append(f"run {name} {dep}")
            return lambda: log.append(f"clean {name} {dep}")

        use_effect(effect, [dep])
        return h.span(name)

    @component
    def Parent(dep: int, show: bool):
        def effect():
            log.append(f"run parent {dep}")
            return lambda: log.append(f"clean parent {dep}")

        use_effect(effect, [dep])
        return h.div(Child("a", dep), Child("b", 0)) if show else None

    screen = render(Parent(1, True))
    assert log == ["run a 1", "run b 0", "run parent 1"]
    log.clear()
    screen.rerender(Parent(2, True))
    assert log == ["clean a 1", "clean parent 1", "run a 2", "run parent 2"]  # b's deps unchanged
    log.clear()
    screen.rerender(Parent(2, False))
    assert log == ["clean a 2", "clean b 0"]
    log.clear()
    screen.unmount()
    assert log == ["clean parent 2"]


def test_effect_without_deps_runs_after_every_render_and_sees_the_dom():
    seen = []

    @component
    def Counter():
        n, set_n = use_state(0)
        use_effect(lambda: seen.append(screen_ref[0].find("button").text if screen_ref else None))
        return h.button(f"n={n}", on_click=lambda: set_n(n + 1))

    screen_ref = []
    screen = render(Counter())
    screen_ref.append(screen)
    screen.click("n=0")
    assert seen == [None, "n=1"]


def test_state_set_in_an_effect_rerenders_and_stops():
    @component
    def Loader():
        data, set_data = use_state(None)
        use_effect(lambda: set_data("loaded"), [])
        return h.p(data or "loading")

    assert render(Loader()).text == "loaded"


def test_endless_effect_loop_is_stopped_and_reported():
    @component
    def Bad():
        n, set_n = use_state(0)
        use_effect(lambda: set_n(n + 1))
        return h.p(n)

    screen = render(Bad())
    assert any("keeps changing" in str(e) for e in screen.errors)


def test_async_effect_runs_as_task_and_is_cancelled_on_unmount():
    events = []

    @component
    def Poller():
        value, set_value = use_state("idle")

        async def poll():
            try:
                set_value("polling")
                await asyncio.sleep(0)
                set_value("done")
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                events.append("cancelled")
                raise

        use_effect(poll, [])
        return h.p(value)

    screen = render(h.div())
    screen.root.mount(Poller())
    for _ in range(10):  # loop turns, not time: the task sets "done" on its second step
        screen.flush()
        if screen.text == "done":
            break
    assert screen.text == "done"
    screen.unmount()
    screen.loop.run_until_complete(asyncio.sleep(0))
    assert events == ["cancelled"]


def test_use_memo_and_use_callback_recompute_only_on_deps_change():
    computed = []

    @component
    def Total(items: tuple, label: str):
        total = use_memo(lambda: computed.append(items) or sum(items), [items])
        cb = use_callback(lambda: total, [total])
        ids.append(id(cb))
        return h.p(f"{label}{total}")

    ids = []
    screen = render(Total((1, 2), "a"))
    screen.rerender(Total((1, 2), "b"))
    screen.rerender(Total((1, 2, 3), "b"))
    assert computed == [(1, 2), (1, 2, 3)]
    assert ids[0] == ids[1] != ids[2]
    assert screen.text == "b6"


def test_use_ref_keeps_a_value_without_rerendering():
    renders = []

    @component
    def Clicks():
        clicks = use_ref(0)
        renders.append(1)

        def click():
            clicks.current += 1

        return h.button(f"ref {clicks.current}", on_click=click)

    screen = render(Clicks())
    screen.click("ref 0")
    screen.click("ref 0")
    assert len(renders) == 1


def test_context_default_provider_and_update_reaches_memoised_consumers():
    Theme = create_context("light", name="Theme")
    renders = []

    @component
    def Badge():
        renders.append(1)
        return h.span(use_context(Theme))

    @component
    def Static():
        return h.div(Badge())

    @component
    def App():
        theme, set_theme = use_state("dark")
        return h.main(
            Theme.provider(theme, Static(), h.button("toggle", on_click=lambda: set_theme("blue"))),
            Badge(),
        )

    screen = render(App())
    assert [s.text for s in screen.find_all("span")] == ["dark", "light"]
    screen.click("toggle")
    assert [s.text for s in screen.find_all("span")] == ["blue", "light"]
    assert len(renders) == 3  # Static was skipped (memo); only the consumer re-rendered


def test_several_state_changes_make_one_render_and_one_patch():
    renders = []

    @component
    def Form():
        a, set_a = use_state(0)
        b, set_b = use_state(0)
        renders.append((a, b))

        def both():
            set_a(1)
            set_b(2)
            set_a(lambda v: v + 10)

        return h.button(f"{a} {b}", on_click=both)

    screen = render(Form())
    before = len(screen.patches)
    screen.click("0 0")
    assert renders == [(0, 0), (11, 2)]
    assert len(screen.patches) == before + 1


def test_setting_an_equal_simple_value_does_not_rerender():
    renders = []

    @component
    def Same():
        v, set_v = use_state("x")
        renders.append(v)
        return h.button(v, on_click=lambda: set_v("x"))

    screen = render(Same())
    screen.click("x")
    assert renders == ["x"]


def test_hooks_outside_components_and_in_changed_order_fail_clearly():
    with pytest.raises(RuntimeError, match="while a @component"):
        use_state(0)

    @component
    def Fickle(flag: bool):
        if flag:
            use_ref()
        use_state(0)
        return h.p("x")

    screen = render(Fickle(False))
    screen.rerender(Fickle(True))
    assert any("hook order changed" in str(e) for e in screen.errors)
