"""Charts drawn as SVG in Python: ``LineChart``, ``AreaChart``, ``BarChart``, ``Sparkline``.

Colours come from the host (series 0 is ``--color-ring-primary``, then success, warning, danger, secondary
and info text colours). Hovering a column shows a guide line and a tooltip; every column also carries an SVG
``<title>`` (the browser's native tooltip), and the chart an accessible name and summary.
"""

from __future__ import annotations

from pyview._core.components._element import h
from pyview._core.ui._chart_frame import SERIES, Frame, columns, fmt, frame_svg, legend, num, series_of
from pyview._core.ui._scale import compact
from pyview._core.ui._util import cx

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, Required, TypedDict, Unpack

    from pyview._core.components._element import Element

    class ChartOptions(TypedDict, total=False):
        """The keyword options every chart takes (documented at :func:`LineChart`)."""

        x: Required[str]
        y: Required[str | Sequence[str]]
        width: int
        height: int
        names: dict[str, str] | None
        format: Callable[[float], str] | None
        title: str | None
        legend: bool
        class_: object


_DEFAULTS: dict[str, object] = {
    "width": 560, "height": 220, "names": None, "format": None, "title": None, "legend": True, "class_": None,
}  # fmt: skip


def _chart(kind: str, data: Sequence[Any], options: ChartOptions, y_min: float | None, stacked: bool) -> Element:
    """The chart ``kind`` of ``data``: its public function's own options and the shared ``options``, which arrive as
    a dict, so unknown and missing names are refused here, as Python refuses them for a plain signature."""
    name = kind.title().replace(" ", "")  # "Line chart" -> "LineChart"
    unknown = sorted(options.keys() - _DEFAULTS.keys() - {"x", "y"})
    if unknown:
        raise TypeError(f"{name}() got an unexpected keyword argument {unknown[0]!r}")
    missing = [key for key in ("x", "y") if key not in options]
    if missing:
        raise TypeError(f"{name}() missing required keyword argument: {missing[0]!r}")
    o: dict[str, Any] = {**_DEFAULTS, **options}
    rows = [dict(r) for r in data]
    ys = series_of(o["y"])
    x: str = o["x"]
    names: dict[str, str] = o["names"] or {}
    label: Callable[[float], str] = o["format"] or compact
    bars = kind == "Bar chart"
    fr = Frame(rows, x, ys, o["width"], o["height"], bars, y_min, stacked and bars)
    body: list[object] = []
    base_y = fr.sy(max(fr.lo, 0) if fr.lo <= 0 <= fr.hi else fr.lo)
    if bars:
        group = fr.band * 0.72
        bw = group if stacked else group / len(ys)
        for i, row in enumerate(rows):
            acc = 0.0
            for j, s in enumerate(ys):
                v = num(row.get(s))
                if stacked:
                    y0, y1 = fr.sy(acc), fr.sy(acc + v)
                    bx = fr.sx(i) - group / 2
                    acc += v
                else:
                    y0, y1 = base_y, fr.sy(v)
                    bx = fr.sx(i) - group / 2 + j * bw
                body.append(
                    h.rect(
                        x=fmt(bx + 1),
                        y=fmt(min(y0, y1)),
                        width=fmt(max(bw - 2, 1)),
                        height=fmt(abs(y0 - y1)),
                        rx="3",
                        class_=f"pv-chart__bar pv-s{j % SERIES}",
                    )
                )
    else:
        for j, s in enumerate(ys):
            pts = [(fr.sx(i), fr.sy(num(row.get(s)))) for i, row in enumerate(rows)]
            if not pts:
                continue
            line = "M" + " L".join(f"{fmt(px)} {fmt(py)}" for px, py in pts)
            if kind == "Area chart":
                area = f"{line} L{fmt(pts[-1][0])} {fmt(base_y)} L{fmt(pts[0][0])} {fmt(base_y)} Z"
                body.append(h.path(d=area, class_=f"pv-chart__area pv-s{j % SERIES}"))
            body.append(h.path(d=line, class_=f"pv-chart__line pv-s{j % SERIES}"))
    cols = columns(fr, label, names, dots=not bars)
    return h.figure(
        frame_svg(fr, o["title"], kind, body, cols),
        legend(ys, names) if o["legend"] else None,
        class_=cx("pv-chart-box", o["class_"]),
        style={"margin": "0"},
    )


def LineChart(data: Sequence[Any], *, y_min: float | None = None, **options: Unpack[ChartOptions]) -> Element:
    """A line chart of one or more series over ``x``, with a y axis, grid, legend and hover tooltips.

    Args:
        data: rows (dicts), one per x value, in order.
        y_min: force the y axis to include this value (e.g. 0).

    Other Parameters:
        x (str): the key of the x label in each row (every chart takes these).
        y (str | Sequence[str]): the key (or keys, one line each) of the values.
        width (int): the drawing width in px, 560 by default (it scales down to fit its container).
        height (int): the drawing height in px, 220 by default.
        names (dict[str, str] | None): display names of the series keys.
        format (Callable[[float], str] | None): formats values in tooltips (default: compact, ``1.2k``).
        title (str | None): the accessible name (default: a summary).
        legend (bool): show the legend of the series (default True).
        class_ (object): more CSS classes for the chart's box.

    Example:
        >>> from pyview.components import render_to_string
        >>> rows = [{"m": "Jan", "sales": 10}, {"m": "Feb", "sales": 30}]
        >>> html = render_to_string(LineChart(rows, x="m", y="sales"))
        >>> 'class="pv-chart__line pv-s0"' in html and "<title>Feb: sales: 30</title>" in html
        True
    """
    return _chart("Line chart", data, options, y_min, False)


def AreaChart(data: Sequence[Any], *, y_min: float | None = None, **options: Unpack[ChartOptions]) -> Element:
    """A line chart with the area under each line filled (same options as :func:`LineChart`).

    Example:
        >>> from pyview.components import render_to_string
        >>> "pv-chart__area" in render_to_string(AreaChart([{"d": 1, "v": 2}, {"d": 2, "v": 5}], x="d", y="v"))
        True
    """
    return _chart("Area chart", data, options, y_min, False)


def BarChart(data: Sequence[Any], *, stacked: bool = False, **options: Unpack[ChartOptions]) -> Element:
    """Vertical bars per ``x``: grouped side by side for several series, or ``stacked``.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(BarChart([{"q": "Q1", "n": 4}], x="q", y="n")).count("pv-chart__bar ")
        1
    """
    return _chart("Bar chart", data, options, None, stacked)


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
    nums = [num(v) for v in values] or [0.0]
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
    line = "M" + " L".join(f"{fmt(px)} {fmt(py)}" for px, py in pts)
    cls = f"pv-s{series % SERIES}"
    return h.svg(
        h.title(label or f"Trend: {compact(nums[0])} to {compact(nums[-1])}"),
        h.path(d=f"{line} L{fmt(pts[-1][0])} {height} L{fmt(pts[0][0])} {height} Z", class_=f"pv-chart__area {cls}")
        if area
        else None,
        h.path(d=line, class_=f"pv-chart__line {cls}", fill="none"),
        h.circle(cx=fmt(pts[-1][0]), cy=fmt(pts[-1][1]), r="2.5", class_=cls),
        class_="pv-sparkline",
        width=width,
        height=height,
        view_box=f"0 0 {width} {height}",
        role="img",
        aria_label=label or f"Trend: {compact(nums[0])} to {compact(nums[-1])}",
    )
