"""Chart arithmetic: nice axis ticks and compact number labels (pure functions)."""

from __future__ import annotations

import math


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round tick values covering ``low..high`` (steps of 1, 2, 2.5 or 5 times a power of 10).

    Example:
        >>> nice_ticks(0, 97)
        [0, 20, 40, 60, 80, 100]
        >>> nice_ticks(-3, 3, 4)
        [-4, -2, 0, 2, 4]
    """
    if high < low:
        low, high = high, low
    if high == low:
        high = low + (abs(low) or 1)
    raw = (high - low) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    start = math.floor(low / step) * step
    ticks: list[float] = []
    value = start
    while True:
        ticks.append(round(value, 10))
        if value >= high - step * 1e-9:
            break
        value += step
    return [int(t) if float(t).is_integer() else t for t in ticks]


def compact(value: float) -> str:
    """A short label: ``1200`` -> ``1.2k``, ``3400000`` -> ``3.4M``, ``0.5`` -> ``0.5``.

    Example:
        >>> compact(1200), compact(3_400_000), compact(-2500), compact(12), compact(0.125)
        ('1.2k', '3.4M', '-2.5k', '12', '0.12')
    """
    size = abs(value)
    for limit, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if size >= limit:
            return f"{value / limit:.1f}".rstrip("0").rstrip(".") + suffix
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def text_width(text: str, size: float = 11) -> float:
    """A rough width in px of ``text`` in a sans-serif font of ``size`` px (for layout without measuring)."""
    return len(text) * size * 0.58
