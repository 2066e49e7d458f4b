"""A :class:`~pyview.server.StateStore` in Redis, for servers on several machines (``pip install 'pyview-mcp[redis]'``).

Each View instance is one Redis string ``{prefix}{instance}`` holding compact JSON, written with ``SET ... EX ttl``
(Redis expires it; every write starts the TTL again). Writes larger than ``max_bytes`` are refused before Redis
sees them.

Example:
    >>> store = RedisStateStore("redis://127.0.0.1:6379/0", ttl=7 * 24 * 3600)  # doctest: +SKIP
    >>> views = Views(state_store=store)  # doctest: +SKIP
"""

from __future__ import annotations

import json
from typing import Any

from pyview._tooling.server._state_store import DEFAULT_MAX_BYTES, DEFAULT_TTL, encode_state


class RedisStateStore:
    """View state in Redis (redis-py's synchronous client; it is thread-safe and pools connections).

    Args:
        url: a Redis URL (``redis://host:port/db``, ``rediss://`` for TLS, ``unix:///path``); or pass ``client``.
        client: a ready ``redis.Redis`` instead of ``url``.
        ttl: seconds an entry lives after its last write (at least 1).
        max_bytes: the largest entry (compact JSON bytes).
        prefix: the key prefix, so one Redis can serve several servers.

    Raises:
        ImportError: redis-py is not installed.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        client: Any = None,
        ttl: float = DEFAULT_TTL,
        max_bytes: int = DEFAULT_MAX_BYTES,
        prefix: str = "pyview:state:",
    ) -> None:
        if client is None:
            if url is None:
                raise ValueError("RedisStateStore needs a url or a client")
            try:
                import redis
            except ImportError as exc:
                raise ImportError("RedisStateStore needs redis-py: pip install 'pyview-mcp[redis]'") from exc
            client = redis.Redis.from_url(url)
        self.client = client
        self.ttl = ttl
        self.max_bytes = max_bytes
        self.prefix = prefix

    def get(self, instance: str) -> dict[str, Any] | None:
        raw = self.client.get(self.prefix + instance)
        if raw is None:
            return None
        values = json.loads(raw)
        return values if isinstance(values, dict) else None

    def put(self, instance: str, values: dict[str, Any]) -> None:
        text = encode_state(values, self.max_bytes)
        self.client.set(self.prefix + instance, text.encode(), ex=max(1, int(self.ttl)))
