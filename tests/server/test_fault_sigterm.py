"""Fault: ``SIGTERM`` to ``pyview serve --http`` while a View's event is in flight. The server stops accepting
connections at once, answers the event in flight, and exits; one whose request never finishes exits anyway after
``--shutdown-timeout`` (the View sees an error for that call)."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest
from fault_servers import accepts, free_port, pyview_serve, stop, until
from mcp import Client
from runtime_client import ViewClient

pytestmark = pytest.mark.anyio


async def held_click(url: str, gate: Path, process: subprocess.Popen[bytes], then: Any) -> dict[str, Any]:
    """Click Refresh (held at the gate), SIGTERM the server while it is in flight, run ``then()``; the answer."""
    async with Client(url) as client:
        frame = ViewClient((await client.call_tool("shout", {"text": "hi"})).meta["pyview"])
        await frame.click(client.call_tool, "count")
        answers: list[dict[str, Any]] = []

        async def click() -> None:
            try:
                answers.append(await frame.click(client.call_tool, "refresh"))
            except Exception as exc:  # the connection closed under it
                answers.append({"failed": repr(exc)})

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(click)
            await anyio.to_thread.run_sync(lambda: until(Path(f"{gate}.waiting").exists, "the event in flight"))
            process.send_signal(signal.SIGTERM)
            port = int(url.split(":")[2].split("/")[0])
            await anyio.to_thread.run_sync(lambda: until(lambda: not accepts(port), "the server refusing"))
            await anyio.to_thread.run_sync(then)
        return {"answer": answers[0], "frame": frame}


async def test_sigterm_answers_the_event_in_flight_then_exits(tmp_path: Path) -> None:
    port, gate = free_port(), tmp_path / "gate"
    process = pyview_serve(port, gate, shutdown_timeout=30)
    try:
        with anyio.fail_after(90):
            got = await held_click(f"http://127.0.0.1:{port}/mcp", gate, process, gate.touch)
        answer, frame = got["answer"], got["frame"]
        assert "failed" not in answer and "error" not in answer, answer
        assert frame.text("note") == "shout says AGAIN" and frame.text("count") == "Clicked 1 times"
        # it exits by itself (the bound is 30 s; 60 is the test's deadline); uvicorn re-raises the SIGTERM it handled
        assert process.wait(60) == -signal.SIGTERM
    finally:
        stop(process)


async def test_sigterm_exits_within_its_bound_when_a_request_never_finishes(tmp_path: Path) -> None:
    port, gate = free_port(), tmp_path / "gate"  # the gate is never opened: the request would run for 60 s
    process = pyview_serve(port, gate, shutdown_timeout=1)
    try:
        with anyio.fail_after(90):
            got = await held_click(f"http://127.0.0.1:{port}/mcp", gate, process, lambda: process.wait(45))
        assert process.returncode == -signal.SIGTERM  # after its 1 s bound, long before the request's own 60 s
        assert "failed" in got["answer"] or "error" in got["answer"], got["answer"]  # the View is told
    finally:
        stop(process)
