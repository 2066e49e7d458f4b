"""Recording the traffic between the host and the View, and waiting for what the View sends."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, Literal

from pyview._core.app._transport import Transport

Direction = Literal["in", "out"]
"""``"in"``: View -> Host; ``"out"``: Host -> View."""
Recorder = Callable[[Direction, dict[str, Any]], None]


class RecordingTransport(Transport):
    """Wraps a transport and reports every message both ways, in order, before it is handled."""

    __slots__ = ("inner", "record")

    def __init__(self, inner: Transport, record: Recorder) -> None:
        self.inner = inner
        self.record = record

    def start(self, on_message: Callable[[object], None], on_close: Callable[[], None] | None = None) -> None:
        def received(message: object) -> None:
            if isinstance(message, dict):
                self.record("in", message)
            on_message(message)

        self.inner.start(received, on_close)

    def send(self, message: dict[str, Any]) -> None:
        self.inner.send(message)
        self.record("out", message)

    def close(self) -> None:
        self.inner.close()


class Inbox:
    """Every message the View sent with a ``method``; :meth:`next` hands them out one by one per method.

    Example:
        >>> inbox = Inbox()
        >>> inbox.add({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t"}})
        >>> asyncio.run(inbox.next("tools/call", 1))["params"]
        {'name': 't'}
    """

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self._taken: dict[str, int] = {}
        self._waiters: list[asyncio.Future[None]] = []

    def add(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def _find(self, method: str) -> dict[str, Any] | None:
        start = self._taken.get(method, 0)
        for index in range(start, len(self.messages)):
            if self.messages[index].get("method") == method:
                self._taken[method] = index + 1
                return self.messages[index]
        self._taken[method] = len(self.messages)
        return None

    async def next(self, method: str, timeout: float) -> dict[str, Any]:
        """The next message with ``method`` not yet returned (waits up to ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while True:
            found = self._find(method)
            if found is not None:
                return found
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                seen = sorted({str(m.get("method")) for m in self.messages})
                raise TimeoutError(f"the View sent no {method} within {timeout:g} s (it sent: {', '.join(seen)})")
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter, remaining)
