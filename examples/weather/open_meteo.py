"""Real forecasts from Open-Meteo (https://open-meteo.com: free, no key, CC BY 4.0), through ``httpx2``.

Two calls per city:

1. the geocoding API (``/v1/search?name=...``; its defaults: 10 results, English) turns the name into places;
   ``places.choose`` picks one or asks which (the same rules as offline: "Hollywood" -> California or Florida,
   "Portland, ME" -> Maine);
2. the forecast API (``/v1/forecast?latitude=...&longitude=...``) gives current conditions, hourly and daily
   values in the city's time zone, always in metric units: ``weather_data``'s converter makes °F, mph and inches,
   exactly as it does for the simulation.

Everything is read from the response, including "now" (``current.time``), so a replayed recording gives the same
:class:`weather_data.Weather` on any day. Real answers can hold less than asked (fewer hours or days, variables
missing or null, no ``current`` block) or come in other units: ``open_meteo_response.py`` reads them, and the result
leaves out what is not there rather than failing. The tests replay responses through ``httpx2.MockTransport``
(``recordings.py``); nothing here needs the network unless you call it with a real client.

Example:
    >>> wmo_condition(0), wmo_condition(63), wmo_condition(95)
    ('clear', 'rain', 'thunderstorm')
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING, Any, TypeVar

import anyio.to_thread
from open_meteo_response import Response, Section
from places import Place, UnknownCity, choose, split_query, suggest
from weather_data import COMPASS, DESCRIPTIONS, Condition, Current, Day, Hour, Units, Weather, convert_units, weather_at

if TYPE_CHECKING:
    import httpx2

T = TypeVar("T")

GEOCODING_URL = "https://geocoding-api.open-meteo.com/v1/search"
FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
SOURCE = "Open-Meteo forecast (weather data by Open-Meteo.com, CC BY 4.0)"
CURRENT = "temperature_2m,relative_humidity_2m,apparent_temperature,is_day,weather_code,wind_speed_10m,wind_direction_10m,pressure_msl"  # noqa: E501
HOURLY = "temperature_2m,apparent_temperature,precipitation_probability,precipitation,weather_code,wind_speed_10m,is_day,uv_index,visibility"  # noqa: E501
DAILY = "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,precipitation_sum,wind_speed_10m_max,uv_index_max,sunrise,sunset"  # noqa: E501

# WMO weather interpretation codes (the ``weather_code`` variable) -> the conditions the View draws.
_WMO: dict[int, Condition] = {
    0: "clear", 1: "clear", 2: "partly_cloudy", 3: "cloudy", 45: "fog", 48: "fog",
    51: "drizzle", 53: "drizzle", 55: "drizzle", 56: "sleet", 57: "sleet",
    61: "rain", 63: "rain", 65: "heavy_rain", 66: "sleet", 67: "sleet",
    71: "snow", 73: "snow", 75: "snow", 77: "snow", 80: "rain", 81: "rain", 82: "heavy_rain",
    85: "snow", 86: "snow", 95: "thunderstorm", 96: "thunderstorm", 99: "thunderstorm",
}  # fmt: skip


class OpenMeteoError(RuntimeError):
    """Open-Meteo answered, but not with what we asked for (an error status, or JSON of another shape)."""


def wmo_condition(code: object) -> Condition:
    """A WMO weather code as one of the View's conditions (unknown codes read as 'cloudy')."""
    return _WMO.get(int(code), "cloudy") if isinstance(code, int | float) else "cloudy"


async def geocode(client: httpx2.AsyncClient, query: str) -> Place:
    """The place ``query`` names, by Open-Meteo's geocoder and the rules of ``places.choose``.

    Raises:
        places.UnknownCity: no match (suggestions come from the offline table's well-known names).
        places.AmbiguousCity: several places matter.
        OpenMeteoError: an answer of the wrong shape; ``httpx2`` errors when the service cannot be reached.
    """
    name = query.split(",")[0].strip()
    # Only the name: the documented defaults (10 results, English names, JSON) are what we want, and the request
    # stays the one other clients record (tests/examples/fixtures/open_meteo replays such a recording).
    data = await _get(client, GEOCODING_URL, {"name": name})
    results = data.get("results") or []
    folded, _ = split_query(query)
    places = [_place(item) for item in results if isinstance(item, dict) and item.get("latitude") is not None]
    exact = [place for place in places if split_query(place.name)[0] == folded] or places
    if not exact:  # suggestions come from the offline table, which loads in about a second: off the event loop
        raise UnknownCity(query.strip(), await anyio.to_thread.run_sync(suggest, folded))
    return choose(query, exact)


async def fetch_forecast(
    client: httpx2.AsyncClient, place: Place, units: Units, now: datetime | None = None
) -> Weather:
    """Open-Meteo's forecast for ``place``: conditions now, the next 24 hours and 7 days.

    ``now`` is only used when the answer has no ``current`` block (then current conditions come from the hour it
    falls in); None: the clock.
    """
    params = {
        "latitude": f"{place.latitude:.4f}",
        "longitude": f"{place.longitude:.4f}",
        "current": CURRENT,
        "hourly": HOURLY,
        "daily": DAILY,
        "timezone": place.timezone or "auto",
        "forecast_days": 8,  # 24 hours from late evening reach into the 8th day
    }
    return to_weather(await _get(client, FORECAST_URL, params), place, units, now)


def to_weather(data: dict[str, Any], place: Place, units: Units, now: datetime | None = None) -> Weather:
    """A forecast response (local times, in the units its ``*_units`` blocks state) as the tool's result model.

    Real answers vary: fewer hours or days than asked, variables missing or null, other units, no ``current``
    block. What is there is shown; an optional value that is missing is None (the card leaves that stat out).

    Raises:
        OpenMeteoError: nothing to show: no current temperature or weather code, even from the hourly values.
    """
    try:
        return _to_weather(Response(data), place, units, now)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise OpenMeteoError(
            f"Open-Meteo sent a forecast of an unexpected shape ({type(exc).__name__}: {exc})"
        ) from exc


def _to_weather(data: Response, place: Place, units: Units, now: datetime | None) -> Weather:
    convert = convert_units(units)
    zone = _zone(data.raw)
    hourly, daily, current = data.section("hourly", zone), data.section("daily", zone), data.section("current", zone)
    local = current.times[0] if current.times else (now or datetime.now(UTC)).astimezone(zone)
    # The hour now falls in, then later ones; hours before it, or with no temperature or sky, are not shown.
    hour = local.replace(minute=0, second=0, microsecond=0)
    shown = [
        i for i, when in enumerate(hourly.times) if when >= hour and hourly.has(i, "temperature_2m", "weather_code")
    ]
    hours = [
        Hour(
            time=hourly.times[i].isoformat(timespec="minutes"),
            temperature=convert.temperature(hourly.number(i, "temperature_2m")),
            feels_like=_maybe(convert.temperature, hourly.value(i, "apparent_temperature")),
            condition=(condition := wmo_condition(hourly.value(i, "weather_code"))),
            description=DESCRIPTIONS[condition],
            is_day=_is_day(hourly.value(i, "is_day"), hourly.times[i], daily),
            precipitation_chance=_maybe(round, hourly.value(i, "precipitation_probability")),
            precipitation=_maybe(convert.precipitation, hourly.value(i, "precipitation")),
            wind_speed=_maybe(convert.speed, hourly.value(i, "wind_speed_10m")),
        )
        for i in shown[:24]
    ]
    kept = [i for i, when in enumerate(daily.times) if when.date() >= local.date()]
    days = [
        Day(
            date=daily.times[i].date().isoformat(),
            high=convert.temperature(daily.number(i, "temperature_2m_max")),
            low=convert.temperature(daily.number(i, "temperature_2m_min")),
            condition=(condition := wmo_condition(daily.value(i, "weather_code"))),
            description=DESCRIPTIONS[condition],
            precipitation_chance=_maybe(round, daily.value(i, "precipitation_probability_max")),
            precipitation=_maybe(convert.precipitation, daily.value(i, "precipitation_sum")),
            wind_speed=_maybe(convert.speed, daily.value(i, "wind_speed_10m_max")),
            uv_index=_maybe(round, daily.value(i, "uv_index_max")),
            sunrise=_clock(daily.text(i, "sunrise")),
            sunset=_clock(daily.text(i, "sunset")),
        )
        for i in kept
        if daily.has(i, "temperature_2m_max", "temperature_2m_min", "weather_code")
    ][:7]
    # Current conditions: the `current` block's values, else those of the hour now falls in.
    at = hourly.times.index(hour) if hour in hourly.times else None

    def now_value(name: str) -> float | None:
        found = current.value(0, name) if current.times else None
        return found if found is not None or at is None else hourly.value(at, name)

    temperature, code = now_value("temperature_2m"), now_value("weather_code")
    if temperature is None or code is None:
        raise OpenMeteoError(f"Open-Meteo sent no current temperature or weather code for {local:%Y-%m-%dT%H:%M}")
    condition = wmo_condition(code)
    is_day = _is_day(now_value("is_day"), local, daily)
    direction = now_value("wind_direction_10m")
    uv = now_value("uv_index")
    visibility = now_value("visibility")
    current_now = Current(
        time=local.isoformat(timespec="minutes"),
        temperature=convert.temperature(temperature),
        feels_like=_maybe(convert.temperature, now_value("apparent_temperature")),
        condition=condition,
        description=DESCRIPTIONS[condition],
        is_day=is_day,
        humidity=_maybe(round, now_value("relative_humidity_2m")),
        wind_speed=_maybe(convert.speed, now_value("wind_speed_10m")),
        wind_direction=None if direction is None else round(direction) % 360,
        wind_compass=None if direction is None else COMPASS[round(direction % 360 / 22.5) % 16],
        pressure=_maybe(convert.pressure, now_value("pressure_msl")),
        uv_index=None if uv is None else round(uv) if is_day else 0,
        visibility=None if visibility is None else convert.distance(visibility / 1000),
    )
    zone_name = str(data.raw.get("timezone") or place.timezone)
    return weather_at(place, units, local, timezone=zone_name, current=current_now, hourly=hours, daily=days,
                      provider="open-meteo", source=SOURCE)  # fmt: skip


async def _get(client: httpx2.AsyncClient, url: str, params: dict[str, Any]) -> dict[str, Any]:
    response = await client.get(url, params=params)
    if response.status_code != 200:
        reason = ""
        with contextlib.suppress(ValueError, AttributeError):
            reason = str(response.json().get("reason") or "")
        raise OpenMeteoError(f"Open-Meteo answered {response.status_code}{': ' + reason if reason else ''}")
    data = response.json()
    if not isinstance(data, dict):
        raise OpenMeteoError("Open-Meteo answered with something other than a JSON object")
    return data


def _place(item: dict[str, Any]) -> Place:
    """One geocoding result (GeoNames fields: name, admin1, country, country_code, timezone, population...)."""
    return Place(
        name=str(item.get("name") or ""),
        country=str(item.get("country") or item.get("country_code") or ""),
        country_code=str(item.get("country_code") or "").upper(),
        region=str(item["admin1"]) if item.get("admin1") and item.get("country_code") == "US" else None,
        latitude=float(item["latitude"]),
        longitude=float(item["longitude"]),
        timezone=str(item.get("timezone") or ""),
        population=int(item.get("population") or 0),
    )


def _zone(data: dict[str, Any]) -> tzinfo:
    """The response's time zone; its fixed UTC offset where the tz database is missing."""
    try:
        from zoneinfo import ZoneInfo

        return ZoneInfo(str(data["timezone"]))
    except Exception:
        return timezone(timedelta(seconds=int(data.get("utc_offset_seconds") or 0)))


def _maybe(convert: Callable[[float], T], value: float | None) -> T | None:
    """``convert(value)``, or None for a value the answer does not have."""
    return None if value is None else convert(value)


def _is_day(flag: float | None, when: datetime, daily: Section) -> bool:
    """The answer's ``is_day``; without it, whether ``when`` is between that day's sunrise and sunset (else day)."""
    if flag is not None:
        return bool(flag)
    for index, day in enumerate(daily.times):
        if day.date() == when.date():
            sunrise, sunset = _clock(daily.text(index, "sunrise")), _clock(daily.text(index, "sunset"))
            if sunrise and sunset:
                return sunrise <= f"{when:%H:%M}" < sunset
    return True


def _clock(stamp: object) -> str | None:
    """'2026-01-15T08:10' -> '08:10' (None when the sun does not rise or set that day)."""
    return stamp[11:16] if isinstance(stamp, str) and len(stamp) >= 16 else None
