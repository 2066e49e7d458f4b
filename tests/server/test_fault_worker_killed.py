"""Fault: a server process killed (``kill -9``) while a View's event is in flight. Two stateless uvicorn processes
share one ``PYVIEW_SECRET`` (two hosts behind a load balancer, no affinity; the test routes the calls): every View
live on the killed one goes on, on the other, from the last state it was shown. The call in flight fails for the
host (the shim shows "The server did not handle the event"), is not applied, and the View recovers with its next
event: nothing is lost, nothing applied twice, no stale state shown."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import anyio
import pytest
from fault_servers import free_port, stop, until, uvicorn_worker
from mcp import Client
from runtime_client import ViewClient

pytestmark = pytest.mark.anyio
VIEWS = 5


async def test_views_go_on_from_their_last_state_after_a_worker_is_killed(tmp_path: Path) -> None:
    gate = tmp_path / "gate"  # never opened: the held event is in flight when its process dies
    ports = free_port(), free_port()
    doomed, survivor = (uvicorn_worker(port, gate) for port in ports)
    doomed_url, survivor_url = (f"http://127.0.0.1:{port}/mcp" for port in ports)
    try:
        with anyio.fail_after(120):
            async with Client(doomed_url) as doomed_client:
                frames = [ViewClient((await doomed_client.call_tool("shout", {"text": f"v{i}"})).meta["pyview"])
                          for i in range(VIEWS)]  # fmt: skip
                for frame in frames:
                    for _ in range(2):
                        assert "error" not in await frame.click(doomed_client.call_tool, "count")
            held = frames[0]
            failures: list[str] = []

            async def in_flight() -> None:  # its own connection: the one that breaks
                events = [held.event("count", "click"), held.event("refresh", "click")]  # +1, then wait at the gate
                try:
                    async with Client(doomed_url) as client:
                        failures.append(f"answered: {await held.send(client.call_tool, events)}")
                except Exception as exc:
                    failures.append(repr(exc))

            async with anyio.create_task_group() as tasks:
                tasks.start_soon(in_flight)
                await anyio.to_thread.run_sync(lambda: until(Path(f"{gate}.waiting").exists, "the event in flight"))
                os.kill(doomed.pid, signal.SIGKILL)
            assert failures and not failures[0].startswith("answered"), failures  # the host saw the call fail
            assert held.text("count") == "Clicked 2 times"  # the View still shows its last answered state

            async with Client(survivor_url) as client:  # the load balancer sends everything to the survivor
                for i, frame in enumerate(frames):
                    answer: dict[str, Any] = await frame.click(client.call_tool, "count")
                    assert "error" not in answer and "reset" in answer, (i, answer)  # restored from its tokens
                    assert frame.text("count") == "Clicked 3 times", i  # the lost call not applied, none twice
                    assert frame.text("note") == "", i  # nothing of the lost call's handler shows
                answer = await held.click(client.call_tool, "count")
                assert "error" not in answer and "reset" not in answer  # live on the survivor now
                assert held.text("count") == "Clicked 4 times"
    finally:
        stop(doomed)
        stop(survivor)
