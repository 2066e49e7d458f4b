"""The shape of a forecast, checked before the View shows it. Standard library only.

The View runs without pydantic, so nothing checks a result on the way in: a field of the wrong type (say,
``"temperature": "21"`` from a proxy that turns numbers into strings) would fail a component half-way through a
render. :func:`problem` says what is wrong in one sentence, and the View shows that sentence instead.

A shape is a dict of field -> kind. A kind is ``int`` (a whole number), ``float`` (any number), ``str``, ``bool``,
a tuple of allowed values, a nested shape, ``[kind]`` (a list of those, :class:`NonEmpty` for at least one),
:class:`Maybe` (also None or missing) or :class:`Map` (an object whose values are all of one kind).

Example:
    >>> shape = {"city": str, "daily": NonEmpty({"high": float})}
    >>> problem({"city": "Oslo", "daily": [{"high": "4.5"}]}, shape)
    "daily[0].high should be a number (got '4.5')"
    >>> problem({"city": "Oslo", "daily": []}, shape)
    'daily should have at least one item'
    >>> problem({"city": "Oslo", "daily": [{"high": 4}]}, shape) is None
    True
"""

from __future__ import annotations

from typing import Any


class Maybe:
    """A kind that may also be None, or missing from its object."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind


class NonEmpty:
    """A list with at least one item, each of one kind."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind


class Map:
    """An object with any keys whose values are all of one kind (``{"paid": 3, "shipped": 5}``)."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind


_NAMES = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}


def problem(value: Any, kind: Any, where: str = "") -> str | None:
    """What is wrong with ``value`` for ``kind`` (naming the field, e.g. ``orders[3].total_cents``), or None."""
    if isinstance(kind, Maybe):
        return None if value is None else problem(value, kind.kind, where)
    if isinstance(kind, dict):
        if not isinstance(value, dict):
            return _wrong(where, "an object", value)
        for key, inner in kind.items():
            path = f"{where}.{key}" if where else key
            if key not in value:
                if not isinstance(inner, Maybe):
                    return f"{path} is missing"
                continue
            found = problem(value[key], inner, path)
            if found:
                return found
        return None
    if isinstance(kind, Map):
        if not isinstance(value, dict):
            return _wrong(where, "an object", value)
        for key, item in value.items():
            found = problem(item, kind.kind, f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(kind, list | NonEmpty):
        if not isinstance(value, list):
            return _wrong(where, "a list", value)
        if isinstance(kind, NonEmpty) and not value:
            return f"{where} should have at least one item"
        inner = kind.kind if isinstance(kind, NonEmpty) else kind[0]
        for index, item in enumerate(value):
            found = problem(item, inner, f"{where}[{index}]")
            if found:
                return found
        return None
    if isinstance(kind, tuple):
        return None if value in kind else _wrong(where, "one of " + ", ".join(map(str, kind)), value)
    if kind is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    elif kind is float:
        fits = isinstance(value, int | float) and not isinstance(value, bool)
    else:
        fits = isinstance(value, kind)
    return None if fits else _wrong(where, _NAMES.get(kind, str(kind)), value)


def _wrong(where: str, expected: str, value: Any) -> str:
    got = repr(value)
    if len(got) > 40:
        got = got[:39] + "…"
    return f"{where or 'the result'} should be {expected} (got {got})"


CONDITIONS = (
    "clear",
    "partly_cloudy",
    "cloudy",
    "fog",
    "drizzle",
    "rain",
    "heavy_rain",
    "thunderstorm",
    "sleet",
    "snow",
)
_SKY = {"condition": CONDITIONS, "description": str, "is_day": bool, "temperature": float, "time": str}
FORECAST = {
    "city": str,
    "country": str,
    "units": ("metric", "imperial"),
    "unit_labels": {"temperature": str, "speed": str, "precipitation": str},
    "local_time": str,
    # A real source may lack any of these (the card leaves the stat out), or have fewer hours or days, or none.
    "current": {
        **_SKY,
        "feels_like": Maybe(float),
        "humidity": Maybe(float),
        "wind_speed": Maybe(float),
        "wind_compass": Maybe(str),
        "uv_index": Maybe(int),
    },
    "hourly": [{**_SKY, "precipitation_chance": Maybe(float)}],
    "daily": [
        {
            "date": str,
            "high": float,
            "low": float,
            "condition": CONDITIONS,
            "description": str,
            "precipitation_chance": Maybe(float),
            "precipitation": Maybe(float),
            "sunrise": Maybe(str),
            "sunset": Maybe(str),
        }
    ],
}


def unreadable(why: str) -> str:
    """The sentence a person sees for a forecast of the wrong shape.

    Example:
        >>> unreadable("current.temperature should be a number (got '21')")
        "The weather tool sent a forecast this View can't show: current.temperature should be a number (got '21')."
    """
    return f"The weather tool sent a forecast this View can't show: {why}."
