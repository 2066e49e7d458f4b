"""Timers in the server runtime: an event is answered before the timers its tasks wait on, with ``wake``; a tick
(a call with no events) then brings what they changed, from the live session or one restored from its token."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path
from typing import Any

import anyio.to_thread
import pytest
from mcp import Client
from runtime_client import ViewClient

from pyview._core.components._timer import sleep as pyview_sleep
from pyview._tooling.server._events import SHORT_TIMER, timers_of
from pyview._tooling.server._render import ServerRoot
from pyview._tooling.server._server_file import load_server

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("signing_secret")]
SERVER_FILE = Path(__file__).parent / "timer_views" / "server.py"


async def started(client: Client, duration: float) -> ViewClient:
    result = await client.call_tool("show_timers", {"duration": duration})
    view = ViewClient(result.meta["pyview"])
    await view.send(client.call_tool)  # the session's first call (effects run, nothing waits)
    return view


def toasts(view: ViewClient) -> list[str]:
    return [element.text for element in view.dom.root.walk() if "pv-toast" in (element.get("class") or "").split()]


async def tick(view: ViewClient, client: Client) -> dict[str, Any]:
    """What the shim does with an answer's ``wake``: wait that long, then call with no events."""
    await asyncio.sleep(view.last["wake"] / 1000)
    return await view.send(client.call_tool)


async def test_a_toast_shows_at_once_and_a_tick_at_its_wake_takes_it_away() -> None:
    module, server = load_server(str(SERVER_FILE))
    async with Client(server) as client:
        view = await started(client, duration=1.0)
        answer = await view.click(client.call_tool, "toast")
        assert toasts(view) == ["Saved the report"] and "error" not in answer
        assert 0 < answer["wake"] <= 1000  # the toast's own timer: answered before it, told when it is due
        answer = await tick(view, client)
        assert toasts(view) == [] and "wake" not in answer and "reset" not in answer  # the live session
        assert len(module.views.server_runtime.engine.sessions) == 1


async def test_a_handler_that_sleeps_then_sets_state_shows_both_states() -> None:
    _, server = load_server(str(SERVER_FILE))
    async with Client(server) as client:
        view = await started(client, duration=0.5)
        answer = await view.click(client.call_tool, "later")
        assert view.text("note") == "working" and answer["wake"] > 0  # a plain asyncio.sleep, found on the loop
        answer = await tick(view, client)
        assert view.text("note") == "done later" and "wake" not in answer


async def test_a_handler_still_working_when_the_event_bound_passes_is_asked_again_at_once() -> None:
    """A handler slower than the engine's ``event_timeout`` (a busy server, a slow tool): the answer shows what is
    on screen so far, with ``wake`` 0, and the tick that follows brings what the handler did once it ended."""
    module, server = load_server(str(SERVER_FILE))
    async with Client(server) as client:
        view = await started(client, duration=1.0)
        engine = module.views.server_runtime.engine
        engine.event_timeout = 0.2
        release = asyncio.Event()
        view_module = sys.modules[engine._view(module.timers).root_component.__module__]
        view_module.RELEASE = release
        answer = await view.click(client.call_tool, "slow")
        assert view.text("note") == "working" and answer["wake"] == 0 and "error" not in answer
        release.set()
        answer = await tick(view, client)
        assert view.text("note") == "done slowly" and "wake" not in answer


async def test_a_wait_shorter_than_a_tick_is_one_call() -> None:
    _, server = load_server(str(SERVER_FILE))
    async with Client(server) as client:
        view = await started(client, duration=30.0)
        calls = len(view.calls)
        answer = await view.click(client.call_tool, "debounce")
        assert view.text("note") == "debounced" and "wake" not in answer and len(view.calls) == calls + 1


async def test_a_tick_that_reaches_an_evicted_session_restores_it_from_its_token() -> None:
    module, server = load_server(str(SERVER_FILE))
    async with Client(server) as client:
        view = await started(client, duration=30.0)
        first = await view.click(client.call_tool, "toast")
        assert toasts(view) == ["Saved the report"]
        module.views.server_runtime.engine.sessions.clear()  # evicted
        answer = await view.send(client.call_tool)
        assert view.calls[-1].get("data") is not None  # answered need: "data" first, then restored
        assert "reset" in answer and "error" not in answer
        assert toasts(view) == ["Saved the report"]  # the state came from the token
        assert 0 < answer["wake"] <= first["wake"]  # the restored toast waits for what is left of its time


async def test_a_tick_on_another_worker_dismisses_the_toast_on_time() -> None:
    _, one = load_server(str(SERVER_FILE))
    _, other = load_server(str(SERVER_FILE))  # another process with the same secret
    async with Client(one) as client, Client(other) as elsewhere:
        view = await started(client, duration=1.0)
        await view.click(client.call_tool, "toast")
        assert toasts(view) == ["Saved the report"]
        answer = await tick(view, elsewhere)  # restored there from the token: the toast's time is over
        assert "reset" in answer and "error" not in answer
        assert toasts(view) == [] and "wake" not in answer


async def test_timers_of_finds_sleeps_not_waits_that_race_a_timeout() -> None:
    root = ServerRoot("timers")
    loop = asyncio.get_running_loop()
    root.loop = loop
    gate = loop.create_future()

    async def registered() -> None:
        await pyview_sleep(60)

    async def plain() -> None:
        await asyncio.sleep(60)

    async def nested() -> None:  # a handler awaiting a helper that sleeps
        await plain()

    async def racing() -> None:
        await asyncio.wait([gate], timeout=60)  # resolved by its timeout or by the gate: not only a timer

    async def yielding() -> None:
        while True:
            await asyncio.sleep(0)  # no timer: it runs again at once

    tasks = [root.spawn(fn(), "a test") for fn in (registered, plain, nested, racing, yielding)]
    await asyncio.sleep(0)
    try:
        found = timers_of(tasks, root)
        assert set(found) == set(tasks[:3]) and all(when > loop.time() + SHORT_TIMER for when in found.values())
        tasks[1].cancel()  # cancelled while it sleeps: its timer no longer counts
        assert set(timers_of(tasks, root)) == {tasks[0], tasks[2]}
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    assert root.timers == {}


async def test_finding_timers_reads_no_timer_list_of_the_loop() -> None:
    """A busy server holds a timer per idle connection: an event must not cost a read of them all (it did for a
    handler waiting on a worker thread through anyio, as a server tool run in-process does)."""
    root = ServerRoot("timers")
    loop = asyncio.get_running_loop()
    root.loop = loop
    release = threading.Event()

    class Counted(list[Any]):
        """The loop's timers (heapq reads them as a list), each iteration over them counted."""

        reads = 0

        def __iter__(self) -> Any:
            Counted.reads += 1
            return super().__iter__()

    async def in_executor() -> None:
        await loop.run_in_executor(None, release.wait, 60)  # as a remote View-state store's write

    async def in_anyio_thread() -> None:
        await anyio.to_thread.run_sync(release.wait, 60)  # as the weather example's tool

    async def plain() -> None:
        await asyncio.sleep(60)

    tasks = [root.spawn(fn(), "a test") for fn in (in_executor, in_anyio_thread, plain)]
    await asyncio.sleep(0)
    timers = loop._scheduled  # type: ignore[attr-defined]
    loop._scheduled = Counted(timers)  # type: ignore[attr-defined]
    try:
        assert set(timers_of(tasks, root)) == {tasks[2]}
        assert Counted.reads == 0
    finally:
        loop._scheduled = list(loop._scheduled)  # type: ignore[attr-defined]
        release.set()
        tasks[2].cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
