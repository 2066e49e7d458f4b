"""``ErrorBoundary``: a component below it that fails to render shows a host-styled error box in its place.

pyview's renderer already isolates a component that raises while rendering (its place shows a plain error box,
the rest renders). An ``ErrorBoundary`` makes that box match the View (an ``Alert``), lets the developer
choose the fallback, and offers "Try again". It works by guarding the component calls below it: each guarded
component renders its original function inside ``try``, and guards the components it returns in turn.
"""

from __future__ import annotations

from pyview._core.components._component import Component, component, create_context, use_context
from pyview._core.components._element import ComponentElement, Element, h
from pyview._core.components._hooks import use_state as _use_state

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

_BOUNDARY = create_context(None, "ErrorBoundary")
_GUARDS: dict[int, tuple[Component, Component]] = {}


class _Boundary:
    __slots__ = ("fallback", "retry")

    def __init__(self, fallback: Callable[[BaseException, Callable[[], None]], object], retry: Callable[[], None]):
        self.fallback = fallback
        self.retry = retry


def _report(exc: BaseException, name: str) -> None:
    """Report like the renderer does (``on_error``, stderr, the host's log), without the View's error list."""
    from pyview._core.components._hooks import current_component

    comp = current_component()
    if comp is not None:
        comp.pending = None  # effects of a failed render never run
        root = getattr(comp, "root", None)
        if root is not None:
            root.report(exc, f"rendering {name}", show=False)


def _guard(comp: Component) -> Component:
    found = _GUARDS.get(id(comp))
    if found is not None and found[0] is comp:
        return found[1]
    fn = comp.fn
    name = comp.__name__

    def guarded(*args: Any, **kwargs: Any) -> object:
        boundary: _Boundary | None = use_context(_BOUNDARY)
        try:
            out = fn(*args, **kwargs)
        except Exception as exc:
            if boundary is None:
                raise
            _report(exc, name)
            return boundary.fallback(exc, boundary.retry)
        return guard_tree(out)

    guard = Component(guarded, comp.memo)
    guard.__name__ = guard.__qualname__ = name
    _GUARDS[id(comp)] = (comp, guard)
    return guard


def guard_tree(node: object) -> object:
    """Guard every component call in ``node`` (in place: component elements get the guarded type)."""
    kind = type(node)
    if kind is ComponentElement:
        ce: ComponentElement = node  # type: ignore[assignment]
        if ce.type.context is None:
            ce.type = _guard(ce.type)
        for arg in ce.args:
            guard_tree(arg)
        for arg in ce.kwargs.values():
            guard_tree(arg)
    elif kind is Element:
        element: Element = node  # type: ignore[assignment]
        for node_child in element.children:
            if type(node_child) is not str:
                guard_tree(node_child)
    elif kind is list or kind is tuple:
        items: list[object] | tuple[object, ...] = node  # type: ignore[assignment]
        for child in items:
            guard_tree(child)
    return node


def _default_fallback(exc: BaseException, retry: Callable[[], None]) -> object:
    # only a failure renders the fallback: a View without one never loads these (import time)
    from pyview._core.components._errors import describe
    from pyview._core.ui._actions import Button
    from pyview._core.ui._feedback import Alert

    return Alert(
        h.div(f"{type(exc).__name__}: {exc}"),
        h.details(h.summary("Details"), h.pre(describe(exc))),
        h.div(Button("Try again", size="sm", icon="refresh", on_click=retry), style={"margin-top": "8px"}),
        title="This part of the View failed to load",
        tone="danger",
        class_="pv-error-box",
    )


@component
def _ErrorBoundary(children: tuple[object, ...], fallback: object) -> object:
    generation, set_generation = _use_state(0)
    boundary = _Boundary(
        fallback if callable(fallback) else _default_fallback,
        lambda: set_generation(lambda n: n + 1),
    )
    return _BOUNDARY.provider(
        boundary, h.div(*[guard_tree(child) for child in children], key=generation, class_="pv-error-boundary")
    )


def ErrorBoundary(*children: object, fallback: object = None, key: object = None) -> ComponentElement:
    """Contain render errors: a component below that raises shows ``fallback`` in its place; the rest renders.

    Args:
        *children: the guarded content.
        fallback: ``fallback(exc, retry) -> element``; by default a danger ``Alert`` with the error, its
            traceback folded, and a "Try again" button (``retry()`` re-mounts the children).

    Errors are still reported (the View's ``on_error``, and the host's log). Only component renders are
    guarded: a failure while *building* the children (in the parent) is the parent's error.

    Example:
        >>> from pyview.components import component, render_to_string
        >>> @component
        ... def Broken():
        ...     raise ValueError("bad data")
        >>> html = render_to_string(ErrorBoundary(Broken(), fallback=lambda exc, retry: h.p(f"Oops: {exc}")))
        >>> html
        '<div class="pv-error-boundary"><p>Oops: bad data</p></div>'
    """
    return _ErrorBoundary(children, fallback, key=key)
