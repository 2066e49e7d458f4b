"""Data display: ``Badge``, ``Avatar``, ``Stat``, ``KeyValue``."""

from __future__ import annotations

from pyview._core.components._element import h
from pyview._core.ui._icons import Icon
from pyview._core.ui._util import TONES, cx

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.components._element import Element


def Badge(
    *children: object, tone: str = "neutral", solid: bool = False, dot: bool = False, class_: object = None
) -> Element:
    """A small status label.

    Args:
        tone: ``neutral``, ``info``, ``success``, ``warning`` or ``danger``.
        solid: high-contrast (inverse) colours.
        dot: a leading status dot.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Badge("Paid", tone="success"))
        '<span class="pv-badge pv-badge--success">Paid</span>'
    """
    if tone not in TONES:
        raise ValueError(f"unknown tone {tone!r}; one of {', '.join(TONES)}")
    return h.span(
        h.span(class_="pv-badge__dot", aria_hidden="true") if dot else None,
        *children,
        class_=cx("pv-badge", tone != "neutral" and f"pv-badge--{tone}", solid and "pv-badge--solid", class_),
    )


def initials(name: str) -> str:
    """Up to two initials of a name.

    Example:
        >>> initials("Ada Lovelace"), initials("grace"), initials("")
        ('AL', 'G', '?')
    """
    words = [w for w in name.replace("-", " ").split() if w]
    if not words:
        return "?"
    letters = words[0][0] + (words[-1][0] if len(words) > 1 else "")
    return letters.upper()


def Avatar(name: str, *, src: str | None = None, size: str = "md", class_: object = None) -> Element:
    """A round picture of a person, or their initials when there is no ``src``.

    Args:
        name: the person's name (initials and accessible name).
        src: an image URL (http(s), relative, or ``data:image/...``).
        size: ``"sm"``, ``"md"`` (default) or ``"lg"``.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Avatar("Ada Lovelace"))
        '<span class="pv-avatar" role="img" aria-label="Ada Lovelace" title="Ada Lovelace">AL</span>'
    """
    content: object = h.img(src=src, alt="") if src else initials(name)
    return h.span(
        content,
        class_=cx("pv-avatar", size != "md" and f"pv-avatar--{size}", class_),
        role="img",
        aria_label=name,
        title=name,
    )


def Stat(
    label: object,
    value: object,
    *,
    delta: object = None,
    trend: str | None = None,
    higher_is_better: bool = True,
    help: object = None,
    chart: object = None,
    class_: object = None,
) -> Element:
    """A metric: a label, a big value, and optionally a change (``delta``), a hint and a small chart.

    Args:
        label: what is measured.
        value: the formatted value.
        delta: the change, e.g. ``"+12%"``.
        trend: ``"up"``, ``"down"`` or ``"flat"`` (the arrow); guessed from the sign of ``delta``.
        higher_is_better: up is shown in the success colour and down in the danger colour; False swaps them
            (costs, churn, latency).
        help: a short hint under the value.
        chart: e.g. a ``Sparkline``, shown beside the value.

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(Stat("Revenue", "$12.4k", delta="+8%"))
        >>> "pv-tone--success" in html and "$12.4k" in html
        True
        >>> "pv-tone--danger" in render_to_string(Stat("Latency", "120 ms", delta="+9%", higher_is_better=False))
        True
    """
    delta_el = None
    if delta is not None:
        text = str(delta)
        if trend is None:
            trend = "down" if text.startswith(("-", "−")) else "up" if text.startswith("+") else "flat"
        good = (trend == "up") == higher_is_better
        tone = "secondary" if trend == "flat" else "success" if good else "danger"
        icon = {"up": "trend-up", "down": "trend-down"}.get(trend)
        delta_el = h.span(
            Icon(icon, size=14) if icon else None,
            text,
            class_=cx("pv-stat__delta", f"pv-tone--{tone}"),
        )
    return h.div(
        h.span(label, class_="pv-stat__label"),
        h.div(h.span(value, class_="pv-stat__value"), delta_el, chart, class_="pv-stat__row"),
        h.span(help, class_="pv-stat__help") if help is not None else None,
        class_=cx("pv-stat", class_),
    )


def KeyValue(items: object, *, class_: object = None) -> Element:
    """A description list of label/value pairs (a dict or a list of pairs).

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(KeyValue({"Status": "Active", "Plan": "Pro"}))
        '<dl class="pv-kv"><dt>Status</dt><dd>Active</dd><dt>Plan</dt><dd>Pro</dd></dl>'
    """
    pairs = list(items.items()) if isinstance(items, dict) else list(items)  # type: ignore[call-overload]
    return h.dl([(h.dt(k), h.dd(v)) for k, v in pairs], class_=cx("pv-kv", class_))
