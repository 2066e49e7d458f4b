"""The Redis store's connections end with the event loop they belong to (a real ``redis-server``).

A server closes its store's connections as it stops; code running a store on event loops of its own closes them
with ``aclose()``; and a loop that has closed is not kept alive by the store.
"""

from __future__ import annotations

import asyncio
import gc
import json
import socket
import time
import urllib.parse
import warnings
import weakref
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
import redis
from mcp import Client
from mcp_types import CallToolResult
from runtime_client import ViewClient, claims
from test_state_store_off_loop import DEADLINE, HERE, server_with

from pyview._tooling.testing._state_server import StateServer, redis_server
from pyview.server import RedisStateStore, http_app, serve_async
from pyview.testing import run, serving


@pytest.fixture
def served_store(signing_secret: str, tmp_path: Path) -> Iterator[tuple[RedisStateStore, redis.Redis]]:
    """A store on a fresh ``redis-server`` for a server with Views, and an admin client of that Redis."""
    with redis_server(tmp_path) as url:
        yield RedisStateStore(url), redis.Redis.from_url(url)


async def click_units(client: Client) -> str:
    """Show Oslo and switch its units (a View-state write on the server); the View's instance id."""
    result = await client.call_tool("place", {"city": "Oslo"})
    oslo = ViewClient(result.meta["pyview"])
    await oslo.click(client.call_tool, "units")
    assert oslo.text("units") == "units: F"
    return str(claims(result.meta["pyview"]["instance"])["i"])


def clients(admin: redis.Redis) -> int:
    """Connections Redis has open now (the admin's own included)."""
    return int(admin.info("clients")["connected_clients"])


def until_clients(admin: redis.Redis, count: int) -> None:
    """Wait until Redis counts ``count`` connections (it sees a closed one on its next turn, not at once)."""
    deadline = time.monotonic() + DEADLINE
    while clients(admin) != count:
        assert time.monotonic() < deadline, f"Redis still has {clients(admin)} connections, not {count}"
        time.sleep(0.01)


def test_a_store_closed_on_its_loop_leaves_no_connection_open(tmp_path: Path) -> None:
    with redis_server(tmp_path) as url:
        store = RedisStateStore(url)
        admin = redis.Redis.from_url(url)

        async def write(n: int) -> None:
            assert await store.aupdate("view", {f"k{n}": n}) == {f"k{m}": m for m in range(n + 1)}
            assert clients(admin) == 2  # this loop's connection, and the admin's
            await store.aclose()

        for n in range(3):  # a loop after a loop, as tests with a loop each run a shared store
            asyncio.run(write(n))
            until_clients(admin, 1)
        assert json.loads(admin.get("pyview:state:view") or b"null") == {"k0": 0, "k1": 1, "k2": 2}


def test_a_loop_that_closed_is_not_kept_alive_by_the_store(tmp_path: Path) -> None:
    with redis_server(tmp_path) as url:
        store = RedisStateStore(url)
        loops: list[weakref.ref[asyncio.AbstractEventLoop]] = []

        async def write(n: int, *, close: bool) -> None:
            loops.append(weakref.ref(asyncio.get_running_loop()))
            await store.aupdate("view", {"n": n})
            if close:
                await store.aclose()

        try:
            asyncio.run(write(1, close=False))
            asyncio.run(write(2, close=True))  # a new loop's first call lets the closed one go
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)  # the connections nobody closed, freed
                gc.collect()
            assert loops[0]() is None
            assert store.get("view") == {"n": 2}
        finally:
            store.close()


@pytest.mark.anyio
async def test_a_server_stopping_closes_its_connections_to_redis(
    served_store: tuple[RedisStateStore, redis.Redis],
) -> None:
    store, admin = served_store
    with serving(http_app(server_with(store))) as base:
        with anyio.fail_after(DEADLINE):
            async with Client(f"{base}/mcp") as client:
                instance = await click_units(client)
        assert json.loads(admin.get(f"pyview:state:{instance}") or b"null") == {"units": "F"}
        assert clients(admin) == 2  # the server's loop's connection, and the admin's
    until_clients(admin, 1)  # the server stopped: its connection closed with it


@pytest.mark.anyio
async def test_a_served_server_cancelled_closes_its_connections_to_redis(
    served_store: tuple[RedisStateStore, redis.Redis],
) -> None:
    """``serve_async`` run as a task of the caller's (an app embedding the server) and cancelled."""
    store, admin = served_store
    ready: list[str] = []
    with anyio.fail_after(DEADLINE):
        async with anyio.create_task_group() as tasks:
            listening = anyio.Event()

            def on_ready(endpoint: str) -> None:
                ready.append(endpoint)
                listening.set()

            tasks.start_soon(lambda: serve_async(server_with(store), "http", port=0, on_ready=on_ready))
            await listening.wait()
            async with Client(ready[0]) as client:
                await click_units(client)
            assert clients(admin) == 2
            tasks.cancel_scope.cancel()
    await anyio.to_thread.run_sync(until_clients, admin, 1)
    port = urllib.parse.urlsplit(ready[0]).port
    with pytest.raises(ConnectionRefusedError):  # and it listens no more: the port is free at once
        socket.create_connection(("127.0.0.1", port), timeout=DEADLINE).close()


@pytest.mark.anyio
async def test_a_pilot_run_against_a_server_in_process_closes_its_connections_to_redis(
    served_store: tuple[RedisStateStore, redis.Redis],
) -> None:
    """``pyview.testing.run(..., server=server)``: the server runs on the test's event loop and stops with the run."""
    store, admin = served_store
    async with run(HERE / "state_views" / "units_view.py", server=server_with(store)) as pilot:
        await pilot.call_tool("place", {"city": "Oslo"})
        await pilot.click("#units")
        assert pilot.find("#units").text == "units: F"
        await pilot.app._pyview_view_state.flush()  # type: ignore[attr-defined]  # as on teardown
        stored = [json.loads(admin.get(key) or b"null") for key in admin.keys("pyview:state:*[^t]")]
        assert stored == [{"units": "F"}] and clients(admin) == 2
    await anyio.to_thread.run_sync(until_clients, admin, 1)


def test_the_state_server_double_stopped_closes_its_connections_to_redis(
    served_store: tuple[RedisStateStore, redis.Redis],
) -> None:
    """The browser tests' server process (``StateServer``): its loop thread's asyncio connection and its blocking
    client's connection both close when it stops, as a real server's do."""
    store, admin = served_store
    with StateServer(HERE / "state_views" / "units_view.py", "units", store, runtime="server") as server:
        result = server.result({"city": "Oslo"})
        oslo = ViewClient(result["_meta"]["pyview"])

        async def call(name: str, arguments: dict[str, object]) -> CallToolResult:
            return CallToolResult.model_validate(server.call_tool(name, arguments))

        asyncio.run(oslo.click(call, "units"))
        instance = str(claims(result["_meta"]["pyview"]["instance"])["i"])
        assert server.views.server_runtime.view_state.values(result["_meta"]["pyview"]["instance"]) == {"units": "F"}
        assert json.loads(admin.get(f"pyview:state:{instance}") or b"null") == {"units": "F"}
        assert clients(admin) == 3  # the loop thread's connection, the blocking client's, and the admin's
    until_clients(admin, 1)
