"""Renders in several threads at once are independent: hook state lives in a ContextVar, not a process global."""

from __future__ import annotations

import contextvars
import threading
import time

from pyview._core.components._hooks import current_component
from pyview.components import component, create_context, h, render_to_string, use_context, use_state
from pyview.ui import TextField

Theme = create_context("none", "Theme")
LEAVES = 30


@component
def Leaf(i: int):
    time.sleep(0)  # let the other threads run in the middle of this component's render (as real I/O would)
    n, _ = use_state(i)
    return h.span(f"{use_context(Theme)}-{n}")


@component
def Tree(name: str):
    return Theme.provider(name, h.div(*[Leaf(i) for i in range(LEAVES)]))


def expected(name: str) -> str:
    return "<div>" + "".join(f"<span>{name}-{i}</span>" for i in range(LEAVES)) + "</div>"


def test_threads_rendering_context_trees_at_once_all_get_their_own_output():
    outputs: list[tuple[str, str]] = []
    start = threading.Barrier(4)

    def work(name: str) -> None:
        start.wait()
        for _ in range(10):
            outputs.append((name, render_to_string(Tree(name))))

    threads = [threading.Thread(target=work, args=(f"t{k}",)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outputs) == 40
    wrong = [name for name, html in outputs if html != expected(name)]
    assert wrong == []


def test_two_renders_interleaved_inside_their_components_do_not_mix():
    """Thread A is inside a component function while thread B renders its own: each sees only its own component."""
    a_inside, b_done = threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    @component
    def Slow(name: str):
        mine = current_component()
        if name == "a":
            a_inside.set()
            assert b_done.wait(30)
        seen[name] = current_component() is mine
        value, _ = use_state(name)
        return h.b(f"{use_context(Theme)}:{value}")

    results: dict[str, str] = {}

    def render_a() -> None:
        results["a"] = render_to_string(Theme.provider("A", Slow("a")))

    thread = threading.Thread(target=render_a)
    thread.start()
    assert a_inside.wait(30)
    results["b"] = render_to_string(Theme.provider("B", Slow("b")))
    b_done.set()
    thread.join()
    assert results == {"a": "<b>A:a</b>", "b": "<b>B:b</b>"}
    assert seen == {"a": True, "b": True}
    assert current_component() is None


def test_use_id_counts_per_root_so_a_view_renders_the_same_ids_every_time():
    @component
    def Form():
        return h.div(TextField("Name"), TextField("City"))

    first = render_to_string(Form())
    assert 'id="pv-field-1"' in first and 'id="pv-field-2"' in first
    assert render_to_string(Form()) == first


def test_renders_nested_in_a_component_and_a_thread_with_its_context_keep_the_outer_component():
    """A render pass sets one frame whose component is swapped per component: a render inside a component (and one
    in a thread started with a copy of the context, as asyncio tasks get) nests and gives the outer one back."""
    checks: list[bool] = []

    @component
    def Inner(text: str):
        value, _ = use_state(text)
        return h.i(value)

    @component
    def Outer():
        mine = current_component()
        nested = render_to_string(Inner("nested"))
        checks.append(current_component() is mine)
        context = contextvars.copy_context()
        out: list[str] = []
        thread = threading.Thread(target=lambda: out.append(context.run(render_to_string, Inner("thread"))))
        thread.start()
        thread.join()
        checks.append(current_component() is mine)
        value, _ = use_state("outer")
        return h.b(nested, out[0], value)

    assert render_to_string(Outer()) == "<b>&lt;i&gt;nested&lt;/i&gt;&lt;i&gt;thread&lt;/i&gt;outer</b>"
    assert checks == [True, True]
    assert current_component() is None
