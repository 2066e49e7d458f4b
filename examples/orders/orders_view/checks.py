"""The shape of the server's results, checked before they reach the screen. Standard library only.

The View runs without pydantic, so nothing checks a result on the way in: a field of the wrong type (say,
``"total": "12"`` from a proxy that turns numbers into strings) would fail a component half-way through a render.
:func:`problem` says what is wrong in one sentence; the screen shows that sentence and keeps what it showed.

A shape is a dict of field -> kind. A kind is ``int`` (a whole number), ``float`` (any number), ``str``, ``bool``,
a tuple of allowed values, a nested shape, ``[kind]`` (a list of those), :class:`Maybe` (also None or missing) or
:class:`Map` (an object whose values are all of one kind).

Example:
    >>> shape = {"total": int, "orders": [{"id": int}]}
    >>> problem({"total": "12", "orders": []}, shape)
    "total should be a whole number (got '12')"
    >>> problem({"total": 12, "orders": [{"id": 1}, {}]}, shape)
    'orders[1].id is missing'
    >>> problem({"total": 12, "orders": [{"id": 1}]}, shape) is None
    True
"""

from __future__ import annotations

from typing import Any

from orders_view.format import STATUSES


class Maybe:
    """A kind that may also be None, or missing from its object."""

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
    if isinstance(kind, list):
        if not isinstance(value, list):
            return _wrong(where, "a list", value)
        for index, item in enumerate(value):
            found = problem(item, kind[0], f"{where}[{index}]")
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


SUMMARY = {
    "id": int,
    "created_at": str,
    "customer": str,
    "email": str,
    "status": STATUSES,
    "items": int,
    "total_cents": int,
    "currency": Maybe(str),
}
PAGE = {
    "orders": [SUMMARY],
    "total": int,
    "page": int,
    "page_size": int,
    "pages": int,
    "counts": Map(int),
    "status": Maybe(STATUSES),
    "customer": Maybe(str),
    "sort": Maybe(str),
}
ORDER = {
    **SUMMARY,
    "line_items": [{"sku": str, "name": str, "quantity": int, "unit_price_cents": int}],
    "subtotal_cents": int,
    "shipping_cents": int,
    "tax_cents": int,
    "ship_to": {"name": str, "street": str, "city": str, "postcode": str, "country": str},
    "history": [{"status": str, "at": str, "note": Maybe(str)}],
    "can_cancel": bool,
    "tracking_number": Maybe(str),
    "cancel_reason": Maybe(str),
}
CANCELLED = {"order": ORDER, "refund_cents": int, "message": str}
EXPORTED = {"filename": str, "uri": str, "mime_type": str, "rows": int}


def unreadable(tool: str, why: str) -> str:
    """The sentence a person sees for a result of the wrong shape.

    Example:
        >>> unreadable("list_orders", "total should be a whole number (got '12')")
        "The server's answer to list_orders could not be shown: total should be a whole number (got '12')."
    """
    return f"The server's answer to {tool} could not be shown: {why}."
