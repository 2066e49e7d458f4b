"""Fault: one View floods the server with events (many calls at once, as fast as they are answered) while another
View is used normally. The flooding View's extra calls are refused at once with a clear error and nothing applied
(at most ``MAX_QUEUED`` of one View's calls are handled or wait at a time); every event that was answered without an
error was applied exactly once; the other View gets every click answered, in order, with no error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from runtime_client import ViewClient, claims

from pyview._tooling.server._admission import MAX_QUEUED
from pyview._tooling.server._server_file import load_server

pytestmark = pytest.mark.anyio
SERVER_FILE = Path(__file__).parent / "runtime_views" / "server.py"
FLOODERS = 24  # concurrent calls the flooding View keeps going
MAX_FLOOD = 20_000  # the flood's bound, should the other View never finish
CLICKS = 20


async def test_a_flooding_view_does_not_starve_another(signing_secret: str) -> None:
    _module, server = load_server(str(SERVER_FILE))
    outcomes = {"applied": 0, "busy": 0, "stale": 0, "other": 0}
    with anyio.fail_after(120):
        async with Client(server) as client:
            flood_result = await client.call_tool("shout", {"text": "flood", "start": 0})
            calm = ViewClient((await client.call_tool("shout", {"text": "calm", "start": 0})).meta["pyview"])
            flooding = ViewClient(flood_result.meta["pyview"])
            await flooding.send(client.call_tool)  # live
            click = flooding.event("count", "click")
            newest = {"token": flooding.token or ""}
            done = anyio.Event()
            sent = 0

            async def flood() -> None:
                nonlocal sent
                while not done.is_set() and sent < MAX_FLOOD:
                    sent += 1
                    arguments = {"session": newest["token"], "events": [click]}
                    answer: dict[str, Any] = (await client.call_tool("pyview_event", arguments)).meta["pyview"]
                    message = (answer.get("error") or {}).get("message", "")
                    kind = ("busy" if "nothing was applied" in message else "stale" if "stale" in message
                            else "other" if message else "applied")  # fmt: skip
                    outcomes[kind] += 1
                    token = answer.get("session")
                    if isinstance(token, str) and claims(token)["n"] > claims(newest["token"])["n"]:
                        newest["token"] = token

            async with anyio.create_task_group() as tasks:
                for _ in range(FLOODERS):
                    tasks.start_soon(flood)
                for n in range(1, CLICKS + 1):  # the calm View, one call at a time as the shim sends them
                    answer = await calm.click(client.call_tool, "count")
                    assert "error" not in answer, answer["error"]
                    assert calm.text("count") == f"Clicked {n} times"
                flood_was_running = sent < MAX_FLOOD
                done.set()
            assert flood_was_running, "the flood ended before the calm View's clicks were answered"

            # what the flooding View shows now: a frame with its first token is brought up to date (reset)
            shown = ViewClient(flood_result.meta["pyview"])
            answer = await shown.send(client.call_tool)
            assert "reset" in answer
    assert outcomes["other"] == 0, outcomes
    assert outcomes["busy"] > 0, f"no call refused with {FLOODERS} at once (limit {MAX_QUEUED}): {outcomes}"
    assert shown.text("count") == f"Clicked {outcomes['applied']} times", outcomes  # each applied once, none lost
