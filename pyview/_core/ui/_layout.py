"""Layout: ``Stack``, ``Grid``, ``Card``, ``Divider``, ``ScrollArea``."""

from __future__ import annotations

from pyview._core.components._element import h
from pyview._core.ui._util import cx, space

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.components._element import Element

_ALIGN = {"start": "flex-start", "end": "flex-end", "center": "center", "stretch": "stretch", "baseline": "baseline"}
_JUSTIFY = {**_ALIGN, "between": "space-between", "around": "space-around", "evenly": "space-evenly"}


def _style(base: dict[str, object], style: object) -> object:
    if isinstance(style, dict):
        return {**base, **style}
    if style:
        return ";".join(f"{k}:{v}" for k, v in base.items() if v is not None) + ";" + str(style)
    return base or None


def Stack(
    *children: object,
    direction: str = "column",
    gap: int | str = 3,
    align: str | None = None,
    justify: str | None = None,
    wrap: bool = False,
    tag: str = "div",
    class_: object = None,
    style: object = None,
    **attrs: object,
) -> Element:
    """Children in a column (or a row), evenly spaced.

    Args:
        direction: ``"column"`` (default) or ``"row"``.
        gap: space between children: an int counts 4px steps (``3`` = 12px), a str is a CSS length.
        align: cross-axis alignment: ``start``, ``center``, ``end``, ``stretch``, ``baseline``.
        justify: main-axis: ``start``, ``center``, ``end``, ``between``, ``around``, ``evenly``.
        wrap: let a row wrap onto several lines.
        tag: the element to render (``"div"``, ``"section"``, ``"ul"`` ...).

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Stack("a", direction="row", gap=2, justify="between"))
        '<div class="pv-stack pv-stack--row" style="gap:8px;justify-content:space-between">a</div>'
    """
    base: dict[str, object] = {"gap": space(gap)}
    if align:
        base["align-items"] = _ALIGN.get(align, align)
    if justify:
        base["justify-content"] = _JUSTIFY.get(justify, justify)
    classes = cx("pv-stack", direction == "row" and "pv-stack--row", wrap and "pv-stack--wrap", class_)
    return h(tag, *children, class_=classes, style=_style(base, style), **attrs)


def Grid(
    *children: object,
    columns: int | str | None = None,
    min_width: int | str = 200,
    gap: int | str = 3,
    class_: object = None,
    style: object = None,
    **attrs: object,
) -> Element:
    """A responsive grid: ``columns`` equal columns, or as many as fit at ``min_width`` each.

    Args:
        columns: a number of columns, or a CSS ``grid-template-columns`` value; None: auto-fill.
        min_width: the smallest column width when auto-filling (px if int).
        gap: spacing, as in :func:`Stack`.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Grid(h.span("a"), h.span("b"), columns=2))
        '<div class="pv-grid" style="gap:12px;grid-template-columns:repeat(2,minmax(0,1fr))"><span>a</span>...</div>'
    """
    if columns is None:
        width = f"{min_width}px" if isinstance(min_width, int) else min_width
        template = f"repeat(auto-fill,minmax(min({width},100%),1fr))"
    elif isinstance(columns, int):
        template = f"repeat({columns},minmax(0,1fr))"
    else:
        template = columns
    base: dict[str, object] = {"gap": space(gap), "grid-template-columns": template}
    return h.div(*children, class_=cx("pv-grid", class_), style=_style(base, style), **attrs)


def Card(
    *children: object,
    title: object = None,
    subtitle: object = None,
    actions: object = None,
    footer: object = None,
    variant: str = "outline",
    padding: int | str | None = None,
    class_: object = None,
    style: object = None,
    **attrs: object,
) -> Element:
    """A surface grouping related content, with an optional header (title, subtitle, actions) and footer.

    Args:
        title: the heading text (rendered as ``<h3>``).
        subtitle: secondary text under the title.
        actions: elements at the right of the header (e.g. an ``IconButton``).
        footer: elements in a footer row, right-aligned.
        variant: ``"outline"`` (default), ``"raised"`` (with a shadow) or ``"flat"`` (tinted, no border).
        padding: inner spacing, as in :func:`Stack`.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Card("Body", title="Sales"))
        '<section class="pv-card"><div class="pv-card__head">...<h3 class="pv-card__title">Sales</h3>...Body</section>'
    """
    head = None
    label_id = None
    if title is not None or subtitle is not None or actions is not None:
        label_id = attrs.pop("id", None)
        label_id = f"{label_id}-title" if label_id else None
        head = h.div(
            h.div(
                h.h3(title, class_="pv-card__title", id=label_id) if title is not None else None,
                h.p(subtitle, class_="pv-card__subtitle") if subtitle is not None else None,
                class_="pv-card__titles",
            ),
            actions,
            class_="pv-card__head",
        )
    base: dict[str, object] = {"padding": space(padding)} if padding is not None else {}
    return h.section(
        head,
        *children,
        h.div(footer, class_="pv-card__foot") if footer is not None else None,
        class_=cx("pv-card", variant != "outline" and f"pv-card--{variant}", class_),
        style=_style(base, style),
        aria_labelledby=label_id,
        **attrs,
    )


def Divider(label: str | None = None, *, vertical: bool = False, class_: object = None) -> Element:
    """A thin separating line, horizontal (``<hr>``) or vertical, optionally with a centred label.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Divider())
        '<hr class="pv-divider">'
        >>> render_to_string(Divider("or"))
        '<div class="pv-divider--label" role="separator">or</div>'
    """
    if label is not None:
        return h.div(label, class_=cx("pv-divider--label", class_), role="separator")
    if vertical:
        return h.div(class_=cx("pv-divider pv-divider--v", class_), role="separator", aria_orientation="vertical")
    return h.hr(class_=cx("pv-divider", class_))


def ScrollArea(
    *children: object,
    max_height: int | str = 240,
    label: str | None = None,
    class_: object = None,
    style: object = None,
    **attrs: object,
) -> Element:
    """A box that scrolls its content beyond ``max_height`` (px if int), reachable by keyboard.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(ScrollArea("long text", max_height=100, label="Log"))
        '<div class="pv-scroll" style="max-height:100px" tabindex="0" role="region" aria-label="Log">long text</div>'
    """
    height = f"{max_height}px" if isinstance(max_height, int) else max_height
    return h.div(
        *children,
        class_=cx("pv-scroll", class_),
        style=_style({"max-height": height}, style),
        tabindex="0",
        role="region" if label else None,
        aria_label=label,
        **attrs,
    )
