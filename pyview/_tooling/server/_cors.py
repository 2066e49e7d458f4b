"""Opt-in CORS on the MCP endpoint, for hosts that connect to the server from a browser page.

A browser-side host (the ext-apps example host, an inspector in a web page) calls ``/mcp`` from its own origin: the
browser sends a preflight ``OPTIONS`` first, and reads ``mcp-session-id`` from the first answer only if the server
exposes it. Origins are named one by one (no ``*``): the SDK's DNS-rebinding protection checks ``Origin`` too, and
an origin let through here must pass there as well (:func:`transport_security_for`).

Example:
    >>> parse_origins("http://localhost:8080, https://host.example")
    ('http://localhost:8080', 'https://host.example')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from mcp.server.transport_security import TransportSecuritySettings
from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# what the official TypeScript client (@modelcontextprotocol/client 2.x) sends and reads
REQUEST_HEADERS = (
    "accept",
    "authorization",
    "content-type",
    "last-event-id",
    "mcp-method",
    "mcp-name",
    "mcp-protocol-version",
    "mcp-session-id",
)
EXPOSED_HEADERS = ("mcp-session-id", "www-authenticate")
METHODS = ("GET", "POST", "DELETE")

# the SDK's own defaults when it serves on a loopback interface (mcp.server.lowlevel.server)
_LOOPBACK = ("127.0.0.1", "localhost", "::1")
_SDK_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
_SDK_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]

_ORIGIN = re.compile(r"https?://(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?")


def parse_origins(origins: str | Iterable[str]) -> tuple[str, ...]:
    """Origins from ``--cors`` (comma-separated) or a list, checked: ``scheme://host[:port]``, nothing else.

    Raises:
        ValueError: an entry is not an origin (a path, ``*``, no scheme), or there is none.

    Example:
        >>> parse_origins(["http://127.0.0.1:5173/"])
        ('http://127.0.0.1:5173',)
        >>> parse_origins("*")
        Traceback (most recent call last):
        ...
        ValueError: --cors needs origins such as http://localhost:8080, not '*': name each host page's origin
    """
    items = origins.split(",") if isinstance(origins, str) else list(origins)
    found: list[str] = []
    for item in (entry.strip() for entry in items):
        if not item:
            continue
        origin = item[:-1] if item.endswith("/") else item
        if not _ORIGIN.fullmatch(origin):
            raise ValueError(
                f"--cors needs origins such as http://localhost:8080, not {item!r}: name each host page's origin"
            )
        if origin not in found:
            found.append(origin)
    if not found:
        raise ValueError("--cors needs at least one origin, e.g. --cors http://localhost:8080")
    return tuple(found)


def transport_security_for(host: str, origins: Sequence[str]) -> TransportSecuritySettings | None:
    """The SDK's DNS-rebinding settings for a server on ``host`` that lets ``origins`` in.

    On a loopback interface the SDK allows loopback ``Host`` and ``Origin`` values only; the CORS origins are added
    to those (a foreign ``Host`` is still refused). Elsewhere the SDK checks nothing, and neither does this.

    Example:
        >>> transport_security_for("127.0.0.1", ["https://host.example"]).allowed_origins[-1]
        'https://host.example'
        >>> transport_security_for("0.0.0.0", ["https://host.example"]) is None
        True
    """
    if host not in _LOOPBACK:
        return None
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=list(_SDK_HOSTS),
        allowed_origins=[*_SDK_ORIGINS, *(origin for origin in origins if origin not in _SDK_ORIGINS)],
    )


class EndpointCors:
    """ASGI middleware: CORS for ``origins`` on one path (the MCP endpoint); every other path is left as it is.

    The runtime files keep their own ``Access-Control-Allow-Origin: *`` (a View frame's origin is opaque).

    Example:
        >>> app.add_middleware(EndpointCors, path="/mcp", origins=("http://localhost:8080",))  # doctest: +SKIP
    """

    def __init__(self, app: ASGIApp, *, path: str, origins: Sequence[str]) -> None:
        self.app = app
        self.path = path.rstrip("/") or "/"
        self.cors = CORSMiddleware(
            app,
            allow_origins=list(origins),
            allow_methods=list(METHODS),
            allow_headers=list(REQUEST_HEADERS),
            expose_headers=list(EXPOSED_HEADERS),
            max_age=600,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or (scope["path"].rstrip("/") or "/") != self.path:
            await self.app(scope, receive, send)
        elif scope["method"] == "OPTIONS":
            await self.cors(scope, receive, _with_exposed_headers(send))
        else:
            await self.cors(scope, receive, send)


def _with_exposed_headers(send: Send) -> Send:
    # browsers read the exposed list from actual responses; a preflight names it too, so `curl -X OPTIONS` shows
    # everything the endpoint grants in one answer
    async def send_with_expose(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] == 200:
            exposed = (b"access-control-expose-headers", ", ".join(EXPOSED_HEADERS).encode())
            message = {**message, "headers": [*message.get("headers", []), exposed]}
        await send(message)

    return send_with_expose
