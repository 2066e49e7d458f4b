"""The server runtime engine: live View sessions, signed snapshots, and the ``pyview_event`` round trip.

A session is one View instance running on the server: a :class:`ServerRoot` (the mounted component tree) and a
:class:`ServerApp`. Sessions live in a bounded LRU cache keyed by an unguessable instance id. Every answer
carries a new signed session token (see :mod:`pyview._tooling.server._signing`) holding the hook state; the tool
data travel once, in a data token the View keeps (:mod:`pyview._tooling.server._data_token`). An event that reaches
another worker, or this one after a restart or an eviction, is answered ``need: "data"`` with nothing applied; the
View repeats the call with its data token, and the session is restored from both (a fresh mount with the saved
state): the answer has ``reset`` (the whole tree) plus the event's patches.

Example:
    >>> engine = Engine(views, secret=b"x" * 32)  # doctest: +SKIP
    >>> answer = await engine.handle({"session": token, "events": [click]}, call_tool)  # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import collections
import hmac
import logging
import math
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pyview._core.components._hook_state import Seeder, SnapshotError, capture
from pyview._core.components._use_view_state import ViewStateClient
from pyview._tooling.server._admission import admitted, refuse_if_busy
from pyview._tooling.server._data_token import Base, changes, issue, opened, with_changes
from pyview._tooling.server._events import (
    MAX_HOST_BYTES,
    EventError,
    bounded,
    checked,
    dispatch,
    notifications,
    settle,
)
from pyview._tooling.server._render import RenderError, ServerRoot, load_view, mount_tree, strip_handlers
from pyview._tooling.server._server_app import CallTool, ServerApp
from pyview._tooling.server._session_state import attach_view_state, store_warnings, stored_values
from pyview._tooling.server._signing import Signer, TokenError
from pyview._tooling.server._state_tool import ViewState

logger = logging.getLogger("pyview.server")

MAX_TOKEN_BYTES = 1_000_000


class ServedView(Protocol):
    """What the engine needs of a declared View (a :class:`~pyview.server.ServerView`)."""

    name: str
    path: Any

    @property
    def source_digest(self) -> str: ...


class Directory(Protocol):
    """Where the engine finds server-runtime Views (:class:`~pyview.server.Views` is one)."""

    def server_view(self, name: str) -> ServedView | None:
        """The server-runtime View called ``name``."""

    def server_view_for_tool(self, tool: str) -> ServedView | None:
        """The server-runtime View that shows ``tool``'s results."""

    def server_views(self) -> Sequence[ServedView]:
        """Every server-runtime View."""


@dataclass(slots=True, eq=False)  # eq=False: a live session is itself, not its fields
class Session:
    """One live View instance."""

    instance: str
    name: str
    root: ServerRoot = field(repr=False)
    app: ServerApp = field(repr=False)
    seq: int
    base: Base | None = None
    """The View's data token (None: it has none yet, the next answer issues one)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, init=False, repr=False)
    queued: int = field(default=0, init=False)
    """Calls of this View being handled or waiting for its lock (see :mod:`._admission`)."""
    used: float = field(default_factory=time.monotonic, init=False)
    issued: tuple[str, dict[str, Any]] | None = field(default=None, init=False, repr=False)
    """The session token of this View's last answer and its payload (see :meth:`Engine._claims`)."""

    def close(self) -> None:
        """Unmount (effect cleanups run) and fail the requests still waiting for the host."""
        try:
            self.root.unmount()
        except Exception:
            logger.exception("pyview: unmounting an evicted session failed")
        self.app.close()


class Engine:
    """Sessions of server-runtime Views (see the module docs).

    Args:
        directory: finds the declared Views (the :class:`~pyview.server.Views`).
        secret: the signing key (see :func:`pyview._tooling.server._signing.load_secret`).
        max_sessions: live sessions kept in memory; the least recently used is evicted beyond it (its next event
            restores it from the token).
        ttl: seconds a token stays valid after the answer that issued it.
        event_timeout: seconds an event waits for its handlers (async ones included) before answering; work
            still running then sends its patches with the next answer. Tasks left waiting only on timers (a
            toast's, a handler's ``asyncio.sleep``) are not waited for: the answer says when the next one is due
            (``wake``), and the frame calls again then.
    """

    def __init__(
        self,
        directory: Directory,
        *,
        secret: bytes,
        max_sessions: int = 1000,
        ttl: float = 24 * 3600,
        event_timeout: float = 20.0,
    ) -> None:
        self.directory = directory
        self.signer = Signer(secret, max_bytes=MAX_TOKEN_BYTES)
        self.max_sessions = max_sessions
        self.ttl = ttl
        self.event_timeout = event_timeout
        self.sessions: collections.OrderedDict[str, Session] = collections.OrderedDict()
        self._views: dict[str, Any] = {}
        self._issued: dict[str, Session] = {}  # the MAC of a live session's newest token -> the session
        self.view_state: ViewState | None = None
        """Signed View instance ids and their store (set by the ``ServerRuntime``; None: no ``use_view_state``)."""

    # -- tool results --------------------------------------------------------------------------------------

    def result_meta(
        self, handle: ServedView, arguments: dict[str, Any] | None, result: dict[str, Any], *, session: bool
    ) -> dict[str, Any]:
        """``_meta["pyview"]`` for a tool result shown by ``handle``: the server-rendered tree and a session token.

        A View that fails to render is logged and gets no ``tree`` (it still runs in the browser); one whose state
        cannot be saved gets no ``session``. Either way ``error`` says why.
        """
        meta: dict[str, Any] = {"v": 1, "view": handle.name}
        if self.view_state is not None:  # a new View instance: use_view_state's values start empty
            meta["instance"] = self.view_state.mint(handle.name)
            result = {**result, "_meta": {**(result.get("_meta") or {}), "pyview": {"instance": meta["instance"]}}}
        try:
            view = self._view(handle)
            app = ServerApp(view.app, tool_input=arguments or {}, tool_result=result)
            attach_view_state(app, self.view_state, {})  # a new instance: nothing stored yet
            root, tree = mount_tree(view, app, handle.name, effects=False)
            try:
                if root.problems:
                    raise RenderError("; ".join(root.problems))
                meta["tree"] = tree if session else strip_handlers(tree)
                if getattr(getattr(app, "_pyview_view_state", None), "used", False):
                    meta["stateful"] = True  # a re-mounted frame asks for a tree with the stored values first
                if session:
                    state = capture(root.container, app, effects=False)  # nothing ran yet: the first mount runs all
                    meta["session"], _, _, meta["data"] = self._tokens(
                        handle, secrets.token_urlsafe(18), 0, app, state, None
                    )
            finally:
                root.release()  # the result's render is not kept: the first event restores from its tokens
        except (RenderError, SnapshotError) as exc:
            if handle.name not in self._views or not isinstance(self._views[handle.name], RenderError):
                logger.warning("pyview: View %r not rendered on the server: %s", handle.name, exc)
            meta["error"] = {"message": str(exc)}
        return meta

    # -- events --------------------------------------------------------------------------------------------

    async def handle(self, arguments: dict[str, Any], call_tool: CallTool | None) -> dict[str, Any]:
        """Answer one ``pyview_event`` call (never raises: problems come back as ``error``)."""
        try:
            return await self._handle(arguments, call_tool)
        except (EventError, TokenError, RenderError, SnapshotError) as exc:
            busy = "nothing was applied" in str(exc)  # a runaway client's extra calls: no log line per call
            logger.log(logging.DEBUG if busy else logging.WARNING, "pyview: pyview_event refused: %s", exc)
            return {"v": 1, "patches": [], "requests": [], "error": {"message": str(exc)}}
        except Exception as exc:
            logger.exception("pyview: pyview_event failed")
            message = f"internal error ({type(exc).__name__}); the server log has the details"
            return {"v": 1, "patches": [], "requests": [], "error": {"message": message}}

    async def _handle(self, args: dict[str, Any], call_tool: CallTool | None) -> dict[str, Any]:
        events, answers = checked(args)
        notes = notifications(args)
        token = args.get("session")
        problems: list[str] = []
        reset: list[Any] | None = None
        if token is not None:
            claims = self._claims(token)
            handle = self._handle_of(claims["v"])
            if claims["d"] != handle.source_digest:
                raise EventError(f"View {handle.name!r} changed since this session started; reload the View")
            session = self._live(claims, problems)
            if claims.get("stale"):
                events = []
        elif isinstance(args.get("start"), dict):
            handle, claims, session = self._start_claims(args), None, None
        else:
            raise EventError("pyview_event needs a session token (or `start` to begin one)")
        if session is None:
            if claims is not None and "t" not in claims:  # what the restore needs is in the View's data token
                if args.get("data") is None:
                    return {"v": 1, "need": "data", "patches": [], "requests": []}  # nothing applied: it repeats
                base = opened(self.signer, args["data"], claims)
                claims["base"] = base = base._replace(data=shared_strings(base.data))
                claims["t"] = with_changes(base.data, claims)
            session, reset = await self._restore(handle, claims, args, call_tool, problems)
        async with admitted(session):
            if (
                reset is None
                and claims is not None
                and (session.seq != claims["n"] or self.sessions.get(session.instance) is not session)
            ):  # another call of this View was answered while this one waited for the lock: never apply it twice
                raise EventError(
                    "another call of this View was answered first (its session token is newer), so nothing was "
                    "applied: send events one call at a time, with the newest session token (as the shim does)"
                )
            app, root = session.app, session.root
            app._call_tool = call_tool
            if isinstance(args.get("capabilities"), dict):
                app.set_capabilities(args["capabilities"])
            if isinstance(args.get("context"), dict) and args["context"]:
                merged = {**app.session.host_context, **args["context"]}  # what the session would hold after it
                bounded("the host context this session holds", merged, MAX_HOST_BYTES)
                app.merge_host_context(args["context"])
            for method, params in notes:  # the host's word on the tool call: a cancellation, a later input
                app.notify(method, params)
            for answer in answers:
                if not app.answer(answer):
                    problems.append(
                        f"the host's answer to request {answer.get('id')!r} was dropped: the request was made before "
                        "this View's session was restored (on another worker, or after a restart), and the handler "
                        "that waited for it is gone"
                    )
            for event in events:
                dispatch(root, event, restored=reset is not None)
            quiet = not (answers or notes or args.get("context") or args.get("capabilities"))
            wake = await settle(root, app, self.event_timeout, quiet=quiet)
            problems.extend(root.problems)
            root.problems.clear()
            session.seq += 1
            try:
                state: dict[str, Any] | None = capture(root.container, app)
            except SnapshotError as exc:
                logger.error("pyview: View %r: %s", handle.name, exc)
                problems.append(str(exc))
                state = None
            token, payload, session.base, data = self._tokens(
                handle, session.instance, session.seq, app, state, session.base
            )
            self._issue(session, (token, payload))
            out: dict[str, Any] = {"v": 1, "session": token, "patches": root.take(), "requests": app.relay.take()}
            if data is not None:
                out["data"] = data
            if wake is not None and args.get("handover") is not True:
                out["wake"] = math.ceil(wake * 1000)  # ms: the frame calls again then (a tick) for what changed
            out["requests"].extend(store_warnings(app, self.view_state))
            if not any(not task.done() for task in root.tasks):
                app._call_tool = None  # nothing left to call a tool now: an idle session keeps no request context
            if args.get("handover") is True:
                out["handover"] = handover_of(app, state, problems)
        if args.get("handover") is True and "state" in out["handover"]:
            self._evict(session.instance)  # the frame's Python runs the View from now on
        if reset is not None:
            out["reset"] = reset
        if problems:
            out["error"] = {"message": "\n".join(problems)}
        return out

    # -- sessions ------------------------------------------------------------------------------------------

    def _live(self, claims: dict[str, Any], problems: list[str]) -> Session | None:
        """The cached session the token names, or None to restore from the token.

        A token older than the cached session (sent again, or replayed) is answered from the cached state, never
        rolled back to: its events are dropped, and ``reset`` brings the View up to date.
        """
        session = self.sessions.get(claims["i"])
        if session is None or session.name != claims["v"]:
            return None
        refuse_if_busy(session)
        if session.seq == claims["n"]:
            self.sessions.move_to_end(session.instance)
            session.used = time.monotonic()
            return session
        if session.seq > claims["n"]:
            if session.queued:  # its newer call is being handled: the state is not final yet
                raise EventError(
                    "a stale session token while a newer call of this View is being handled, so nothing was "
                    "applied: send events one call at a time, with the newest session token (as the shim does)"
                )
            problems.append(f"stale session token (event {claims['n']}, this View is at {session.seq}): events dropped")
            claims.update(n=session.seq, s=capture(session.root.container, session.app), t=session.app.data)
            claims["stale"] = True
            client = getattr(session.app, "_pyview_view_state", None)
            if isinstance(client, ViewStateClient):  # its View state too: the restore reads no store meanwhile
                claims["values"] = dict(client.values)
        self._evict(session.instance)  # another worker moved on (newer token): the token wins
        return None

    async def _restore(
        self,
        handle: ServedView,
        claims: dict[str, Any] | None,
        args: dict[str, Any],
        call_tool: CallTool | None,
        problems: list[str],
    ) -> tuple[Session, list[Any]]:
        view = self._view(handle)
        if claims is None:
            start = args["start"]
            data = {"input": start.get("input"), "result": start.get("result"), "context": args.get("context")}
            instance, seq, state = secrets.token_urlsafe(18), 0, {}
        else:
            data, instance, seq, state = shared_strings(claims["t"]), claims["i"], claims["n"], claims["s"]
            if state is None:
                raise EventError(
                    f"this View's state could not be saved after an earlier event, so the session cannot be "
                    f"restored here (View {handle.name!r}); reload the View"
                )
        app = ServerApp(
            view.app,
            tool_input=data.get("input") if isinstance(data.get("input"), dict) else None,
            tool_result=data.get("result") if isinstance(data.get("result"), dict) else None,
            host_context=data.get("context") if isinstance(data.get("context"), dict) else None,
            tool_cancelled=data.get("cancelled") if isinstance(data.get("cancelled"), dict) else None,
            capabilities=data.get("capabilities") if isinstance(data.get("capabilities"), dict) else None,
            call_tool=call_tool,
        )
        kept = claims.get("values") if claims is not None else None
        values = kept if isinstance(kept, dict) else await stored_values(app, self.view_state)
        if claims is not None and claims["i"] in self.sessions:  # another call restored it while this one read
            app.close()
            raise EventError(
                "another call of this View restored its session first, so nothing was applied: send events one call "
                "at a time, with the newest session token (as the shim does)"
            )
        attach_view_state(app, self.view_state, values)  # before the first render: it shows the stored values
        seeder = Seeder(state if isinstance(state, dict) else {}, app)
        root, tree = mount_tree(view, app, handle.name, effects=True, seeder=seeder)
        if seeder.unused():
            problems.append(f"{seeder.unused()} saved value(s) of View {handle.name!r} found no component on restore")
        session = Session(instance, handle.name, root, app, seq, claims.get("base") if claims else None)
        self.sessions[instance] = session
        idle_since = time.monotonic() - self.ttl
        while self.sessions and (
            len(self.sessions) > self.max_sessions or next(iter(self.sessions.values())).used < idle_since
        ):
            self._evict(next(iter(self.sessions)))  # least recently used first; idle past the token's life too
        return session, tree

    def _evict(self, instance: str) -> None:
        session = self.sessions.pop(instance, None)
        if session is not None:
            self._issue(session, None)
            session.close()

    def _issue(self, session: Session, issued: tuple[str, dict[str, Any]] | None) -> None:
        """Keep ``issued`` (a token and its payload) as ``session``'s newest, to know the token again without
        verifying it (None: forget the one kept)."""
        if session.issued is not None:
            self._issued.pop(session.issued[0].rpartition(".")[2], None)
        session.issued = issued
        if issued is not None:
            self._issued[issued[0].rpartition(".")[2]] = session

    def _claims(self, token: object) -> dict[str, Any]:
        """The verified claims of a session token. The token a live session's last answer carried (what the View
        sends next) is known by its text: it is checked against the one kept, not decoded and verified again."""
        session = self._issued.get(token.rpartition(".")[2]) if isinstance(token, str) and token.isascii() else None
        issued = session.issued if session is not None else None
        if issued is not None and hmac.compare_digest(issued[0], str(token)):
            claims = dict(issued[1])
        else:
            claims = self.signer.verify(token)
        kinds: dict[str, type | tuple[type, ...]] = {"i": str, "v": str, "d": str, "n": int, "x": (int, float)}
        for key, kind in kinds.items():
            if not isinstance(claims.get(key), kind):
                raise TokenError("the session token is malformed")
        # "h" names the data token; "t" (the data itself) is what tokens issued before data tokens carry
        if not isinstance(claims.get("h"), str) and not isinstance(claims.get("t"), dict):
            raise TokenError("the session token is malformed")
        claims.pop("base", None)
        claims.pop("values", None)
        if claims["x"] < time.time():
            raise TokenError("the session token has expired; reload the View")
        return claims

    def _tokens(
        self,
        handle: ServedView,
        instance: str,
        seq: int,
        app: ServerApp,
        state: dict[str, Any] | None,
        base: Base | None,
    ) -> tuple[str, dict[str, Any], Base, str | None]:
        """The session token for this answer and its payload, the data token it names, and that data token's text
        when it is new (the View has none, or the data changed more than the session token should carry)."""
        data = app.data
        fields = None if base is None else changes(base.data, data)
        issued = None
        if base is None or fields is None:
            issued, base = issue(self.signer, instance, data)
            fields = {}
        payload = {"i": instance, "v": handle.name, "d": handle.source_digest, "n": seq,
                   "x": int(time.time() + self.ttl), "s": state, "h": base.digest, **fields}  # fmt: skip
        return self.signer.sign(payload), payload, base, issued

    def _handle_of(self, name: object) -> ServedView:
        handle = self.directory.server_view(str(name))
        if handle is None:
            raise EventError(f"no server-runtime View named {name!r} on this server")
        return handle

    def _start_claims(self, args: dict[str, Any]) -> ServedView:
        name = args["start"].get("view")
        if name is not None:
            return self._handle_of(name)
        context: dict[str, Any] = args["context"] if isinstance(args.get("context"), dict) else {}
        tool = ((context.get("toolInfo") or {}).get("tool") or {}).get("name")
        handle = self.directory.server_view_for_tool(str(tool)) if tool else None
        if handle is None and len(self.directory.server_views()) == 1:
            handle = self.directory.server_views()[0]
        if handle is None:
            raise EventError("`start` needs the View's name (`start.view`): this server has several Views")
        return handle

    def _view(self, handle: ServedView) -> Any:
        """The View's ``view`` object, imported once (a View that cannot be imported fails the same way each time,
        logged once)."""
        view = self._views.get(handle.name)
        if view is None:
            try:
                view = load_view(handle.path)
            except RenderError as exc:
                logger.warning("pyview: View %r cannot run on the server: %s", handle.name, exc)
                view = exc
            self._views[handle.name] = view
        if isinstance(view, RenderError):
            raise view
        return view


def handover_of(app: ServerApp, state: dict[str, Any] | None, problems: list[str]) -> dict[str, Any]:
    """What the frame's Python needs to go on from this session (``pyview_event`` with ``handover: true``): the hook
    state and the ``use_view_state`` values; or ``refused``, why it cannot (the View then stays on the server).

    Example:
        >>> handover_of(object(), None, ["use_state #1 of component Chart holds <socket>"])
        {'refused': 'use_state #1 of component Chart holds <socket>'}
    """
    if state is None:
        return {"refused": "\n".join(problems) or "the View's state could not be saved"}
    out: dict[str, Any] = {"state": state}
    client = getattr(app, "_pyview_view_state", None)
    if isinstance(client, ViewStateClient) and client.instance is not None:
        out["instance"], out["values"] = client.instance, dict(client.values)
    return out


def shared_strings(value: Any) -> Any:
    """``value`` (decoded JSON) with its object keys and short strings interned.

    A live session keeps its tool data for as long as it lives; decoded afresh from each token, every instance
    would hold its own copies of the same keys (``"status"``) and of values that repeat (``"paid"``, ``"USD"``).

    Example:
        >>> a, b = shared_strings({"status": "paid"}), shared_strings({"status": "pa" + "id"})
        >>> next(iter(a)) is next(iter(b)) and a["status"] is b["status"]
        True
    """
    kind = type(value)
    if kind is dict:
        return {sys.intern(k) if type(k) is str else k: shared_strings(v) for k, v in value.items()}
    if kind is list:
        return [shared_strings(item) for item in value]
    if kind is str and len(value) <= 64:
        return sys.intern(value)
    return value
