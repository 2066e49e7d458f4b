"""The transport interface and an in-memory transport pair for tests and CPython.

A transport moves JSON-RPC messages (plain dicts) between the View and the host. It has three methods:

- ``start(on_message, on_close=None)``: begin delivering received messages to ``on_message`` (messages that
arrived
  earlier are delivered first, in order);
- ``send(message)``: send one message (a JSON-serialisable dict);
- ``close()``: stop; later ``send`` calls raise :class:`ConnectionClosedError`.

``on_message`` receives whatever arrived (normally a dict); the JSON-RPC layer validates it.
"""

from __future__ import annotations

import asyncio
import json
from itertools import accumulate, repeat

from pyview._core.app._errors import ConnectionClosedError

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    MessageCallback = Callable[[object], None]
    CloseCallback = Callable[[], None]


MAX_DEPTH = 500
"""How deeply a received JSON message may nest. Deeper ones are dropped before they are parsed: in Pyodide a
10,000-deep array overflows the JS stack inside ``json.loads`` and kills the interpreter (no ``RecursionError``)."""

_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_STEPS = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_NOT_BRACKETS = str.maketrans("", "", "".join(chr(c) for c in range(128) if chr(c) not in "[]{}"))


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` nests arrays/objects more than ``limit`` levels deep (brackets inside strings do
    not count). Cheap for ordinary messages: C-speed string operations, no parsing.

    Example:
        >>> too_deep('{"a": [[1], {"b": "[[[[["}]}', limit=3)
        False
        >>> too_deep("[" * 4 + "]" * 4, limit=3)
        True
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    import re  # (already imported by json)

    skeleton = re.sub(_STRING, "", text).translate(_NOT_BRACKETS)
    if "[" * (limit + 1) in skeleton or "{" * (limit + 1) in skeleton:
        return True  # the usual shape of a hostile message, found in one pass
    steps = skeleton.encode().translate(_STEPS)  # opening 2, closing 0: minus 1 gives the change of depth
    return max(accumulate(map(int.__sub__, steps, repeat(1))), default=0) > limit


class Transport:
    """Base class of transports. Subclasses implement :meth:`start`, :meth:`send` and :meth:`close`."""

    __slots__ = ()

    def start(self, on_message: MessageCallback, on_close: CloseCallback | None = None) -> None:
        """Deliver every received message to ``on_message``; call ``on_close`` once when the link closes."""
        raise NotImplementedError

    def send(self, message: dict[str, Any]) -> None:
        """Send one JSON-RPC message."""
        raise NotImplementedError

    def close(self) -> None:
        """Close the link. Idempotent."""
        raise NotImplementedError


class BufferedTransport(Transport):
    """A transport whose received messages wait in a backlog until :meth:`start` (a base for concrete links).

    Subclasses implement :meth:`send`; whatever arrives is handed to :meth:`deliver`.
    """

    __slots__ = ("_backlog", "_closed", "_on_close", "_on_message")

    def __init__(self) -> None:
        self._on_message: MessageCallback | None = None
        self._on_close: CloseCallback | None = None
        self._backlog: list[object] = []
        self._closed = False

    @property
    def closed(self) -> bool:
        """Whether the link was closed."""
        return self._closed

    def start(self, on_message: MessageCallback, on_close: CloseCallback | None = None) -> None:
        self._on_message = on_message
        self._on_close = on_close
        backlog, self._backlog = self._backlog, []
        for message in backlog:
            on_message(message)

    def deliver(self, message: object) -> None:
        """A message arrived: hand it on, or keep it until :meth:`start`."""
        if self._closed:
            return
        if self._on_message is None:
            self._backlog.append(message)
        else:
            self._on_message(message)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        callback, self._on_close = self._on_close, None
        self._closing()
        if callback is not None:
            callback()

    def _closing(self) -> None:
        """Subclass hook, run once when the link closes (before ``on_close``)."""


class MemoryTransport(BufferedTransport):
    """One end of an in-memory link; create both ends with :func:`memory_transport_pair`.

    Each message is round-tripped through :func:`json.dumps`/:func:`json.loads`, so what arrives is what a
    real ``postMessage`` link would carry, and a message that is not JSON fails in ``send``. When an asyncio
    loop is running, delivery is scheduled with ``loop.call_soon`` (never re-entrant, FIFO order), as
    ``postMessage`` is asynchronous; otherwise it is immediate. Messages sent before the other end called
    :meth:`start` are buffered.

    Example:
        >>> view, host = memory_transport_pair()
        >>> got = []
        >>> host.start(got.append)
        >>> view.send({"jsonrpc": "2.0", "method": "ping", "id": 1})
        >>> got
        [{'jsonrpc': '2.0', 'method': 'ping', 'id': 1}]
    """

    __slots__ = ("peer", "sent")

    def __init__(self) -> None:
        super().__init__()
        self.peer: MemoryTransport | None = None
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        if self._closed or self.peer is None:
            raise ConnectionClosedError()
        # raises TypeError/ValueError for what JSON cannot carry (NaN, and nesting too deep, included)
        try:
            text = json.dumps(message, allow_nan=False)
            if too_deep(text):  # checked, not left to the interpreter's recursion limit (a library may raise it)
                raise RecursionError
            wire = json.loads(text)
        except RecursionError:
            raise ValueError("the message is nested too deeply to send as JSON") from None
        self.sent.append(wire)
        peer = self.peer
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            peer.deliver(wire)
        else:
            loop.call_soon(peer.deliver, wire)

    def send_raw(self, message: object) -> None:
        """Deliver ``message`` to the other end as is, without JSON checks (to test malformed input)."""
        if self.peer is not None:
            self.peer.deliver(message)

    def _closing(self) -> None:
        if self.peer is not None:
            self.peer.close()  # closing one end closes both


def memory_transport_pair() -> tuple[MemoryTransport, MemoryTransport]:
    """Two connected :class:`MemoryTransport` ends: ``(view_end, host_end)``. Closing one closes both.

    Example:
        >>> view, host = memory_transport_pair()
        >>> view.peer is host and host.peer is view
        True
    """
    a, b = MemoryTransport(), MemoryTransport()
    a.peer, b.peer = b, a
    return a, b
