"""Errors shown in the View: an inline box for a component that failed to render, a list for handlers."""

from __future__ import annotations

from pyview._core.components._component import component
from pyview._core.components._element import Element, h
from pyview._core.components._hooks import use_state

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.components._root import Root

_BOX = {
    "border": "1px solid #d33",
    "background": "#fff4f4",
    "color": "#900",
    "padding": "8px 12px",
    "margin": "4px 0",
    "border-radius": "6px",
    "font": "13px/1.4 system-ui, sans-serif",
}
_PRE = {"white-space": "pre-wrap", "margin": "6px 0 0", "font": "12px/1.4 ui-monospace, monospace"}


def describe(exc: BaseException) -> str:
    """The traceback of ``exc`` as text (imported lazily: only failures pay for it)."""
    import traceback

    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def error_box(exc: BaseException, title: str, on_dismiss: object = None) -> Element:
    """The error box element: the message first, the traceback folded below it."""
    return h.div(
        h.strong(title, ": "),
        h.span(f"{type(exc).__name__}: {exc}"),
        h.button("Dismiss", type="button", on_click=on_dismiss, style={"margin-left": "8px"}) if on_dismiss else None,
        h.details(h.summary("Traceback"), h.pre(describe(exc), style=_PRE)),
        role="alert",
        class_="pyview-error",
        style=_BOX,
    )


@component(memo=False)
def ErrorShell(root: Root, child: object) -> object:
    """Renders the root component below the boxes of errors raised by handlers and effects."""
    _, bump = use_state(0)
    root.error_listener = lambda: bump(lambda n: n + 1)

    def dismiss(item: object) -> None:
        root.errors[:] = [x for x in root.errors if x is not item]
        bump(lambda n: n + 1)

    boxes = [
        error_box(item[0], f"Error in {item[1]}", on_dismiss=lambda item=item: dismiss(item)) for item in root.errors
    ]
    return [h.div(*boxes, key="pyview-errors", class_="pyview-errors") if boxes else None, child]
