"""A :class:`~pyview.server.StateStore` in Redis, for servers on several machines (``pip install 'pyview-mcp[redis]'``).

Each View instance is one Redis string ``{prefix}{instance}`` holding compact JSON, written with ``SET ... EX ttl``
(Redis expires it; every write starts the TTL again), beside ``{prefix}{instance}:t``, the write's wall-clock stamp:
a write older than the stored one is dropped, so when several workers write one instance the newest value wins.
Writes larger than ``max_bytes`` are refused before Redis sees them. :meth:`~RedisStateStore.update` (what
``pyview_state`` and ``use_view_state`` write with) merges keys into the stored value with a compare-and-set, so
workers writing other keys of one instance at once lose none of them: one round trip when nobody else wrote since
this process last read or wrote the value, one more for each write that came first.

**When Redis is unreachable** no call waits longer than ``timeout`` seconds: the store keeps working from this
process's memory (the values it last read or wrote, and every write since) and says so in :attr:`degraded`
(logged once as a warning; the server runtime also sends it to the host's log); calls do not wait for Redis then
at all. A background thread tries Redis again every ``retry`` seconds; when Redis is back, the writes kept in
memory reach it (newest wins) and :attr:`degraded` is None again.

Example:
    >>> store = RedisStateStore("redis://127.0.0.1:6379/0", ttl=7 * 24 * 3600)  # doctest: +SKIP
    >>> views = Views(state_store=store)  # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from pyview._tooling.server._redis_calls import PipelinedCalls, RedisCalls, run_now
from pyview._tooling.server._state_store import DEFAULT_MAX_BYTES, DEFAULT_TTL, encode_state, merged_state

logger = logging.getLogger("pyview.server")

LOOP_CONNECTIONS = 128
"""Connections to Redis an event loop's client keeps at most; more pipelines at once wait for one of them."""
CONNECTION_WAIT = 60.0
"""Seconds a call may wait for a free connection (a loop's own queue, not Redis's answer) before it fails."""
_MERGE_TRIES = 100
"""Merges tried against a value others keep changing (each miss is another write that went in) before giving up."""


@dataclass(eq=False, repr=False)  # a live store: compared by identity, and its repr would show the client
class RedisStateStore:
    """View state in Redis: redis-py's blocking client (thread-safe, pooled) for :meth:`get`, :meth:`put` and
    :meth:`update`, and its asyncio client, one per event loop, for :meth:`aget` and :meth:`aupdate` (the calls of
    one step of the loop go to Redis as one pipeline).

    Args:
        url: a Redis URL (``redis://host:port/db``, ``rediss://`` for TLS, ``unix:///path``); or pass ``client``.
        client: a ready ``redis.Redis`` instead of ``url`` (its own timeouts then bound the calls).
        ttl: seconds an entry lives after its last write (at least 1).
        max_bytes: the largest entry (compact JSON bytes).
        prefix: the key prefix, so one Redis can serve several servers.
        timeout: the longest a call waits for Redis (connecting included) before using memory.
        retry: seconds between attempts to reach Redis again while it is away.
        max_memory: the most instances kept in memory (values read or written recently, and the unwritten ones).

    Raises:
        ImportError: redis-py is not installed.
    """

    remote = True
    """Its calls wait for the network. The server runtime awaits :meth:`aget` and :meth:`aupdate` (Redis's asyncio
    client on the server's event loop); the blocking :meth:`get`, :meth:`put` and :meth:`update` serve threads."""

    url: str | None = None
    _: KW_ONLY
    client: Any = None
    ttl: float = DEFAULT_TTL
    max_bytes: int = DEFAULT_MAX_BYTES
    prefix: str = "pyview:state:"
    timeout: float = 1.0
    retry: float = 1.0
    max_memory: int = 10_000
    degraded: str | None = field(default=None, init=False)
    """Why the store works from memory now (Redis unreachable), or None."""

    def __post_init__(self) -> None:
        try:
            import redis
        except ImportError as exc:
            raise ImportError("RedisStateStore needs redis-py: pip install 'pyview-mcp[redis]'") from exc
        if self.client is None:
            if self.url is None:
                raise ValueError("RedisStateStore needs a url or a client")
            from redis.backoff import NoBackoff
            from redis.retry import Retry

            # one attempt per call: redis-py's default retries with backoff would stretch the bound several times
            self.client = redis.Redis.from_url(
                self.url, socket_timeout=self.timeout, socket_connect_timeout=self.timeout, retry=Retry(NoBackoff(), 0)
            )
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        self._blocking = RedisCalls(self.client)
        # an event loop's own asyncio client (its connections belong to that loop), made on the loop's first call;
        # kept until aclose() on that loop, or until the loop has closed
        self._on_loop: dict[asyncio.AbstractEventLoop, PipelinedCalls] = {}
        self._lock = threading.Lock()
        self._recent: OrderedDict[str, str] = OrderedDict()  # instance -> JSON, last read or written
        self._unwritten: dict[str, tuple[int, str]] = {}  # instance -> (stamp, JSON) not yet in Redis
        self._flusher: threading.Thread | None = None
        self._closed = threading.Event()

    # -- the StateStore protocol ---------------------------------------------------------------------------

    def get(self, instance: str) -> dict[str, Any] | None:
        return run_now(self._get(instance, self._blocking))  # type: ignore[no-any-return]

    def put(self, instance: str, values: dict[str, Any]) -> None:
        run_now(self._put(instance, values, self._blocking))

    def update(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
        """Merge ``values`` into the values of ``instance`` (keys in ``delete`` removed); the merged values.

        In Redis the merge is a compare-and-set against the value this process last read or wrote (one round
        trip when nobody else wrote since, one more per write that came first); while Redis is away, in memory
        as :meth:`put`. Raises :class:`StateTooLarge` (nothing written).
        """
        return run_now(self._update(instance, values, delete, self._blocking))  # type: ignore[no-any-return]

    # -- the same on an event loop (what the server runtime calls) -----------------------------------------

    async def aget(self, instance: str) -> dict[str, Any] | None:
        """:meth:`get` without blocking the running event loop (Redis's answer is awaited, not waited for)."""
        calls = self._calls_on_loop()
        if calls is None:
            return await asyncio.to_thread(self.get, instance)
        return await self._get(instance, calls)

    async def aupdate(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
        """:meth:`update` without blocking the running event loop."""
        calls = self._calls_on_loop()
        if calls is None:
            return await asyncio.to_thread(self.update, instance, values, delete)
        return await self._update(instance, values, delete, calls)

    def _calls_on_loop(self) -> PipelinedCalls | None:
        """The running loop's asyncio client; None for a store given a ready ``client`` (its calls then run in a
        worker thread: an asyncio client with the same settings cannot be made from it)."""
        if self.url is None:
            return None
        loop = asyncio.get_running_loop()
        calls = self._on_loop.get(loop)
        if calls is None:
            import redis.asyncio
            from redis.asyncio.retry import Retry
            from redis.backoff import NoBackoff

            # A call waits its turn for one of the connections (the default pool refuses calls past its 100th
            # connection, which under load would put the store in memory for nothing); Redis itself still answers
            # each call within `timeout` or the call fails as when Redis is away.
            pool = redis.asyncio.BlockingConnectionPool.from_url(
                self.url,
                max_connections=LOOP_CONNECTIONS,
                timeout=CONNECTION_WAIT,
                socket_timeout=self.timeout,
                socket_connect_timeout=self.timeout,
                retry=Retry(NoBackoff(), 0),
            )
            calls = PipelinedCalls(redis.asyncio.Redis.from_pool(pool))  # the client's own: closed with it
            with self._lock:
                self._forget_closed_loops()
                self._on_loop[loop] = calls
        return calls

    # -- the logic, once for both (see pyview/_tooling/server/_redis_calls.py) -----------------------------

    async def _get(self, instance: str, redis_calls: RedisCalls | PipelinedCalls) -> dict[str, Any] | None:
        with self._lock:
            kept = self._unwritten.get(instance)
        if kept is None and self._reachable():
            try:
                raw = await redis_calls("get", self.prefix + instance)
            except self._errors as exc:
                self._went_away(exc)
            else:
                if raw is None:
                    return None
                text = raw.decode() if isinstance(raw, bytes) else str(raw)
                self._remember(instance, text)
                return _decoded(text)
        with self._lock:  # Redis is away (or has not had this instance's newest write yet): memory
            known = kept[1] if kept is not None else self._recent.get(instance)
        return None if known is None else _decoded(known)

    async def _update(
        self, instance: str, values: dict[str, Any], delete: Sequence[str], redis_calls: RedisCalls | PipelinedCalls
    ) -> dict[str, Any]:
        with self._lock:
            kept = self._unwritten.get(instance)
            known = kept[1] if kept is not None else self._recent.get(instance)
        if kept is None and self._reachable():
            try:
                return await self._merge_in_redis(instance, values, delete, known, redis_calls)
            except self._errors as exc:
                self._went_away(exc)
            with self._lock:
                kept = self._unwritten.get(instance)
                known = kept[1] if kept is not None else self._recent.get(instance)
        merged = merged_state(None if known is None else _decoded(known), values, delete)
        await self._put(instance, merged, redis_calls)  # away, or its newest write was kept in memory: newest wins
        return merged

    async def _put(self, instance: str, values: dict[str, Any], redis_calls: RedisCalls | PipelinedCalls) -> None:
        text = encode_state(values, self.max_bytes)
        stamp = time.time_ns() // 1000
        self._remember(instance, text)
        if self._reachable():
            try:
                await self._write(instance, stamp, text, redis_calls)
                return
            except self._errors as exc:
                self._went_away(exc)
        self._keep(instance, stamp, text)

    async def _merge_in_redis(
        self,
        instance: str,
        values: dict[str, Any],
        delete: Sequence[str],
        known: str | None,
        redis_calls: RedisCalls | PipelinedCalls,
    ) -> dict[str, Any]:
        key = self.prefix + instance
        ttl = max(1, int(self.ttl))
        for _ in range(_MERGE_TRIES):
            merged = merged_state(None if known is None else _decoded(known), values, delete)
            text = encode_state(merged, self.max_bytes)
            stamp = time.time_ns() // 1000
            answer = await redis_calls("merge", [key, key + ":t"], [text.encode(), stamp, ttl, (known or "").encode()])
            if not isinstance(answer, bytes):  # written (or dropped for a newer stamp, as put's are)
                self._remember(instance, text)
                return merged
            known = answer.decode() or None  # another write came first: merge into what it stored
        raise RuntimeError(f"View state {instance!r} kept changing under {_MERGE_TRIES} merges; nothing was written")

    def _keep(self, instance: str, stamp: int, text: str) -> None:
        """Keep a write Redis did not get, for the background retry to bring it there."""
        with self._lock:
            self._unwritten[instance] = (stamp, text)
            if len(self._unwritten) > self.max_memory:  # bounded: the oldest write is the one lost, and said so
                oldest = min(self._unwritten, key=lambda key: self._unwritten[key][0])
                del self._unwritten[oldest]
                logger.error("pyview: Redis away and %d View states kept: one write was dropped", self.max_memory)
        self._start_flusher()

    # -- Redis away and back -------------------------------------------------------------------------------

    def flush(self) -> int:
        """Write what was kept in memory to Redis (newest wins); the number written. Raises Redis's error."""
        with self._lock:
            kept = dict(self._unwritten)
        for instance, (stamp, text) in kept.items():
            run_now(self._write(instance, stamp, text, self._blocking))
            with self._lock:
                if self._unwritten.get(instance) == (stamp, text):  # unless written again meanwhile
                    del self._unwritten[instance]
        return len(kept)

    def close(self) -> None:
        """Stop trying to reach Redis in the background (what is still unwritten stays unwritten).

        The asyncio clients' connections belong to their event loops: :meth:`aclose` closes the running one's.
        """
        self._closed.set()

    async def aclose(self) -> None:
        """Close the running event loop's connections to Redis, and the idle ones of the blocking client the store
        made from ``url`` (a later call opens new ones). The server awaits it when it stops (``serve``, the lifespan
        of ``http_app``, a server run in process by :func:`pyview.testing.run`); code that runs the store on event
        loops of its own awaits it last on each, as it closes any asyncio client.

        Example:
            >>> store = RedisStateStore("redis://127.0.0.1:6379/0")  # doctest: +SKIP
            >>> await store.aget("instance")  # doctest: +SKIP
            >>> await store.aclose()  # doctest: +SKIP
        """
        with self._lock:
            calls = self._on_loop.pop(asyncio.get_running_loop(), None)
        if calls is not None:
            await calls.client.aclose()
        if self.url is not None:  # a client given to the store is its owner's to close
            self.client.connection_pool.disconnect(inuse_connections=False)

    def _forget_closed_loops(self) -> None:  # under self._lock
        """Drop the clients of event loops that have closed: a client's connections refer to its loop, so the
        loop (and the connections, which nobody can close any more) would otherwise live as long as the store."""
        for loop in [loop for loop in self._on_loop if loop.is_closed()]:
            del self._on_loop[loop]

    async def _write(self, instance: str, stamp: int, text: str, redis_calls: RedisCalls | PipelinedCalls) -> None:
        key = self.prefix + instance
        await redis_calls("write", [key, key + ":t"], [text.encode(), stamp, max(1, int(self.ttl))])

    def _reachable(self) -> bool:
        """False while Redis is known to be away: no call waits for it then (the background retry finds it back)."""
        return self.degraded is None

    def _went_away(self, exc: BaseException) -> None:
        if self.degraded is None:
            self.degraded = f"Redis is unreachable ({type(exc).__name__}: {exc}); View state is kept in memory"
            logger.warning("pyview: %s until it returns", self.degraded)
        self._start_flusher()

    def _start_flusher(self) -> None:
        with self._lock:
            if self._flusher is not None and self._flusher.is_alive():
                return
            self._flusher = threading.Thread(target=self._flush_until_back, name="pyview-redis-retry", daemon=True)
            self._flusher.start()

    def _flush_until_back(self) -> None:
        while not self._closed.wait(self.retry):
            try:
                self.client.ping()
                written = self.flush()
            except self._errors as exc:
                logger.debug("pyview: Redis still away: %s", exc)
                continue
            if self.degraded is not None:
                logger.warning("pyview: Redis is back; %d View state write(s) kept in memory reached it", written)
            self.degraded = None
            with self._lock:  # done unless Redis went away again, or writes were kept meanwhile
                if not self._unwritten and self.degraded is None:
                    self._flusher = None
                    return

    def _remember(self, instance: str, text: str) -> None:
        with self._lock:
            self._recent.pop(instance, None)
            self._recent[instance] = text
            while len(self._recent) > self.max_memory:
                self._recent.popitem(last=False)


def _decoded(text: str) -> dict[str, Any] | None:
    values = json.loads(text)
    return values if isinstance(values, dict) else None
