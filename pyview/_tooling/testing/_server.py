"""The relay server of the test harness: starlette on a loopback port, in a thread with its own event loop.

The :class:`~pyview.host.Host` objects live on that loop; the (synchronous) test thread reaches them through
:meth:`HostServer.call` and :meth:`HostServer.run`, so Playwright's sync API and the asyncio host never share
a thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import socket
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

from pyview._tooling.host._guard import Guard, GuardMiddleware
from pyview._tooling.host._relay import RELAY_PUBLIC, RelayHub, relay_routes

T = TypeVar("T")


class HostServer:
    """Serves relay pages for Views under test; start one per test session.

    Example:
        >>> server = HostServer.start()  # doctest: +SKIP
        >>> server.url  # doctest: +SKIP
        'http://127.0.0.1:40123'
        >>> server.stop()  # doctest: +SKIP
    """

    def __init__(self, hub: RelayHub, extra_routes: list[Any] | None = None) -> None:
        self.hub = hub
        self.extra_routes = extra_routes or []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.url = ""
        self._server: Any = None
        self._thread: threading.Thread | None = None

    @classmethod
    def start(cls, hub: RelayHub | None = None, *, host: str = "127.0.0.1", port: int = 0) -> HostServer:
        """Start serving on ``host:port`` (port 0: a free one) and wait until it listens."""
        server = cls(hub or RelayHub())
        server._start(host, port)
        return server

    def _start(self, host: str, port: int) -> None:
        import uvicorn
        from starlette.applications import Starlette
        from starlette.middleware import Middleware

        # the same gate as the dev host: loopback Host/Origin only, the hub's token on everything but the pages
        guard = Guard(token=self.hub.token, host=host, public=RELAY_PUBLIC)
        app = Starlette(
            routes=[*self.extra_routes, *relay_routes(self.hub)],
            middleware=[Middleware(GuardMiddleware, guard=guard)],
        )
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        self.url = f"http://{host}:{sock.getsockname()[1]}"
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1, lifespan="off")
        self._server = uvicorn.Server(config)
        ready = threading.Event()

        async def serve() -> None:
            self.loop = asyncio.get_running_loop()
            ready.set()
            await self._server.serve(sockets=[sock])

        self._thread = threading.Thread(target=asyncio.run, args=(serve(),), name="pyview-host", daemon=True)
        self._thread.start()
        ready.wait(10)
        while not self._server.started and self._thread.is_alive():
            threading.Event().wait(0.01)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float | None = 60.0) -> T:
        """Run a coroutine on the server's loop and return its result."""
        assert self.loop is not None, "the server is not running"
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        try:
            return future.result(timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise TimeoutError(f"timed out after {timeout} s") from None

    def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Call ``fn(*args, **kwargs)`` on the server's loop and return its result."""

        async def invoke() -> T:
            return fn(*args, **kwargs)

        return self.run(invoke())

    def stop(self) -> None:
        """Close every session and stop the server."""
        if self.loop is not None and self._thread is not None and self._thread.is_alive():
            for sid in list(self.hub.sessions):
                self.call(self.hub.close, sid)
            self._server.should_exit = True
            self._thread.join(5)


@contextlib.contextmanager
def serving(app: Any, *, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve an ASGI app on a free loopback port in a background thread; yields its base URL.

    Raises ``RuntimeError`` when the server thread stops before it serves (its error is in the log), or is not
    serving within a minute.

    Example:
        >>> from pyview.server import runtime_files_app
        >>> with serving(runtime_files_app()) as url:  # doctest: +SKIP
        ...     print(url)  # http://127.0.0.1:40123
    """
    import uvicorn

    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1))
    exited: list[object] = []

    def run() -> None:
        try:
            server.run(sockets=[sock])
        except SystemExit as stop:  # uvicorn exits when the app's startup fails: said below, not a thread's crash
            exited.append(stop.code)

    thread = threading.Thread(target=run, name="pyview-serving", daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        threading.Event().wait(0.01)
    if not server.started:
        server.should_exit = True
        sock.close()
        why = "is not serving after 60 s" if thread.is_alive() else "stopped before it served (see the log)"
        if exited:
            why += f", exit code {exited[0]}"
        raise RuntimeError(f"the ASGI server for {app!r} {why}")
    try:
        yield f"http://{host}:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(5)
        sock.close()
