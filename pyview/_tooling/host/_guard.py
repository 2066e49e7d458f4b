"""The gate in front of every local HTTP endpoint of the relay server and the dev host.

A page on any web site can send requests to ``127.0.0.1``: a ``text/plain`` form POST needs no CORS preflight,
and a DNS-rebinding name (``evil.example`` -> ``127.0.0.1``) even reads the answers. So every request passes
four checks (:meth:`Guard.check`), in this order:

1. **Host**: the ``Host`` header names a loopback address (``127.0.0.1``, ``localhost``, ``[::1]``) with the bound
   port, or the interface named with ``--host``, or a name given in ``allow_hosts``: else 403 (DNS rebinding).
2. **Origin**: when present, it is ``http://`` plus one of those hosts: else 403 (a page of another site).
3. **Token**: every request except the pages themselves (``public``) carries the per-run token in the
   ``X-Pyview-Token`` header (a ``GET`` may use the ``token`` query parameter: ``EventSource`` cannot set
   headers): else 403. The token is embedded in the pages, which only same-origin scripts can read.
4. **JSON**: a request with a body (``POST``...) has ``Content-Type: application/json``: else 415.

And a body is at most :data:`MAX_BODY` bytes (``max_body``), by its ``Content-Length`` and as it arrives: else 413
(nothing of it reaches the endpoint, so no tool is called with it).

Example:
    >>> guard = Guard(port=8765, public=["/"])
    >>> guard.check("GET", "/", {"host": "127.0.0.1:8765"}, {}) is None
    True
    >>> guard.check("GET", "/", {"host": "evil.example"}, {})[0]
    403
    >>> guard.check("POST", "/api/call", {"host": "localhost:8765", "x-pyview-token": guard.token,
    ...     "content-type": "text/plain"}, {})[0]
    415
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import secrets
import socket
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any

TOKEN_HEADER = "x-pyview-token"
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "")
#: The largest request body an endpoint reads (a View's download or a tool's arguments fit with room to spare).
MAX_BODY = 8 * 1024 * 1024

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _bracket(host: str) -> str:
    """``::1`` -> ``[::1]`` (how an IPv6 address appears in ``Host`` and ``Origin``), lowercased."""
    host = host.strip().lower()
    try:
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]"
    except ValueError:
        pass
    return host


def _machine_names() -> set[str]:
    """This machine's name and addresses (what a LAN browser may use when the server listens everywhere)."""
    names = {socket.gethostname(), socket.getfqdn()}
    with contextlib.suppress(OSError):
        names.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None))
    return {_bracket(name) for name in names if name}


class Guard:
    """The per-run token and the allowed hosts of one local server; see the module docstring.

    Args:
        token: the secret the pages send back (default: ``secrets.token_urlsafe(32)``, new each run).
        host: the address the server listens on; a non-loopback one is allowed too (``0.0.0.0``/``::``: this
            machine's name and addresses).
        port: the bound port (``0``: the local port each request arrived on, from the ASGI scope).
        allow_hosts: more host names to accept (e.g. a tunnel's), without port.
        public: regular expressions of paths served without the token (the pages that embed it).
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        allow_hosts: Iterable[str] = (),
        public: Iterable[str] = (),
        max_body: int = MAX_BODY,
    ) -> None:
        self.token = token or secrets.token_urlsafe(32)
        self.max_body = max_body
        self.port = port
        names = set(LOOPBACK) | {_bracket(name) for name in allow_hosts}
        if host.strip() in WILDCARDS:
            names |= _machine_names()
        else:
            names.add(_bracket(host))
        self.names = frozenset(names)
        self.public = re.compile("|".join(f"(?:{pattern})" for pattern in public) or r"(?!)")

    def allowed_host(self, value: str, port: int | None = None) -> bool:
        """Whether ``value`` (a ``Host`` header, or an origin without its scheme) names this server on ``port``
        (default :attr:`port`).

        Example:
            >>> guard = Guard(port=8765)
            >>> [guard.allowed_host(h) for h in ("localhost:8765", "[::1]:8765", "localhost:9999", "evil.example")]
            [True, True, False, False]
        """
        port = port or self.port
        value = value.strip().lower()
        if value.endswith(f":{port}"):
            return value[: -len(f":{port}")] in self.names
        return port == 80 and value in self.names  # browsers leave out the default port

    def check(
        self,
        method: str,
        path: str,
        headers: Mapping[str, str],
        query: Mapping[str, str],
        port: int | None = None,
    ) -> tuple[int, str] | None:
        """``None`` if the request may pass, else ``(status, reason)``. ``headers`` have lowercase names;
        ``port`` is the local port the request arrived on (when :attr:`port` is 0)."""
        port = self.port or port or 0
        host = headers.get("host", "")
        if not self.allowed_host(host, port):
            return 403, (
                f"refused: Host {host[:100]!r} is not this server (it answers to 127.0.0.1, localhost, [::1], "
                f"its --host and --allow-host names, on port {port})"
            )
        origin = headers.get("origin")
        if origin is not None and not (origin.lower().startswith("http://") and self.allowed_host(origin[7:], port)):
            return 403, f"refused: a request from the page of another origin ({origin[:100]!r})"
        has_body = method not in ("GET", "HEAD", "OPTIONS")
        if has_body or not self.public.fullmatch(path):
            given = headers.get(TOKEN_HEADER) or ("" if has_body else query.get("token", ""))
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                return 403, (
                    "refused: missing or wrong X-Pyview-Token (the page this server serves sends it; "
                    "other pages cannot)"
                )
        if has_body:
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return 415, f"refused: the body must be Content-Type: application/json, not {kind or 'none'!r}"
        return None


class GuardMiddleware:
    """ASGI middleware: the app behind a :class:`Guard`; every answer also gets ``nosniff`` and ``DENY`` framing.

    Example:
        >>> guard = Guard(public=["/"])
        >>> app = Starlette(routes=routes, middleware=[Middleware(GuardMiddleware, guard=guard)])  # doctest: +SKIP
    """

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.datastructures import Headers, MutableHeaders, QueryParams
        from starlette.responses import PlainTextResponse

        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        query = QueryParams(scope.get("query_string", b""))
        server = scope.get("server") or (None, 0)
        refused = self.guard.check(scope["method"], scope["path"], headers, query, int(server[1] or 0))
        if refused is not None:
            status, reason = refused
            await PlainTextResponse(f"pyview: {reason}\n", status)(scope, receive, send)
            return

        limit = self.guard.max_body
        too_large = PlainTextResponse(f"pyview: the request body is too large (at most {limit:,} bytes)\n", 413)
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await too_large(scope, receive, send)
            return
        received = 0
        started = False

        async def bounded_receive() -> MutableMapping[str, Any]:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:  # no Content-Length (chunked), or a wrong one
                    raise _BodyTooLarge
            return message

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                extra = MutableHeaders(scope=message)
                extra.setdefault("X-Content-Type-Options", "nosniff")
                extra.setdefault("X-Frame-Options", "DENY")
            await send(message)

        try:
            await self.app(scope, bounded_receive, send_with_headers)
        except _BodyTooLarge:
            if not started:
                await too_large(scope, receive, send)


class _BodyTooLarge(Exception):
    """Raised from ``receive`` past the body limit; the middleware answers 413."""
