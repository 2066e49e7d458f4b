"""The Redis calls of :class:`~pyview.server.RedisStateStore`: its two scripts, and two objects that make them behind
the same coroutine, blocking (``redis.Redis``) or on an event loop (``redis.asyncio``).

The store's logic (memory while Redis is away, the merge's retries) is written once, as coroutines that await
:meth:`RedisCalls.__call__`. With a blocking client that coroutine never suspends, so :func:`run_now` runs it to
the end in place: the store's synchronous methods. On the server's event loop the same coroutines await
``redis.asyncio`` through :class:`PipelinedCalls`: no worker thread, so no hand-over of each call to a thread and
back, and no thread waiting for the interpreter lock held by a busy loop. The calls Views make while the loop runs
one step go to Redis as one pipeline: a busy server pays for a connection, a write and a wake-up once per step,
not once per View.

Example:
    >>> async def three() -> int:
    ...     return 3
    >>> run_now(three())
    3
"""

from __future__ import annotations

import asyncio
import hashlib
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


SCRIPTS = {"write": NEWEST_WINS, "merge": MERGE_IF_UNCHANGED}
BATCH = 512
"""The most calls one pipeline carries; more calls in one step of the loop go in several pipelines."""


class RedisCalls:
    """``await calls("get", key)``, ``await calls("write", keys, args)`` (newest wins), ``await calls("merge",
    keys, args)`` (compare-and-set) on a blocking ``redis.Redis``: the coroutine never suspends (:func:`run_now`)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._scripts = {name: client.register_script(source) for name, source in SCRIPTS.items()}

    async def __call__(self, what: str, *args: Any) -> Any:
        return self.client.get(args[0]) if what == "get" else self._scripts[what](keys=args[0], args=args[1])


class PipelinedCalls:
    """``await calls(...)`` as :class:`RedisCalls` on a ``redis.asyncio.Redis``, the calls of one step of the event
    loop sent together as one pipeline (not a transaction: each call is answered, or fails, on its own).

    A call waits for its pipeline's answer; if the pipeline fails (Redis away, its timeout), every call in it raises
    that error. The scripts run by their SHA1; when Redis does not have them (restarted, flushed), they are loaded
    and the calls that missed them are sent again.
    """

    def __init__(self, client: Any) -> None:
        self.client = client
        self._shas = {name: hashlib.sha1(source.encode()).hexdigest() for name, source in SCRIPTS.items()}
        self._waiting: list[tuple[str, tuple[Any, ...], asyncio.Future[Any]]] = []
        self._sending: set[asyncio.Task[None]] = set()  # kept: the loop holds its tasks only weakly

    async def __call__(self, what: str, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()
        self._waiting.append((what, args, answer))
        if len(self._waiting) == 1:  # the first call of this step sends the step's calls once it has run
            loop.call_soon(self._send)
        return await answer

    def _send(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:BATCH], self._waiting[BATCH:]
            task = asyncio.ensure_future(self._answer(batch))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    async def _answer(self, batch: list[tuple[str, tuple[Any, ...], asyncio.Future[Any]]]) -> None:
        from redis.exceptions import NoScriptError

        try:
            answers = await self._pipeline([(what, args) for what, args, _ in batch])
            missed = [i for i, answer in enumerate(answers) if isinstance(answer, NoScriptError)]
            if missed:
                for source in SCRIPTS.values():
                    await self.client.script_load(source)
                again = await self._pipeline([(batch[i][0], batch[i][1]) for i in missed])
                for i, answer in zip(missed, again, strict=True):
                    answers[i] = answer
        except BaseException as exc:  # no call may wait for ever: each gets the pipeline's error
            for _, _, answer in batch:
                if not answer.done():
                    answer.set_exception(exc if isinstance(exc, Exception) else ConnectionError(repr(exc)))
            if not isinstance(exc, Exception):
                raise
            return
        for (_, _, answer), value in zip(batch, answers, strict=True):
            if answer.done():  # its caller was cancelled (the request went away): nobody to tell
                continue
            if isinstance(value, Exception):
                answer.set_exception(value)
            else:
                answer.set_result(value)

    async def _pipeline(self, calls: list[tuple[str, tuple[Any, ...]]]) -> list[Any]:
        if len(calls) == 1:  # a quiet server: a pipeline of one would cost more than the call
            from redis.exceptions import ResponseError

            ((what, args),) = calls
            try:
                if what == "get":
                    return [await self.client.get(args[0])]
                keys, argv = args
                return [await self.client.evalsha(self._shas[what], len(keys), *keys, *argv)]
            except ResponseError as error:  # this call's own error (as a pipeline answers it), not Redis away
                return [error]
        pipe = self.client.pipeline(transaction=False)
        for what, args in calls:
            if what == "get":
                pipe.get(args[0])
            else:
                keys, argv = args
                pipe.evalsha(self._shas[what], len(keys), *keys, *argv)
        answers: list[Any] = await pipe.execute(raise_on_error=False)
        return answers


def run_now(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """The result of a coroutine that never suspends (one awaiting only blocking :class:`RedisCalls`)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("a blocking store call suspended")
