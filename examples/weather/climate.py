"""Climate normals for any city, derived from where it is: what the offline simulation starts from.

The offline forecast (``weather_data.forecast``) needs each city's typical highs and lows in its coldest and warmest
months, its wet and dry seasons, humidity and wind. Rather than a hand-typed table for a few cities, they are
derived from the latitude and longitude of any place in the city table (``places.py``): temperatures fall away from
the tropics, the subtropical desert belt is hot, dry and clear, the Gulf Stream keeps north-western Europe mild, the
heart of Eurasia has hard winters, the southern hemisphere's oceans soften its seasons, seasons are mirrored south of
the equator, and each city gets a small fixed twist of its own so that neighbours differ. Believable, deterministic,
and clearly labelled as simulated.

Example:
    >>> from places import find_place
    >>> oslo, cairo = normals(find_place("Oslo")), normals(find_place("Cairo"))
    >>> oslo.high[1] - oslo.high[0] > 15, cairo.high[1] > oslo.high[1] + 8
    (True, True)
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from places import Place


class City:
    """A city and its climate normals (temperatures in °C, wind in km/h)."""

    __slots__ = (
        "country",
        "fog",
        "fog_peak",
        "high",
        "humidity",
        "latitude",
        "longitude",
        "low",
        "name",
        "offset",
        "timezone",
        "warm_peak",
        "wet",
        "wet_peak",
        "wind",
        "wind_from",
    )

    def __init__(
        self,
        name: str,
        country: str,
        latitude: float,
        longitude: float,
        timezone: str,
        offset: float,
        *,
        high: tuple[float, float],
        low: tuple[float, float],
        warm_peak: int,
        wet: tuple[float, float],
        wet_peak: int,
        humidity: float,
        wind: float,
        wind_from: float,
        fog: float = 0.0,
        fog_peak: int | None = None,
    ) -> None:
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.timezone = timezone
        self.offset = offset  # standard UTC offset in hours, used only where the tz database is missing
        self.high = high  # mean daily high of the (coldest, warmest) month
        self.low = low  # mean daily low of the (coldest, warmest) month
        self.warm_peak = warm_peak  # day of the year when it is warmest
        self.wet = wet  # chance of a wet day in the (driest, wettest) season
        self.wet_peak = wet_peak  # day of the year when it is wettest
        self.humidity = humidity  # mean relative humidity, %
        self.wind = wind  # mean wind speed, km/h
        self.wind_from = wind_from  # prevailing wind direction, degrees
        self.fog = fog  # chance of a foggy morning at the height of the fog season
        self.fog_peak = (warm_peak + 182) % 365 if fog_peak is None else fog_peak  # default: mid-winter

    def __repr__(self) -> str:
        return f"City({self.name!r}, {self.country!r})"


def _desert(latitude: float) -> float:
    """0..1: how much the subtropical high-pressure belt (around 25°) dries and heats a place."""
    return max(0.0, 1 - abs(abs(latitude) - 25) / 9)


def normals(place: Place) -> City:
    """The climate normals of ``place``, from its latitude and longitude (and a fixed per-city twist)."""
    lat, lon = place.latitude, place.longitude
    a, south = abs(lat), lat < 0
    seed = hashlib.sha256(f"{place.label}|{lat:.3f}|{lon:.3f}".encode()).digest()
    twist = random.Random(int.from_bytes(seed[:8], "big"))
    dry = _desert(lat)
    # Highs of the warmest and the coldest month: they part as the latitude grows.
    warm = 31 - 0.35 * max(0.0, a - 30) + 6 * dry
    cold = 30 - 0.75 * max(0.0, a - 12) + 4 * dry
    if not south and 40 <= a <= 72 and -25 <= lon <= 30:  # the Gulf Stream: mild winters in north-west Europe
        warm, cold = warm - 1.5, cold + 7
    elif not south and 35 <= a <= 62 and -135 <= lon <= -115:  # the Pacific coast of North America
        warm, cold = warm - 3, cold + 5
    elif not south and 45 <= a <= 72 and 40 <= lon <= 140:  # the heart of Eurasia: far from any sea
        cold -= 12
    if south:  # mostly ocean: half the swing between the seasons
        mean, swing = (warm + cold) / 2, (warm - cold) / 4
        warm, cold = mean + swing, mean - swing
    warm += twist.uniform(-1, 1)
    cold += twist.uniform(-1, 1)
    summer = 20 if south else 200  # the warmest day of the year
    if a < 10:
        wet, wet_peak = (0.35, 0.6), summer
    elif a < 20:
        wet, wet_peak = (0.04, 0.65), summer  # monsoon
    elif a < 34:
        wet, wet_peak = (0.01 + 0.2 * (1 - dry), 0.06 + 0.3 * (1 - dry)), (summer + 182) % 365  # winter rains
    elif a < 62:
        wet, wet_peak = (0.26, 0.38), summer
    else:
        wet, wet_peak = (0.3, 0.45), (summer + 70) % 365
    wet = (max(0.0, wet[0] + twist.uniform(-0.03, 0.03)), wet[1] + twist.uniform(-0.03, 0.03))
    trade_winds = 120 if south else 60
    return City(
        place.label,
        place.country,
        lat,
        lon,
        place.timezone,
        round(lon / 15),
        high=(cold, warm),
        low=(cold - 6 - 6 * dry, warm - 8 - 6 * dry),
        warm_peak=summer,
        wet=wet,
        wet_peak=wet_peak,
        humidity=75 - 30 * dry + twist.uniform(-5, 5),
        wind=10 + 0.12 * a + twist.uniform(-2, 2),
        wind_from=trade_winds if a < 30 else 250 if a < 65 else 90,
        fog=0.04 + twist.uniform(0, 0.04),
    )
