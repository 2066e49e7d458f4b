"""Fixtures for the server tests: the example server in-process, over stdio, and over Streamable HTTP."""

from __future__ import annotations

import os
import re
import socket
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.extension import advertise
from mcp.server.mcpserver import MCPServer

from pyview._tooling.server._server_file import load_server
from pyview._tooling.testing._process import ServerProcess
from pyview.server import APP_MIME_TYPE, EXTENSION_ID

EXAMPLE = Path(__file__).parent / "example"
SERVER_FILE = EXAMPLE / "server.py"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def signing_secret(monkeypatch: pytest.MonkeyPatch) -> str:
    """``PYVIEW_SECRET`` for this test (``runtime_server.SECRET``): servers it loads sign session tokens with it."""
    from runtime_server import SECRET

    monkeypatch.setenv("PYVIEW_SECRET", SECRET)
    return SECRET


@pytest.fixture(scope="session", autouse=True)
def view_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Built Views go to a per-session cache, shared with the server subprocesses (one build per session)."""
    folder = tmp_path_factory.mktemp("views")
    previous = os.environ.get("PYVIEW_VIEW_CACHE")
    os.environ["PYVIEW_VIEW_CACHE"] = str(folder)
    yield folder
    if previous is None:
        os.environ.pop("PYVIEW_VIEW_CACHE", None)
    else:
        os.environ["PYVIEW_VIEW_CACHE"] = previous


@pytest.fixture(scope="session")
def example(view_cache: Path) -> tuple[Any, MCPServer[Any]]:
    """The example server module, imported in this process (inline runtime)."""
    for name in ("PYVIEW_RUNTIME", "PYVIEW_RUNTIME_URL"):
        os.environ.pop(name, None)
    return load_server(str(SERVER_FILE))


class HttpServer:
    """``python -m pyview.server example/server.py --http --runtime url`` on a free port."""

    def __init__(self, port: int, banner: list[str]) -> None:
        self.port = port
        self.banner = banner
        self.origin = f"http://127.0.0.1:{port}"
        self.url = f"{self.origin}/mcp"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def http_server(view_cache: Path) -> Iterator[HttpServer]:
    yield from run_http_server(["--runtime", "url"])


CORS_ORIGINS = ("http://localhost:8080", "https://host.example")


@pytest.fixture(scope="session")
def cors_server(view_cache: Path) -> Iterator[HttpServer]:
    """The example over Streamable HTTP with ``--cors`` for a loopback and a public host page origin."""
    yield from run_http_server(["--runtime", "url", "--cors", ",".join(CORS_ORIGINS), "--no-warm-up"])


def run_http_server(options: list[str]) -> Iterator[HttpServer]:
    """The example server over Streamable HTTP with ``options``, until the generator is closed."""
    port = free_port()
    command = [sys.executable, "-m", "pyview.server", str(SERVER_FILE), "--http", "--port", str(port), *options]
    with ServerProcess(command, cwd=REPO) as server:
        server.wait_for(banner_complete, 60, "the HTTP server's banner")
        yield HttpServer(port, server.lines)


def banner_complete(lines: list[str]) -> bool:
    """The banner ends with ``  Views (N):`` and N lines, one per View."""
    for index, line in enumerate(lines):
        counted = re.match(r"  Views \((\d+)\):", line)
        if counted is not None:
            return len(lines) > index + int(counted.group(1))
    return False


def apps_extension() -> list[Any]:
    return [advertise(EXTENSION_ID, {"mimeTypes": [APP_MIME_TYPE]})]


@pytest.fixture
def connect(request: pytest.FixtureRequest) -> Any:
    """``async with connect(transport, apps=True, mode="auto") as client``: a real client to the example."""

    @asynccontextmanager
    async def open_client(transport: str, *, apps: bool = True, mode: str = "auto") -> AsyncIterator[Client]:
        target: Any
        if transport == "memory":
            target = request.getfixturevalue("example")[1]
        elif transport == "stdio":
            target = StdioServerParameters(
                command=sys.executable,
                args=["-m", "pyview.server", str(SERVER_FILE), "--no-warm-up"],
                env={key: value for key, value in os.environ.items() if not key.startswith("PYVIEW_RUNTIME")},
                cwd=str(REPO),
            )
        else:
            target = request.getfixturevalue("http_server").url
        async with Client(target, extensions=apps_extension() if apps else None, mode=mode) as client:  # type: ignore[arg-type]
            yield client

    return open_client
