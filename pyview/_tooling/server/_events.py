"""One ``pyview_event`` call's events: checked (limits), dispatched to their handlers, and waited for.

Example:
    >>> checked({"events": [{"hid": 1, "path": [0], "type": "click", "data": {}}]})[0][0]["type"]
    'click'
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyview._core.app import _protocol as p
from pyview._tooling.server._render import ServerRoot, find_handler
from pyview._tooling.server._server_app import ServerApp

MAX_EVENTS = 64
MAX_EVENT_BYTES = 64_000
#: ``start`` (the tool input and result a session begins with) and what a session keeps of the host (its context,
#: merged over calls, and capabilities): the session holds them, and its token carries them, for its whole life.
MAX_START_BYTES = 1_000_000
MAX_HOST_BYTES = 64_000
#: The host notifications about the tool call a shim passes on (``notifications``), applied before the events.
TOOL_NOTIFICATIONS = (p.TOOL_INPUT, p.TOOL_INPUT_PARTIAL, p.TOOL_CANCELLED)
#: A timer due within this many seconds is waited for inside the call rather than answered with ``wake``: a tick is
#: one more round trip (frame, host, server and back), so a timer this close is cheaper to wait for, and a handler
#: that debounces its input by some tens of ms stays one call. ``wake`` is for longer waits (a toast's seconds).
SHORT_TIMER = 0.1
#: ``asyncio.sleep``'s code: a task suspended in it waits on its timer (see :func:`sleep_due`).
_SLEEP_CODE = asyncio.sleep.__code__


class EventError(Exception):
    """A ``pyview_event`` call that cannot be handled (the message goes back as ``error``)."""


def checked(args: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The call's ``events`` and ``answers``, or :class:`EventError` when they break the limits."""
    events = args.get("events") or []
    answers = args.get("answers") or []
    if not isinstance(events, list) or not isinstance(answers, list):
        raise EventError("`events` and `answers` must be lists")
    if len(events) > MAX_EVENTS or len(answers) > MAX_EVENTS:
        raise EventError(f"too many events or answers in one call (at most {MAX_EVENTS} each)")
    for item in (*events, *answers):
        if not isinstance(item, dict):
            raise EventError("every event and answer must be an object")
        size = len(json.dumps(item, default=str))
        if size > MAX_EVENT_BYTES:
            raise EventError(f"an event or answer is too large ({size:,} bytes; at most {MAX_EVENT_BYTES:,})")
    for event in events:
        if not isinstance(event.get("data", {}), dict) or not isinstance(event.get("path", []), list):
            raise EventError("an event's `data` must be an object and its `path` a list of numbers")
    for key, limit in (("start", MAX_START_BYTES), ("context", MAX_HOST_BYTES), ("capabilities", MAX_HOST_BYTES)):
        if args.get(key) is not None:
            bounded(f"`{key}`", args[key], limit)
    return events, answers


def notifications(args: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The call's ``notifications`` (host notifications about the tool call, in the order the host sent them) as
    ``(method, params)``, or :class:`EventError` for anything else.

    Example:
        >>> notifications({"notifications": [{"method": "ui/notifications/tool-cancelled", "params": {}}]})
        [('ui/notifications/tool-cancelled', {})]
    """
    items = args.get("notifications") or []
    if not isinstance(items, list) or len(items) > MAX_EVENTS:
        raise EventError(f"`notifications` must be a list of at most {MAX_EVENTS} host notifications")
    out: list[tuple[str, dict[str, Any]]] = []
    for item in items:
        method = item.get("method") if isinstance(item, dict) else None
        params = item.get("params", {}) if isinstance(item, dict) else None
        if method not in TOOL_NOTIFICATIONS or not isinstance(params, dict):
            raise EventError(f"`notifications` takes only {', '.join(TOOL_NOTIFICATIONS)}, each with object params")
        bounded(f"the {method} notification", params, MAX_START_BYTES)
        out.append((str(method), params))
    return out


def bounded(what: str, value: Any, limit: int) -> None:
    """Raise :class:`EventError` when ``value`` as JSON is larger than ``limit`` bytes.

    Example:
        >>> bounded("`context`", {"theme": "dark"}, 100)
        >>> try:
        ...     bounded("`context`", {"x": "y" * 200}, 100)
        ... except EventError as exc:
        ...     print(exc)
        `context` is too large (209 bytes; at most 100)
    """
    size = len(json.dumps(value, default=str))
    if size > limit:
        raise EventError(f"{what} is too large ({size:,} bytes; at most {limit:,})")


def dispatch(root: ServerRoot, event: dict[str, Any], *, restored: bool) -> None:
    """Run the handler an event names: by ``hid`` in a live session, by ``path`` after a restore (ids changed)."""
    data = dict(event.get("data") or {})
    type_ = str(event.get("type") or data.get("type") or "")
    data["type"] = type_
    hid = event.get("hid")
    if restored:  # new ids: the element is where the View showed it (the token's state is the one it showed)
        found = find_handler(root, event.get("path") or [], type_)
        if found is None:
            root.problems.append(f"a {type_!r} event reached no handler (the View changed meanwhile)")
            return
        hid, data["target"] = found
    elif not isinstance(hid, int) or hid not in root.handlers:
        return  # its element was removed while the event travelled (never guess another one by its path)
    root.dispatch(hid, json.dumps(data))


async def settle(root: ServerRoot, app: ServerApp, timeout: float, *, quiet: bool = False) -> float | None:
    """Wait for the handlers' tasks, until they finish, wait for the host or only on timers, or the timeout passes.

    Returns the seconds until the soonest timer of a task still waiting on one (None: none waits), which the answer
    passes on as ``wake``: the frame calls again then (a tick) and gets what the timer changed. A handler still
    working when the timeout passes (neither on a timer nor on the host) gives 0: the frame calls again at once,
    and that call waits for it anew, so a handler slower than one call's bound is never left unanswered.

    ``quiet``: the call brought only events (no host answer, notification or context, whose listeners may run as
    tasks of the App's own). Then, when every handler was synchronous (it rendered at once: no task started, no
    render queued), there is nothing to wait for, and the answer does not wait for ticks of a busy event loop.
    """
    if quiet and not root.tasks and not root.scheduled:
        if root.dirty and not root.rendering:
            root.flush()
        return None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        await asyncio.sleep(0)
        if root.dirty and not root.rendering:
            root.flush()
        pending = [task for task in root.tasks if not task.done()]
        if len(pending) <= app.waiting:  # done, or every task left waits for the host's answer to a request
            break
        remaining = deadline - loop.time()
        if remaining <= 0:
            break
        wait = remaining
        due = timers_of(pending, root)
        if due and len(pending) - len(due) <= app.waiting:  # the rest wait for the host: only timers keep us
            soonest = min(due.values()) - loop.time()
            if soonest > SHORT_TIMER:
                break  # answer with what is on screen now; the frame calls again when the timer is due
            wait = min(remaining, max(soonest, 0.0) + 0.001)  # look again once it fired (a task may sleep again)
        await first_of(pending, app, wait)
    if root.tasks or root.scheduled:  # let a finished handler's scheduled render happen
        for _ in range(3):
            await asyncio.sleep(0)
    if root.dirty and not root.rendering:
        root.flush()
    pending = [task for task in root.tasks if not task.done()]
    due = timers_of(pending, root)
    if len(pending) - len(due) > app.waiting:
        return 0.0  # a handler still working at the deadline (a slow tool, a busy server): come back at once for it
    return max(0.0, min(due.values()) - loop.time()) if due else None


def timers_of(tasks: list[asyncio.Task[Any]], root: ServerRoot) -> dict[Any, float]:
    """``{task: loop time it wakes}`` for those of ``tasks`` that wait only on a timer: ``_timer.sleep`` (pyview's
    own timers, registered in ``root.timers``), or a plain ``asyncio.sleep`` (see :func:`sleep_due`).

    Each task is looked at alone, never the loop's whole timer list: a busy server holds a timer per idle
    connection, and reading them all per event made each event cost more the more Views were connected.
    """
    out: dict[Any, float] = {}
    for task in tasks:
        when = root.timers.get(task)
        if when is None:
            when = sleep_due(task)
        if when is not None:
            out[task] = when
    return out


def sleep_due(task: asyncio.Task[Any]) -> float | None:
    """The loop time the timer of the ``asyncio.sleep`` ``task`` waits in is due; None if it waits on anything else.

    The task's innermost coroutine (down its chain of awaited coroutines) must be ``asyncio.sleep`` itself, waiting
    on the future only its timer resolves (``asyncio.wait`` with a timeout, say, races other futures: never a
    sleep); the timer is the handle it keeps (``h``). A loop whose handles do not say when they are due gives None,
    and so does a sleep already over (cancelled, or its future resolved: the task runs again at once).
    """
    coro: Any = task.get_coro()
    while True:  # a coroutine awaiting a coroutine: go down; awaiting a future (or anything else): it is the last
        inner = getattr(coro, "cr_await", None)
        if getattr(inner, "cr_code", None) is None:
            break
        coro = inner
    frame = getattr(coro, "cr_frame", None)
    if getattr(coro, "cr_code", None) is not _SLEEP_CODE or frame is None:
        return None
    names = frame.f_locals
    handle, future = names.get("h"), names.get("future")  # ``h`` is set once the timer is (never for ``sleep(0)``)
    when = getattr(handle, "when", None)
    if when is None or handle.cancelled() or future is None or future.done():  # done: it runs again at once
        return None
    due: float = when()
    return due


async def first_of(tasks: list[asyncio.Task[Any]], app: ServerApp, timeout: float) -> None:
    """Return once one of ``tasks`` is done, a handler sends the host a request (it may now wait for the answer),
    or ``timeout`` seconds passed: one future woken by whichever comes first."""
    loop = asyncio.get_running_loop()
    woken: asyncio.Future[None] = loop.create_future()

    def wake(_: object = None) -> None:
        if not woken.done():
            woken.set_result(None)

    for task in tasks:
        task.add_done_callback(wake)
    app.relay.signal = wake
    timer = loop.call_later(timeout, wake)
    try:
        await woken
    finally:
        timer.cancel()
        app.relay.signal = None
        for task in tasks:
            task.remove_done_callback(wake)
