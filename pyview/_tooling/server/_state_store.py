"""Where View state lives on the server: the :class:`StateStore` protocol and the in-process :class:`MemoryStore`.

A store maps a View instance id (minted by the server, never chosen by a View) to that instance's values, a JSON
object. Every store has a **TTL** (an entry not written for ``ttl`` seconds is gone) and a **size bound** (an
entry's JSON at most ``max_bytes``; a larger one is refused with :class:`StateTooLarge`, and nothing is stored).
:class:`MemoryStore` also bounds the number of entries (least recently written dropped first).

Example:
    >>> store = MemoryStore(ttl=3600, max_bytes=1024)
    >>> store.put("abc", {"units": "F"})
    >>> store.get("abc")
    {'units': 'F'}
    >>> store.get("nothing") is None
    True
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

DEFAULT_TTL = 30 * 24 * 3600.0
"""Seconds an instance's state is kept after its last write (30 days)."""
DEFAULT_MAX_BYTES = 64 * 1024
"""The largest state of one View instance, as compact JSON (64 KiB)."""


class StateTooLarge(ValueError):
    """A View instance's state is larger than the store's ``max_bytes`` (nothing was stored)."""


@runtime_checkable
class StateStore(Protocol):
    """The store interface: thread-safe ``get``/``put`` of one instance's JSON object, with ``ttl``/``max_bytes``.

    A store may also offer ``update(instance, values, delete) -> merged values``, merging in one step (both of
    pyview's stores do): writes then use it, else they read, merge and put under a lock of this process. And
    ``remote = True`` says its calls wait for the network: the server runtime then makes them in worker threads,
    unless the store also has coroutines ``aget(instance)`` and ``aupdate(instance, values, delete)``, which it
    awaits on its event loop (``RedisStateStore`` has them). A coroutine ``aclose()`` is awaited when the server
    stops, on the server's event loop.
    """

    ttl: float
    max_bytes: int

    def get(self, instance: str) -> dict[str, Any] | None:
        """The values of ``instance``, or None when it has none (never written, or expired)."""

    def put(self, instance: str, values: dict[str, Any]) -> None:
        """Replace the values of ``instance`` (the TTL starts again). Raises :class:`StateTooLarge`."""


def merged_state(current: dict[str, Any] | None, values: dict[str, Any], delete: Sequence[str]) -> dict[str, Any]:
    """``current`` with ``values`` set and the keys in ``delete`` removed (a write merges key by key).

    Example:
        >>> merged_state({"units": "C", "page": 2}, {"units": "F"}, ["page"])
        {'units': 'F'}
    """
    out = {**(current or {}), **values}
    for key in delete:
        out.pop(key, None)
    return out


def encode_state(values: dict[str, Any], max_bytes: int) -> str:
    """``values`` as compact JSON, checked against ``max_bytes``.

    Raises:
        TypeError: not a JSON object of JSON values (no NaN).
        StateTooLarge: longer than ``max_bytes``.

    Example:
        >>> encode_state({"page": 2}, 100)
        '{"page":2}'
    """
    if not isinstance(values, dict):
        raise TypeError(f"View state must be a JSON object, not {type(values).__name__}")
    try:
        text = json.dumps(values, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"View state must be JSON-serialisable: {exc}") from None
    size = len(text.encode())
    if size > max_bytes:
        raise StateTooLarge(f"View state is {size:,} bytes as JSON; the store keeps at most {max_bytes:,} per View")
    return text


class MemoryStore:
    """The default store: a dict in this process (lost on restart; one process only).

    Args:
        ttl: seconds an entry lives after its last write.
        max_bytes: the largest entry (compact JSON bytes).
        max_entries: the most instances kept; the least recently written goes first.
    """

    def __init__(
        self, *, ttl: float = DEFAULT_TTL, max_bytes: int = DEFAULT_MAX_BYTES, max_entries: int = 10_000
    ) -> None:
        self.ttl = ttl
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, tuple[float, str]] = OrderedDict()

    def get(self, instance: str) -> dict[str, Any] | None:
        with self._lock:
            entry = self._entries.get(instance)
            if entry is None:
                return None
            if entry[0] <= time.monotonic():
                del self._entries[instance]
                return None
            values: dict[str, Any] = json.loads(entry[1])
            return values

    def put(self, instance: str, values: dict[str, Any]) -> None:
        text = encode_state(values, self.max_bytes)
        with self._lock:
            self._keep(instance, text)

    def update(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
        """Merge ``values`` into the values of ``instance`` (keys in ``delete`` removed) in one step, so writes of
        several threads never lose each other's keys; the merged values. Raises :class:`StateTooLarge`."""
        with self._lock:
            entry = self._entries.get(instance)
            current = json.loads(entry[1]) if entry is not None and entry[0] > time.monotonic() else None
            merged = merged_state(current, values, delete)
            self._keep(instance, encode_state(merged, self.max_bytes))
        return merged

    def _keep(self, instance: str, text: str) -> None:
        """Store ``text`` for ``instance`` (the caller holds the lock); drop the oldest and the expired entries."""
        self._entries.pop(instance, None)
        self._entries[instance] = (time.monotonic() + self.ttl, text)
        now = time.monotonic()
        while self._entries and (len(self._entries) > self.max_entries or next(iter(self._entries.values()))[0] < now):
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)
