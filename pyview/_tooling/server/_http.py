"""Transports: stdio, and Streamable HTTP (Starlette, uvicorn) with the pinned runtime served beside it."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any, Literal

import anyio
import anyio.to_thread
import uvicorn
from mcp.server.mcpserver import MCPServer
from starlette.applications import Starlette
from starlette.routing import Mount

from pyview._tooling.packager._errors import BuildError
from pyview._tooling.server._cors import EndpointCors, parse_origins, transport_security_for
from pyview._tooling.server._health import DEFAULT_HEALTH_PATH, health_route
from pyview._tooling.server._part_resources import check_stdio_sizes, close_state_stores, server_views
from pyview._tooling.server._runtime_files import runtime_files_app
from pyview._tooling.server._server_file import DEFAULT_PATH, DEFAULT_RUNTIME_PATH

Transport = Literal["stdio", "http"]
SHUTDOWN_TIMEOUT = 10
"""Seconds a stopping HTTP server gives the requests in flight before it closes them and exits."""


def http_app(
    server: MCPServer[Any],
    *,
    path: str = DEFAULT_PATH,
    runtime_path: str | None = DEFAULT_RUNTIME_PATH,
    host: str = "127.0.0.1",
    cors: str | Iterable[str] | None = None,
    health_path: str | None = None,
    **options: Any,
) -> Starlette:
    """The server's Streamable HTTP app (the SDK's) with the Pyodide runtime mounted at ``runtime_path``.

    Views built with ``runtime="url"`` load the runtime from ``http://HOST:PORT{runtime_path}/``; pass
    ``runtime_path=None`` to leave it out. ``cors`` (off by default) names the origins of host pages that may call
    the endpoint from a browser (``"http://localhost:8080,https://host.example"`` or a list): the endpoint then
    answers preflights, exposes ``mcp-session-id``, and the SDK's DNS-rebinding protection lets those origins in
    too (a foreign ``Host`` or ``Origin`` is still refused). ``health_path`` (off by default here, on in
    :func:`serve`: this app may be mounted beside routes of yours) adds the health endpoint a load balancer checks,
    ``GET /healthz`` say (docs/server.md "Deploying"). ``options`` go to ``MCPServer.streamable_http_app`` (e.g.
    ``stateless_http=True``, ``json_response=True``).

    Example:
        >>> app = http_app(server, cors="http://localhost:8080", health_path="/healthz")  # doctest: +SKIP
        >>> uvicorn.run(app, port=8000)  # doctest: +SKIP
    """
    origins = parse_origins(cors) if cors is not None else ()
    if origins and "transport_security" not in options:
        options["transport_security"] = transport_security_for(host, origins)
    app = server.streamable_http_app(streamable_http_path=path, host=host, **options)
    app.router.lifespan_context = _closing_state_stores(server, app.router.lifespan_context)
    if runtime_path is not None:
        app.router.routes.append(Mount(runtime_path.rstrip("/"), app=runtime_files_app()))
    if health_path is not None:
        app.router.routes.append(health_route(server, health_path))
    if origins:
        app.add_middleware(EndpointCors, path=path, origins=origins)
    return app


def runtime_url_for(host: str, port: int, runtime_path: str = DEFAULT_RUNTIME_PATH) -> str:
    """The base URL a browser loads the runtime from, for a server listening on ``host:port``.

    Example:
        >>> runtime_url_for("0.0.0.0", 8000)
        'http://127.0.0.1:8000/pyodide/'
    """
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{runtime_path.rstrip('/')}/"


async def serve_async(
    server: MCPServer[Any],
    transport: Transport = "stdio",
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    path: str = DEFAULT_PATH,
    runtime_path: str | None = DEFAULT_RUNTIME_PATH,
    log_level: str = "warning",
    cors: str | Iterable[str] | None = None,
    on_ready: Callable[[str], Awaitable[None] | None] | None = None,
    shutdown_timeout: int = SHUTDOWN_TIMEOUT,
    health_path: str | None = DEFAULT_HEALTH_PATH,
) -> None:
    """Serve ``server`` over stdio or Streamable HTTP until cancelled (or, for HTTP, ``SIGTERM``/``SIGINT``).

    Args:
        server: the ``MCPServer``.
        transport: ``"stdio"`` or ``"http"``.
        host: the interface to listen on (HTTP).
        port: the port (HTTP); ``0`` picks a free one, reported to ``on_ready``.
        path: the MCP endpoint (HTTP).
        runtime_path: where the runtime files are mounted (HTTP), ``None`` for none.
        log_level: uvicorn's log level.
        cors: origins of browser-side host pages allowed to call the endpoint (HTTP; see :func:`http_app`).
        on_ready: called with the endpoint URL (``"stdio"`` for stdio) once the server accepts connections.
        shutdown_timeout: after ``SIGTERM`` or ``SIGINT`` (HTTP; stdio ignores it), the server stops accepting
            connections at once, answers the requests in flight, and exits at the latest this many seconds later
            (closing what is still open).
        health_path: the health endpoint (HTTP; see :func:`http_app`), ``None`` for none.

    Raises:
        OSError: the HTTP server could not start (the port is in use, say).
        DocumentTooLarge: over stdio, a View's document would pass 10 MiB (every View is built first to know).
        ValueError: ``cors`` names something that is not an origin.
    """
    if transport == "stdio":
        if cors is not None:
            raise ValueError("cors applies to Streamable HTTP only (transport='http')")
        # a message over 10 MiB closes the official TypeScript client's stdio connection: refuse to start instead
        await anyio.to_thread.run_sync(check_stdio_sizes, server_views(server))
        if on_ready is not None:
            await _maybe_await(on_ready("stdio"))
        try:
            await server.run_stdio_async()
        finally:
            await close_state_stores(server)
        return
    app = http_app(server, path=path, runtime_path=runtime_path, host=host, cors=cors, health_path=health_path)
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, lifespan="on", timeout_graceful_shutdown=shutdown_timeout
    )
    web = uvicorn.Server(config)
    failed: list[object] = []

    async def run_web() -> None:
        try:
            await web.serve()
        except SystemExit as exc:  # uvicorn exits when it cannot start (a port in use, say)
            failed.append(exc.code)

    try:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(run_web)
            while not (web.started or failed or web.should_exit):
                await anyio.sleep(0.02)
            if web.started and on_ready is not None:
                bound = web.servers[0].sockets[0].getsockname()[1] if web.servers else port
                await _maybe_await(on_ready(f"{runtime_url_for(host, bound, '')[:-1]}{path}"))
    finally:  # cancelled, uvicorn neither stops listening nor runs the app's lifespan shutdown: both done here
        for listening in getattr(web, "servers", ()):  # none when it could not start
            listening.close()
        await close_state_stores(server)
    if failed:
        raise OSError(f"could not serve on {host}:{port} (the log above says why)")


def serve(server: MCPServer[Any], transport: Transport = "stdio", **options: Any) -> None:
    """Run :func:`serve_async` until interrupted (what ``pyview serve`` calls); a View that cannot be served (see
    :func:`serve_async`) ends the process with its reason and exit status 1.

    Example:
        >>> if __name__ == "__main__":  # doctest: +SKIP
        ...     serve(server, "http", port=8000)
    """
    try:
        anyio.run(lambda: serve_async(server, transport, **options))
    except KeyboardInterrupt:
        print("pyview: stopped", file=sys.stderr)
    except BuildError as exc:  # a View that cannot be served here (too large for stdio, say): say why, exit 1
        print(f"pyview: error: {exc}", file=sys.stderr)
        raise SystemExit(1) from exc


async def _maybe_await(value: Awaitable[None] | None) -> None:
    if value is not None:
        await value


def _closing_state_stores(server: MCPServer[Any], lifespan: Any) -> Callable[[Any], Any]:
    @contextlib.asynccontextmanager
    async def closing(app: Any) -> AsyncIterator[Any]:
        try:
            async with lifespan(app) as state:
                yield state
        finally:
            await close_state_stores(server)

    return closing
