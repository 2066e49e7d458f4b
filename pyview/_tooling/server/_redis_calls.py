"""The Redis calls of :class:`~pyview.server.RedisStateStore`: its two scripts, and one object that makes them
either blocking (``redis.Redis``) or on an event loop (``redis.asyncio``) behind the same coroutine.

The store's logic (memory while Redis is away, the merge's retries) is written once, as coroutines that await
:meth:`RedisCalls.__call__`. With a blocking client that coroutine never suspends, so :func:`run_now` runs it to
the end in place: the store's synchronous methods. On the server's event loop the same coroutines await
``redis.asyncio``: no worker thread, so no hand-over of each call to a thread and back, and no thread waiting for
the interpreter lock held by a busy loop.

Example:
    >>> async def three() -> int:
    ...     return 3
    >>> run_now(three())
    3
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

# KEYS: the value, its stamp. ARGV: the JSON, the stamp (microseconds), the TTL. A write older than the stored stamp
# (a worker flushing what it kept while Redis was away, after another worker wrote a newer value) changes nothing.
NEWEST_WINS = """
local stored = redis.call('GET', KEYS[2])
if stored and tonumber(stored) > tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
return 1
"""
# KEYS, ARGV: as above, and ARGV[4] the JSON this write was merged into ('' for none). Written (as above) only if
# the stored value is still that one; else nothing is written and the stored JSON ('' for none) comes back, to
# merge into again. So a merge never loses a key another worker wrote meanwhile, in one round trip when this
# process knows the stored value (it read or wrote it last).
MERGE_IF_UNCHANGED = """
local current = redis.call('GET', KEYS[1])
if (current or '') ~= ARGV[4] then return current or '' end
local stored = redis.call('GET', KEYS[2])
if stored and tonumber(stored) > tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
return 1
"""


class RedisCalls:
    """``await calls("get", key)``, ``await calls("write", keys, args)`` (newest wins), ``await calls("merge",
    keys, args)`` (compare-and-set) on ``client``: a ``redis.Redis`` (``blocking``) or a ``redis.asyncio.Redis``."""

    def __init__(self, client: Any, *, blocking: bool) -> None:
        self.client = client
        self.blocking = blocking
        self._scripts = {
            "write": client.register_script(NEWEST_WINS),
            "merge": client.register_script(MERGE_IF_UNCHANGED),
        }

    async def __call__(self, what: str, *args: Any) -> Any:
        answer = self.client.get(args[0]) if what == "get" else self._scripts[what](keys=args[0], args=args[1])
        return answer if self.blocking else await answer


def run_now(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """The result of a coroutine that never suspends (one awaiting only blocking :class:`RedisCalls`)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("a blocking store call suspended")
