"""How many calls of one View the server handles at once: the rest are refused at once, with nothing applied.

The shim sends a View's events one call at a time (it batches what happens meanwhile), so more than
``MAX_QUEUED`` calls of one View at once come from a runaway client. Refusing them costs a token check, and
keeps the event loop's time for the other Views (an event flood from one View does not starve the rest).

Example:
    >>> async with admitted(session):  # doctest: +SKIP
    ...     dispatch(session.root, event, restored=False)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Protocol

from pyview._tooling.server._events import EventError

MAX_QUEUED = 4
"""Calls of one View handled or waiting for its lock at a time."""


class Queued(Protocol):
    """What admission needs of a session."""

    lock: asyncio.Lock
    queued: int


def refuse_if_busy(session: Queued) -> None:
    """Raise :class:`EventError` (nothing applied) when ``session`` already has ``MAX_QUEUED`` calls."""
    if session.queued >= MAX_QUEUED:
        raise EventError(
            f"this View already has {session.queued} calls being handled, so this one was refused and nothing was "
            "applied: send events one call at a time, with the newest session token (as the shim does)"
        )


@contextlib.asynccontextmanager
async def admitted(session: Queued) -> AsyncIterator[None]:
    """Hold ``session``'s lock for one call, counted in ``session.queued`` (refused past ``MAX_QUEUED``)."""
    refuse_if_busy(session)
    session.queued += 1
    try:
        async with session.lock:
            yield
    finally:
        session.queued -= 1
