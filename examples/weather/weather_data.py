"""The forecast's models, and the offline forecast: a deterministic, realistic simulation for any city.

The result models (:class:`Weather` and its parts) are what the tool returns, whichever source filled them: Open-Meteo
(``open_meteo.py``) or the simulation below. The MCP SDK derives the tool's ``outputSchema`` from them and sends them
to the View as ``structuredContent``; ``provider`` says which source it was, and the card shows it.

The simulation touches no network. Any city in the offline table (``places.py``: the world's cities over 15,000
people) works. The same city and date always give the same weather (every random number is seeded by the city and
the day), so the example works on a plane, its tests are exact, and two runs on the same day agree. The numbers are
still believable: each city's climate normals come from where it is (``climate.py``), the season follows the
hemisphere, rainy spells last several days, sunrise and sunset come from the sun's position at the city's latitude
and longitude, and the UV index from the sun's height at noon.

Example:
    >>> from datetime import datetime, timezone
    >>> report = forecast("Oslo", "metric", now=datetime(2026, 1, 15, 12, tzinfo=timezone.utc))
    >>> report.city, len(report.hourly), len(report.daily)
    ('Oslo', 24, 7)
    >>> report.daily[0].low < report.daily[0].high
    True
"""

from __future__ import annotations

import functools
import hashlib
import math
import random
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from statistics import NormalDist
from typing import Any, Literal

from climate import City, normals
from places import Place, find_place
from pydantic import BaseModel, Field

Units = Literal["metric", "imperial"]
Provider = Literal["open-meteo", "simulated"]
SIMULATED = "Simulated offline forecast (deterministic demo data)"
Condition = Literal[
    "clear", "partly_cloudy", "cloudy", "fog", "drizzle", "rain", "heavy_rain", "thunderstorm", "sleet", "snow"
]

# --------------------------------------------------------------------------------------------------------------------
# The result models: what the tool returns (structuredContent) and what the View reads
# --------------------------------------------------------------------------------------------------------------------


class UnitLabels(BaseModel):
    temperature: str = Field(description="°C or °F")
    speed: str = Field(description="km/h or mph")
    precipitation: str = Field(description="mm or in")
    pressure: str = Field(description="hPa or inHg")
    distance: str = Field(description="km or mi")


# Values a real source may not have (Open-Meteo answers without some variables) are optional: None means "not
# known", and the card leaves that stat out.
class Sky(BaseModel):
    """What the current hour and every forecast hour have in common (their fields come first in both)."""

    time: str = Field(description="local time, ISO 8601 with offset")
    temperature: float
    feels_like: float | None = None
    condition: Condition
    description: str
    is_day: bool


class Current(Sky):
    humidity: int | None = Field(default=None, description="relative humidity, %")
    wind_speed: float | None = None
    wind_direction: int | None = Field(default=None, description="where the wind comes from, degrees")
    wind_compass: str | None = Field(default=None, description="N, NE, ... SW, NW")
    pressure: float | None = None
    uv_index: int | None = None
    visibility: float | None = None


class Hour(Sky):
    precipitation_chance: int | None = Field(default=None, description="%")
    precipitation: float | None = None
    wind_speed: float | None = None


class Day(BaseModel):
    date: str = Field(description="local date, ISO 8601")
    high: float
    low: float
    condition: Condition
    description: str
    precipitation_chance: int | None = Field(default=None, description="%")
    precipitation: float | None = None
    wind_speed: float | None = Field(default=None, description="mean wind speed")
    uv_index: int | None = Field(default=None, description="maximum UV index")
    sunrise: str | None = Field(description="local time HH:MM; None in polar night or midnight sun")
    sunset: str | None


class Weather(BaseModel):
    """Current conditions, the next 24 hours and the next 7 days for one city."""

    city: str
    country: str
    region: str | None = Field(default=None, description="state or province, when known")
    latitude: float
    longitude: float
    timezone: str
    units: Units
    unit_labels: UnitLabels
    local_time: str = Field(description="when this forecast was made, local ISO 8601 time")
    current: Current
    hourly: list[Hour] = Field(description="24 hours from the current hour (fewer, or none, when the source has fewer)")
    daily: list[Day] = Field(description="7 days from today (fewer, or none, when the source has fewer)")
    provider: Provider = Field(default="simulated", description="where the numbers come from")
    source: str = Field(default=SIMULATED, description="the source, in words (with its attribution)")

    def __str__(self) -> str:
        """The text answer: what a model, or a client without the View, reads."""
        return describe(self)


# --------------------------------------------------------------------------------------------------------------------
# The generator
# --------------------------------------------------------------------------------------------------------------------

_NORMAL = NormalDist()
DESCRIPTIONS: dict[str, str] = {
    "clear": "Clear",
    "partly_cloudy": "Partly cloudy",
    "cloudy": "Cloudy",
    "fog": "Fog",
    "drizzle": "Drizzle",
    "rain": "Rain",
    "heavy_rain": "Heavy rain",
    "thunderstorm": "Thunderstorms",
    "sleet": "Sleet",
    "snow": "Snow",
}
WET: frozenset[str] = frozenset({"drizzle", "rain", "heavy_rain", "thunderstorm", "sleet", "snow"})
COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def _rng(city: City, day: date, stream: str) -> random.Random:
    """A random generator for one city, one day and one quantity: the whole forecast is a function of these."""
    digest = hashlib.sha256(f"{city.name}|{day.isoformat()}|{stream}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _smooth(city: City, day: date, stream: str) -> float:
    """A standard normal value that drifts from day to day (weather comes in spells, not coin flips)."""
    raw = [_rng(city, day + timedelta(days=k), stream).gauss(0, 1) for k in (-1, 0, 1)]
    return (raw[0] + 3 * raw[1] + raw[2]) / math.sqrt(11)


def _season(day: date, peak: int) -> float:
    """1 on the day of the year ``peak``, 0 half a year later, a cosine in between."""
    return (1 + math.cos(2 * math.pi * (day.timetuple().tm_yday - peak) / 365.25)) / 2


class _DayModel:
    """The weather of one local day in metric units, before any rounding."""

    __slots__ = (
        "cloud",
        "condition",
        "dew_point",
        "fog",
        "fog_peak",
        "high",
        "humidity",
        "low",
        "polar",
        "precip_chance",
        "precipitation",
        "pressure",
        "rain_hours",
        "sunrise",
        "sunset",
        "uv",
        "wind",
        "wind_from",
    )

    def __init__(self, city: City, day: date, offset_hours: float) -> None:
        rng = _rng(city, day, "day")
        # Rain: the day is wet when a slowly drifting "wetness" falls below the season's threshold.
        p_wet = city.wet[0] + (city.wet[1] - city.wet[0]) * _season(day, city.wet_peak)
        threshold = _NORMAL.inv_cdf(min(max(p_wet, 0.003), 0.97))
        wetness = _smooth(city, day, "wet")
        depth = threshold - wetness  # > 0: wet; the larger, the heavier
        self.cloud = min(1.0, max(0.0, _NORMAL.cdf(2.2 * (depth + 0.9)) + rng.uniform(-0.1, 0.1)))
        # Temperature: the season's normal, a drifting anomaly (bigger far from the equator), cooler when wet.
        warmth = _season(day, city.warm_peak)
        normal_high = city.high[0] + (city.high[1] - city.high[0]) * warmth
        normal_low = city.low[0] + (city.low[1] - city.low[0]) * warmth
        spread = 0.8 + 2.6 * abs(city.latitude) / 65
        anomaly = spread * _smooth(city, day, "temp")
        self.high = normal_high + anomaly - 2.5 * max(0.0, self.cloud - 0.5)
        self.low = normal_low + 0.8 * anomaly + 1.5 * max(0.0, self.cloud - 0.5)
        self.low = min(self.low, self.high - 1.5)
        # Rain amounts, and where in the day it falls.
        wet = depth > 0
        self.precip_chance = 100 * _NORMAL.cdf(1.7 * depth + 0.15)
        tropical = max(0.0, (normal_high - 24) / 8)
        self.precipitation = (0.5 + 4 * depth**1.5) * (1 + 1.5 * tropical) if wet else 0.0
        start = rng.randint(0, 23) if not tropical else rng.randint(12, 18)  # tropical downpours come after noon
        length = rng.randint(2, 5) if tropical else rng.randint(3, 12) + int(4 * min(depth, 1.5))
        self.rain_hours = frozenset((start + k) % 24 for k in range(length)) if wet else frozenset()
        mean = (self.high + self.low) / 2
        if not wet:
            self.condition = "clear" if self.cloud < 0.3 else "partly_cloudy" if self.cloud < 0.68 else "cloudy"
        elif mean < 1.0:
            self.condition = "snow"
        elif mean < 3.5:
            self.condition = "sleet"
        elif self.high > 23 and depth > 0.5 and rng.random() < 0.15 + 0.2 * min(tropical, 1.0):
            self.condition = "thunderstorm"
        elif depth > 1.3:
            self.condition = "heavy_rain"
        elif depth < 0.25 and self.high < 18:
            self.condition = "drizzle"
        else:
            self.condition = "rain"
        self.fog = not wet and rng.random() < city.fog * _season(day, city.fog_peak) * (0.5 + self.cloud)
        if self.fog and self.condition == "clear":
            self.condition = "partly_cloudy"
        # Wind, pressure and humidity follow the wetness: stormy days are windy, low-pressure and humid.
        self.wind = city.wind * (0.55 + 0.35 * rng.lognormvariate(0, 0.45) + 0.35 * max(0.0, depth))
        self.wind_from = (city.wind_from + 55 * _smooth(city, day, "wind_dir")) % 360
        storm = max(-1.2, min(depth, 2.0))
        self.pressure = 1014 - 7 * storm - 0.12 * abs(city.latitude) * max(0.0, storm) + 2.5 * rng.gauss(0, 1)
        # Humidity through the dew point: it stays put while the air warms, so afternoons are drier than nights.
        dryness = (100 - city.humidity) / 6 * (0.3 if wet else 1.0 + 0.3 * max(0.0, -depth - 0.5))
        self.dew_point = self.low - dryness
        # The sun: sunrise, sunset (local hours; None in polar night or midnight sun) and the UV index at noon.
        self.sunrise, self.sunset, self.polar = _sun_times(city, day, offset_hours)
        noon_altitude = 90 - abs(city.latitude - _declination(day))
        clear_sky_uv = 12.5 * max(0.0, math.sin(math.radians(noon_altitude))) ** 2.6
        self.uv = clear_sky_uv * (1 - 0.7 * self.cloud**1.6)

    def is_raining(self, hour: int) -> bool:
        return hour in self.rain_hours

    def is_foggy(self, hour: int) -> bool:
        return self.fog and 4 <= hour <= 10


@functools.lru_cache(maxsize=4096)
def _day_model(place: Place, day: date, offset_hours: float) -> _DayModel:
    """The model of one local day of ``place``, a function of these alone (and read-only once made): a forecast
    reuses the days an earlier one of the place computed, instead of drawing all their random numbers again."""
    return _DayModel(normals(place), day, offset_hours)


@functools.lru_cache(maxsize=1024)
def _place(query: str) -> Place:
    """``find_place(query)``, remembered: the View's refreshes ask for the same city again and again."""
    return find_place(query)


def _declination(day: date) -> float:
    """The sun's declination in degrees (Cooper's formula)."""
    return 23.44 * math.sin(2 * math.pi * (284 + day.timetuple().tm_yday) / 365)


def _sun_times(city: City, day: date, offset_hours: float) -> tuple[float | None, float | None, str | None]:
    """Local sunrise and sunset in hours (7.25 is 07:15), from the sun's hour angle at -0.833° altitude.

    The third value is ``"night"`` (polar night) or ``"day"`` (midnight sun) when the sun does not rise or set.
    """
    phi, delta = math.radians(city.latitude), math.radians(_declination(day))
    b = 2 * math.pi * (day.timetuple().tm_yday - 81) / 364
    equation_of_time = 9.87 * math.sin(2 * b) - 7.53 * math.cos(b) - 1.5 * math.sin(b)  # minutes
    noon = 12 - city.longitude / 15 - equation_of_time / 60 + offset_hours
    cos_omega = (math.sin(math.radians(-0.833)) - math.sin(phi) * math.sin(delta)) / (math.cos(phi) * math.cos(delta))
    if cos_omega >= 1:
        return None, None, "night"
    if cos_omega <= -1:
        return None, None, "day"
    half_day = math.degrees(math.acos(cos_omega)) / 15
    return noon - half_day, noon + half_day, None


def _zone(city: City) -> tzinfo:
    """The city's time zone; a fixed standard offset where the tz database is missing (Windows without tzdata)."""
    try:
        from zoneinfo import ZoneInfo

        return ZoneInfo(city.timezone)
    except Exception:
        return timezone(timedelta(hours=city.offset))


def _offset_hours(moment: datetime) -> float:
    offset = moment.utcoffset()
    return offset.total_seconds() / 3600 if offset else 0.0


def _diurnal(days: dict[date, _DayModel], moment: datetime) -> float:
    """Temperature at a local time: lows near sunrise (06:00), highs at 15:00, a cosine between the anchors."""
    day = moment.date()
    hour = moment.hour + moment.minute / 60
    if hour < 6:
        start, end, t0, t1 = -9.0, 6.0, days[day - timedelta(days=1)].high, days[day].low
    elif hour < 15:
        start, end, t0, t1 = 6.0, 15.0, days[day].low, days[day].high
    else:
        start, end, t0, t1 = 15.0, 30.0, days[day].high, days[day + timedelta(days=1)].low
    x = (hour - start) / (end - start)
    return t0 + (t1 - t0) * (1 - math.cos(math.pi * x)) / 2


def _relative_humidity(celsius: float, dew_point: float) -> float:
    """Relative humidity (%) from the air temperature and the dew point (Magnus formula)."""

    def vapour(t: float) -> float:
        return math.exp(17.625 * t / (243.04 + t))

    return min(100.0, max(5.0, 100 * vapour(min(dew_point, celsius)) / vapour(celsius)))


def _feels_like(celsius: float, wind_kmh: float, humidity: float) -> float:
    """Wind chill below 10 °C (Environment Canada), heat index above 27 °C (NWS Rothfusz), else the air."""
    if celsius <= 10 and wind_kmh > 4.8:
        v: float = wind_kmh**0.16
        return 13.12 + 0.6215 * celsius - 11.37 * v + 0.3965 * celsius * v
    if celsius >= 27 and humidity >= 40:
        f, r = celsius * 9 / 5 + 32, humidity
        hi = (
            -42.379 + 2.04901523 * f + 10.14333127 * r - 0.22475541 * f * r - 0.00683783 * f * f
            - 0.05481717 * r * r + 0.00122874 * f * f * r + 0.00085282 * f * r * r - 0.00000199 * f * f * r * r
        )  # fmt: skip
        return max(celsius, (hi - 32) * 5 / 9)
    return celsius


class _Convert:
    """Metric -> the requested units, rounded the way a weather app shows them."""

    def __init__(self, units: Units) -> None:
        self.imperial = units == "imperial"
        self.labels = UnitLabels(
            temperature="°F" if self.imperial else "°C",
            speed="mph" if self.imperial else "km/h",
            precipitation="in" if self.imperial else "mm",
            pressure="inHg" if self.imperial else "hPa",
            distance="mi" if self.imperial else "km",
        )

    def temperature(self, celsius: float) -> float:
        return round(celsius * 9 / 5 + 32 if self.imperial else celsius, 1)

    def speed(self, kmh: float) -> float:
        return round(kmh / 1.609344 if self.imperial else kmh, 1)

    def precipitation(self, mm: float) -> float:
        return round(mm / 25.4, 2) if self.imperial else round(mm, 1)

    def pressure(self, hpa: float) -> float:
        return round(hpa * 0.02953, 2) if self.imperial else round(hpa)

    def distance(self, km: float) -> float:
        return round(km / 1.609344 if self.imperial else km, 1)


def convert_units(units: Units) -> _Convert:
    """The converter from metric values to ``units`` (shared with ``open_meteo.py``)."""
    return _Convert(units)


def _clock(hours: float | None) -> str | None:
    if hours is None:
        return None
    minutes = round(hours * 60) % (24 * 60)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _round_chance(percent: float) -> int:
    """Forecast chances come in steps of 5 % (and never quite 0 or 100 unless certain)."""
    return int(min(100, max(0, 5 * round(percent / 5))))


def forecast(
    city: str | Place, units: Units = "metric", *, now: datetime | None = None, source: str = SIMULATED
) -> Weather:
    """The simulated weather in ``city`` at ``now`` (default: the current time): now, 24 hours and 7 days.

    Raises:
        places.UnknownCity: ``city`` is not in the table (the message suggests close matches).
        places.AmbiguousCity: several cities have that name (the message lists them).
    """
    where = _place(city) if isinstance(city, str) else city
    place = normals(where)
    zone = _zone(place)
    moment = (now or datetime.now(UTC)).astimezone(zone)
    today = moment.date()
    convert = _Convert(units)
    # One model per local day, with a day of margin either side for the night-time temperature curve.
    days = {
        today + timedelta(days=k): _day_model(where, today + timedelta(days=k), _offset_hours(moment))
        for k in range(-1, 9)
    }

    def hour_at(when: datetime) -> tuple[Hour, dict[str, float]]:
        day = days[when.date()]
        rng = _rng(place, when.date(), f"hour{when.hour}")
        raining = day.is_raining(when.hour)
        foggy = day.is_foggy(when.hour)
        clock = when.hour + when.minute / 60
        polar = day.sunrise is None or day.sunset is None
        is_day = day.polar == "day" if polar else day.sunrise <= clock < day.sunset  # type: ignore[operator]
        celsius = _diurnal(days, when) + rng.gauss(0, 0.1) - (1.2 if raining else 0)
        afternoon = max(0.0, math.sin(math.pi * (clock - 6) / 16)) if 6 <= clock <= 22 else 0.0
        wind = max(0.0, day.wind * (0.75 + 0.45 * afternoon) + rng.gauss(0, 1.5))
        humidity = _relative_humidity(celsius, day.dew_point + (1.5 if raining else 0.0))
        if raining:
            condition = day.condition
            chance = max(day.precip_chance, 55 + 40 * rng.random())
            amount = day.precipitation / max(1, len(day.rain_hours)) * rng.uniform(0.5, 1.5)
        else:
            condition = "fog" if foggy else day.condition if day.condition not in WET else "cloudy"
            if condition in ("clear", "partly_cloudy", "cloudy") and not foggy:
                cloud = min(1.0, max(0.0, day.cloud + rng.uniform(-0.18, 0.18)))
                condition = "clear" if cloud < 0.3 else "partly_cloudy" if cloud < 0.68 else "cloudy"
            chance = day.precip_chance * (0.35 if day.rain_hours else 0.6)
            amount = 0.0
        visibility = 0.4 if foggy else 3.0 if condition in ("snow", "heavy_rain") else 8.0 if raining else 20.0
        hour = Hour(
            time=when.isoformat(timespec="minutes"),
            temperature=convert.temperature(celsius),
            feels_like=convert.temperature(_feels_like(celsius, wind, humidity)),
            condition=condition,  # type: ignore[arg-type]
            description=DESCRIPTIONS[condition],
            is_day=is_day,
            precipitation_chance=_round_chance(chance),
            precipitation=convert.precipitation(amount),
            wind_speed=convert.speed(wind),
        )
        extra = {"humidity": humidity, "wind_from": day.wind_from, "visibility": visibility, "celsius": celsius}
        return hour, extra

    start = moment.replace(minute=0, second=0, microsecond=0)
    # Walk in UTC so the 24 hours stay 24 hours across a daylight saving change.
    hourly = [hour_at((start.astimezone(UTC) + timedelta(hours=k)).astimezone(zone))[0] for k in range(24)]
    now_hour, extra = hour_at(moment)
    today_model = days[today]
    uv_now = today_model.uv * max(0.0, math.sin(math.pi * (moment.hour + moment.minute / 60 - 6) / 13))
    current = Current(
        time=moment.isoformat(timespec="minutes"),
        temperature=now_hour.temperature,
        feels_like=now_hour.feels_like,
        condition=now_hour.condition,
        description=now_hour.description,
        is_day=now_hour.is_day,
        humidity=round(extra["humidity"]),
        wind_speed=now_hour.wind_speed,
        wind_direction=round(extra["wind_from"]) % 360,
        wind_compass=COMPASS[round(extra["wind_from"] / 22.5) % 16],
        pressure=convert.pressure(today_model.pressure),
        uv_index=round(uv_now) if now_hour.is_day else 0,
        visibility=convert.distance(extra["visibility"]),
    )
    daily = []
    for k in range(7):
        day = today + timedelta(days=k)
        model = days[day]
        daily.append(
            Day(
                date=day.isoformat(),
                high=convert.temperature(model.high),
                low=convert.temperature(model.low),
                condition=model.condition,  # type: ignore[arg-type]
                description=DESCRIPTIONS[model.condition],
                precipitation_chance=_round_chance(model.precip_chance),
                precipitation=convert.precipitation(model.precipitation),
                wind_speed=convert.speed(model.wind),
                uv_index=round(model.uv),
                sunrise=_clock(model.sunrise),
                sunset=_clock(model.sunset),
            )
        )
    return weather_at(where, units, moment, timezone=where.timezone, current=current, hourly=hourly, daily=daily,
                      source=source)  # fmt: skip


def weather_at(place: Place, units: Units, local_time: datetime, **forecast: Any) -> Weather:
    """A :class:`Weather` for ``place`` made at ``local_time``: its name and position, the units and their labels, and
    the rest (``timezone``, ``current``, ``hourly``, ``daily``, the source) from ``forecast``. Both sources use it."""
    return Weather(
        city=place.name,
        country=place.country,
        region=place.region,
        latitude=place.latitude,
        longitude=place.longitude,
        units=units,
        unit_labels=convert_units(units).labels,
        local_time=local_time.isoformat(timespec="minutes"),
        **forecast,
    )


# --------------------------------------------------------------------------------------------------------------------
# The text answer
# --------------------------------------------------------------------------------------------------------------------


def _n(value: float) -> str:
    """A rounded number for text: 3, -2, and never "-0"."""
    return str(round(value) + 0)


def place_label(report: Weather) -> str:
    """'Denver, Colorado, United States' (the region only where it is known)."""
    return ", ".join(part for part in (report.city, report.region, report.country) if part)


def describe(report: Weather) -> str:
    """A few readable lines: the tool's text content for the model and for clients that show no View."""
    deg, speed = report.unit_labels.temperature, report.unit_labels.speed
    now = report.current
    when = datetime.fromisoformat(report.local_time)
    feels = f", feels like {_n(now.feels_like)} {deg}" if now.feels_like is not None else ""
    wind = f"wind {_n(now.wind_speed)} {speed} {now.wind_compass or ''}".rstrip() if now.wind_speed is not None else ""
    details = ", ".join(
        part
        for part in (
            f"humidity {now.humidity}%" if now.humidity is not None else "",
            wind,
            f"UV index {now.uv_index}" if now.uv_index is not None else "",
        )
        if part
    )
    lines = [
        f"Weather for {place_label(report)} — {when:%a} {when.day} {when:%b}, {when:%H:%M} local time",
        f"Now: {_n(now.temperature)} {deg}, {now.description.lower()}{feels}."
        + (f" {details[0].upper()}{details[1:]}." if details else ""),
    ]
    if report.hourly:
        temps = [hour.temperature for hour in report.hourly]
        wet = [hour for hour in report.hourly if (hour.precipitation_chance or 0) >= 50]
        outlook = f"Next {len(temps)} hours: {_n(min(temps))} to {_n(max(temps))} {deg}"
        if wet:
            outlook += f"; {wet[0].description.lower()} likely from {wet[0].time[11:16]}"
        lines.append(outlook + ".")
    if report.daily:
        lines.append(f"{len(report.daily)}-day forecast:")
    for day in report.daily:
        when = datetime.fromisoformat(day.date)
        chance = day.precipitation_chance or 0
        rain = f", {chance}% chance of precipitation" if chance >= 20 else ""
        label = f"{when:%a} {when.day} {when:%b}"
        lines.append(f"- {label}: {day.description}, {_n(day.high)}/{_n(day.low)} {deg}{rain}")
    lines.append(f"({report.source})")
    return "\n".join(lines)
