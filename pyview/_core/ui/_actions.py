"""Actions: ``Button``, ``IconButton``, ``ButtonGroup``."""

from __future__ import annotations

from pyview._core.components._element import h
from pyview._core.ui._icons import Icon
from pyview._core.ui._util import cx

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable

    from pyview._core.components._element import Element

VARIANTS = ("primary", "secondary", "ghost", "danger")
SIZES = ("sm", "md", "lg")
_ICON_SIZE = {"sm": 14, "md": 16, "lg": 18}


def spinner_svg(size: int = 16) -> Element:
    """The spinning ring used by ``Spinner`` and loading buttons (decorative)."""
    return h.svg(
        h.circle(cx="12", cy="12", r="9", fill="none", stroke_width="3", class_="pv-spinner__track"),
        h.path(
            d="M21 12a9 9 0 0 0-9-9", fill="none", stroke_width="3", stroke_linecap="round", class_="pv-spinner__arc"
        ),
        width=size,
        height=size,
        view_box="0 0 24 24",
        aria_hidden="true",
    )


def _check(variant: str, size: str) -> None:
    if variant not in VARIANTS:
        raise ValueError(f"unknown button variant {variant!r}; one of {', '.join(VARIANTS)}")
    if size not in SIZES:
        raise ValueError(f"unknown button size {size!r}; one of {', '.join(SIZES)}")


def Button(
    *children: object,
    on_click: Callable[..., object] | None = None,
    variant: str = "secondary",
    size: str = "md",
    icon: str | None = None,
    icon_end: str | None = None,
    loading: bool = False,
    disabled: bool = False,
    type: str = "button",
    block: bool = False,
    class_: object = None,
    **attrs: object,
) -> Element:
    """A button in one of the host-styled variants.

    Args:
        *children: the label.
        on_click: the handler (a function, an ``Action`` from ``use_action``, or ``prevent_default(fn)``).
        variant: ``"primary"``, ``"secondary"`` (default), ``"ghost"`` or ``"danger"``.
        size: ``"sm"``, ``"md"`` (default) or ``"lg"``.
        icon: an icon name (see ``ICONS``) before the label; ``icon_end`` after it.
        loading: show a spinner, mark it busy and ignore clicks.
        disabled: greyed out and not clickable.
        type: ``"button"`` (default), or ``"submit"`` inside a form.
        block: take the full width.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Button("Save", variant="primary"))
        '<button class="pv-btn pv-btn--primary" type="button">Save</button>'
        >>> 'aria-busy="true" disabled' in render_to_string(Button("Save", loading=True))
        True
    """
    _check(variant, size)
    icon_size = _ICON_SIZE[size]
    return h.button(
        spinner_svg(icon_size) if loading else (Icon(icon, size=icon_size) if icon else None),
        *children,
        Icon(icon_end, size=icon_size) if icon_end else None,
        class_=cx(
            "pv-btn", f"pv-btn--{variant}", size != "md" and f"pv-btn--{size}", block and "pv-btn--block", class_
        ),
        type=type,
        aria_busy=True if loading else None,
        disabled=disabled or loading,
        on_click=None if (loading or disabled) else on_click,
        **attrs,
    )


def IconButton(
    icon: str,
    *,
    label: str,
    on_click: Callable[..., object] | None = None,
    variant: str = "ghost",
    size: str = "md",
    loading: bool = False,
    disabled: bool = False,
    class_: object = None,
    **attrs: object,
) -> Element:
    """A square button showing only an icon; ``label`` is its accessible name and tooltip.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(IconButton("trash", label="Delete"))[:84]
        '<button class="pv-btn pv-btn--ghost pv-btn--icon" type="button" aria-label="Delete" '

    """
    _check(variant, size)
    icon_size = _ICON_SIZE[size]
    return h.button(
        spinner_svg(icon_size) if loading else Icon(icon, size=icon_size),
        class_=cx("pv-btn", f"pv-btn--{variant}", "pv-btn--icon", size != "md" and f"pv-btn--{size}", class_),
        type="button",
        aria_label=label,
        title=label,
        aria_busy=True if loading else None,
        disabled=disabled or loading,
        on_click=None if (loading or disabled) else on_click,
        **attrs,
    )


def ButtonGroup(*buttons: object, attached: bool = False, label: str | None = None, class_: object = None) -> Element:
    """Buttons side by side (``attached=True``: joined into one segmented control).

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(ButtonGroup(Button("A"), Button("B"), attached=True, label="View"))[:80]
        '<div class="pv-btn-group pv-btn-group--attached" role="group" aria-label="View">'
    """
    return h.div(
        *buttons,
        class_=cx("pv-btn-group", attached and "pv-btn-group--attached", class_),
        role="group",
        aria_label=label,
    )
