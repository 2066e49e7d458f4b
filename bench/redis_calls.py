"""Redis View state on the event loop: the server's CPU per ``use_view_state`` write, many Views writing at once.

``RedisStateStore.aupdate`` (the calls of one step of the loop sent as one pipeline) against the same
compare-and-set script called once per write through ``redis.asyncio`` (a command per call, a connection each
from a bounded pool: the store's calls without the pipeline), in the same run, on a real ``redis-server``.

    python bench/redis_calls.py [--writes 20000]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import run_recorded, table

from pyview._tooling.server._redis_calls import MERGE_IF_UNCHANGED
from pyview._tooling.server._redis_store import LOOP_CONNECTIONS
from pyview._tooling.testing._state_server import redis_server
from pyview.server import RedisStateStore

Write = Callable[[str, int], Awaitable[object]]


def per_call_writer(url: str) -> Write:
    """The baseline: the merge script, one ``redis.asyncio`` command per write (made on first use, on its loop)."""
    import redis.asyncio

    made: dict[asyncio.AbstractEventLoop, object] = {}

    async def write(instance: str, n: int) -> object:
        loop = asyncio.get_running_loop()
        if loop not in made:
            pool = redis.asyncio.BlockingConnectionPool.from_url(url, max_connections=LOOP_CONNECTIONS)
            made[loop] = redis.asyncio.Redis(connection_pool=pool).register_script(MERGE_IF_UNCHANGED)
        key = f"base:{instance}"
        return await made[loop](keys=[key, key + ":t"], args=[f'{{"n":{n}}}', time.time_ns() // 1000, 3600, ""])

    return write


def measure(write: Write, views: int, writes: int) -> float:
    """CPU microseconds per write: ``views`` Views writing at once, round after round, on one event loop."""
    rounds = max(1, writes // views)

    async def run() -> None:
        for n in range(rounds):
            await asyncio.gather(*(write(f"view-{v}", n) for v in range(views)))

    gc.collect()
    start = time.process_time()
    asyncio.run(run())
    return 1e6 * (time.process_time() - start) / (rounds * views)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=20_000, help="writes per measurement")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, redis_server(Path(folder)) as url:
        store = RedisStateStore(url)
        try:

            async def pyview_write(instance: str, n: int) -> object:
                return await store.aupdate(instance, {"n": n})

            baseline = per_call_writer(url)
            rows = []
            for views in (1, 10, 100, 1000):
                ours, theirs = measure(pyview_write, views, args.writes), measure(baseline, views, args.writes)
                rows.append([views, f"{ours:.1f}", f"{theirs:.1f}", f"{theirs / ours:.2f}x"])
        finally:
            store.close()
    print(table(["Views writing at once", "RedisStateStore us", "redis.asyncio per call us", "speed-up"], rows))
    print("(us: the process's CPU microseconds per use_view_state write, merge script included; speed-up: per call "
          "over RedisStateStore)")  # fmt: skip


if __name__ == "__main__":
    run_recorded(main, __file__)
