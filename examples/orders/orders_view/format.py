"""Formatting for the table and the detail panel: money, dates, status names. Standard library only."""

from __future__ import annotations

from datetime import datetime

STATUSES = ("pending", "paid", "shipped", "delivered", "cancelled")
STATUS_LABELS = {
    "pending": "Pending",
    "paid": "Paid",
    "shipped": "Shipped",
    "delivered": "Delivered",
    "cancelled": "Cancelled",
    "created": "Placed",
}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


def money(cents: int, currency: str = "USD") -> str:
    """Cents as an amount with a currency symbol.

    Example:
        >>> money(123456), money(-500, "EUR")
        ('$1,234.56', '-€5.00')
    """
    sign = "-" if cents < 0 else ""
    symbol = _SYMBOLS.get(currency, currency + " ")
    return f"{sign}{symbol}{abs(cents) / 100:,.2f}"


def parse(stamp: str) -> datetime | None:
    try:
        return datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None


def date(stamp: str, *, time: bool = False) -> str:
    """An ISO time as the day it falls on, and with ``time=True`` the hour too; any other text as it is.

    Example:
        >>> date("2026-05-03T09:30:00+00:00"), date("2026-05-03T09:30:00+00:00", time=True), date("soon")
        ('May 3, 2026', 'May 3, 2026, 09:30 UTC', 'soon')
    """
    when = parse(stamp)
    if when is None:
        return stamp
    day = f"{when:%b} {when.day}, {when.year}"
    return f"{day}, {when:%H:%M} UTC" if time else day


def plural(n: int, word: str) -> str:
    """Example:
    >>> plural(1, "order"), plural(3, "order")
    ('1 order', '3 orders')
    """
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"
