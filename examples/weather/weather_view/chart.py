"""The 24-hour chart: an SVG drawn by Python (no chart library, no canvas).

The geometry is plain functions of numbers (``x_positions``, ``y_scale``, ``smooth_path``), tested on their own; the
``HourlyChart`` component turns them into elements: a smooth temperature curve over a soft gradient, labels and
icons every three hours, a bar per hour for the chance of precipitation, and a dashed line at midnight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyview.components import component, h
from weather_view.format import hour_label, weekday
from weather_view.icons import icon_shapes

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pyview.components import Element
    from weather_view._types import Hour

WIDTH, HEIGHT = 720, 236
LEFT, RIGHT = 24, 24  # room for the first and last labels
ICONS_Y = 4  # top of the icon row
LINE_TOP, LINE_BOTTOM = 62, 138  # the band the temperature curve moves in
BARS_BOTTOM, BARS_HEIGHT = 196, 30  # precipitation bars grow up from here
LABELS_Y = 222  # hour labels (baseline)


def x_positions(count: int, width: float = WIDTH, left: float = LEFT, right: float = RIGHT) -> list[float]:
    """``count`` evenly spaced x coordinates across the drawing.

    Example:
        >>> x_positions(3, width=100, left=10, right=10)
        [10.0, 50.0, 90.0]
    """
    if count == 1:
        return [left + (width - left - right) / 2]
    step = (width - left - right) / (count - 1)
    return [left + k * step for k in range(count)]


def y_scale(values: Sequence[float], top: float = LINE_TOP, bottom: float = LINE_BOTTOM) -> list[float]:
    """Map values to y coordinates: the highest at ``top``, the lowest at ``bottom`` (SVG's y grows downwards).

    A flat series sits in the middle; a small range is widened to 4 degrees so that half a degree does not look
    like a heat wave.

    Example:
        >>> y_scale([0, 10], top=0, bottom=100)
        [100.0, 0.0]
        >>> y_scale([5, 5], top=0, bottom=100)
        [50.0, 50.0]
    """
    low, high = min(values), max(values)
    if high - low < 4:
        middle = (high + low) / 2
        low, high = middle - 2, middle + 2
    return [bottom - (value - low) / (high - low) * (bottom - top) for value in values]


def smooth_path(points: Sequence[tuple[float, float]], tension: float = 0.18) -> str:
    """An SVG path through ``points`` with smooth corners (Catmull-Rom segments as cubic Béziers).

    Example:
        >>> smooth_path([(0, 0), (10, 10)])
        'M0.0 0.0 C1.8 1.8 8.2 8.2 10.0 10.0'
    """
    if not points:
        return ""
    parts = [f"M{points[0][0]:.1f} {points[0][1]:.1f}"]
    for k in range(len(points) - 1):
        p0 = points[k - 1] if k > 0 else points[k]
        p1, p2 = points[k], points[k + 1]
        p3 = points[k + 2] if k + 2 < len(points) else p2
        c1 = (p1[0] + (p2[0] - p0[0]) * tension, p1[1] + (p2[1] - p0[1]) * tension)
        c2 = (p2[0] - (p3[0] - p1[0]) * tension, p2[1] - (p3[1] - p1[1]) * tension)
        parts.append(f"C{c1[0]:.1f} {c1[1]:.1f} {c2[0]:.1f} {c2[1]:.1f} {p2[0]:.1f} {p2[1]:.1f}")
    return " ".join(parts)


def describe_hours(hours: Sequence[Hour], degree: str, twelve_hour: bool) -> str:
    """What the chart shows, in words, for screen readers."""
    temps = [hour["temperature"] for hour in hours]
    warmest, coldest = hours[temps.index(max(temps))], hours[temps.index(min(temps))]
    coldest_at, warmest_at = hour_label(coldest["time"], twelve_hour), hour_label(warmest["time"], twelve_hour)
    text = (
        f"Next {len(hours)} hours: from {round(coldest['temperature'])}{degree} at {coldest_at} "
        f"to {round(warmest['temperature'])}{degree} at {warmest_at}."
    )
    wet = [hour for hour in hours if (hour.get("precipitation_chance") or 0) >= 50]
    if wet:
        text += f" {wet[0]['description']} likely from {hour_label(wet[0]['time'], twelve_hour)}."
    return text


@component
def HourlyChart(hours: tuple[Hour, ...], degree: str, twelve_hour: bool = False, now: str = "") -> Element:
    """The next hours (24, or what the source has): temperature curve, icons, precipitation chance, hour labels.

    The first hour reads "Now" (with a dot on the curve) when it is the hour of ``now``, the forecast's local time
    (without ``now``: always).
    """
    temps = [float(hour["temperature"]) for hour in hours]
    xs = x_positions(len(hours))
    ys = y_scale(temps)
    points = list(zip(xs, ys, strict=True))
    line = smooth_path(points)
    area = f"{line} L{xs[-1]:.1f} {BARS_BOTTOM - BARS_HEIGHT - 8} L{xs[0]:.1f} {BARS_BOTTOM - BARS_HEIGHT - 8} Z"
    step = xs[1] - xs[0] if len(xs) > 1 else WIDTH
    starts_now = hours[0]["time"][:13] == now[:13] if now else True
    marks: list[Element] = []
    for k, hour in enumerate(hours):
        x, y = xs[k], ys[k]
        chance = int(hour.get("precipitation_chance") or 0)  # unknown: no bar
        if chance >= 10:  # one bar per hour, its height the chance of precipitation
            height = max(1.5, BARS_HEIGHT * chance / 100)
            marks.append(
                h.rect(
                    x=f"{x - step * 0.3:.1f}",
                    y=f"{BARS_BOTTOM - height:.1f}",
                    width=f"{step * 0.6:.1f}",
                    height=f"{height:.1f}",
                    rx=1.5,
                    class_="wx-c-bar",
                )
            )
        if hour["time"][11:13] == "00" and k > 0:  # midnight: a dashed line and the new day's name
            marks.append(h.line(x1=f"{x:.1f}", y1=LINE_TOP - 22, x2=f"{x:.1f}", y2=BARS_BOTTOM, class_="wx-c-midnight"))
            marks.append(h.text(weekday(hour["time"][:10]), x=f"{x + 4:.1f}", y=LINE_TOP - 14, class_="wx-c-day"))
        if k % 3 == 0:  # every three hours: icon, temperature, hour, and the chance when it matters
            marks.append(
                h.g(
                    *icon_shapes(hour["condition"], bool(hour["is_day"])),
                    transform=f"translate({x - 13:.1f} {ICONS_Y}) scale(0.8125)",
                    class_="wx-c-icon",
                )
            )
            marks.append(h.text(f"{round(temps[k])}°", x=f"{x:.1f}", y=f"{y - 10:.1f}", class_="wx-c-temp"))
            label = "Now" if k == 0 and starts_now else hour_label(hour["time"], twelve_hour)
            marks.append(h.text(label, x=f"{x:.1f}", y=LABELS_Y, class_="wx-c-hour"))
            if chance >= 20:
                marks.append(h.text(f"{chance}%", x=f"{x:.1f}", y=BARS_BOTTOM - BARS_HEIGHT - 2, class_="wx-c-chance"))
    return h.svg(
        h.title(describe_hours(hours, degree, twelve_hour)),
        h.defs(
            h.linear_gradient(
                h.stop(offset="0%", class_="wx-c-stop-top"),
                h.stop(offset="100%", class_="wx-c-stop-bottom"),
                id="wx-area",
                x1="0",
                y1="0",
                x2="0",
                y2="1",
            )
        ),
        h.line(x1=LEFT, y1=BARS_BOTTOM + 0.5, x2=WIDTH - RIGHT, y2=BARS_BOTTOM + 0.5, class_="wx-c-axis"),
        h.path(d=area, class_="wx-c-area"),
        *marks,
        h.path(d=line, class_="wx-c-line"),
        h.circle(cx=f"{xs[0]:.1f}", cy=f"{ys[0]:.1f}", r=4.5, class_="wx-c-now") if starts_now else None,
        view_box=f"0 0 {WIDTH} {HEIGHT}",
        class_="wx-chart",
        role="img",
        aria_label=describe_hours(hours, degree, twelve_hour),
        preserve_aspect_ratio="xMidYMid meet",
    )
