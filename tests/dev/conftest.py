"""Helpers for the dev host's browser tests: serve ``pyview dev`` for a server on a free port."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from pyview.dev import dev_app


@contextlib.contextmanager
def serve_dev(target: str, **options: Any) -> Iterator[tuple[str, Any]]:
    """The dev host for ``target`` (a server file, URL or command) on a free port: ``(url, DevHost)``."""
    import uvicorn

    app, dev = dev_app(target, reload=False, **options)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=3))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/", dev
    finally:
        server.should_exit = True
        thread.join(5)


@pytest.fixture(scope="session")
def dev_host_server() -> Any:
    """:func:`serve_dev`, for tests: ``with dev_host_server("server.py") as (url, dev): ...``."""
    return serve_dev
