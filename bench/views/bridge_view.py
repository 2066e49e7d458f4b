"""The bridge benchmark's View: a Python App that times call_server_tool round trips and counts notifications."""

from __future__ import annotations

import json
import time

from pyview import App

app = App("bridge-bench", "1.0.0")
received = {"count": 0, "target": -1, "done_at": 0.0}


@app.on_tool_input_partial
def count(partial: object) -> None:
    received["count"] += 1
    if received["count"] == received["target"]:
        import js

        received["done_at"] = js.performance.timeOrigin + js.performance.now()


def expect(target: int) -> None:
    """Start counting host -> View notifications afresh."""
    received.update(count=0, target=target, done_at=0.0)


async def round_trips(count: int) -> str:
    """Milliseconds of ``count`` sequential ``call_server_tool`` round trips, as JSON."""
    times = []
    for index in range(count):
        start = time.perf_counter()
        await app.call_server_tool("echo", {"i": index})
        times.append((time.perf_counter() - start) * 1000)
    return json.dumps(times)


def flood(count: int) -> None:
    """Send ``count`` log notifications to the host, as fast as the View can."""
    for index in range(count):
        app.send_log("info", {"i": index})


async def main() -> None:
    await app.connect()
