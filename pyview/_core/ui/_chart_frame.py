"""Chart geometry and the shared SVG parts: frame, axes, hover columns, legend (internal)."""

from __future__ import annotations

from pyview._core.components._element import h
from pyview._core.ui._scale import compact, nice_ticks, text_width

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from pyview._core.components._element import Element

SERIES = 6


def series_of(y: str | Sequence[str]) -> list[str]:
    return [y] if isinstance(y, str) else list(y)


def num(value: object) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0.0


def fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class Frame:
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
        values = [num(row.get(s)) for row in data for s in ys]
        if stacked:
            values += [sum(num(row.get(s)) for s in ys) for row in data]
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


def axes(fr: Frame, label: Callable[[float], str]) -> list[Element]:
    out: list[Element] = []
    for t in fr.ticks:
        y = fmt(fr.sy(t))
        out.append(h.line(x1=fmt(fr.left), x2=fmt(fr.width - fr.right), y1=y, y2=y, class_="pv-chart__grid"))
        out.append(
            h.text(
                label(t),
                x=fmt(fr.left - 8),
                y=y,
                text_anchor="end",
                dominant_baseline="middle",
                class_="pv-chart__tick",
            )
        )
    base = fmt(fr.sy(max(fr.lo, 0) if fr.lo <= 0 <= fr.hi else fr.lo))
    out.append(h.line(x1=fmt(fr.left), x2=fmt(fr.width - fr.right), y1=base, y2=base, class_="pv-chart__axis"))
    n = len(fr.data)
    room = max(1, int(fr.pw // 64))
    step = max(1, -(-n // room))
    for i in range(0, n, step):
        out.append(
            h.text(
                str(fr.data[i].get(fr.x, "")),
                x=fmt(fr.sx(i)),
                y=fmt(fr.height - 8),
                text_anchor="middle",
                class_="pv-chart__tick",
            )
        )
    return out


def columns(fr: Frame, value_label: Callable[[float], str], names: dict[str, str], dots: bool) -> list[Element]:
    """Hover targets: per x, a transparent column with a guide, dots, a tooltip and a ``<title>``."""
    out: list[Element] = []
    n = len(fr.data)
    for i, row in enumerate(fr.data):
        cx_ = fr.sx(i)
        label = str(row.get(fr.x, ""))
        lines = [f"{names.get(s, s)}: {value_label(num(row.get(s)))}" for s in fr.ys]
        tip_w = 20 + max(text_width(t) for t in [label, *lines])
        tip_h = 14 + 16 * (len(lines) + 1)
        tip_x = cx_ + 10 if cx_ + 10 + tip_w <= fr.width else cx_ - 10 - tip_w
        half = fr.band / 2 if fr.bars or n < 2 else fr.pw / (n - 1) / 2
        tip = h.g(
            h.rect(x=fmt(tip_x), y=fmt(fr.top), width=fmt(tip_w), height=fmt(tip_h), rx="6", class_="pv-chart__tipbox"),
            h.text(label, x=fmt(tip_x + 10), y=fmt(fr.top + 18), class_="pv-chart__tiplabel"),
            [
                (
                    h.circle(cx=fmt(tip_x + 13), cy=fmt(fr.top + 30 + 16 * j), r="3.5", class_=f"pv-s{j % SERIES}"),
                    h.text(line, x=fmt(tip_x + 22), y=fmt(fr.top + 34 + 16 * j), class_="pv-chart__tiptext"),
                )
                for j, line in enumerate(lines)
            ],
            class_="pv-chart__tip",
        )
        out.append(
            h.g(
                h.title(f"{label}: " + ", ".join(lines)),
                h.rect(
                    x=fmt(max(fr.left, cx_ - half)),
                    y=fmt(fr.top),
                    width=fmt(min(half * 2, fr.pw)),
                    height=fmt(fr.ph),
                    class_="pv-chart__hit",
                ),
                h.line(x1=fmt(cx_), x2=fmt(cx_), y1=fmt(fr.top), y2=fmt(fr.top + fr.ph), class_="pv-chart__guide")
                if not fr.bars
                else None,
                [
                    h.circle(
                        cx=fmt(cx_), cy=fmt(fr.sy(num(row.get(s)))), r="4", class_=f"pv-chart__dot pv-s{j % SERIES}"
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


def frame_svg(fr: Frame, title: str | None, kind: str, body: list[object], cols: list[Element]) -> Element:
    summary = f"{kind} of {', '.join(fr.ys)} by {fr.x}, {len(fr.data)} points"
    return h.svg(
        h.title(title or summary),
        h.desc(summary),
        axes(fr, compact),
        body,
        cols,
        class_="pv-chart",
        view_box=f"0 0 {fr.width} {fr.height}",
        role="img",
        aria_label=title or summary,
    )


def legend(ys: list[str], names: dict[str, str]) -> Element | None:
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
