"""Small formatting helpers: times, days and numbers as a weather app shows them (standard library only)."""

from __future__ import annotations

from datetime import date, datetime

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def uses_twelve_hour_clock(locale: str | None) -> bool:
    """Whether a BCP 47 locale (from the host context) reads hours as 2 PM rather than 14:00.

    Example:
        >>> uses_twelve_hour_clock("en-US"), uses_twelve_hour_clock("en-GB"), uses_twelve_hour_clock(None)
        (True, False, False)
    """
    if not locale:
        return False
    region = locale.replace("_", "-").split("-")
    return locale.lower() in ("en", "en-us") or (len(region) > 1 and region[1].upper() in ("US", "CA", "AU", "PH"))


def hour_label(iso: str, twelve_hour: bool = False) -> str:
    """'2026-03-03T14:00+01:00' -> '14:00', or '2 PM' on a twelve-hour clock.

    Example:
        >>> hour_label("2026-03-03T14:00+01:00"), hour_label("2026-03-03T00:00+01:00", twelve_hour=True)
        ('14:00', '12 AM')
    """
    hour = int(iso[11:13])
    if not twelve_hour:
        return f"{hour:02d}:00"
    return f"{(hour % 12) or 12} {'AM' if hour < 12 else 'PM'}"


def clock(iso: str, twelve_hour: bool = False) -> str:
    """'2026-03-03T14:05+01:00' -> '14:05' (or '2:05 PM')."""
    hour, minute = int(iso[11:13]), iso[14:16]
    if not twelve_hour:
        return f"{hour:02d}:{minute}"
    return f"{(hour % 12) or 12}:{minute} {'AM' if hour < 12 else 'PM'}"


def weekday(iso_date: str) -> str:
    """'2026-03-03' -> 'Tue'."""
    return WEEKDAYS[date.fromisoformat(iso_date[:10]).weekday()]


def long_date(iso: str) -> str:
    """'2026-03-03T14:05+01:00' -> 'Tuesday 3 March' style, kept short: 'Tue 3 Mar'."""
    day = datetime.fromisoformat(iso).date() if "T" in iso else date.fromisoformat(iso)
    return f"{WEEKDAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]}"


def day_label(iso_date: str, index: int) -> str:
    """'Today' for the first day of the forecast, then weekday names."""
    return "Today" if index == 0 else weekday(iso_date)


def degrees(value: float) -> str:
    """A temperature as shown big: rounded, with a degree sign and a real minus sign.

    Example:
        >>> degrees(-3.4), degrees(21.6), degrees(-0.2)
        ('−3°', '22°', '0°')
    """
    rounded = round(value)
    return f"{'−' if rounded < 0 else ''}{abs(rounded)}°"


def amount(value: float, unit: str) -> str:
    """Precipitation: '4.2 mm', '0.17 in'; nothing below what a gauge would notice."""
    if value <= 0:
        return ""
    return f"{value:.2f} {unit}" if unit == "in" else f"{value:.1f} {unit}"
