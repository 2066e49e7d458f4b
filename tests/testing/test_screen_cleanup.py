"""A :class:`~pyview.testing.Screen` owns an event loop: a test that never closes its screen must not leave that
loop open (Python warns "unclosed event loop", and pytest reports an exception ignored at collection time)."""

from __future__ import annotations

import gc
import sys
import warnings
from typing import Any

from pyview.components import component, h, use_state
from pyview.testing import render


@component
def Counter() -> object:
    n, set_n = use_state(0)
    return h.button(f"Clicked {n}", on_click=lambda: set_n(n + 1))


def _drop_and_collect(make: Any) -> tuple[list[str], list[str]]:
    """What Python says while collecting what ``make`` left: warnings, and exceptions it had to ignore."""
    ignored: list[str] = []
    old_hook = sys.unraisablehook
    sys.unraisablehook = lambda u: ignored.append(f"{u.exc_type.__name__}: {u.exc_value} in {u.object!r}")
    try:
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            make()
            gc.collect()
    finally:
        sys.unraisablehook = old_hook
    return [str(w.message) for w in said], ignored


def test_a_screen_nobody_closes_leaves_no_event_loop_open() -> None:
    def a_test_that_forgets_close() -> None:
        screen = render(Counter())
        screen.click("Clicked 0")
        assert screen.find(role="button").text == "Clicked 1"

    said, ignored = _drop_and_collect(a_test_that_forgets_close)
    assert not [m for m in said if "unclosed event loop" in m], said
    assert not ignored


def test_a_screen_closes_as_a_context_manager_and_close_is_idempotent() -> None:
    with render(Counter()) as screen:
        screen.click("Clicked 0")
        loop = screen.loop
    assert loop.is_closed()
    screen.close()  # again: nothing to do, no error
