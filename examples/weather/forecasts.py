"""Where a forecast comes from: Open-Meteo when the machine is online, the simulation when not.

``PYVIEW_WEATHER`` chooses:

- ``auto`` (the default): ask Open-Meteo with a short timeout (3 s); if it cannot be reached, answer with the
  simulation and say so on the card, and do not try the network again for five minutes;
- ``online``: Open-Meteo only; when it cannot be reached the tool says so (an ``isError`` result);
- ``offline``: the simulation only; nothing touches the network (the tests and CI run this way).

``PYVIEW_WEATHER_NOW`` (an ISO 8601 time with its UTC offset) fixes the moment the simulation shows, so demos and
the screenshots in docs/images/ only change when the code does; unset, it is the current time.

Either way a city is found by the same rules (``places.py``), the result has the same shape, and its ``provider``
and ``source`` fields say which source filled it.

Example:
    >>> mode_from_env({"PYVIEW_WEATHER": "Offline"})
    'offline'
    >>> mode_from_env({})
    'auto'
    >>> moment_from_env({"PYVIEW_WEATHER_NOW": "2026-05-07T07:15+00:00"}).isoformat()
    '2026-05-07T07:15:00+00:00'
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import datetime
from typing import Literal

import anyio.to_thread
import httpx2
from open_meteo import OpenMeteoError, fetch_forecast, geocode
from weather_data import SIMULATED, Units, Weather, forecast

Mode = Literal["auto", "online", "offline"]
ENV = "PYVIEW_WEATHER"
NOW_ENV = "PYVIEW_WEATHER_NOW"
MODES: tuple[Mode, ...] = ("auto", "online", "offline")
UNREACHABLE = "Simulated offline forecast: Open-Meteo could not be reached (deterministic demo data)"


class ForecastUnavailable(RuntimeError):
    """``online`` mode and Open-Meteo cannot be reached, or answered with an error."""


def mode_from_env(environ: Mapping[str, str] | None = None) -> Mode:
    """The mode ``PYVIEW_WEATHER`` asks for (``auto`` when unset).

    Raises:
        ValueError: another value, with the ones that work.
    """
    import os

    value = (os.environ if environ is None else environ).get(ENV, "auto").strip().lower() or "auto"
    if value not in MODES:
        raise ValueError(f"{ENV}={value!r}: use one of {', '.join(MODES)}")
    return value


def moment_from_env(environ: Mapping[str, str] | None = None) -> datetime | None:
    """The fixed moment ``PYVIEW_WEATHER_NOW`` asks the simulation to show (None when unset: the current time).

    Raises:
        ValueError: a value that is not an ISO 8601 time with a UTC offset, with an example that works.
    """
    import os

    value = (os.environ if environ is None else environ).get(NOW_ENV, "").strip()
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ValueError(f"{NOW_ENV}={value!r}: use an ISO 8601 time with its UTC offset, e.g. 2026-05-07T07:15+00:00")
    return moment


class Forecaster:
    """Gets a :class:`weather_data.Weather` for a city name from the source the mode allows.

    Args:
        mode: ``auto``, ``online`` or ``offline`` (see the module docstring).
        transport: the ``httpx2`` transport to use; tests pass an ``httpx2.MockTransport`` that replays recordings.
        timeout: seconds to wait for Open-Meteo (3 in ``auto``, 10 in ``online`` by default).
        retry_after: in ``auto``, how long to stay offline after Open-Meteo could not be reached.
        now: the moment the simulation shows (None: the current time; see ``PYVIEW_WEATHER_NOW``); also "now" for
            an Open-Meteo answer without a ``current`` block (a recording made by another client).
    """

    def __init__(
        self,
        mode: Mode = "auto",
        *,
        transport: httpx2.AsyncBaseTransport | None = None,
        timeout: float | None = None,
        retry_after: float = 300.0,
        now: datetime | None = None,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown weather mode {mode!r}: use one of {', '.join(MODES)}")
        self.mode = mode
        self.transport = transport
        self.timeout = timeout if timeout is not None else 3.0 if mode == "auto" else 10.0
        self.retry_after = retry_after
        self.now = now
        self._offline_until = 0.0

    async def weather(self, city: str, units: Units = "metric") -> Weather:
        """The forecast for ``city``.

        Raises:
            places.UnknownCity, places.AmbiguousCity: from either source (the message asks the right question).
            ForecastUnavailable: ``online`` mode and Open-Meteo failed.
        """
        if self.mode == "offline" or (self.mode == "auto" and time.monotonic() < self._offline_until):
            return await self._simulate(city, units, SIMULATED if self.mode == "offline" else UNREACHABLE)
        try:
            return await self._fetch(city, units)
        except (httpx2.TransportError, OpenMeteoError) as exc:
            if self.mode == "online":
                why = str(exc) or type(exc).__name__
                raise ForecastUnavailable(
                    f"Open-Meteo could not give a forecast ({why}). Try again later, or set {ENV}=offline "
                    "for simulated forecasts."
                ) from exc
            self._offline_until = time.monotonic() + self.retry_after
            return await self._simulate(city, units, UNREACHABLE)

    async def _fetch(self, city: str, units: Units) -> Weather:
        headers = {"User-Agent": "pyview-weather-example (https://pypi.org/project/pyview-mcp/)"}
        async with httpx2.AsyncClient(transport=self.transport, timeout=self.timeout, headers=headers) as client:
            place = await geocode(client, city)
            return await fetch_forecast(client, place, units, self.now)

    async def _simulate(self, city: str, units: Units, source: str) -> Weather:
        # The first lookup loads the city table (about a second): off the event loop.
        return await anyio.to_thread.run_sync(lambda: forecast(city, units, now=self.now, source=source))
