"""Handler slots (``app.on_tool_result = fn`` or ``@app.on_tool_result``) and multi-listener events."""

from __future__ import annotations

import asyncio
import logging

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Handler = Callable[..., Any]

log = logging.getLogger("pyview.app")

EVENTS: tuple[str, ...] = (
    "connected",
    "tool_input",
    "tool_input_partial",
    "tool_result",
    "tool_cancelled",
    "host_context_changed",
    "display_mode_changed",
    "safe_area_insets_changed",
    "teardown",
)
"""Names accepted by :meth:`pyview.app.App.add_listener`; ``on_<name>`` is the matching handler slot."""


class Registrar:
    """What reading ``app.on_<event>`` returns: call it with a function to set the handler (decorator use).

    ``.handler`` is the current handler or ``None``.
    """

    __slots__ = ("_event", "_table")

    def __init__(self, table: dict[str, Handler | None], event: str) -> None:
        self._table = table
        self._event = event

    @property
    def handler(self) -> Handler | None:
        return self._table.get(self._event)

    def __call__(self, fn: Handler) -> Handler:
        self._table[self._event] = fn
        return fn

    def __repr__(self) -> str:
        return f"<handler slot on_{self._event}: {self.handler!r}>"


class HandlerSlot:
    """Descriptor for one ``on_<event>`` handler: assign a callable (or ``None``), or use it as a decorator.

    The handler may be sync or async. Assigning replaces the previous handler.
    """

    __slots__ = ("event",)

    def __init__(self, event: str) -> None:
        self.event = event

    def __get__(self, obj: Any, objtype: type | None = None) -> Registrar:
        if obj is None:
            return self  # type: ignore[return-value]
        return Registrar(obj._dispatch._slots, self.event)

    def __set__(self, obj: Any, fn: Handler | Registrar | None) -> None:
        if isinstance(fn, Registrar):  # `app.on_x = app.on_x` or `+=`-style round trips
            fn = fn.handler
        if fn is not None and not callable(fn):
            raise TypeError(f"on_{self.event} must be callable or None, not {type(fn).__name__}")
        obj._dispatch._slots[self.event] = fn


class Dispatcher:
    """Calls the slot handler then the listeners of an event; awaitables are scheduled, errors logged."""

    __slots__ = ("_listeners", "_slots", "_tasks")

    def __init__(self) -> None:
        self._slots: dict[str, Handler | None] = {}
        self._listeners: dict[str, list[Handler]] = {}
        self._tasks: set[asyncio.Future[Any]] = set()

    def add(self, event: str, fn: Handler) -> Callable[[], None]:
        if event not in EVENTS:
            raise ValueError(f"unknown event {event!r}; expected one of {', '.join(EVENTS)}")
        listeners = self._listeners.setdefault(event, [])
        listeners.append(fn)

        def remove() -> None:
            if fn in listeners:
                listeners.remove(fn)

        return remove

    def handlers(self, event: str) -> list[Handler]:
        slot = self._slots.get(event)
        listeners = self._listeners.get(event, ())
        return [slot, *listeners] if slot is not None else list(listeners)

    def emit(self, event: str, arg: object) -> None:
        """Call every handler of ``event`` with ``arg`` now; async ones run as tasks."""
        for fn in self.handlers(event):
            self.call(fn, arg, event)

    def call(self, fn: Handler, arg: object, event: str) -> None:
        try:
            result = fn(arg)
        except Exception:
            log.exception("on_%s handler %r failed", event, fn)
            return
        if hasattr(result, "__await__"):
            task = asyncio.ensure_future(result)
            self._tasks.add(task)
            task.add_done_callback(lambda t: self._done(t, event))

    def _done(self, task: asyncio.Future[Any], event: str) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("async on_%s handler failed", event, exc_info=task.exception())

    async def emit_and_wait(self, event: str, arg: object) -> None:
        """Call every handler of ``event`` in turn, awaiting async ones; the first exception propagates."""
        for fn in self.handlers(event):
            result = fn(arg)
            if hasattr(result, "__await__"):
                await result
