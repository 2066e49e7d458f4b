"""The browser relay: a page that mounts the View's frame and carries its messages to a Python :class:`Host`.

The View's iframe talks ``postMessage`` to the page; the page talks to Python over plain HTTP: a Server-Sent
Events stream carries host -> page events (mount the frame, a message for the View, layout), and ``POST``
requests carry page -> host messages, in order. Both the test harness and ``pyview dev`` serve these routes.

Routes (``relay_routes(hub)``): ``GET /relay.js``, and per session ``GET /relay/{sid}/`` (a bare page),
``GET /relay/{sid}/events`` (SSE), ``POST /relay/{sid}/in``, ``GET /relay/{sid}/frame?n=N`` (the View document of
frame ``N`` while it is on show; ``204 No Content`` once a newer frame replaced it, so a slow load never lands over it).
Serve them behind a :class:`~pyview._tooling.host._guard.Guard` with the hub's token (``RELAY_PUBLIC`` are the pages):
session ids are unguessable, and the page sends the token with every other request.

Every event is encoded to JSON once, when it is pushed: one that cannot be (nested too deeply, ``NaN``, not
JSON at all) is dropped with a logged error and a ``{"type": "dropped"}`` notice, so the event stream, which
replays from the last event id after a reconnect, never meets it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Mapping
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from pyview._core.app._errors import ConnectionClosedError
from pyview._core.app._transport import BufferedTransport, too_deep
from pyview._tooling.host._csp import build_csp
from pyview._tooling.host._host import Host

log = logging.getLogger("pyview.host")
RELAY_PUBLIC = (r"/relay\.js", r"/relay/[^/]+/")
"""The relay's paths served without the token (the script, and the page that embeds the token)."""

_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>pyview host</title><link rel="icon" href="data:,">
<meta name="pyview-token" content="{token}">
<style>body{margin:0} #stage{position:relative} iframe{border:0;display:block}</style></head>
<body><div id="stage"></div><script src="/relay.js"></script>
<script>window.pyviewRelay = new PyviewRelay(location.pathname.replace(/\\/$/, ""),
  document.getElementById("stage")); pyviewRelay.start();</script></body></html>"""


def with_csp(html: str, policy: str) -> str:
    """The document with a CSP ``<meta>`` first in its head, as a host's sandbox adds it.

    Example:
        >>> with_csp("<html><head></head></html>", "default-src 'none'")
        '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \\'none\\'"></head></html>'
    """
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    head = html.find("<head>")
    if head < 0:
        raise ValueError("the View's document has no <head>")
    return html[: head + len("<head>")] + meta + html[head + len("<head>") :]


def encode(event: Mapping[str, Any]) -> str:
    """``event`` as the JSON text of one Server-Sent Event, or ``ValueError`` saying why it cannot be.

    Example:
        >>> encode({"type": "status", "text": "ok"})
        '{"type": "status", "text": "ok"}'
        >>> deep: list[object] = []
        >>> for _ in range(5000):
        ...     deep = [deep]
        >>> encode({"type": "rpc", "message": deep})
        Traceback (most recent call last):
        ValueError: cannot be sent as JSON: nested too deeply
    """
    try:
        text = json.dumps(event, allow_nan=False)
    except RecursionError:
        raise ValueError("cannot be sent as JSON: nested too deeply") from None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"cannot be sent as JSON: {exc}") from None
    # the interpreter's recursion limit is not the bound (a library may raise it): the depth is checked itself
    if too_deep(text):
        raise ValueError("cannot be sent as JSON: nested too deeply")
    return text


class PageTransport(BufferedTransport):
    """The host end of the link to one frame on the relay page (the page hands it messages via ``deliver``)."""

    __slots__ = ("frame", "session")

    def __init__(self, session: RelaySession, frame: int) -> None:
        super().__init__()
        self.session = session
        self.frame = frame

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the frame; ``ValueError`` if it cannot be encoded (nothing is queued then)."""
        if self._closed:
            raise ConnectionClosedError()
        self.session.push_encoded(encode({"type": "rpc", "frame": self.frame, "message": message}))


class RelaySession:
    """One relay page: the View frame it shows, the :class:`Host` serving it, and the events for the page."""

    def __init__(self, sid: str) -> None:
        self.id = sid
        self.base = f"/relay/{sid}"
        self.events: list[str] = []
        """Every event pushed, as JSON text."""
        self.host: Host | None = None
        self.document = ""
        self.frame = 0
        """The number of the frame on show (``0``: none); only its document is served."""
        self.closed = False
        self.page_events: list[dict[str, Any]] = []
        """Events the page posted that are not View messages (e.g. ``{"type": "ready"}``)."""
        self.on_page_event: Callable[[dict[str, Any]], None] | None = None
        self._transport: PageTransport | None = None
        self._frames = itertools.count(1)
        self._changed = asyncio.Event()

    def push(self, event: dict[str, Any]) -> bool:
        """Queue an event for the page (replayed from the start to a page that connects late).

        An event that cannot be encoded is dropped with a logged error and a ``dropped`` notice for the page
        instead; returns whether ``event`` was queued.
        """
        try:
            text = encode(event)
        except ValueError as exc:
            kind = str(event.get("type"))[:40]
            log.error("pyview relay: dropped a %r event for the page: it %s", kind, exc)
            self.push_encoded(encode({"type": "dropped", "event": kind, "reason": f"it {exc}"}))
            return False
        self.push_encoded(text)
        return True

    def push_encoded(self, text: str) -> None:
        """Queue an event already encoded with :func:`encode`."""
        self.events.append(text)
        self._changed.set()

    def mount(
        self,
        html: str,
        host: Host,
        *,
        ui_csp: Mapping[str, Any] | None = None,
        allow_wasm: bool = True,
        prefers_border: bool = False,
        workers: bool = False,
    ) -> None:
        """Show ``html`` in a fresh sandboxed frame under the CSP the spec derives from ``ui_csp``, served by
        ``host``. A frame shown before is removed, and its host disconnected."""
        self._disconnect()
        frame = self.frame = next(self._frames)
        self.document = with_csp(html, build_csp(ui_csp, allow_wasm=allow_wasm, workers=workers))
        self.host = host
        self._transport = PageTransport(self, frame)
        host.listeners.append(self._layout_event)
        host.connect(self._transport)
        self.push({"type": "mount", "frame": frame, "url": f"{self.base}/frame?n={frame}", "border": prefers_border})
        self.push({"type": "layout", "context": _layout_context(host.context)})

    def _disconnect(self) -> None:
        if self._transport is not None:
            self._transport.close()
        if self.host is not None:
            self.host.close()

    def unmount(self, reason: str = "") -> None:
        """Remove the frame from the page and disconnect its host (after a teardown, or when nothing can be
        shown); ``reason`` is shown where the View was."""
        self._disconnect()
        self.host = None
        self._transport = None
        self.document = ""
        self.frame = 0
        self.push({"type": "unmount", "reason": reason})

    def _layout_event(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "context":
            self.push({"type": "layout", "context": _layout_context(data["context"])})
        elif kind == "size":
            self.push({"type": "layout", "size": data})

    def receive(self, item: object) -> None:
        """One item the page posted: a View message (``{"type": "rpc", "frame", "message"}``) or a page event,
        as an object or as JSON text. What cannot be decoded (nested too deeply, not JSON) is dropped, logged."""
        if isinstance(item, str):
            text = item
            try:
                if too_deep(text):
                    raise RecursionError
                item = json.loads(text)
            except RecursionError:
                log.error("pyview relay: dropped a message from the page: nested too deeply (%d chars)", len(text))
                return
            except ValueError as exc:
                log.error("pyview relay: dropped a message from the page that is not JSON: %s", exc)
                return
        if not isinstance(item, dict):
            log.error("pyview relay: dropped a message from the page that is not an object: %.100r", item)
            return
        if item.get("type") == "rpc":
            transport = self._transport
            if transport is not None and item.get("frame") == transport.frame:
                transport.deliver(item.get("message"))
            return
        self.page_events.append(item)
        if self.on_page_event is not None:
            self.on_page_event(item)

    def close(self) -> None:
        """Disconnect the host and end the page's event stream."""
        if self._transport is not None:
            self._transport.close()
        self.closed = True
        self._changed.set()

    async def stream(self, start: int, request: Request) -> AsyncIterator[str]:
        """Server-Sent Events from index ``start`` on, until the session closes or the page goes away."""
        index = start
        yield "retry: 500\n\n"
        while not self.closed:
            while index < len(self.events):
                yield f"id: {index + 1}\ndata: {self.events[index]}\n\n"
                index += 1
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), 1.0)
            except TimeoutError:
                if await request.is_disconnected():
                    return
                yield ": keep-alive\n\n"


def _layout_context(context: Mapping[str, Any]) -> dict[str, Any]:
    return {key: context[key] for key in ("displayMode", "containerDimensions", "theme") if key in context}


class RelayHub:
    """Every relay session of one server, by id, and the server's per-run token.

    Args:
        token: the secret its pages send back (default: a new ``secrets.token_urlsafe(32)``).
    """

    def __init__(self, token: str | None = None) -> None:
        self.sessions: dict[str, RelaySession] = {}
        self.token = token or secrets.token_urlsafe(32)

    def create(self, sid: str | None = None) -> RelaySession:
        """A new session (its page is at ``/relay/{id}/``); the id is unguessable unless ``sid`` is given."""
        session = RelaySession(sid or secrets.token_urlsafe(16))
        self.sessions[session.id] = session
        return session

    def close(self, sid: str) -> None:
        """Close and forget a session."""
        session = self.sessions.pop(sid, None)
        if session is not None:
            session.close()


def relay_script() -> str:
    """The page-side relay (``PyviewRelay``), plain JavaScript."""
    return resources.files("pyview._tooling.host").joinpath("relay.js").read_text(encoding="utf-8")


def relay_routes(hub: RelayHub) -> list[Route]:
    """Starlette routes serving the relay pages of ``hub``'s sessions."""

    def session(request: Request) -> RelaySession | None:
        return hub.sessions.get(request.path_params["sid"])

    async def page(request: Request) -> Response:
        if session(request) is None:
            return PlainTextResponse("no such session", 404)
        return HTMLResponse(_PAGE.replace("{token}", hub.token), headers={"Cache-Control": "no-store"})

    async def events(request: Request) -> Response:
        found = session(request)
        if found is None:
            return PlainTextResponse("no such session", 404)
        try:
            start = max(0, int(request.headers.get("last-event-id") or request.query_params.get("from") or 0))
        except ValueError:
            return PlainTextResponse("pyview relay: the event id must be an integer", 400)
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(found.stream(start, request), media_type="text/event-stream", headers=headers)

    async def incoming(request: Request) -> Response:
        found = session(request)
        if found is None:
            return PlainTextResponse("no such session", 404)
        try:
            items = json.loads(await request.body())
        except (RecursionError, ValueError) as exc:
            return PlainTextResponse(f"pyview relay: the body is not a JSON array of messages ({exc})", 400)
        if not isinstance(items, list):
            return PlainTextResponse("pyview relay: the body is not a JSON array of messages", 400)
        for item in items:
            found.receive(item)
        return Response(status_code=204)

    async def frame(request: Request) -> Response:
        found = session(request)
        if found is None:
            return PlainTextResponse("no such session", 404)
        if request.query_params.get("n") != str(found.frame):  # a newer frame replaced it (or it was unmounted)
            return Response(status_code=204, headers={"Cache-Control": "no-store"})  # not an error: nothing to show
        return HTMLResponse(found.document, headers={"Cache-Control": "no-store"})

    async def script(request: Request) -> Response:
        return Response(relay_script(), media_type="text/javascript", headers={"Cache-Control": "no-store"})

    return [
        Route("/relay.js", script),
        Route("/relay/{sid}/", page),
        Route("/relay/{sid}/events", events),
        Route("/relay/{sid}/in", incoming, methods=["POST"]),
        Route("/relay/{sid}/frame", frame),
    ]
