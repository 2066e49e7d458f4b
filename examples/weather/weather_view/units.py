"""A forecast shown in other units, converted in the View: the units a person chose show at once, on every path
(the shim's paint of the server's re-render, Python's first render, the server runtime), with no round trip.

Example:
    >>> metric = {"units": "metric", "unit_labels": {}, "current": {"temperature": 20.0, "wind_speed": 16.1},
    ...           "hourly": [], "daily": [{"high": 25.0, "low": -40.0, "precipitation": 25.4}]}
    >>> imperial = in_units(metric, "imperial")
    >>> imperial["current"], imperial["daily"][0], imperial["unit_labels"]["speed"]
    ({'temperature': 68.0, 'wind_speed': 10.0}, {'high': 77.0, 'low': -40.0, 'precipitation': 1.0}, 'mph')
    >>> in_units(imperial, "metric")["current"]
    {'temperature': 20.0, 'wind_speed': 16.1}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from weather_view._types import Weather

MILE_KM = 1.609344
INCH_MM = 25.4
INHG_HPA = 33.8639
LABELS = {
    "metric": {"temperature": "°C", "speed": "km/h", "precipitation": "mm", "pressure": "hPa", "distance": "km"},
    "imperial": {"temperature": "°F", "speed": "mph", "precipitation": "in", "pressure": "inHg", "distance": "mi"},
}
# field -> its kind, in every part of a forecast (current, each hour, each day)
KINDS = {
    "temperature": "temperature",
    "feels_like": "temperature",
    "high": "temperature",
    "low": "temperature",
    "wind_speed": "speed",
    "precipitation": "precipitation",
    "pressure": "pressure",
    "visibility": "distance",
}


def _convert(kind: str, value: float, imperial: bool) -> float:
    """Metric to imperial (or back), rounded as the server rounds each unit."""
    if kind == "temperature":
        return round(value * 9 / 5 + 32 if imperial else (value - 32) * 5 / 9, 1)
    if kind == "precipitation":
        return round(value / INCH_MM, 2) if imperial else round(value * INCH_MM, 1)
    if kind == "pressure":
        return round(value / INHG_HPA, 2) if imperial else round(value * INHG_HPA)
    return round(value / MILE_KM if imperial else value * MILE_KM, 1)  # speed, distance


def _part(part: dict[str, Any], imperial: bool) -> dict[str, Any]:
    return {
        key: _convert(KINDS[key], value, imperial) if key in KINDS and isinstance(value, (int, float)) else value
        for key, value in part.items()
    }


def in_units(data: Weather, units: str) -> Weather:
    """``data`` in ``units`` ("metric" or "imperial"); the same object when it is in them already."""
    if units == data["units"] or units not in LABELS:
        return data
    imperial = units == "imperial"
    raw = cast("dict[str, Any]", data)
    converted = {
        **raw,
        "units": units,
        "unit_labels": dict(LABELS[units]),
        "current": _part(raw["current"], imperial),
        "hourly": [_part(hour, imperial) for hour in raw["hourly"]],
        "daily": [_part(day, imperial) for day in raw["daily"]],
    }
    return cast("Weather", converted)
