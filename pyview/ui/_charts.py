"""Charts drawn as SVG in Python: ``LineChart``, ``AreaChart``, ``BarChart``, ``Sparkline``.

Colours come from the host (series 0 is ``--color-ring-primary``, then success, warning, danger, secondary
and info text colours). Hovering a column shows a guide line and a tooltip; every column also carries an SVG
``<title>`` (the browser's native tooltip), and the chart an accessible name and summary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyview.components import h
from pyview.ui._scale import compact, nice_ticks, text_width
from pyview.ui._util import cx

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from pyview.components import Element

SERIES = 6


def _series(y: str | Sequence[str]) -> list[str]:
    return [y] if isinstance(y, str) else list(y)


def _num(value: object) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0.0


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class _Frame:
    """The geometry of one chart: plot box, y scale, x positions."""

    def __init__(
        self,
        data: list[Any],
        x: str,
        ys: list[str],
        width: int,
        height: int,
        bars: bool,
        y_min: float | None,
        stacked: bool,
    ) -> None:
        self.data, self.x, self.ys, self.width, self.height = data, x, ys, width, height
        values = [_num(row.get(s)) for row in data for s in ys]
        if stacked:
            values += [sum(_num(row.get(s)) for s in ys) for row in data]
        low, high = (min(values), max(values)) if values else (0.0, 1.0)
        if y_min is not None:
            low = min(low, y_min)
        elif bars or (low >= 0 and low <= high * 0.5):
            low = min(0.0, low)
        self.ticks = nice_ticks(low, high, 4)
        self.lo, self.hi = self.ticks[0], self.ticks[-1]
        self.left = 8 + max(text_width(compact(t)) for t in self.ticks)
        self.top, self.right, self.bottom = 10.0, 12.0, 26.0
        self.pw = width - self.left - self.right
        self.ph = height - self.top - self.bottom
        n = max(len(data), 1)
        self.band = self.pw / n
        self.bars = bars

    def sy(self, value: float) -> float:
        span = (self.hi - self.lo) or 1
        return self.top + self.ph - (value - self.lo) / span * self.ph

    def sx(self, index: int) -> float:
        if self.bars or len(self.data) < 2:
            return self.left + self.band * (index + 0.5)
        return self.left + index * self.pw / (len(self.data) - 1)


def _axes(fr: _Frame, fmt: Callable[[float], str]) -> list[Element]:
    out: list[Element] = []
    for t in fr.ticks:
        y = _f(fr.sy(t))
        out.append(h.line(x1=_f(fr.left), x2=_f(fr.width - fr.right), y1=y, y2=y, class_="pv-chart__grid"))
        out.append(
            h.text(
                fmt(t), x=_f(fr.left - 8), y=y, text_anchor="end", dominant_baseline="middle", class_="pv-chart__tick"
            )
        )
    base = _f(fr.sy(max(fr.lo, 0) if fr.lo <= 0 <= fr.hi else fr.lo))
    out.append(h.line(x1=_f(fr.left), x2=_f(fr.width - fr.right), y1=base, y2=base, class_="pv-chart__axis"))
    n = len(fr.data)
    room = max(1, int(fr.pw // 64))
    step = max(1, -(-n // room))
    for i in range(0, n, step):
        out.append(
            h.text(
                str(fr.data[i].get(fr.x, "")),
                x=_f(fr.sx(i)),
                y=_f(fr.height - 8),
                text_anchor="middle",
                class_="pv-chart__tick",
            )
        )
    return out


def _columns(fr: _Frame, fmt: Callable[[float], str], names: dict[str, str], dots: bool) -> list[Element]:
    """Hover targets: per x, a transparent column with a guide, dots, a tooltip and a ``<title>``."""
    out: list[Element] = []
    n = len(fr.data)
    for i, row in enumerate(fr.data):
        cx_ = fr.sx(i)
        label = str(row.get(fr.x, ""))
        lines = [f"{names.get(s, s)}: {fmt(_num(row.get(s)))}" for s in fr.ys]
        tip_w = 20 + max(text_width(t) for t in [label, *lines])
        tip_h = 14 + 16 * (len(lines) + 1)
        tip_x = cx_ + 10 if cx_ + 10 + tip_w <= fr.width else cx_ - 10 - tip_w
        half = fr.band / 2 if fr.bars or n < 2 else fr.pw / (n - 1) / 2
        tip = h.g(
            h.rect(x=_f(tip_x), y=_f(fr.top), width=_f(tip_w), height=_f(tip_h), rx="6", class_="pv-chart__tipbox"),
            h.text(label, x=_f(tip_x + 10), y=_f(fr.top + 18), class_="pv-chart__tiplabel"),
            [
                (
                    h.circle(cx=_f(tip_x + 13), cy=_f(fr.top + 30 + 16 * j), r="3.5", class_=f"pv-s{j % SERIES}"),
                    h.text(line, x=_f(tip_x + 22), y=_f(fr.top + 34 + 16 * j), class_="pv-chart__tiptext"),
                )
                for j, line in enumerate(lines)
            ],
            class_="pv-chart__tip",
        )
        out.append(
            h.g(
                h.title(f"{label}: " + ", ".join(lines)),
                h.rect(
                    x=_f(max(fr.left, cx_ - half)),
                    y=_f(fr.top),
                    width=_f(min(half * 2, fr.pw)),
                    height=_f(fr.ph),
                    class_="pv-chart__hit",
                ),
                h.line(x1=_f(cx_), x2=_f(cx_), y1=_f(fr.top), y2=_f(fr.top + fr.ph), class_="pv-chart__guide")
                if not fr.bars
                else None,
                [
                    h.circle(
                        cx=_f(cx_), cy=_f(fr.sy(_num(row.get(s)))), r="4", class_=f"pv-chart__dot pv-s{j % SERIES}"
                    )
                    for j, s in enumerate(fr.ys)
                ]
                if dots
                else None,
                tip,
                class_="pv-chart__col",
                key=i,
            )
        )
    return out


def _frame_svg(fr: _Frame, title: str | None, kind: str, body: list[object], cols: list[Element]) -> Element:
    summary = f"{kind} of {', '.join(fr.ys)} by {fr.x}, {len(fr.data)} points"
    return h.svg(
        h.title(title or summary),
        h.desc(summary),
        _axes(fr, compact),
        body,
        cols,
        class_="pv-chart",
        view_box=f"0 0 {fr.width} {fr.height}",
        style={"max-width": f"{fr.width}px"},
        role="img",
        aria_label=title or summary,
    )


def _legend(ys: list[str], names: dict[str, str]) -> Element | None:
    if len(ys) < 2:
        return None
    return h.div(
        [
            h.span(h.span(class_=f"pv-chart__swatch pv-s{j % SERIES}"), names.get(s, s), class_="pv-chart__key")
            for j, s in enumerate(ys)
        ],
        class_="pv-chart__legend",
        aria_hidden="true",
    )


def _chart(data: Sequence[Any], x: str, y: str | Sequence[str], o: dict[str, Any], kind: str) -> Element:
    rows = [dict(r) for r in data]
    ys = _series(y)
    names: dict[str, str] = o["names"] or {}
    fmt: Callable[[float], str] = o["format"] or compact
    bars = kind == "Bar chart"
    fr = _Frame(rows, x, ys, o["width"], o["height"], bars, o["y_min"], o["stacked"] and bars)
    body: list[object] = []
    base_y = fr.sy(max(fr.lo, 0) if fr.lo <= 0 <= fr.hi else fr.lo)
    if bars:
        group = fr.band * 0.72
        bw = group if o["stacked"] else group / len(ys)
        for i, row in enumerate(rows):
            acc = 0.0
            for j, s in enumerate(ys):
                v = _num(row.get(s))
                if o["stacked"]:
                    y0, y1 = fr.sy(acc), fr.sy(acc + v)
                    bx = fr.sx(i) - group / 2
                    acc += v
                else:
                    y0, y1 = base_y, fr.sy(v)
                    bx = fr.sx(i) - group / 2 + j * bw
                body.append(
                    h.rect(
                        x=_f(bx + 1),
                        y=_f(min(y0, y1)),
                        width=_f(max(bw - 2, 1)),
                        height=_f(abs(y0 - y1)),
                        rx="3",
                        class_=f"pv-chart__bar pv-s{j % SERIES}",
                    )
                )
    else:
        for j, s in enumerate(ys):
            pts = [(fr.sx(i), fr.sy(_num(row.get(s)))) for i, row in enumerate(rows)]
            if not pts:
                continue
            line = "M" + " L".join(f"{_f(px)} {_f(py)}" for px, py in pts)
            if kind == "Area chart":
                area = f"{line} L{_f(pts[-1][0])} {_f(base_y)} L{_f(pts[0][0])} {_f(base_y)} Z"
                body.append(h.path(d=area, class_=f"pv-chart__area pv-s{j % SERIES}"))
            body.append(h.path(d=line, class_=f"pv-chart__line pv-s{j % SERIES}"))
    cols = _columns(fr, fmt, names, dots=not bars)
    return h.figure(
        _frame_svg(fr, o["title"], kind, body, cols),
        _legend(ys, names) if o["legend"] else None,
        class_=cx("pv-chart-box", o["class_"]),
        style={"margin": "0"},
    )


def LineChart(
    data: Sequence[Any],
    *,
    x: str,
    y: str | Sequence[str],
    width: int = 560,
    height: int = 220,
    names: dict[str, str] | None = None,
    format: Callable[[float], str] | None = None,
    title: str | None = None,
    legend: bool = True,
    y_min: float | None = None,
    class_: object = None,
) -> Element:
    """A line chart of one or more series over ``x``, with a y axis, grid, legend and hover tooltips.

    Args:
        data: rows (dicts), one per x value, in order.
        x: the key of the x label in each row.
        y: the key (or keys, one line each) of the values.
        width, height: the drawing size in px (it scales down to fit its container).
        names: display names of the series keys.
        format: formats values in tooltips (default: compact, ``1.2k``).
        title: the accessible name (default: a summary).
        y_min: force the y axis to include this value (e.g. 0).

    Example:
        >>> from pyview.components import render_to_string
        >>> rows = [{"m": "Jan", "sales": 10}, {"m": "Feb", "sales": 30}]
        >>> html = render_to_string(LineChart(rows, x="m", y="sales"))
        >>> 'class="pv-chart__line pv-s0"' in html and "<title>Feb: sales: 30</title>" in html
        True
    """
    o: dict[str, Any] = {
        "width": width,
        "height": height,
        "names": names,
        "format": format,
        "title": title,
        "legend": legend,
    }
    o.update(y_min=y_min, stacked=False, class_=class_)
    return _chart(data, x, y, o, "Line chart")


def AreaChart(
    data: Sequence[Any],
    *,
    x: str,
    y: str | Sequence[str],
    width: int = 560,
    height: int = 220,
    names: dict[str, str] | None = None,
    format: Callable[[float], str] | None = None,
    title: str | None = None,
    legend: bool = True,
    y_min: float | None = None,
    class_: object = None,
) -> Element:
    """A line chart with the area under each line filled (same options as :func:`LineChart`).

    Example:
        >>> from pyview.components import render_to_string
        >>> "pv-chart__area" in render_to_string(AreaChart([{"d": 1, "v": 2}, {"d": 2, "v": 5}], x="d", y="v"))
        True
    """
    o: dict[str, Any] = {
        "width": width,
        "height": height,
        "names": names,
        "format": format,
        "title": title,
        "legend": legend,
    }
    o.update(y_min=y_min, stacked=False, class_=class_)
    return _chart(data, x, y, o, "Area chart")


def BarChart(
    data: Sequence[Any],
    *,
    x: str,
    y: str | Sequence[str],
    width: int = 560,
    height: int = 220,
    names: dict[str, str] | None = None,
    format: Callable[[float], str] | None = None,
    title: str | None = None,
    legend: bool = True,
    stacked: bool = False,
    class_: object = None,
) -> Element:
    """Vertical bars per ``x``: grouped side by side for several series, or ``stacked``.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(BarChart([{"q": "Q1", "n": 4}], x="q", y="n")).count("pv-chart__bar ")
        1
    """
    o: dict[str, Any] = {
        "width": width,
        "height": height,
        "names": names,
        "format": format,
        "title": title,
        "legend": legend,
    }
    o.update(y_min=None, stacked=stacked, class_=class_)
    return _chart(data, x, y, o, "Bar chart")


def Sparkline(
    values: Sequence[float],
    *,
    width: int = 96,
    height: int = 28,
    series: int = 0,
    area: bool = True,
    label: str | None = None,
) -> Element:
    """A tiny trend line without axes, for tables and ``Stat`` (the last point is marked).

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Sparkline([1, 3, 2], label="Trend"))[:40]
        '<svg class="pv-sparkline" width="96" hei'
    """
    nums = [_num(v) for v in values] or [0.0]
    lo, hi = min(nums), max(nums)
    span = (hi - lo) or 1
    n = len(nums)
    pad = 3
    pts = [
        (
            pad + (i * (width - 2 * pad) / (n - 1) if n > 1 else (width - 2 * pad) / 2),
            pad + (height - 2 * pad) * (1 - (v - lo) / span),
        )
        for i, v in enumerate(nums)
    ]
    line = "M" + " L".join(f"{_f(px)} {_f(py)}" for px, py in pts)
    cls = f"pv-s{series % SERIES}"
    return h.svg(
        h.title(label or f"Trend: {compact(nums[0])} to {compact(nums[-1])}"),
        h.path(d=f"{line} L{_f(pts[-1][0])} {height} L{_f(pts[0][0])} {height} Z", class_=f"pv-chart__area {cls}")
        if area
        else None,
        h.path(d=line, class_=f"pv-chart__line {cls}", fill="none"),
        h.circle(cx=_f(pts[-1][0]), cy=_f(pts[-1][1]), r="2.5", class_=cls),
        class_="pv-sparkline",
        width=width,
        height=height,
        view_box=f"0 0 {width} {height}",
        role="img",
        aria_label=label or f"Trend: {compact(nums[0])} to {compact(nums[-1])}",
    )
