"""``use_view_state`` in server-runtime sessions: the client a session's App gets, reading and writing the store.

A store with coroutines for the event loop (``aget``/``aupdate``: :class:`~pyview.server.RedisStateStore`) is
awaited; another store whose calls wait for the network (``remote = True``) is called in a worker thread. Either
way the event loop answers other Views meanwhile, however slow the store is; the answer of the event that wrote
waits for the write. An in-process store (:class:`~pyview.server.MemoryStore`) is called in place: a thread would
cost more than the call.

Example:
    >>> attach_view_state(app, view_state, await stored_values(app, view_state))  # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from typing import Any

from pyview._core.app._protocol import LOG_MESSAGE
from pyview._core.components._use_view_state import ViewStateClient
from pyview._tooling.server._server_app import ServerApp
from pyview._tooling.server._state_tool import ViewState, ViewStateError

logger = logging.getLogger("pyview.server")


def remote(view_state: ViewState) -> bool:
    """Whether ``view_state``'s store waits for the network (its calls then run in a worker thread)."""
    return getattr(view_state.store, "remote", False) is True


def awaitable(view_state: ViewState) -> bool:
    """Whether ``view_state``'s store has coroutines for the event loop (``aget`` and ``aupdate``)."""
    store = view_state.store
    return callable(getattr(store, "aget", None)) and callable(getattr(store, "aupdate", None))


async def in_thread(fn: Any, *args: Any) -> Any:
    """``fn(*args)`` in the event loop's worker threads, with this task's context (the request's user)."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(None, context.run, fn, *args)


def instance_of_result(app: ServerApp) -> str | None:
    """The ``use_view_state`` instance token of ``app``'s tool result (``_meta["pyview"]["instance"]``), if any."""
    result = app.session.tool_result
    pyview = (result.meta or {}).get("pyview") if result is not None else None
    token = pyview.get("instance") if isinstance(pyview, dict) else None
    return token if isinstance(token, str) else None


async def stored_values(app: ServerApp, view_state: ViewState | None) -> dict[str, Any] | None:
    """The stored values of ``app``'s View instance; None when it has no instance, or its id is refused (logged).

    A remote store is awaited (or read in a worker thread): the caller must expect other calls to run meanwhile.
    """
    token = instance_of_result(app)
    if view_state is None or token is None:
        return None
    try:
        values: dict[str, Any]
        if awaitable(view_state):
            values = (await view_state.acall({"instance": token, "op": "get"}))["values"]
        else:
            values = await in_thread(view_state.values, token) if remote(view_state) else view_state.values(token)
    except ViewStateError as exc:
        logger.warning("pyview: %s", exc)
        return None
    return values


def attach_view_state(app: ServerApp, view_state: ViewState | None, values: dict[str, Any] | None) -> None:
    """Give ``app`` a ``use_view_state`` client that starts from ``values`` (its instance's stored values: ``{}``
    for an instance minted just now) and writes each change to the store at once (see the module docs). None (no
    instance, or a refused id) leaves the App without one (``use_view_state`` then loads through the tool and
    reports the error)."""
    token = instance_of_result(app)
    if view_state is None or token is None or values is None:
        return

    def put(instance: str, changes: dict[str, Any]) -> None:
        view_state.call({"instance": instance, "op": "put", "values": changes})

    async def put_in_thread(instance: str, changes: dict[str, Any]) -> None:
        await in_thread(put, instance, changes)

    async def put_awaited(instance: str, changes: dict[str, Any]) -> None:
        await view_state.acall({"instance": instance, "op": "put", "values": changes})

    write = put_awaited if awaitable(view_state) else put_in_thread if remote(view_state) else put
    app._pyview_view_state = ViewStateClient(app, instance=token, values=values, write=write)  # type: ignore[attr-defined]


def store_warnings(app: ServerApp, view_state: ViewState | None) -> list[dict[str, Any]]:
    """A log notification for the host when this View uses ``use_view_state`` and the store works from memory
    (Redis away: see :class:`~pyview.server.RedisStateStore`), else nothing."""
    degraded = getattr(view_state.store, "degraded", None) if view_state is not None else None
    client = getattr(app, "_pyview_view_state", None)
    if not isinstance(degraded, str) or not isinstance(client, ViewStateClient) or not client.used:
        return []
    params = {"level": "warning", "logger": "pyview", "data": {"kind": "view-state", "message": degraded}}
    return [{"jsonrpc": "2.0", "method": LOG_MESSAGE, "params": params}]
