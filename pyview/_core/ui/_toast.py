"""Toasts: ``ToastProvider`` shows the notifications that ``use_toast()`` raises anywhere below it."""

from __future__ import annotations

import time

from pyview._core.components._component import component, create_context, use_context
from pyview._core.components._element import h
from pyview._core.components._hooks import use_effect, use_ref, use_state
from pyview._core.components._timer import sleep
from pyview._core.ui._feedback import Toast

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.components._element import ComponentElement

_TOASTS = create_context(None, "Toasts")


def _no_provider(message: object, **options: Any) -> int:
    raise RuntimeError("use_toast() needs a ToastProvider above the component")


@component
def _ToastItem(item: dict[str, Any], dismiss: Callable[[int], None]) -> object:
    duration = item["duration"]

    async def expire() -> None:
        # The deadline is kept in the item (state): a View restored from it (the server runtime on another worker,
        # the frame's Python taking over) waits only for what is left, at most the duration (clocks may differ).
        until = item.setdefault("until", time.time() + duration)
        await sleep(min(duration, max(0.0, until - time.time())))  # a timer the server runtime sees on any loop
        dismiss(item["id"])

    use_effect(expire if duration else (lambda: None), [])
    return Toast(item["message"], title=item["title"], tone=item["tone"], on_dismiss=lambda: dismiss(item["id"]))


@component
def _ToastProvider(children: tuple[object, ...], duration: float, limit: int) -> object:
    no_items: list[dict[str, Any]] = []
    items, set_items = use_state(no_items)
    counter = use_ref(0)
    api = use_ref()
    if api.current is None:

        def dismiss(toast_id: int) -> None:
            set_items(lambda old: [t for t in old if t["id"] != toast_id])

        def show(message: object, *, title: object = None, tone: str = "neutral", duration: float | None = None) -> int:
            counter.current += 1
            toast_id: int = counter.current
            item = {"id": toast_id, "message": message, "title": title, "tone": tone, "duration": duration}
            set_items(lambda old: [*old, item][-limit:])
            return toast_id

        show.dismiss = dismiss  # type: ignore[attr-defined]
        api.current = show
    show_fn = api.current
    for item in items:
        if item["duration"] is None:
            item["duration"] = duration
    region = h.div(
        [_ToastItem(item, show_fn.dismiss, key=item["id"]) for item in items],
        class_="pv-toasts",
        aria_live="polite",
        role="region",
        aria_label="Notifications",
    )
    return _TOASTS.provider(show_fn, *children, region)


def ToastProvider(*children: object, duration: float = 4.0, limit: int = 4, key: object = None) -> ComponentElement:
    """Shows toasts raised with :func:`use_toast` by any component below it, in the top right corner.

    Args:
        *children: the View's content.
        duration: seconds before a toast goes away (0: only by its close button).
        limit: how many toasts show at once (the oldest go first).

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Save():
        ...     toast = use_toast()
        ...     return h.button("Save", on_click=lambda: toast("Saved", tone="success"))
        >>> tree = ToastProvider(Save())
    """
    return _ToastProvider(children, duration, limit, key=key)


def use_toast() -> Callable[..., int]:
    """The function raising a toast: ``toast(message, title=None, tone="neutral", duration=None) -> id``.

    ``tone`` is ``neutral``, ``info``, ``success``, ``warning`` or ``danger``; ``toast.dismiss(id)`` removes one.

    Example:
        >>> from pyview.components import component, h
        >>> from pyview.testing import render
        >>> @component
        ... def Save():
        ...     toast = use_toast()
        ...     return h.button("Save", on_click=lambda: toast("Saved", tone="success"))
        >>> screen = render(ToastProvider(Save(), duration=0))
        >>> screen.click("Save")
        >>> screen.find(".pv-toast").text
        'Saved'
    """
    show = use_context(_TOASTS)
    return show if show is not None else _no_provider
