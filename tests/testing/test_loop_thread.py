"""``LoopThread``: the event loop a sync pilot or a server double runs in a thread ends whole on ``close()``."""

from __future__ import annotations

import asyncio
import threading

from pyview._tooling.testing._loop_thread import LoopThread


def test_close_cancels_the_tasks_left_and_closes_the_loop_from_a_thread_running_its_own_loop() -> None:
    runner = LoopThread("under-test")
    cancelled = threading.Event()
    tasks: list[asyncio.Task[None]] = []  # the loop holds tasks weakly: without this the GC may collect it first

    async def waits_for_ever() -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.set()
            raise

    async def start() -> None:
        tasks.append(asyncio.get_running_loop().create_task(waits_for_ever()))
        await asyncio.sleep(0)  # it runs up to its wait

    runner.run(start(), 30)

    async def caller() -> None:  # the caller's thread runs a loop of its own, as Playwright's sync API does
        runner.close()

    asyncio.run(caller())
    assert cancelled.is_set() and runner.loop.is_closed() and not runner.thread.is_alive()
    runner.close()  # again: nothing to do
