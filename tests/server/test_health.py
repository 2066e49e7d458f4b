"""The health endpoint a load balancer checks (``GET /healthz``), over a real uvicorn server and the SDK's client.

Its Redis side (``view_state`` degraded while Redis is away) is in test_fault_redis.py; two workers behind one port
each answering it, in test_server_runtime_workers.py.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import pytest
from mcp import Client
from runtime_client import ViewClient

from pyview._tooling.server._server_file import load_server
from pyview.server import http_app, serve_async
from pyview.testing import serving

pytestmark = pytest.mark.anyio
SERVER_FILE = Path(__file__).parent / "runtime_views" / "server.py"


@pytest.fixture
async def served(signing_secret: str) -> AsyncIterator[str]:
    """The counter server as ``pyview serve --http`` serves it (``serve_async``), on a free port; its base URL."""
    _, server = load_server(str(SERVER_FILE))
    urls: list[str] = []
    with anyio.fail_after(120):
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(lambda: serve_async(server, "http", port=0, runtime_path=None, on_ready=urls.append))
            while not urls:
                await anyio.sleep(0.02)
            yield urls[0].removesuffix("/mcp")
            tasks.cancel_scope.cancel()


def fetch(url: str, method: str = "GET") -> tuple[int, dict[str, str], Any]:
    """``(status, headers, JSON body or None)`` of a plain HTTP request."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=30) as response:
            body = response.read()
            headers = {k.lower(): v for k, v in response.headers.items()}
            return response.status, headers, json.loads(body) if body else None
    except urllib.error.HTTPError as error:
        return error.code, {}, None


async def get(url: str, method: str = "GET") -> tuple[int, dict[str, str], Any]:
    return await anyio.to_thread.run_sync(fetch, url, method)  # the server answers on this test's own loop


async def test_the_served_app_answers_health_with_its_live_sessions(served: str) -> None:
    status, headers, body = await get(f"{served}/healthz")
    assert status == 200 and headers["cache-control"] == "no-store"
    assert body == {"status": "ok", "sessions": 0, "max_sessions": 1000, "view_state": "ok"}
    async with Client(f"{served}/mcp") as client:
        for n in range(2):  # two Views shown and clicked: two live sessions in this process
            view = ViewClient((await client.call_tool("shout", {"text": "hi"})).meta["pyview"])
            assert "error" not in await view.click(client.call_tool, "count")
            assert view.text("count") == "Clicked 1 times"
            assert (await get(f"{served}/healthz"))[2]["sessions"] == n + 1
    assert (await get(f"{served}/healthz", "HEAD"))[0] == 200
    assert (await get(f"{served}/healthz", "POST"))[0] == 405  # nothing to change there


def test_http_app_adds_the_endpoint_only_when_asked() -> None:
    _, server = load_server(str(SERVER_FILE))
    plain: Any = http_app(server, runtime_path=None)
    with serving(plain) as url:
        assert fetch(f"{url}/healthz")[0] == 404  # the app may be mounted beside routes of yours
    checked: Any = http_app(server, runtime_path=None, health_path="/health/live")
    with serving(checked) as url:
        assert fetch(f"{url}/health/live")[2]["status"] == "ok"
