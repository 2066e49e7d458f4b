"""The browser relay: a page that mounts the View's frame and carries its messages to a Python :class:`Host`.

The View's iframe talks ``postMessage`` to the page; the page talks to Python over plain HTTP: a Server-Sent
Events stream carries host -> page events (mount the frame, a message for the View, layout), and ``POST``
requests carry page -> host messages, in order. Both the test harness and ``pyview dev`` serve these routes.

Routes (``relay_routes(hub)``): ``GET /relay.js``, and per session ``GET /relay/{sid}/`` (a bare page),
``GET /relay/{sid}/events`` (SSE), ``POST /relay/{sid}/in``, ``GET /relay/{sid}/frame`` (the View document).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import uuid
from collections.abc import AsyncIterator, Callable, Mapping
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from pyview.app import BufferedTransport, ConnectionClosedError
from pyview.host._csp import build_csp
from pyview.host._host import Host

_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>pyview host</title><link rel="icon" href="data:,">
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


class PageTransport(BufferedTransport):
    """The host end of the link to one frame on the relay page (the page hands it messages via ``deliver``)."""

    __slots__ = ("frame", "session")

    def __init__(self, session: RelaySession, frame: int) -> None:
        super().__init__()
        self.session = session
        self.frame = frame

    def send(self, message: dict[str, Any]) -> None:
        if self._closed:
            raise ConnectionClosedError()
        self.session.push({"type": "rpc", "frame": self.frame, "message": message})


class RelaySession:
    """One relay page: the View frame it shows, the :class:`Host` serving it, and the events for the page."""

    def __init__(self, sid: str) -> None:
        self.id = sid
        self.base = f"/relay/{sid}"
        self.events: list[dict[str, Any]] = []
        self.host: Host | None = None
        self.document = ""
        self.closed = False
        self.page_events: list[dict[str, Any]] = []
        """Events the page posted that are not View messages (e.g. ``{"type": "ready"}``)."""
        self.on_page_event: Callable[[dict[str, Any]], None] | None = None
        self._transport: PageTransport | None = None
        self._frames = itertools.count(1)
        self._changed = asyncio.Event()

    def push(self, event: dict[str, Any]) -> None:
        """Queue an event for the page (replayed from the start to a page that connects late)."""
        self.events.append(event)
        self._changed.set()

    def mount(
        self,
        html: str,
        host: Host,
        *,
        ui_csp: Mapping[str, Any] | None = None,
        allow_wasm: bool = True,
        prefers_border: bool = False,
    ) -> None:
        """Show ``html`` in a fresh sandboxed frame under the CSP the spec derives from ``ui_csp``, served by
        ``host``. A frame shown before is removed, and its host disconnected."""
        if self._transport is not None:
            self._transport.close()
        if self.host is not None:
            self.host.close()
        frame = next(self._frames)
        self.document = with_csp(html, build_csp(ui_csp, allow_wasm=allow_wasm))
        self.host = host
        self._transport = PageTransport(self, frame)
        host.listeners.append(self._layout_event)
        host.connect(self._transport)
        self.push({"type": "mount", "frame": frame, "url": f"{self.base}/frame?n={frame}", "border": prefers_border})
        self.push({"type": "layout", "context": _layout_context(host.context)})

    def _layout_event(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "context":
            self.push({"type": "layout", "context": _layout_context(data["context"])})
        elif kind == "size":
            self.push({"type": "layout", "size": data})

    def receive(self, item: dict[str, Any]) -> None:
        """One item the page posted: a View message (``{"type": "rpc", "frame", "message"}``) or a page event."""
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
                yield f"id: {index + 1}\ndata: {json.dumps(self.events[index])}\n\n"
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
    """Every relay session of one server, by id."""

    def __init__(self) -> None:
        self.sessions: dict[str, RelaySession] = {}

    def create(self, sid: str | None = None) -> RelaySession:
        """A new session (its page is at ``/relay/{id}/``)."""
        session = RelaySession(sid or uuid.uuid4().hex[:12])
        self.sessions[session.id] = session
        return session

    def close(self, sid: str) -> None:
        """Close and forget a session."""
        session = self.sessions.pop(sid, None)
        if session is not None:
            session.close()


def relay_script() -> str:
    """The page-side relay (``PyviewRelay``), plain JavaScript."""
    return resources.files("pyview.host").joinpath("relay.js").read_text(encoding="utf-8")


def relay_routes(hub: RelayHub) -> list[Route]:
    """Starlette routes serving the relay pages of ``hub``'s sessions."""

    def session(request: Request) -> RelaySession | None:
        return hub.sessions.get(request.path_params["sid"])

    async def page(request: Request) -> Response:
        return HTMLResponse(_PAGE) if session(request) else PlainTextResponse("no such session", 404)

    async def events(request: Request) -> Response:
        found = session(request)
        if found is None:
            return PlainTextResponse("no such session", 404)
        start = int(request.headers.get("last-event-id") or request.query_params.get("from") or 0)
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(found.stream(start, request), media_type="text/event-stream", headers=headers)

    async def incoming(request: Request) -> Response:
        found = session(request)
        if found is None:
            return PlainTextResponse("no such session", 404)
        for item in await request.json():
            if isinstance(item, dict):
                found.receive(item)
        return Response(status_code=204)

    async def frame(request: Request) -> Response:
        found = session(request)
        if found is None:
            return PlainTextResponse("no such session", 404)
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
