"""The counter View with a gate (tests/server/test_fault_*.py).

``shout("again")``, which the counter's Refresh button calls in-process, creates ``$FAULT_GATE.waiting`` and waits
until the file ``$FAULT_GATE`` exists: a test holds one event in flight while it kills or stops the server.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import anyio
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.server import Views

views = Views(runtime="server")
counter = views.add("counter", Path(__file__).parent.parent / "runtime_views" / "counter_view.py")


class Shout(BaseModel):
    text: str
    start: int = 0

    def __str__(self) -> str:
        return self.text


@views.tool(counter)
async def shout(text: str, start: int = 0) -> Shout:
    """Shout a text back, and show a counter starting at ``start`` (``again`` waits for the test's gate)."""
    gate = os.environ.get("FAULT_GATE")
    if text == "again" and gate:
        Path(gate + ".waiting").touch()  # the test waits for this: the event is in flight now
        deadline = time.monotonic() + 60  # the test opens it; the bound only keeps a broken test from hanging
        while not Path(gate).exists() and time.monotonic() < deadline:
            await anyio.sleep(0.02)
    return Shout(text=text.upper(), start=start)


server = MCPServer("faults", extensions=[views])
