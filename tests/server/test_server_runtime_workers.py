"""Two uvicorn worker processes behind one port (stateless Streamable HTTP, no sticky sessions): a View keeps
working while its events land on either worker, and the workers share a signing key from the cache folder."""

from __future__ import annotations

import json
import os
import socket
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio.to_thread
import pytest
from mcp import Client
from runtime_client import ViewClient, claims

from pyview._tooling.testing._process import ServerProcess

pytestmark = pytest.mark.anyio
APP_DIR = Path(__file__).parent / "runtime_views"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def both_started(lines: list[str]) -> bool:
    return sum("Application startup complete" in line for line in lines) == 2


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYVIEW_")}
    env["PYVIEW_CACHE_DIR"] = str(tmp_path / "cache")  # no $PYVIEW_SECRET: the workers share the key file
    env["PYVIEW_VIEW_CACHE"] = "off"
    command = [sys.executable, "-m", "uvicorn", "asgi:app", "--app-dir", str(APP_DIR), "--workers", "2",
               "--port", str(port), "--log-level", "info"]  # fmt: skip
    with ServerProcess(command, env=env) as workers:
        workers.wait_for(both_started, 60, "the two uvicorn workers")
        yield f"http://127.0.0.1:{port}/mcp"
    key = tmp_path / "cache" / "server-secret"
    assert key.stat().st_mode & 0o777 == 0o600


async def test_events_on_either_worker_keep_the_view_working(two_workers: str) -> None:
    async with Client(two_workers) as client:
        result = await client.call_tool("shout", {"text": "hi", "start": 0})
    view = ViewClient(result.meta["pyview"])
    switches = 0
    clicks = 0
    while switches < 3 and clicks < 60:
        made = len(view.calls)
        async with Client(two_workers) as client:  # a new connection per event: the kernel gives it to either worker
            answer = await view.click(client.call_tool, "count")
        clicks += 1
        assert "error" not in answer, answer["error"]
        # a worker holding the session answers at once; one without it asks for the data token once, then restores
        assert len(view.calls) - made == (2 if "reset" in answer else 1)
        assert ("data" in view.calls[-1]) == ("reset" in answer)
        if clicks > 1 and "reset" in answer:  # the previous event was handled by the other worker
            switches += 1
        assert view.text("count") == f"Clicked {clicks} times"
        assert claims(view.token or "")["n"] == clicks
    assert switches >= 3, f"all {clicks} events landed on one worker"
    # the check a load balancer makes: every worker answers it, and the sessions the View left are live in them
    seen = [await anyio.to_thread.run_sync(health_of, two_workers.replace("/mcp", "/healthz")) for _ in range(20)]
    assert all(answer["status"] == "ok" and answer["max_sessions"] == 1000 for answer in seen)
    assert max(answer["sessions"] for answer in seen) >= 1


def health_of(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=30) as response:  # a new connection each: either worker answers
        answer: dict[str, Any] = json.loads(response.read())
        return answer
