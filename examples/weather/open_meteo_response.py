"""Reading an Open-Meteo forecast answer as it really comes: values by variable and time, in metric units.

Real answers are not always what was asked for. A client (or a recording someone else made) may have asked for
other variables, other units (``temperature_unit=fahrenheit``...), fewer days, or Unix times; a variable can be null
for some hours, or missing; older answers use names like ``weathercode`` and a ``current_weather`` block. A
:class:`Section` hides all of that: ``value(i, "temperature_2m")`` is the i-th value in °C, or None when there is
none, whatever the answer's shape.

Example:
    >>> from datetime import timezone
    >>> answer = Response({"hourly_units": {"temperature_2m": "°F"},
    ...                    "hourly": {"time": ["2026-05-07T00:00"], "temperature_2m": [50.0], "weathercode": [3]}})
    >>> hourly = answer.section("hourly", timezone.utc)
    >>> hourly.value(0, "temperature_2m"), hourly.value(0, "weather_code"), hourly.value(0, "uv_index")
    (10.0, 3.0, None)
"""

from __future__ import annotations

import math
from datetime import datetime, tzinfo
from typing import Any

# Older names for the same variables (Open-Meteo renamed them in 2023; old clients and recordings still use them).
LEGACY = {
    "weather_code": "weathercode",
    "wind_speed_10m": "windspeed_10m",
    "wind_direction_10m": "winddirection_10m",
    "relative_humidity_2m": "relativehumidity_2m",
    "wind_speed_10m_max": "windspeed_10m_max",
}
# The legacy ``current_weather`` block's names.
CURRENT_WEATHER = {
    "temperature_2m": "temperature",
    "wind_speed_10m": "windspeed",
    "wind_direction_10m": "winddirection",
    "weather_code": "weathercode",
}
# unit as Open-Meteo writes it -> (factor, offset) to the metric unit the example computes in
_TO_METRIC: dict[str, tuple[float, float]] = {
    "mp/h": (1.609344, 0.0),
    "mph": (1.609344, 0.0),
    "m/s": (3.6, 0.0),
    "kn": (1.852, 0.0),
    "inch": (25.4, 0.0),
    "ft": (0.3048, 0.0),
}


def to_metric(value: float, unit: str) -> float:
    """``value`` in ``unit`` as °C, km/h, mm or m (other units are already metric).

    Example:
        >>> round(to_metric(212, "°F"), 1), to_metric(10, "m/s"), to_metric(1, "inch")
        (100.0, 36.0, 25.4)
    """
    if unit.endswith("F"):  # "°F" (some recordings hold it mis-decoded, "Â°F")
        return (value - 32) * 5 / 9
    factor, offset = _TO_METRIC.get(unit, (1.0, 0.0))
    return value * factor + offset


class Response:
    """A forecast answer (the parsed JSON object)."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw

    def section(self, name: str, zone: tzinfo) -> Section:
        """``hourly``, ``daily`` or ``current`` (a ``current_weather`` block serves as ``current``)."""
        block, units, aliases = self.raw.get(name), self.raw.get(f"{name}_units"), LEGACY
        if name == "current" and not isinstance(block, dict) and isinstance(self.raw.get("current_weather"), dict):
            block, units = self.raw["current_weather"], self.raw.get("current_weather_units")
            aliases = {**LEGACY, **CURRENT_WEATHER}
        if not isinstance(block, dict):
            return Section({}, {}, zone, aliases)
        if name == "current":  # one moment: scalars, as one-item columns
            block = {key: [value] for key, value in block.items()}
        return Section(block, units if isinstance(units, dict) else {}, zone, aliases)


class Section:
    """One block of columns: ``times`` (local, aware) and a value per variable and time."""

    def __init__(self, columns: dict[str, Any], units: dict[str, Any], zone: tzinfo, aliases: dict[str, str]) -> None:
        self.columns, self.units, self.aliases = columns, units, aliases
        stamps = columns.get("time") or []
        if not isinstance(stamps, list):
            raise TypeError(f"'time' should be a list (got {type(stamps).__name__})")
        self.times = [_moment(stamp, zone) for stamp in stamps]

    def _column(self, name: str) -> tuple[list[Any], str]:
        for found in (name, self.aliases.get(name)):
            if found and isinstance(self.columns.get(found), list):
                return self.columns[found], str(self.units.get(found) or "")
        return [], ""

    def value(self, index: int, name: str) -> float | None:
        """The number for ``name`` at ``times[index]``, in metric units; None when missing, null or not a number."""
        column, unit = self._column(name)
        raw = column[index] if index < len(column) else None
        if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
            return None
        return to_metric(float(raw), unit)

    def number(self, index: int, name: str) -> float:
        """Like :meth:`value`, for a value :meth:`has` said is there."""
        found = self.value(index, name)
        if found is None:
            raise ValueError(f"{name}[{index}] is missing")
        return found

    def has(self, index: int, *names: str) -> bool:
        return all(self.value(index, name) is not None for name in names)

    def text(self, index: int, name: str) -> str | None:
        column, _ = self._column(name)
        raw = column[index] if index < len(column) else None
        return raw if isinstance(raw, str) else None


def _moment(stamp: object, zone: tzinfo) -> datetime:
    """'2026-05-07T14:00' or '2026-05-07' (local), or Unix seconds (``timeformat=unixtime``), as an aware time."""
    if isinstance(stamp, int | float) and not isinstance(stamp, bool):
        return datetime.fromtimestamp(stamp, zone)
    if not isinstance(stamp, str):
        raise TypeError(f"a time should be text or a number (got {stamp!r})")
    return datetime.fromisoformat(stamp).replace(tzinfo=zone)
