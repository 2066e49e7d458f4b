"""Types of the tools' structured results, written by `pyview types server.py`: do not edit, re-run it.

Standard library only, so the View can import it in the browser.
"""

from typing import Any, Literal, NotRequired, TypedDict  # noqa: F401


class UnitLabels(TypedDict):
    temperature: str
    speed: str
    precipitation: str
    pressure: str
    distance: str


Condition = Literal[
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
]


class Current(TypedDict):
    time: str
    temperature: float
    feels_like: NotRequired[float | None]
    condition: Condition
    description: str
    is_day: bool
    humidity: NotRequired[int | None]
    wind_speed: NotRequired[float | None]
    wind_direction: NotRequired[int | None]
    wind_compass: NotRequired[str | None]
    pressure: NotRequired[float | None]
    uv_index: NotRequired[int | None]
    visibility: NotRequired[float | None]


class Hour(TypedDict):
    time: str
    temperature: float
    feels_like: NotRequired[float | None]
    condition: Condition
    description: str
    is_day: bool
    precipitation_chance: NotRequired[int | None]
    precipitation: NotRequired[float | None]
    wind_speed: NotRequired[float | None]


class Day(TypedDict):
    date: str
    high: float
    low: float
    condition: Condition
    description: str
    precipitation_chance: NotRequired[int | None]
    precipitation: NotRequired[float | None]
    wind_speed: NotRequired[float | None]
    uv_index: NotRequired[int | None]
    sunrise: str | None
    sunset: str | None


class Weather(TypedDict):
    city: str
    country: str
    region: NotRequired[str | None]
    latitude: float
    longitude: float
    timezone: str
    units: Literal["metric", "imperial"]
    unit_labels: UnitLabels
    local_time: str
    current: Current
    hourly: list[Hour]
    daily: list[Day]
    provider: NotRequired[Literal["open-meteo", "simulated"]]
    source: NotRequired[str]


GetWeatherResult = Weather
RefreshWeatherResult = Weather
