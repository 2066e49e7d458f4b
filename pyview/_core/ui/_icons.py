"""A small built-in icon set: 24x24 stroked outlines that take the text colour (``currentColor``)."""

from __future__ import annotations

from pyview._core.components._element import h

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.components._element import Element

#: icon name -> SVG path data (each drawn on a 24x24 grid, stroked, round caps and joins)
ICONS: dict[str, str] = {
    "check": "M5 12.5l4.5 4.5L19 7.5",
    "x": "M6 6l12 12M18 6L6 18",
    "plus": "M12 5v14M5 12h14",
    "minus": "M5 12h14",
    "chevron-down": "M6 9l6 6 6-6",
    "chevron-up": "M6 15l6-6 6 6",
    "chevron-left": "M15 6l-6 6 6 6",
    "chevron-right": "M9 6l6 6-6 6",
    "arrow-up": "M12 19V5M6 11l6-6 6 6",
    "arrow-down": "M12 5v14M6 13l6 6 6-6",
    "arrow-up-down": "M8 4v16M4 8l4-4 4 4M16 20V4M12 16l4 4 4-4",
    "search": "M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13zM15.5 15.5L20 20",
    "info": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 11v6M12 7.5v.01",
    "alert-circle": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 7.5v5.5M12 16.5v.01",
    "alert-triangle": (
        "M10.3 4.2L2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0zM12 9.5v4M12 17v.01"
    ),
    "check-circle": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM8 12.5l2.8 2.8L16 10",
    "x-circle": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM9 9l6 6M15 9l-6 6",
    "external-link": (
        "M14 4h6v6M20 4l-9 9M18 14v4.5A1.5 1.5 0 0 1 16.5 20h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10"
    ),
    "copy": (
        "M9 9h10.5A1.5 1.5 0 0 1 21 10.5v9a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 9 19.5z"
        "M5 15H4.5A1.5 1.5 0 0 1 3 13.5v-9A1.5 1.5 0 0 1 4.5 3h9A1.5 1.5 0 0 1 15 4.5V5"
    ),
    "trash": "M4 7h16M9 7V4.5h6V7M6.5 7l1 12.5A1.5 1.5 0 0 0 9 21h6a1.5 1.5 0 0 0 1.5-1.5l1-12.5M10 11v6M14 11v6",
    "edit": "M4 20h4L19 9a2.1 2.1 0 0 0-4-4L4 16zM13.5 6.5l4 4",
    "refresh": "M20 11A8 8 0 0 0 5.3 7M4 4v4h4M4 13a8 8 0 0 0 14.7 4M20 20v-4h-4",
    "download": "M12 4v11M7 10l5 5 5-5M4 19h16",
    "upload": "M12 16V5M7 10l5-5 5 5M4 19h16",
    "user": "M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8zM4.5 20a7.5 7.5 0 0 1 15 0",
    "calendar": (
        "M5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-12A1.5 1.5 0 0 1 5.5 5z"
        "M4 10h16"
        "M8 3v4"
        "M16 3v4"
    ),
    "star": "M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9z",
    "filter": "M4 5h16l-6.5 8v5.5L10.5 20v-7z",
    "more": "M5 12h.01M12 12h.01M19 12h.01",
    "menu": "M4 7h16M4 12h16M4 17h16",
    "settings": "M4 7h9M17 7h3M4 17h3M11 17h9M15 5v4M9 15v4",
    "inbox": (
        "M4 13l2.5-7.5A1.5 1.5 0 0 1 8 4.5h8a1.5 1.5 0 0 1 1.5 1l2.5 7.5"
        "v5.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5z"
        "M4 13h4.5l1.5 2.5h4l1.5-2.5H20"
    ),
    "trend-up": "M4 17l6-6 4 4 6-7M15 8h5v5",
    "trend-down": "M4 7l6 6 4-4 6 7M15 16h5v-5",
}


def Icon(name: str, *, size: int = 16, label: str | None = None, class_: object = None, **attrs: object) -> Element:
    """One icon of :data:`ICONS` as inline SVG, in the current text colour.

    Args:
        name: the icon's name (``"check"``, ``"search"``, ``"trash"`` ...; see ``ICONS``).
        size: width and height in CSS pixels.
        label: an accessible name; without it the icon is decorative (``aria-hidden``).
        class_: extra classes.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Icon("plus", size=12))[:59]
        '<svg class="pv-icon" width="12" height="12" viewBox="0 0 24'
    """
    path = ICONS.get(name)
    if path is None:
        raise ValueError(f"unknown icon {name!r}; one of: {', '.join(sorted(ICONS))}")
    return h.svg(
        h.title(label) if label else None,
        h.path(d=path),
        class_=["pv-icon", class_],
        width=size,
        height=size,
        view_box="0 0 24 24",
        role="img" if label else None,
        aria_hidden=None if label else "true",
        aria_label=label,
        focusable="false",
        **attrs,
    )
