"""Weather icons drawn as SVG by Python: a sun, a moon, clouds, rain, snow, lightning and fog.

Each icon is a ``<g>`` in a 32 x 32 box, so it can stand alone (``WeatherIcon``) or sit inside a bigger SVG such as
the hourly chart (``icon_shapes`` with an offset and a scale). Colours come from CSS classes (``wx-i-sun``...) in
styles.py, so icons follow the light and dark themes.

An icon is built once per kind and size, then the same elements are returned: elements are never changed once
built, and a re-render that gets the very elements it showed skips them (no rebuild, nothing to compare).
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from pyview.components import h

if TYPE_CHECKING:
    from pyview.components import Element

WET = ("drizzle", "rain", "heavy_rain", "thunderstorm", "sleet", "snow")


def _sun(cx: float, cy: float, r: float) -> list[Element]:
    rays = []
    for k in range(8):
        angle = math.pi * k / 4
        x1, y1 = cx + math.cos(angle) * (r + 2.2), cy + math.sin(angle) * (r + 2.2)
        x2, y2 = cx + math.cos(angle) * (r + 4.6), cy + math.sin(angle) * (r + 4.6)
        rays.append(h.line(x1=f"{x1:.2f}", y1=f"{y1:.2f}", x2=f"{x2:.2f}", y2=f"{y2:.2f}"))
    return [h.circle(cx=cx, cy=cy, r=r, class_="wx-i-sun"), h.g(*rays, class_="wx-i-rays")]


def _moon(cx: float, cy: float, r: float) -> Element:
    """A crescent lit on the left: a half circle down the left side, then a flatter arc back up."""
    top, bottom = f"{cx:.2f} {cy - r:.2f}", f"{cx:.2f} {cy + r:.2f}"
    d = f"M{top} A{r} {r} 0 0 0 {bottom} A{r * 1.8:.2f} {r * 1.8:.2f} 0 0 1 {top} Z"
    return h.path(d=d, class_="wx-i-moon", transform=f"rotate(-20 {cx} {cy})")


def _cloud(dx: float = 0, dy: float = 0, dark: bool = False) -> Element:
    """A cloud as the union of three circles and a rounded base: no outline needed, crisp at any size."""
    return h.g(
        h.circle(cx=11.5, cy=18.5, r=4.5),
        h.circle(cx=18, cy=14.5, r=6.5),
        h.circle(cx=24, cy=19, r=4),
        h.rect(x=7, y=17, width=17, height=6, rx=3),
        class_="wx-i-cloud wx-i-cloud--dark" if dark else "wx-i-cloud",
        transform=f"translate({dx} {dy})" if dx or dy else None,
    )


def _drops(count: int, length: float) -> Element:
    xs = [10 + k * (14 / max(1, count - 1)) for k in range(count)] if count > 1 else [17]
    lines = [h.line(x1=f"{x:.1f}", y1="22.5", x2=f"{x - 1.6:.1f}", y2=f"{22.5 + length:.1f}") for x in xs]
    return h.g(*lines, class_="wx-i-rain")


def _flakes() -> Element:
    spots = ((11, 25), (17, 28), (23, 25), (14, 30.5))
    return h.g(*(h.circle(cx=x, cy=y, r=1.4) for x, y in spots), class_="wx-i-snow")


def _bolt() -> Element:
    return h.path(d="M17.5 19 L13 26 H16.5 L14.5 31.5 L21 23.5 H17.5 L19.5 19 Z", class_="wx-i-bolt")


def _fog() -> Element:
    lines = [h.line(x1=x1, y1=y, x2=x2, y2=y) for x1, x2, y in ((6, 26, 11), (4, 24, 16), (8, 28, 21), (6, 22, 26))]
    return h.g(*lines, class_="wx-i-fog")


def icon_shapes(condition: str, is_day: bool = True) -> list[Element]:
    """The shapes of one icon in a 32 x 32 box (the same elements for the same icon: see the module docs)."""
    return list(_shapes(condition, is_day))


@functools.lru_cache(maxsize=64)
def _shapes(condition: str, is_day: bool) -> tuple[Element, ...]:
    return tuple(_drawn(condition, is_day))


def _drawn(condition: str, is_day: bool) -> list[Element]:
    sky = _sun(16, 16, 6.5) if is_day else [_moon(17, 16, 10)]
    if condition == "clear":
        return list(sky)
    if condition == "partly_cloudy":
        small = _sun(11, 11, 4.6) if is_day else [_moon(12, 10, 6.5)]
        return [*small, _cloud(1, 3)]
    if condition == "cloudy":
        return [_cloud(-3, -1, dark=True), _cloud(1, 3)]
    if condition == "fog":
        return [_fog()]
    # Precipitation: the cloud moves up to make room below it.
    cloud = _cloud(0, -5, dark=condition in ("heavy_rain", "thunderstorm"))
    if condition == "drizzle":
        drops = (h.circle(cx=x, cy=y, r=1.1) for x, y in ((12, 24), (18, 27), (24, 24)))
        return [cloud, h.g(*drops, class_="wx-i-drop")]
    if condition == "rain":
        return [cloud, _drops(3, 6)]
    if condition == "heavy_rain":
        return [cloud, _drops(4, 8)]
    if condition == "thunderstorm":
        return [cloud, _drops(2, 5), _bolt()]
    if condition == "sleet":
        return [cloud, _drops(2, 5), h.g(h.circle(cx=17, cy=27.5, r=1.4), class_="wx-i-snow")]
    if condition == "snow":
        return [cloud, _flakes()]
    return [_cloud(0, 0)]


@functools.lru_cache(maxsize=256)
def WeatherIcon(condition: str, is_day: bool = True, size: int = 32, label: str | None = None) -> Element:
    """A standalone icon; ``label`` makes it an image for screen readers, else it is decorative (the same element
    for the same arguments: see the module docs)."""
    return h.svg(
        *icon_shapes(condition, is_day),
        view_box="0 0 32 32",
        width=size,
        height=size,
        class_="wx-icon",
        role="img" if label else None,
        aria_label=label,
        aria_hidden=None if label else "true",
        focusable="false",
    )
