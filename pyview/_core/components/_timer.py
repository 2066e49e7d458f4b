"""``sleep``: ``asyncio.sleep`` with its deadline known to the render root whose handler or effect awaits it.

The server runtime answers an event as soon as the tasks left only wait on timers, and tells the frame when to call
again (docs/server.md, "Timers"). It finds a plain ``asyncio.sleep`` from the sleeping task (the timer handle it
keeps); the timers of pyview's own components (a toast's) are registered here as well, so they are found whatever
the loop's handles tell. In the browser nothing reads them: it is ``asyncio.sleep``.

Example:
    >>> import asyncio
    >>> asyncio.run(sleep(0))
"""

from __future__ import annotations

from contextvars import ContextVar

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any

#: The ``{task: loop time it wakes}`` of the root that spawned the running task (``Root.spawn`` sets it around the
#: task's creation, so the task's own copy of the context keeps it; a task it starts itself inherits it).
timers: ContextVar[dict[Any, float] | None] = ContextVar("pyview_timers", default=None)


async def sleep(seconds: float) -> None:
    """Wait ``seconds``, as ``asyncio.sleep``; while waiting, the root that runs this task knows until when."""
    import asyncio  # only once something waits: a render alone never imports asyncio

    due = timers.get()
    task = asyncio.current_task()
    if due is None or task is None:
        await asyncio.sleep(seconds)
        return
    due[task] = asyncio.get_running_loop().time() + seconds
    try:
        await asyncio.sleep(seconds)
    finally:
        due.pop(task, None)
