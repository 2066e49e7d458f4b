"""The shape of a forecast, checked before the View shows it. Standard library only.

The View runs without pydantic, so nothing checks a result on the way in: a field of the wrong type (say,
``"temperature": "21"`` from a proxy that turns numbers into strings) would fail a component half-way through a
render. ``pyview.app.shape_problem`` says what is wrong in one sentence, and the View shows that sentence instead.
:data:`FORECAST` says what the weather tool returns (see ``pyview.app.shape_problem`` for the kinds).

Example:
    >>> from pyview.app import shape_problem
    >>> shape_problem({"city": "Oslo"}, FORECAST)
    'country is missing'
"""

from __future__ import annotations

from typing import get_args

from pyview.app import Maybe
from weather_view._types import Condition

CONDITIONS = get_args(Condition)  # the generated types name them: one list of conditions
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
