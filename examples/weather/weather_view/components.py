"""The weather View's components.

``WeatherView`` is the root. It reads what the host sent through hooks (``use_tool_result()``,
``use_tool_input_partial()``, ``use_tool_cancelled()``, ``use_host_context()``) and picks one of four faces:

1. nothing yet: a skeleton card (also the pre-rendered first paint), naming the city as soon as the model has
   typed it (``tool-input-partial``);
2. cancelled: a clear "cancelled" card;
3. an error result (``isError``), or a forecast of the wrong shape (``checks.py``): the message, with buttons for
   the cities the server suggested;
4. a forecast: the current-conditions card, plus the 24-hour chart and the 7-day table in fullscreen.

Everything the user does goes through the ``App`` (``use_app()``): switching units and refreshing call the app-only
``refresh_weather`` tool (``call_server_tool``) and tell the model what changed (``update_model_context``); the
fullscreen button asks the host for another display mode (``request_display_mode``); "Ask" sends a follow-up
message (``send_message``). Each control is shown only when the host supports what it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pyview.app import shape_problem
from pyview.components import (
    component,
    h,
    use_action,
    use_app,
    use_effect,
    use_host_context,
    use_memo,
    use_state,
    use_tool_cancelled,
    use_tool_input,
    use_tool_input_partial,
    use_tool_result,
    use_view_state,
)
from weather_view.chart import HourlyChart
from weather_view.checks import FORECAST, unreadable
from weather_view.format import amount, clock, day_label, degrees, long_date, uses_twelve_hour_clock
from weather_view.icons import WET, WeatherIcon
from weather_view.styles import CSS
from weather_view.units import in_units

if TYPE_CHECKING:
    from collections.abc import Callable

    from pyview.app import ToolResult
    from pyview.components import Element

    # The tool's structuredContent: weather_data.Weather on the server, as the TypedDict `pyview types` wrote from
    # the tool's output schema, so mypy checks every read (tests/cli/test_types.py keeps _types.py current).
    from weather_view._types import Day, Weather

REFRESH_TOOL = "refresh_weather"  # the server's app-only tool (visibility ["app"])


# -- small pieces ------------------------------------------------------------------------------------------------


def _icon(path: str) -> Element:
    """A 24 x 24 line icon for buttons (stroke styled by CSS)."""
    return h.svg(h.path(d=path), view_box="0 0 24 24", aria_hidden="true", focusable="false")


EXPAND = "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
COLLAPSE = "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5"
REFRESH = "M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
CHAT = "M20 11.5a7.5 7.5 0 0 1-10.9 6.7L4 19.5l1.3-4.6A7.5 7.5 0 1 1 20 11.5z"


def _get(payload: Any, key: str, default: Any = None) -> Any:
    """A field of a host payload, whether the App gave a ``HostContext``/``ToolInput`` or a test a plain dict."""
    if payload is None:
        return default
    value = payload.get(key) if hasattr(payload, "get") else getattr(payload, key, None)
    return default if value is None else value


def _fresh(refreshed: tuple[ToolResult | None, ToolResult] | None) -> ToolResult | None:
    """The refreshed forecast of ``WeatherView``'s state: ``fetch`` checked it before keeping it."""
    return refreshed[1] if refreshed is not None else None


def _sky(condition: str, is_day: bool) -> str:
    """The card's tint: a bit of the sky behind the numbers."""
    if condition == "thunderstorm":
        return "storm"
    if condition in ("snow", "sleet"):
        return "snow"
    if condition in WET or condition in ("cloudy", "fog"):
        return "wet"
    return "day" if is_day else "night"


def uv_label(index: int) -> str:
    """The WHO's words for a UV index."""
    return "Low" if index <= 2 else "Moderate" if index <= 5 else "High" if index <= 7 else "Very high"


def suggestions_in(message: str) -> list[str]:
    """The cities an "unknown city" or "which one?" error suggests ('... Did you mean Paris or Lisbon?').

    Names with commas come in double quotes (a choice between namesakes).

    Example:
        >>> suggestions_in("I don't have weather for 'Lodnon'. Did you mean London?")
        ['London']
        >>> suggestions_in("Did you mean Oslo, Osaka or Lagos? ...")
        ['Oslo', 'Osaka', 'Lagos']
        >>> suggestions_in('Did you mean "Portland, Oregon, United States" or "Portland, Maine, United States"?')
        ['Portland, Oregon, United States', 'Portland, Maine, United States']
    """
    start = message.find("Did you mean ")
    end = message.find("?", start)
    if start < 0 or end < 0:
        return []
    listed = message[start + len("Did you mean ") : end]
    if '"' in listed:
        return [name for name in listed.split('"')[1::2] if name.strip()]
    names = listed.replace(" or ", ", ").split(", ")
    return [name.strip() for name in names if name.strip()]


def source_label(data: Weather) -> str:
    """Where the forecast's numbers come from, in the card's words (Open-Meteo asks for this attribution).

    Example:
        >>> source_label({"provider": "open-meteo"}), source_label({"provider": "simulated"})
        ('Weather data by Open-Meteo.com', 'Simulated data')
        >>> source_label({"provider": "simulated", "source": "Simulated: Open-Meteo could not be reached"})
        'Simulated data (Open-Meteo could not be reached)'
    """
    if data.get("provider") == "open-meteo":
        return "Weather data by Open-Meteo.com"
    return (
        "Simulated data (Open-Meteo could not be reached)"
        if "could not" in str(data.get("source"))
        else ("Simulated data")
    )


def Shell(*children: Any, fullscreen: bool = False, busy: bool = False) -> Element:
    """The View's outer element; the stylesheet travels with it, so the pre-rendered HTML is styled at once."""
    # <main>: the View's one landmark; each face's title is its <h1>, the fullscreen sections' titles <h2>
    return h.main(h.style(CSS), *children, class_=["wx", fullscreen and "wx--fullscreen"], aria_busy=busy or None)


# -- the faces -----------------------------------------------------------------------------------------------------


@component
def Skeleton(city: str | None) -> Element:
    """The loading card: the first paint, then the city's name as soon as the model has typed it."""
    placeholder = h.span(class_="wx-sk", style={"width": "140px", "height": "22px"})
    title = h.h1(city, class_="wx-city") if city else h.div(h.h1("Weather", class_="wx-sr"), placeholder)
    status = f"Getting the forecast for {city}…" if city else "Waiting for a city…"
    return h.section(
        h.div(
            h.div(title, h.p(status, class_="wx-sub", role="status", data_testid="status"), class_="wx-place"),
            class_="wx-top",
        ),
        h.div(
            h.span(class_="wx-sk", style={"width": "72px", "height": "72px", "border_radius": "50%"}),
            h.div(
                h.span(class_="wx-sk", style={"width": "110px", "height": "48px"}),
                h.span(class_="wx-sk", style={"width": "170px", "height": "14px", "margin_top": "10px"}),
            ),
            class_="wx-now",
        ),
        h.dl(
            *(h.div(h.span(class_="wx-sk", style={"height": "32px"}), class_="wx-stat") for _ in range(4)),
            class_="wx-stats",
            aria_hidden="true",
        ),
        class_="wx-card",
        aria_busy="true",
        aria_label="Loading the weather",
        data_testid="skeleton",
    )


@component
def Cancelled(city: str | None, reason: str | None) -> Element:
    what = f"The forecast for {city} was cancelled" if city else "The forecast was cancelled"
    detail = reason or "The request was stopped before the forecast arrived. Ask again to get it."
    icon = h.svg(
        h.circle(cx=16, cy=16, r=11),
        h.line(x1=8.5, y1=23.5, x2=23.5, y2=8.5),
        view_box="0 0 32 32",
        width=40,
        height=40,
        class_="wx-icon wx-i-off",
        aria_hidden="true",
    )
    return h.section(
        h.div(icon, h.div(h.h1(what), h.p(detail)), class_="wx-message"),
        class_="wx-card",
        data_testid="cancelled",
    )


@component
def Problem(message: str, on_pick: Callable[[str], object] | None, pending: bool) -> Element:
    """A tool error, readable; an unknown city's suggestions become buttons that fetch that city instead."""
    suggestions = suggestions_in(message) if on_pick is not None else []
    pick = on_pick or (lambda name: None)
    choosing = message.startswith("There are several places called ")  # namesakes: a question, not a failure
    return h.section(
        h.div(
            WeatherIcon("cloudy", size=40),
            h.div(
                h.h1("Which place do you mean?" if choosing else "Couldn't get the weather"),
                h.p(message, data_testid="error-text"),
            ),
            class_="wx-message",
        ),
        h.div(
            *(
                h.button(f"Show {name}", class_="wx-ask", disabled=pending, on_click=lambda name=name: pick(name))
                for name in suggestions
            ),
            class_="wx-suggest",
        )
        if suggestions
        else None,
        class_="wx-card wx-card--error",
        role="alert",
        data_testid="error",
    )


@component
def UnitToggle(units: str, pending_units: str | None, on_change: Callable[[str], object]) -> Element:
    shown = pending_units or units
    return h.div(
        *(
            h.button(
                label,
                aria_pressed="true" if shown == value else "false",
                title=title,
                disabled=pending_units is not None,
                on_click=None if shown == value else lambda value=value: on_change(value),
            )
            for value, label, title in (("metric", "°C", "Celsius"), ("imperial", "°F", "Fahrenheit"))
        ),
        class_="wx-seg",
        role="group",
        aria_label="Temperature units",
    )


@component
def Stats(data: Weather, twelve_hour: bool) -> Element:
    """Wind, humidity, UV index and the next sun event: each one the forecast has (a real source may lack some)."""
    now, labels, days = data["current"], data["unit_labels"], data["daily"]
    items: list[tuple[str, str, str | None]] = []  # (label, value, a quieter detail)
    if (wind := now.get("wind_speed")) is not None:
        items.append(("Wind", f"{round(wind)} {labels['speed']}", now.get("wind_compass")))
    if now.get("humidity") is not None:
        items.append(("Humidity", f"{now['humidity']}%", None))
    if (uv := now.get("uv_index")) is not None:
        items.append(("UV index", str(uv), uv_label(uv)))
    if days:
        # The next sun event: today's sunrise, else today's sunset, else tomorrow's sunrise.
        time_now, sunrise, sunset = now["time"][11:16], days[0].get("sunrise"), days[0].get("sunset")
        sun_time: str | None
        if sunrise and time_now < sunrise:
            sun_label, sun_time = "Sunrise", sunrise
        elif sunset and time_now < sunset:
            sun_label, sun_time = "Sunset", sunset
        else:
            sun_label, sun_time = "Sunrise", days[1].get("sunrise") if len(days) > 1 else None
        if sun_time and twelve_hour:
            sun_time = clock(f"0000-00-00T{sun_time}", twelve_hour=True)
        items.append((sun_label, sun_time or "—", None))
    return h.dl(
        *(
            h.div(h.dt(name), h.dd(value, h.small(detail) if detail else None), class_="wx-stat")
            for name, value, detail in items
        ),
        class_="wx-stats",
        data_testid="stats",
    )


@component
def DailyTable(days: tuple[Day, ...], degree: str, precipitation_unit: str, today: str = "") -> Element:
    """The days: icon, words, chance of precipitation, and each day's low-high range on the week's scale."""
    week_low = min(day["low"] for day in days)
    week_high = max(day["high"] for day in days)
    span = max(week_high - week_low, 1.0)
    rows = []
    for index, day in enumerate(days):
        is_today = day["date"] == today[:10] if today else index == 0
        left = (day["low"] - week_low) / span * 100
        width = max((day["high"] - day["low"]) / span * 100, 4)
        chance = day.get("precipitation_chance")
        rain = f"{chance}%" if chance is not None and chance >= 20 else ""
        wet = amount(day.get("precipitation") or 0, precipitation_unit)
        rain_title = f"{chance}% chance of precipitation {wet}".strip()
        rows.append(
            h.tr(
                h.td(day_label(day["date"], 0 if is_today else 1), class_="wx-d-day", title=long_date(day["date"])),
                h.td(WeatherIcon(day["condition"], size=28, label=day["description"]), class_="wx-d-icon"),
                h.td(day["description"], class_="wx-d-desc"),
                h.td(rain, class_="wx-d-rain", title=rain_title if rain else None),
                h.td(degrees(day["low"]), class_="wx-d-lo", aria_label=f"low {degrees(day['low'])}"),
                h.td(
                    h.div(h.span(style={"left": f"{left:.1f}%", "width": f"{width:.1f}%"}), class_="wx-range"),
                    class_="wx-d-range",
                    aria_hidden="true",
                ),
                h.td(degrees(day["high"]), class_="wx-d-hi", aria_label=f"high {degrees(day['high'])}"),
                key=day["date"],
            )
        )
    return h.table(h.tbody(*rows), class_="wx-table", aria_label=f"{len(days)}-day forecast in {degree}")


# -- the root ------------------------------------------------------------------------------------------------------


@component
def WeatherView() -> Element:
    app = use_app()  # __init__.py gives this View its App; None only for render_to_string(WeatherView()) alone
    result = use_tool_result()
    tool_input = use_tool_input()
    partial = use_tool_input_partial()
    cancelled = use_tool_cancelled()
    context = use_host_context()

    # A refreshed forecast replaces the host's result until the host sends a new one: keep the pair.
    # (the result it replaces, the newer ToolResult)
    refreshed, set_refreshed = use_state(cast("tuple[ToolResult | None, ToolResult] | None", None))
    pending_units, set_pending_units = use_state(cast("str | None", None))  # the units being switched to
    note, set_note = use_state(cast("str | None", None))  # a problem with the last action, shown under the card
    granted, set_granted = use_state(cast("tuple[str, str] | None", None))  # (displayMode asked in, mode granted)
    # The units the person chose, kept with the View instance: a re-mounted frame (display-mode switch, reload)
    # shows the forecast in them again.
    chosen_units, choose_units = use_view_state("units", cast("str | None", None))  # tell_model says it

    def follow_the_host() -> Callable[[], None]:
        # Once the host reports a display mode itself, its word is final (e.g. the user left fullscreen with Esc).
        def changed(fields: Any = None) -> None:
            if _get(fields, "displayMode") is not None:
                set_granted(None)

        if app is None:
            return lambda: None
        return app.add_listener("host_context_changed", changed)

    use_effect(follow_the_host, [])
    use_effect(lambda: set_note(None), [result])  # a note was about the previous result: a new one clears it

    shown = refreshed[1] if refreshed is not None and refreshed[0] is result else result
    # checked below (shape_problem(data, FORECAST)) before anything reads it: from here on it is a Weather
    data = cast("Weather | None", shown.structured_content if shown is not None and not shown.is_error else None)
    # checked once per result, not per render: e.g. a temperature sent as a string (a refreshed one, by fetch)
    unfit = use_memo(
        lambda: shape_problem(data, FORECAST) if data is not None and shown is not _fresh(refreshed) else None, [shown]
    )
    if unfit:
        data = None
    elif data is not None and chosen_units in ("metric", "imperial"):
        # A re-mounted frame shows the units chosen in this View before, from its first paint: converted here, so the
        # server's re-render (View state restored), Python's first render and the server runtime all show them.
        data = in_units(data, chosen_units)

    context_mode = _get(context, "displayMode", "inline")
    mode = granted[1] if granted is not None and granted[0] == context_mode else context_mode
    available = _get(context, "availableDisplayModes", [])
    twelve_hour = uses_twelve_hour_clock(_get(context, "locale"))
    serves = app is not None and app.supports("serverTools")  # the host lets the View call the server's tools

    async def fetch(city: str, units: str, why: str) -> bool:
        """Call the app-only tool through the host, show the fresh forecast, and tell the model; whether it came."""
        set_note(None)
        if app is None:
            return False
        try:
            fresh = await app.call_server_tool(REFRESH_TOOL, {"city": city, "units": units})
        except Exception as exc:  # the host refused (no serverTools), timed out, or the link closed
            set_note(f"Couldn't update the forecast: {exc}")
            return False
        if fresh.is_error:
            set_note(f"Couldn't update the forecast: {fresh.text}")
            return False
        unfit = shape_problem(fresh.structured_content, FORECAST)
        if unfit:
            set_note(unreadable(unfit))  # and the forecast on screen stays
            return False
        set_refreshed((result, fresh))
        choose_units(units)  # in the same render as the fresh forecast
        if why:
            await tell_model(cast("Weather", fresh.structured_content), why)  # checked above
        return True

    async def tell_model(forecast: Weather, why: str) -> None:
        """Keep the model up to date with what the user now sees (each update replaces the previous one)."""
        if not forecast or app is None or not app.can_update_model_context("text"):
            return
        now, deg = forecast["current"], forecast["unit_labels"]["temperature"]
        text = (
            f"{why} The weather View now shows {forecast['city']} in {forecast['units']} units: "
            f"{degrees(now['temperature'])[:-1]} {deg}, {now['description'].lower()}."
        )
        extra = {"city": forecast["city"], "units": forecast["units"]}
        try:
            if app.can_update_model_context("structured_content"):
                await app.update_model_context(text, structured_content=extra)
            else:
                await app.update_model_context(text)
        except Exception as exc:  # not worth failing the switch over: the View already shows the new units
            set_note(f"The model was not told about the change: {exc}")

    async def switch_units(units: str) -> None:
        if data is None:
            return
        set_pending_units(units)
        try:
            label = "Fahrenheit (°F)" if units == "imperial" else "Celsius (°C)"
            await fetch(data["city"], units, f"The user switched the units to {label}.")
        finally:
            set_pending_units(None)

    async def refresh() -> None:
        if data is not None:
            await fetch(data["city"], data["units"], "")

    async def pick_city(city: str) -> None:
        units = _get(_get(tool_input, "arguments", {}), "units", "metric")
        await fetch(city, units if units in ("metric", "imperial") else "metric", f"The user picked {city}.")

    async def change_mode() -> None:
        target = "inline" if mode == "fullscreen" else "fullscreen"
        if app is None:
            return
        try:
            set_granted((context_mode, await app.request_display_mode(target)))
        except Exception as exc:
            set_note(f"Couldn't switch to {target}: {exc}")
        else:
            set_note(None)

    async def ask() -> str:
        city = data["city"] if data else "this city"
        if app is None:
            return ""
        try:
            await app.send_message(
                f"Looking at the forecast for {city}: which day this week is best for spending time outdoors, "
                "and what should I wear?"
            )
        except Exception as exc:
            set_note(f"Couldn't send the question: {exc}")
            return ""
        set_note(None)
        return "sent"

    units_action = use_action(switch_units)
    refresh_action = use_action(refresh)
    pick_action = use_action(pick_city)
    mode_action = use_action(change_mode)
    ask_action = use_action(ask)

    # -- before the result, or instead of it ---------------------------------------------------------------------
    city = _get(_get(tool_input, "arguments", {}), "city") or _get(_get(partial, "arguments", {}), "city")
    if shown is None:
        if cancelled is not None:
            return Shell(Cancelled(city, _get(cancelled, "reason")))
        return Shell(Skeleton(city if isinstance(city, str) and city.strip() else None))
    if data is None:
        message = shown.text if shown.is_error else unreadable(unfit) if unfit else ""
        return Shell(
            Problem(
                message or "The weather tool returned no forecast.",
                pick_action if serves else None,
                pick_action.pending,
            ),
            h.p(note, class_="wx-note", role="alert") if note else None,
        )

    # -- the forecast --------------------------------------------------------------------------------------------
    now, labels = data["current"], data["unit_labels"]
    today = data["daily"][0] if data["daily"] else None
    deg = labels["temperature"]
    where = ", ".join(part for part in (data.get("region"), data["country"]) if part)  # "Colorado, United States"
    fullscreen = mode == "fullscreen"
    can_toggle_mode = ("inline" if fullscreen else "fullscreen") in available
    tools = h.div(
        UnitToggle(data["units"], pending_units, units_action) if serves else None,
        h.button(
            _icon(REFRESH),
            class_=["wx-icon-btn", refresh_action.pending and "wx-spin"],
            aria_label="Refresh",
            title="Refresh",
            disabled=refresh_action.pending,
            on_click=refresh_action,
            key="refresh",
        )
        if fullscreen and serves
        else None,
        h.button(
            _icon(COLLAPSE if fullscreen else EXPAND),
            class_="wx-icon-btn",
            aria_label="Exit fullscreen" if fullscreen else "Open fullscreen",
            title="Exit fullscreen" if fullscreen else "Fullscreen: 24-hour chart and 7-day forecast",
            on_click=mode_action,
            disabled=mode_action.pending,
            key="mode",  # the same button in both modes: focus stays on it across the switch
        )
        if can_toggle_mode
        else None,
        class_="wx-tools",
    )
    updated = clock(data["local_time"], twelve_hour)
    ask_button = (
        h.button(
            _icon(CHAT),
            "Asked" if ask_action.result == "sent" else "Best day to be outside?",
            class_="wx-ask",
            on_click=ask_action,
            disabled=ask_action.pending or ask_action.result == "sent",
        )
        if app is not None and app.can_send_message("text")
        else None
    )
    card = h.section(
        h.div(
            h.div(
                h.h1(data["city"], class_="wx-city"),
                h.p(f"{where} · {long_date(data['local_time'])} · {updated}", class_="wx-sub"),
                class_="wx-place",
            ),
            tools,
            class_="wx-top",
        ),
        h.div(
            WeatherIcon(now["condition"], now["is_day"], size=76, label=now["description"]),
            h.div(degrees(now["temperature"]), class_="wx-temp", data_testid="temperature"),
            h.div(
                h.strong(now["description"], data_testid="condition"),
                h.span(f"Feels like {degrees(feels)}") if (feels := now.get("feels_like")) is not None else None,
                h.span(f"H {degrees(today['high'])}  L {degrees(today['low'])}") if today else None,
                class_="wx-cond",
            ),
            class_="wx-now",
        ),
        Stats(data, twelve_hour),
        h.div(
            ask_button or h.span(),
            h.span(f"{source_label(data)} · updated {updated}", data_testid="source"),
            class_="wx-foot",
        ),
        h.p(note, class_="wx-note", role="alert") if note else None,
        class_="wx-card",
        dataset={"sky": _sky(now["condition"], now["is_day"])},
        aria_busy="true" if pending_units or refresh_action.pending else None,
        aria_label=f"Weather in {data['city']}",
        data_testid="current",
    )
    if not fullscreen:
        return Shell(card)
    hours, days = data["hourly"], data["daily"]
    return Shell(
        card,
        h.section(
            h.h2(f"Next {len(hours)} hours" if len(hours) != 1 else "Next hour"),
            HourlyChart(tuple(hours), deg, twelve_hour, data["local_time"]),
            class_="wx-section",
            data_testid="hourly",
        )
        if hours
        else None,
        h.section(
            h.h2(f"{len(days)}-day forecast"),
            DailyTable(tuple(days), deg, labels["precipitation"], data["local_time"]),
            class_="wx-section",
            data_testid="daily",
        )
        if days
        else None,
        fullscreen=True,
    )
