"""An event loop in a thread of its own, for synchronous code that drives async code (a sync pilot, a server
double): started at once, and closed whole, its tasks cancelled and its loop closed, not only stopped.

Example:
    >>> import asyncio
    >>> runner = LoopThread("example")
    >>> runner.run(asyncio.sleep(0, "done"))
    'done'
    >>> runner.close()
    >>> runner.loop.is_closed()
    True
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """``loop`` runs forever in a daemon thread named ``name`` until :meth:`close`."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run ``coroutine`` on the loop and wait for its result (raises what it raised)."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Cancel the loop's tasks, stop it, wait for its thread, close it (again: nothing happens)."""
        if self.loop.is_closed():
            return
        if self.thread.is_alive():
            try:
                self.run(_cancel_the_others(), timeout)
            finally:
                self.loop.call_soon_threadsafe(self.loop.stop)
                self.thread.join(timeout)
        if not self.thread.is_alive():  # a loop still running cannot be closed: left to the daemon thread
            self.loop.close()


async def _cancel_the_others() -> None:
    # on the loop itself: the caller's thread may be running a loop of its own (Playwright's sync API does)
    others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in others:
        task.cancel()
    await asyncio.gather(*others, return_exceptions=True)
    await asyncio.get_running_loop().shutdown_asyncgens()
