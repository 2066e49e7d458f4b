"""Feedback: ``Alert``, ``Toast``, ``Spinner``, ``Skeleton``, ``EmptyState``."""

from __future__ import annotations

from pyview._core.components._element import h
from pyview._core.ui._actions import IconButton, spinner_svg
from pyview._core.ui._icons import Icon
from pyview._core.ui._util import TONES, cx

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable

    from pyview._core.components._element import Element

TONE_ICONS = {
    "neutral": "info",
    "info": "info",
    "success": "check-circle",
    "warning": "alert-triangle",
    "danger": "alert-circle",
}


def Alert(
    *children: object,
    title: object = None,
    tone: str = "info",
    icon: str | None = None,
    on_dismiss: Callable[..., object] | None = None,
    class_: object = None,
    **attrs: object,
) -> Element:
    """A message box in the page: information, success, a warning or an error.

    ``danger`` and ``warning`` alerts are announced at once (``role="alert"``), the others politely
    (``role="status"``).

    Args:
        *children: the message.
        title: a bold first line.
        tone: ``neutral``, ``info`` (default), ``success``, ``warning`` or ``danger``.
        icon: an icon name instead of the tone's.
        on_dismiss: show a close button calling this.

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(Alert("Disk almost full", tone="warning"))
        >>> html.startswith('<div class="pv-alert pv-alert--warning" role="alert">')
        True
    """
    if tone not in TONES:
        raise ValueError(f"unknown tone {tone!r}; one of {', '.join(TONES)}")
    return h.div(
        Icon(icon or TONE_ICONS[tone], size=18),
        h.div(
            h.div(title, class_="pv-alert__title") if title is not None else None,
            h.div(*children) if children else None,
            class_="pv-alert__body",
        ),
        IconButton("x", label="Dismiss", size="sm", on_click=on_dismiss, class_="pv-alert__close")
        if on_dismiss
        else None,
        class_=cx("pv-alert", f"pv-alert--{tone}", class_),
        role="alert" if tone in ("danger", "warning") else "status",
        **attrs,
    )


def Toast(
    message: object,
    *,
    title: object = None,
    tone: str = "neutral",
    on_dismiss: Callable[..., object] | None = None,
    key: object = None,
) -> Element:
    """One toast notification (``ToastProvider`` shows them; this is the presentational part).

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Toast("Saved", tone="success"))[:51]
        '<div class="pv-toast pv-toast--success" role="statu'
    """
    return h.div(
        Icon(TONE_ICONS.get(tone, "info"), size=18),
        h.div(
            h.div(title, class_="pv-alert__title") if title is not None else None,
            h.div(message),
            class_="pv-alert__body",
        ),
        IconButton("x", label="Dismiss", size="sm", on_click=on_dismiss, class_="pv-alert__close")
        if on_dismiss
        else None,
        class_=cx("pv-toast", f"pv-toast--{tone}"),
        role="alert" if tone == "danger" else "status",
        key=key,
    )


def Spinner(
    label: str | None = "Loading", *, size: int = 16, show_label: bool = False, class_: object = None
) -> Element:
    """A spinning indicator for work in progress (``role="status"``; ``label`` is read by screen readers).

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Spinner())[:61]
        '<span class="pv-spinner" role="status" aria-label="Loading"><'
    """
    return h.span(
        spinner_svg(size),
        h.span(label) if show_label and label else None,
        class_=cx("pv-spinner", class_),
        role="status",
        aria_label=None if show_label else label,
    )


def _length(value: int | str | None) -> str | None:
    return f"{value}px" if isinstance(value, int) else value


def Skeleton(
    *,
    width: int | str | None = None,
    height: int | str | None = None,
    lines: int = 1,
    circle: bool = False,
    class_: object = None,
) -> Element:
    """A pulsing placeholder where content is still loading (hidden from screen readers).

    Args:
        width: px if int, or a CSS length (default: full width; the last of several lines is shorter).
        height: px if int, or a CSS length (default 12px).
        lines: stack several text-like lines.
        circle: a round placeholder (e.g. for an ``Avatar``).

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Skeleton(width=120))
        '<span class="pv-skeleton" style="width:120px" aria-hidden="true"></span>'
    """
    if lines > 1:
        return h.div(
            [
                h.span(
                    class_="pv-skeleton",
                    style={"width": "60%" if i == lines - 1 else _length(width), "height": _length(height)},
                )
                for i in range(lines)
            ],
            class_=cx("pv-skeleton-lines", class_),
            aria_hidden="true",
        )
    size = _length(width)
    return h.span(
        class_=cx("pv-skeleton", circle and "pv-skeleton--circle", class_),
        style={"width": size, "height": _length(height) or (size if circle else None)},
        aria_hidden="true",
    )


def EmptyState(
    title: object,
    description: object = None,
    *,
    icon: str | None = "inbox",
    action: object = None,
    class_: object = None,
) -> Element:
    """What to show when there is nothing to show: an icon, a title, a hint and an optional action.

    Example:
        >>> from pyview.components import render_to_string
        >>> "No results" in render_to_string(EmptyState("No results", "Try another search"))
        True
    """
    return h.div(
        h.span(Icon(icon, size=22), class_="pv-empty__icon") if icon else None,
        h.div(title, class_="pv-empty__title"),
        h.div(description, class_="pv-empty__desc") if description is not None else None,
        h.div(action, class_="pv-empty__action") if action is not None else None,
        class_=cx("pv-empty", class_),
    )
