"""The dev host's web app: the page, its small JSON API, the relay routes, and ``run_dev``.

Everything is served behind a :class:`~pyview._tooling.host._guard.Guard`: loopback ``Host``/``Origin`` only (or the
``--host`` interface), the per-run token (embedded in the page) on every API call, JSON bodies only.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import socket
import sys
import webbrowser
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from pyview._core.app._transport import too_deep
from pyview._tooling.dev._devhost import DevHost
from pyview._tooling.dev._downloads import served_type
from pyview._tooling.dev._watch import watch
from pyview._tooling.host._guard import LOOPBACK, Guard, GuardMiddleware
from pyview._tooling.host._host_looks import HOSTS
from pyview._tooling.host._profiles import PROFILES, Profile
from pyview._tooling.host._relay import RELAY_PUBLIC, RelayHub, relay_routes

DEV_PUBLIC = (r"/", r"/dev\.js", r"/dev-form\.js", *RELAY_PUBLIC)
"""The paths served without the token: the pages and scripts (the dev page embeds the token)."""

Handler = Callable[[DevHost, dict[str, Any]], Awaitable[Any]]


def _static(name: str) -> str:
    return resources.files("pyview._tooling.dev").joinpath("static", name).read_text(encoding="utf-8")


def dev_routes(dev: DevHost, token: str) -> list[Route]:
    """The dev page (``/``, with ``token`` in it), its script, and its API (``/api/...``) for one :class:`DevHost`.

    Serve them behind a :class:`~pyview._tooling.host._guard.Guard` with the same token (``DEV_PUBLIC`` are the pages).
    """

    async def page(request: Request) -> Response:
        html = _static("dev.html").replace('content="{token}"', f'content="{token}"')
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def script(request: Request) -> Response:
        name = request.url.path.lstrip("/")
        return Response(_static(name), media_type="text/javascript", headers={"Cache-Control": "no-store"})

    async def state(request: Request) -> Response:
        return JSONResponse(
            {
                "cursor": len(dev.session.events),
                "relay": dev.session.base,
                "status": dev.status,
                "server": dev.backend.server_info.get("name", "the server"),
                "tools": dev.tools,
                "current": dev.current,
                "profile": dev.profile,
                "allowWasm": dev.allow_wasm,
                "profiles": [HOSTS[name].describe() for name in PROFILES],
                "downloads": [{k: v for k, v in item.items() if k != "path"} for item in dev.downloads.items],
                "context": dev.host.context if dev.host is not None else dev.context,
            }
        )

    def api(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            raw = await request.body()
            try:
                if too_deep(raw.decode("utf-8", "replace")):  # a bound of its own, not the recursion limit's
                    raise ValueError("nested too deeply")
                body = json.loads(raw) if raw else {}
            except (RecursionError, ValueError) as exc:
                return JSONResponse({"ok": False, "error": f"the body is not JSON: {exc}"}, status_code=400)
            if not isinstance(body, dict):
                return JSONResponse({"ok": False, "error": "the body must be a JSON object"}, status_code=400)
            try:
                return JSONResponse({"ok": True, "result": await handler(dev, body)})
            except Exception as exc:
                return JSONResponse({"ok": False, "error": f"{type(exc).__name__}: {exc}"}, status_code=400)

        return endpoint

    async def call(dev: DevHost, body: dict[str, Any]) -> Any:
        return await dev.call(body["name"], body.get("arguments") or {})

    async def context(dev: DevHost, body: dict[str, Any]) -> Any:
        return dev.set_context(body["changes"])

    async def profile(dev: DevHost, body: dict[str, Any]) -> Any:
        if body.get("profile") not in PROFILES:
            raise ValueError(f"profile must be one of {PROFILES}")
        await dev.set_profile(body["profile"])

    async def wasm(dev: DevHost, body: dict[str, Any]) -> Any:
        dev.allow_wasm = body.get("allow") is not False  # "block WebAssembly": the spec's default CSP, re-mounted
        await dev.remount()

    async def send(dev: DevHost, body: dict[str, Any]) -> Any:
        dev.send(body["kind"], body.get("data"))

    async def reload(dev: DevHost, body: dict[str, Any]) -> Any:
        await dev.reload([])

    async def remount(dev: DevHost, body: dict[str, Any]) -> Any:
        await dev.remount()

    async def teardown(dev: DevHost, body: dict[str, Any]) -> Any:
        return await dev.teardown()

    async def download(request: Request) -> Response:
        """A file the View saved, as an attachment (never rendered in the page's origin)."""
        items = dev.downloads.items
        number = request.path_params["n"]
        if not 0 <= number < len(items):
            return PlainTextResponse("pyview dev: no such download", 404)
        item = items[number]
        headers = {"Cache-Control": "no-store", "Content-Security-Policy": "sandbox"}
        return FileResponse(
            item["path"], media_type=served_type(item["mimeType"]), filename=item["name"], headers=headers
        )

    return [
        Route("/", page),
        Route("/dev.js", script),
        Route("/dev-form.js", script),
        Route("/api/state", state),
        Route("/api/call", api(call), methods=["POST"]),
        Route("/api/context", api(context), methods=["POST"]),
        Route("/api/profile", api(profile), methods=["POST"]),
        Route("/api/send", api(send), methods=["POST"]),
        Route("/api/wasm", api(wasm), methods=["POST"]),
        Route("/api/reload", api(reload), methods=["POST"]),
        Route("/api/remount", api(remount), methods=["POST"]),
        Route("/api/teardown", api(teardown), methods=["POST"]),
        Route("/api/downloads/{n:int}", download),
    ]


def dev_app(
    server: object,
    *,
    allow_wasm: bool = True,
    reload: bool = True,
    host: str = "127.0.0.1",
    allow_hosts: Iterable[str] = (),
    token: str | None = None,
    profile: Profile = "full",
) -> tuple[Starlette, DevHost]:
    """The dev host as a Starlette app (it connects to the server and starts watching files on startup).

    Requests must name a loopback host, or ``host`` (the interface it listens on), or one of ``allow_hosts``,
    on the port they arrived on; API calls carry the per-run ``token`` (default: a new random one), which the
    dev page embeds (``dev.guard.token``).

    Example:
        >>> app, dev = dev_app("examples/weather/server.py")  # doctest: +SKIP
        >>> uvicorn.run(app, port=8765)  # doctest: +SKIP
    """
    hub = RelayHub(token)
    guard = Guard(token=hub.token, host=host, allow_hosts=allow_hosts, public=DEV_PUBLIC)
    dev = DevHost(server, hub.create(), allow_wasm=allow_wasm)
    dev.profile = profile
    dev.guard = guard

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        tasks = [asyncio.create_task(dev.start())]
        if reload and dev.watched():
            tasks.append(asyncio.create_task(watch(dev.watched(), dev.reload)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            dev.session.close()
            await dev.close()

    app = Starlette(
        routes=[*dev_routes(dev, hub.token), *relay_routes(hub)],
        middleware=[Middleware(GuardMiddleware, guard=guard)],
        lifespan=lifespan,
    )
    return app, dev


def run_dev(
    server: object,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    open_browser: bool = True,
    reload: bool = True,
    allow_wasm: bool = True,
    allow_hosts: Iterable[str] = (),
    profile: Profile = "full",
) -> int:
    """Serve the dev host until interrupted; prints its URL at once (the server connects in the background)."""
    import uvicorn

    app, _dev = dev_app(
        server, allow_wasm=allow_wasm, reload=reload, host=host, allow_hosts=allow_hosts, profile=profile
    )
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        print(f"pyview dev: cannot listen on {host}:{port} ({exc.strerror}); try --port", file=sys.stderr)
        return 1
    url = f"http://{_url_host(host)}:{sock.getsockname()[1]}/"
    print(f"pyview dev: {url}  (serving {server}; Ctrl+C to stop)", flush=True)
    if not _is_loopback(host):
        print(
            f"pyview dev: listening on {host}: anyone who can reach this address can open the page and use the "
            "server's tools",
            file=sys.stderr,
        )
    if open_browser:
        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1)
    uvicorn.Server(config).run(sockets=[sock])
    return 0


def _is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback interface (only this machine can connect).

    Example:
        >>> [_is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "192.168.1.5")]
        [True, True, True, False, False]
    """
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    """The host part of the URL to open: a wildcard address becomes ``127.0.0.1``, IPv6 is bracketed."""
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host
