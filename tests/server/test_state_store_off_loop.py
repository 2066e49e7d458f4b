"""A View-state store a network away is never waited for on the server's event loop.

``RedisStateStore`` is awaited on the event loop (Redis's asyncio client); another ``remote`` store (here one whose
writes wait until the test lets them go) is read and written in worker threads. Either way, while one View's write
waits, every other View is answered; the waiting View's answer comes once its write is done, with the value
written. An in-process store is called in place.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import pytest
import redis
from mcp import Client
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel
from runtime_client import ViewClient, claims

from pyview._tooling.server._redis_store import LOOP_CONNECTIONS
from pyview._tooling.testing._state_server import redis_server
from pyview.server import MemoryStore, RedisStateStore, Views

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("signing_secret")]
HERE = Path(__file__).parent
DEADLINE = 60.0  # the whole test's bound, never a measurement
T = TypeVar("T")


class HeldStore(MemoryStore):
    """A remote store whose merges wait until ``release`` is set (a slow network, a Redis far away)."""

    remote = True

    def __init__(self) -> None:
        super().__init__()
        self.writing = threading.Event()
        self.release = threading.Event()
        self.threads: set[str] = set()

    def update(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
        self.threads.add(threading.current_thread().name)
        self.writing.set()
        if not self.release.wait(DEADLINE):
            raise TimeoutError("the test never released the write")
        return super().update(instance, values, delete)


class Place(BaseModel):
    city: str


class Shout(BaseModel):
    text: str
    start: int = 0


def server_with(store: MemoryStore) -> MCPServer[Any]:
    views = Views(runtime="server", state_store=store)
    units = views.add("units", HERE / "state_views" / "units_view.py")
    counter = views.add("counter", HERE / "runtime_views" / "counter_view.py")

    @views.tool(units)
    def place(city: str) -> Place:
        """Show a city."""
        return Place(city=city)

    @views.tool(counter)
    def shout(text: str, start: int = 0) -> Shout:
        """A counter."""
        return Shout(text=text, start=start)

    return MCPServer("held", extensions=[views])


async def test_a_view_waiting_for_its_write_holds_up_no_other_view() -> None:
    store = HeldStore()
    with anyio.fail_after(DEADLINE):
        async with Client(server_with(store)) as client:
            result = await client.call_tool("place", {"city": "Oslo"})
            oslo = ViewClient(result.meta["pyview"])
            other = ViewClient((await client.call_tool("shout", {"text": "hi"})).meta["pyview"])
            await other.send(client.call_tool)  # live, so its clicks below need nothing of the store
            answered: dict[str, Any] = {}

            async def click_units() -> None:
                answered["oslo"] = await oslo.click(client.call_tool, "units")

            async with anyio.create_task_group() as tasks:
                tasks.start_soon(click_units)
                await anyio.to_thread.run_sync(store.writing.wait, DEADLINE)  # Oslo's write waits in a thread
                for n in range(1, 4):  # meanwhile the other View is answered, click after click
                    await other.click(client.call_tool, "count")
                    assert other.text("count") == f"Clicked {n} times" and "oslo" not in answered
                store.release.set()
            assert "error" not in answered["oslo"] and oslo.text("units") == "units: F"
            assert store.get(claims(result.meta["pyview"]["instance"])["i"]) == {"units": "F"}  # before the answer
    assert threading.main_thread().name not in store.threads


async def test_an_in_process_store_is_written_in_place() -> None:
    threads: set[str] = set()

    class Watched(MemoryStore):
        def update(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
            threads.add(threading.current_thread().name)
            return super().update(instance, values, delete)

    with anyio.fail_after(DEADLINE):
        async with Client(server_with(Watched())) as client:
            oslo = ViewClient((await client.call_tool("place", {"city": "Oslo"})).meta["pyview"])
            await oslo.click(client.call_tool, "units")
            assert oslo.text("units") == "units: F"
    assert threads == {threading.current_thread().name}  # the event loop's own thread: no hop for a dict


class WatchedRedis(RedisStateStore):
    """The real Redis store, saying when a View's merge is on its way and which of its methods were used."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.writing = anyio.Event()
        self.used: set[str] = set()

    async def aupdate(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
        self.used.add("aupdate")
        self.writing.set()
        return await super().aupdate(instance, values, delete)

    def update(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
        self.used.add("update")
        return super().update(instance, values, delete)


async def test_redis_is_awaited_on_the_event_loop_and_a_stalled_write_holds_up_no_other_view(tmp_path: Path) -> None:
    """A real ``redis-server`` with writes paused (``CLIENT PAUSE``): the View writing waits for Redis on the event
    loop (no worker thread), the other View is answered click after click meanwhile, and once Redis takes writes
    again the waiting View gets its answer with the value stored."""
    with redis_server(tmp_path) as url:
        store = WatchedRedis(url, timeout=DEADLINE)  # the pause, not the store's bound, decides how long it waits
        admin = redis.Redis.from_url(url)
        try:
            with anyio.fail_after(DEADLINE):
                async with Client(server_with(store)) as client:
                    result = await client.call_tool("place", {"city": "Oslo"})
                    oslo = ViewClient(result.meta["pyview"])
                    other = ViewClient((await client.call_tool("shout", {"text": "hi"})).meta["pyview"])
                    await other.send(client.call_tool)
                    await oslo.send(client.call_tool)  # live: its stored values read (nothing yet)
                    admin.execute_command("CLIENT", "PAUSE", int(DEADLINE * 1000), "WRITE")
                    answered: dict[str, Any] = {}

                    async def click_units() -> None:
                        answered["oslo"] = await oslo.click(client.call_tool, "units")

                    async with anyio.create_task_group() as tasks:
                        tasks.start_soon(click_units)
                        await store.writing.wait()
                        for n in range(1, 4):
                            await other.click(client.call_tool, "count")
                            assert other.text("count") == f"Clicked {n} times" and "oslo" not in answered
                        admin.execute_command("CLIENT", "UNPAUSE")
                    assert "error" not in answered["oslo"] and oslo.text("units") == "units: F"
            instance = claims(result.meta["pyview"]["instance"])["i"]
            assert json.loads(admin.get(f"pyview:state:{instance}") or b"null") == {"units": "F"}
            assert store.used == {"aupdate"} and store.degraded is None  # never the blocking client, never memory
        finally:
            admin.execute_command("CLIENT", "UNPAUSE")
            await store.aclose()  # the in-process server's stop: its connections on this loop
            store.close()


async def closed_after(store: RedisStateStore, call: Awaitable[T]) -> T:
    """``call``'s answer, the store's connections on this event loop closed after it."""
    try:
        return await call
    finally:
        await store.aclose()


def test_a_store_given_a_ready_client_awaits_it_in_a_thread_and_each_loop_gets_its_own_client(
    tmp_path: Path,
) -> None:
    with redis_server(tmp_path) as url:
        given = RedisStateStore(client=redis.Redis.from_url(url))  # no URL: no asyncio client can be made from it
        made = RedisStateStore(url)
        for store in (given, made):
            for units in ("F", "C"):  # a new event loop each time: a loop never uses another loop's connections
                assert asyncio.run(closed_after(store, store.aupdate("same", {"units": units}))) == {"units": units}
                assert asyncio.run(closed_after(store, store.aget("same"))) == {"units": units}
            assert store.get("same") == {"units": "C"} and store.degraded is None
            store.close()


def test_more_writes_at_once_than_connections_wait_their_turn_and_all_reach_redis(tmp_path: Path) -> None:
    """A busy server whose Redis is slow to answer: each step of the loop sends its writes as a pipeline, and more
    pipelines wait for Redis than the loop has connections. Each waits for one of them (a bounded number), none is
    refused, and the store never falls back to memory for it."""
    writes = 2 * LOOP_CONNECTIONS
    with redis_server(tmp_path) as url:
        store = RedisStateStore(url, timeout=DEADLINE)  # the pause, not the store's bound, decides how long they wait
        admin = redis.Redis.from_url(url)
        store.put("warm", {"n": 0})  # the scripts loaded: the pause below holds the writes themselves

        async def write_all() -> None:
            admin.execute_command("CLIENT", "PAUSE", int(DEADLINE * 1000), "WRITE")
            writing = []
            for n in range(writes):  # a step each: a pipeline each, all waiting for Redis
                writing.append(asyncio.ensure_future(store.aupdate(f"view-{n}", {"n": n})))
                await asyncio.sleep(0)
            admin.execute_command("CLIENT", "UNPAUSE")
            await asyncio.gather(*writing)
            assert admin.info("clients")["connected_clients"] <= LOOP_CONNECTIONS + 2  # the loop's, blocking, admin
            await store.aclose()

        try:
            asyncio.run(write_all())
            assert store.degraded is None
            assert [json.loads(admin.get(f"pyview:state:view-{n}") or b"null") for n in range(writes)] == [
                {"n": n} for n in range(writes)
            ]
        finally:
            admin.execute_command("CLIENT", "UNPAUSE")
            store.close()


async def test_a_browser_views_state_calls_await_redis_on_the_event_loop(tmp_path: Path) -> None:
    """``pyview_state`` (View state written by Python in the frame) uses the Redis store's coroutines, as the
    server runtime does: no worker thread per read and write; a refused write is still an error result."""
    with redis_server(tmp_path) as url:
        store = WatchedRedis(url)
        try:
            with anyio.fail_after(DEADLINE):
                async with Client(server_with(store)) as client:
                    token = (await client.call_tool("place", {"city": "Oslo"})).meta["pyview"]["instance"]

                    async def state(**arguments: Any) -> Any:
                        return await client.call_tool("pyview_state", {"instance": token, **arguments})

                    put = await state(op="put", values={"units": "F"})
                    assert put.meta["pyview"]["values"] == {"units": "F"}
                    assert (await state(op="get")).meta["pyview"]["values"] == {"units": "F"}
                    too_large = await state(op="put", values={"big": "x" * (store.max_bytes + 1)})
                    assert too_large.is_error and "pyview_state put" in too_large.content[0].text
            assert store.used == {"aupdate"} and store.get(claims(token)["i"]) == {"units": "F"}
        finally:
            await store.aclose()  # the in-process server's stop: its connections on this loop
            store.close()
