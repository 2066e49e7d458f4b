"""Redis View state on the event loop goes to Redis one pipeline per step of the loop (a real ``redis-server``).

A busy server answers many Views in one step; their reads and writes share one round trip and one connection.
Each call is still answered on its own: one that fails fails alone, and scripts Redis lost are loaded again.
"""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import redis
import redis.asyncio

from pyview._tooling.server._redis_calls import BATCH, PipelinedCalls
from pyview._tooling.testing._state_server import redis_server
from pyview.server import RedisStateStore


def test_the_writes_of_one_step_share_one_connection(tmp_path: Path) -> None:
    writes = BATCH  # the most one pipeline carries
    with redis_server(tmp_path) as url:
        store = RedisStateStore(url)
        admin = redis.Redis.from_url(url)

        async def write_all() -> None:
            await asyncio.gather(*(store.aupdate(f"view-{n}", {"n": n}) for n in range(writes)))
            await asyncio.gather(*(store.aupdate(f"view-{n}", {"m": -n}) for n in range(writes)))  # merged
            assert admin.info("clients")["connected_clients"] == 2  # the loop's one connection, and this one
            await store.aclose()

        try:
            asyncio.run(write_all())
            stored = [json.loads(admin.get(f"pyview:state:view-{n}") or b"null") for n in range(writes)]
            assert stored == [{"n": n, "m": -n} for n in range(writes)] and store.degraded is None
        finally:
            store.close()


def test_a_call_that_fails_fails_alone_in_its_pipeline(tmp_path: Path) -> None:
    with redis_server(tmp_path) as url:
        admin = redis.Redis.from_url(url)
        admin.hset("a-hash", "field", "1")  # GET on a hash is an error of that call only
        admin.set("plain", "value")

        async def both() -> list[object]:
            async with redis.asyncio.Redis.from_url(url) as client:
                calls = PipelinedCalls(client)
                return await asyncio.gather(calls("get", "a-hash"), calls("get", "plain"), return_exceptions=True)

        wrong, right = asyncio.run(both())
        assert isinstance(wrong, redis.ResponseError) and "WRONGTYPE" in str(wrong)
        assert right == b"value"


def test_scripts_redis_lost_are_loaded_again(tmp_path: Path) -> None:
    with redis_server(tmp_path) as url:
        store = RedisStateStore(url)
        admin = redis.Redis.from_url(url)

        async def write(units: str) -> None:
            await asyncio.gather(store.aupdate("oslo", {"units": units}), store.aupdate("rome", {"units": units}))

        async def run() -> None:  # one loop, so one client: its scripts known to Redis, then flushed
            await write("F")
            admin.script_flush()
            await write("C")
            await store.aclose()

        try:
            asyncio.run(run())
            assert json.loads(admin.get("pyview:state:oslo") or b"null") == {"units": "C"}
            assert json.loads(admin.get("pyview:state:rome") or b"null") == {"units": "C"}
            assert store.degraded is None
        finally:
            store.close()


def test_a_pipeline_that_cannot_reach_redis_fails_every_call_in_it() -> None:
    with socket.socket() as taken:  # a port held and not listening: refused, and no other test can take it
        taken.bind(("127.0.0.1", 0))
        url = f"redis://127.0.0.1:{taken.getsockname()[1]}/0"

        async def both() -> list[object]:
            async with redis.asyncio.Redis.from_url(url, socket_connect_timeout=5) as client:
                calls = PipelinedCalls(client)
                return await asyncio.gather(calls("get", "a"), calls("get", "b"), return_exceptions=True)

        answers = asyncio.run(both())
    assert all(isinstance(answer, (redis.ConnectionError, OSError)) for answer in answers), answers


def test_more_calls_in_one_step_than_a_pipeline_carries_are_all_answered(tmp_path: Path) -> None:
    step_calls = BATCH + 1
    with redis_server(tmp_path) as url:
        admin = redis.Redis.from_url(url)
        admin.mset({f"k{n}": str(n) for n in range(step_calls)})

        async def read_all() -> list[object]:
            async with redis.asyncio.Redis.from_url(url) as client:
                calls = PipelinedCalls(client)
                return await asyncio.gather(*(calls("get", f"k{n}") for n in range(step_calls)))

        assert asyncio.run(read_all()) == [str(n).encode() for n in range(step_calls)]
