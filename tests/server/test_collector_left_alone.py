"""The cyclic collector is the whole process's: the browser's Root pauses it during an update (it owns its
interpreter), but the server runtime's roots and ``render_to_string``, which share a server's process and threads,
never touch it (docs/server.md, "Garbage collection")."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from pyview._tooling.server._render import ServerRoot
from pyview.components import Root, component, h, render_to_string, use_state


@component
def Rows() -> Any:
    rows, set_rows = use_state(list(range(50)))
    return h.div(h.button("less", on_click=lambda: set_rows(rows[:-1])), h.ul([h.li(str(i), key=i) for i in rows]))


@pytest.fixture
def pauses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every ``gc.disable()`` call, by whoever makes it."""
    calls: list[str] = []
    monkeypatch.setattr(gc, "disable", lambda: calls.append("disable"))
    return calls


def click_less(root: Root) -> None:
    (handler,) = root.handlers
    root.dispatch(handler, "{}")
    root.flush()


def test_the_server_runtimes_roots_leave_the_collector_alone(pauses: list[str]) -> None:
    root = ServerRoot("rows", effects=False)
    root.schedule = lambda fn: None
    root.mount(Rows())
    click_less(root)
    assert pauses == []


def test_render_to_string_leaves_the_collector_alone(pauses: list[str]) -> None:
    assert "<li>49</li>" in render_to_string(Rows())
    assert pauses == []


def test_the_browsers_root_pauses_it_for_an_update(pauses: list[str]) -> None:
    root = Root(lambda patch: None, schedule=lambda fn: None)
    root.mount(Rows())
    click_less(root)
    assert len(pauses) >= 2  # the first render and the update (each flush pauses it)
