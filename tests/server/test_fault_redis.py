"""Fault: Redis (the View-state store) stops and comes back while Views use ``use_view_state``.

The View keeps working from the server's memory, the host's log gets a warning, nothing written meanwhile is lost
(it reaches Redis when Redis returns), the newest write wins across workers, and no call waits on the dead Redis
(each is bounded by the store's ``timeout``; the test only has an overall deadline). A real ``redis-server`` is
stopped and started again on the same loopback port.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
import redis
from mcp import Client
from runtime_client import ViewClient, claims

from pyview._tooling.server._health import health
from pyview._tooling.server._part_resources import close_state_stores
from pyview._tooling.server._server_file import load_server
from pyview.server import RedisStateStore

pytestmark = pytest.mark.anyio
SERVER_FILE = Path(__file__).parent / "state_views" / "server.py"
DEADLINE = 60.0  # the whole test's bound, never a measurement


class Redis:
    """A ``redis-server`` on a fixed loopback port that can be stopped and started again (empty each time)."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed (scripts/install.sh installs it)")
        self.binary, self.folder = binary, folder
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder), "--save", "",
             "--appendonly", "no", "--unixsocket", ""],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        assert self.process.stdout is not None
        for line in self.process.stdout:  # its own "ready" line (no sleeping)
            if "Ready to accept connections" in line:
                return
        pytest.fail("redis-server exited before it was ready")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            if self.process.stdout is not None:
                self.process.stdout.close()
            self.process = None


@pytest.fixture
def redis_process(tmp_path: Path) -> Iterator[Redis]:
    server = Redis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def until(condition: Any, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"not within {DEADLINE:.0f} s: {what}")
        time.sleep(0.05)


def stored(url: str, instance_token: str) -> dict[str, Any] | None:
    return stored_values_in(url, claims(instance_token)["i"])


async def test_view_state_survives_redis_stopping_and_coming_back(
    redis_process: Redis, monkeypatch: pytest.MonkeyPatch, signing_secret: str
) -> None:
    monkeypatch.setenv("STATE_REDIS_URL", redis_process.url)
    module, server = load_server(str(SERVER_FILE))
    store: RedisStateStore = module.store
    with anyio.fail_after(DEADLINE):
        async with Client(server) as client:
            oslo_result = await client.call_tool("place", {"city": "Oslo"})
            rome_result = await client.call_tool("place", {"city": "Rome"})
            oslo, rome = ViewClient(oslo_result.meta["pyview"]), ViewClient(rome_result.meta["pyview"])
            await oslo.click(client.call_tool, "units")
            await rome.click(client.call_tool, "open")
            oslo_id, rome_id = oslo_result.meta["pyview"]["instance"], rome_result.meta["pyview"]["instance"]
            assert stored(redis_process.url, oslo_id) == {"units": "F"}
            assert health(server)["view_state"] == "ok"

            redis_process.stop()
            answer = await oslo.click(client.call_tool, "units")  # back to C, while Redis is gone
            assert "error" not in answer and oslo.text("units") == "units: C"
            logged = [r["params"] for r in answer["requests"] if r["method"] == "notifications/message"]
            assert logged and logged[0]["level"] == "warning" and "Redis is unreachable" in logged[0]["data"]["message"]
            # the health check says so, and still "ok": a balancer must not take every worker out for it
            assert health(server) == {"status": "ok", "sessions": 2, "max_sessions": 1000, "view_state": "degraded"}
            # a frame's own pyview_state calls (a re-mounted frame, Python in the browser) work from memory too
            got = await client.call_tool("pyview_state", {"instance": rome_id, "op": "get"})
            assert got.meta["pyview"]["values"] == {"panel": "details"}
            put = {"instance": rome_id, "op": "put", "values": {"units": "F"}}
            assert not (await client.call_tool("pyview_state", put)).is_error
            again = ViewClient(oslo_result.meta["pyview"])  # the Oslo frame re-mounted: the values from memory
            await again.send(client.call_tool)
            assert again.text("units") == "units: C"

            redis_process.start()  # empty: everything it has from now on came from the server's memory
            until(lambda: store.degraded is None, "the store noticed Redis is back")
            assert health(server)["view_state"] == "ok"
            assert stored(redis_process.url, oslo_id) == {"units": "C"}
            assert stored(redis_process.url, rome_id) == {"panel": "details", "units": "F"}
            answer = await again.click(client.call_tool, "units")  # the re-mounted frame goes on
            assert not [r for r in answer["requests"] if r["method"] == "notifications/message"]
            assert stored(redis_process.url, oslo_id) == {"units": "F"}
    await close_state_stores(server)  # as the server does when it stops
    store.close()


def test_the_newest_write_wins_when_two_workers_flush_after_redis_returns(redis_process: Redis) -> None:
    first, second = (RedisStateStore(redis_process.url, retry=0.05) for _ in range(2))  # two worker processes
    try:
        redis_process.stop()
        second.put("same", {"units": "F"})  # while Redis is away: older ...
        first.put("same", {"units": "C"})  # ... and newer (the one a user saw last)
        assert first.degraded and second.degraded
        assert (first.get("same"), second.get("same")) == ({"units": "C"}, {"units": "F"})  # each from memory
        redis_process.start()
        until(lambda: first.degraded is None and second.degraded is None, "both stores flushed")
        # whichever flushed first, Redis has the newest value, and a late older write cannot replace it
        assert first.get("same") == second.get("same") == {"units": "C"}
        assert second.flush() == 0
    finally:
        first.close()
        second.close()


def test_workers_writing_other_keys_of_one_instance_at_once_lose_none(redis_process: Redis) -> None:
    """Writes merge key by key with a compare-and-set in Redis: a worker merging into a value another worker has
    changed since it last read it merges again into the new one, so no key written meanwhile is lost."""
    stores = [RedisStateStore(redis_process.url) for _ in range(2)]  # two worker processes
    try:
        for store in stores:  # each knows the instance (empty): what its next write merges into
            assert store.get("same") is None
        keys = [[f"w{writer}-{n}" for n in range(25)] for writer in range(8)]

        def write(store: RedisStateStore, mine: list[str]) -> None:
            for key in mine:
                store.update("same", {key: len(key)})

        threads = [threading.Thread(target=write, args=(stores[i % 2], keys[i])) for i in range(len(keys))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(DEADLINE)
        stored_now = stored_values_in(redis_process.url, "same")
        assert stored_now == {key: len(key) for mine in keys for key in mine}
        assert stores[0].update("same", {}, ["w0-0"]) == {k: v for k, v in stored_now.items() if k != "w0-0"}
    finally:
        for store in stores:
            store.close()


def stored_values_in(url: str, instance: str) -> dict[str, Any] | None:
    raw = redis.Redis.from_url(url).get(f"pyview:state:{instance}")
    return None if raw is None else dict(json.loads(raw))
