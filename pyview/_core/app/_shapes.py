"""The shape of a tool's result, checked before a View shows it: one sentence for what is wrong, or None.

A View runs without pydantic, so nothing checks a result on the way in: a field of the wrong type (say,
``"total": "12"`` from a proxy that turns numbers into strings) would fail a component half-way through a render.
:func:`shape_problem` names the first field that does not fit, so the View can show that sentence instead.

A shape is a dict of field -> kind. A kind is ``int`` (a whole number), ``float`` (any number), ``str``, ``bool``,
a tuple of allowed values, a nested shape, ``[kind]`` (a list of those), :class:`NonEmpty` (a list of at least one),
:class:`Maybe` (also None or missing) or :class:`MapOf` (an object whose values are all of one kind).

Example:
    >>> shape = {"city": str, "daily": NonEmpty({"high": float}), "counts": MapOf(int), "note": Maybe(str)}
    >>> shape_problem({"city": "Oslo", "daily": [{"high": "4.5"}], "counts": {}}, shape)
    "daily[0].high should be a number (got '4.5')"
    >>> shape_problem({"city": "Oslo", "daily": [], "counts": {}}, shape)
    'daily should have at least one item'
    >>> shape_problem({"city": "Oslo", "daily": [{"high": 4}], "counts": {"paid": True}}, shape)
    'counts.paid should be a whole number (got True)'
    >>> shape_problem({"city": "Oslo", "daily": [{"high": 4}], "counts": {"paid": 3}}, shape) is None
    True
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)

if TYPE_CHECKING:
    from typing import Any


class Maybe:
    """A kind that may also be None, or missing from its object: ``Maybe(str)``."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind


class NonEmpty:
    """A list with at least one item, each of one kind: ``NonEmpty({"high": float})``."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind


class MapOf:
    """An object with any keys whose values are all of one kind: ``MapOf(int)`` for ``{"paid": 3, "shipped": 5}``."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind


_NAMES = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}


def shape_problem(value: Any, kind: Any, where: str = "") -> str | None:
    """What is wrong with ``value`` for ``kind``, naming the field (``orders[3].total_cents``), or None if it fits.

    Example:
        >>> shape_problem({"total": 12, "orders": [{"id": 1}, {}]}, {"total": int, "orders": [{"id": int}]})
        'orders[1].id is missing'
        >>> shape_problem("paid", ("paid", "shipped")) is None
        True
    """
    if _fits(value, kind):  # the usual case, checked without naming a field; the walk below names the misfit
        return None
    if isinstance(kind, Maybe):
        return None if value is None else shape_problem(value, kind.kind, where)
    if isinstance(kind, dict):
        if not isinstance(value, dict):
            return _wrong(where, "an object", value)
        for key, inner in kind.items():
            path = f"{where}.{key}" if where else key
            if key not in value:
                if isinstance(inner, Maybe):
                    continue
                return f"{path} is missing"
            found = shape_problem(value[key], inner, path)
            if found:
                return found
        return None
    if isinstance(kind, MapOf):
        if not isinstance(value, dict):
            return _wrong(where, "an object", value)
        return _first(shape_problem(item, kind.kind, f"{where}.{key}") for key, item in value.items())
    if isinstance(kind, (list, NonEmpty)):
        if not isinstance(value, list):
            return _wrong(where, "a list", value)
        if isinstance(kind, NonEmpty) and not value:
            return f"{where} should have at least one item"
        inner = kind.kind if isinstance(kind, NonEmpty) else kind[0]
        return _first(shape_problem(item, inner, f"{where}[{index}]") for index, item in enumerate(value))
    if isinstance(kind, tuple):
        return None if value in kind else _wrong(where, "one of " + ", ".join(map(str, kind)), value)
    if kind is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    elif kind is float:
        fits = isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        fits = isinstance(value, kind)
    return None if fits else _wrong(where, _NAMES.get(kind, str(kind)), value)


def _fits(value: Any, kind: Any) -> bool:
    """Whether ``value`` fits ``kind`` (as :func:`shape_problem` judges), building no field names on the way: a
    forecast or a page of orders is checked at each result, and naming every field it passes cost more than the
    check itself."""
    if isinstance(kind, dict):
        if not isinstance(value, dict):
            return False
        for key, inner in kind.items():
            if key in value:
                if not _fits(value[key], inner):
                    return False
            elif not isinstance(inner, Maybe):
                return False
        return True
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is str:
        return isinstance(value, str)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(kind, (list, NonEmpty)):
        if not isinstance(value, list) or (isinstance(kind, NonEmpty) and not value):
            return False
        inner = kind.kind if isinstance(kind, NonEmpty) else kind[0]
        return all(_fits(item, inner) for item in value)
    if isinstance(kind, Maybe):
        return value is None or _fits(value, kind.kind)
    if isinstance(kind, MapOf):
        return isinstance(value, dict) and all(_fits(item, kind.kind) for item in value.values())
    if isinstance(kind, tuple):
        return value in kind
    return isinstance(value, kind)


def _first(problems: Any) -> str | None:
    # the first problem of a lazy sequence: the items after it are not checked
    return next((found for found in problems if found), None)


def _wrong(where: str, expected: str, value: Any) -> str:
    got = repr(value)
    if len(got) > 40:
        got = got[:39] + "…"
    return f"{where or 'the result'} should be {expected} (got {got})"
