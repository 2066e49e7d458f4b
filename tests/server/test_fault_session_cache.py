"""Fault: the live-session cache at its bound. Many more Views than ``max_sessions`` are used; the cache never holds
more than its bound, memory stops growing once it is full, and every evicted View's next event restores it from its
tokens (one ``need: "data"`` round trip) and goes on from its last state. bench/load.py runs 100,000 sessions."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel
from runtime_client import ViewClient

from pyview.server import Views

pytestmark = pytest.mark.anyio
BOUND = 10
WINDOW = 50  # Views measured in each of two windows, once the cache is full and turned over


class Shout(BaseModel):
    text: str
    start: int = 0


def bounded_server() -> tuple[MCPServer[Any], Views]:
    views = Views(runtime="server", max_sessions=BOUND)
    counter = views.add("counter", "runtime_views/counter_view.py")

    @views.tool(counter)
    def shout(text: str, start: int = 0) -> Shout:
        """Show a counter."""
        return Shout(text=text, start=start)

    return MCPServer("bounded", extensions=[views]), views


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


async def test_sessions_past_the_bound_are_evicted_and_restore_from_their_tokens(
    monkeypatch: pytest.MonkeyPatch, signing_secret: str
) -> None:
    monkeypatch.chdir(Path(__file__).parent)
    server, views = bounded_server()
    engine = views.server_runtime.engine
    frames: list[ViewClient] = []
    with anyio.fail_after(240):
        async with Client(server) as client:

            async def use_one(keep: bool) -> None:
                frame = ViewClient((await client.call_tool("shout", {"text": "hi"})).meta["pyview"])
                answer = await frame.click(client.call_tool, "count")
                assert "error" not in answer and frame.text("count") == "Clicked 1 times"
                if keep:  # the frames measured are not kept: only the server's memory is counted
                    frames.append(frame)
                assert len(engine.sessions) <= BOUND

            for _ in range(BOUND + 10):  # warm: the View imported, process-wide caches filled, the cache full
                await use_one(keep=True)
            tracemalloc.start()  # (it counts what is allocated from now on: the cache is turned over once first)
            try:
                for _ in range(BOUND):
                    await use_one(keep=False)
                # two windows: a leak grows both; a one-off allocation elsewhere in the process (a cache of the
                # interpreter's or of an earlier test's objects filling up, say) only one of them
                grown: list[int] = []
                for _ in range(2):
                    start = traced()
                    for _ in range(WINDOW):
                        await use_one(keep=False)
                    grown.append(traced() - start)
            finally:
                tracemalloc.stop()
            for frame in frames:  # long evicted: each goes on from its own last state
                calls = len(frame.calls)
                answer = await frame.click(client.call_tool, "count")
                assert "error" not in answer and "reset" in answer
                assert len(frame.calls) - calls == 2  # need: "data", then the call again with the data token
                assert frame.text("count") == "Clicked 2 times"
    per_view = min(grown) / WINDOW
    # a live counter session holds its tree, App and tokens (several KB); an evicted one nothing
    assert per_view < 1024, f"memory grew {per_view:.0f} bytes per View past the cache's bound"
