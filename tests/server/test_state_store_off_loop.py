"""A View-state store a network away is never waited for on the server's event loop.

A ``remote`` store (``RedisStateStore``; here a store whose writes wait until the test lets them go) is read and
written in worker threads: while one View's write waits, every other View is answered; the waiting View's answer
comes once its write is done, with the value written. An in-process store is called in place.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel
from runtime_client import ViewClient, claims

from pyview.server import MemoryStore, Views

pytestmark = pytest.mark.anyio
HERE = Path(__file__).parent
DEADLINE = 60.0  # the whole test's bound, never a measurement


class HeldStore(MemoryStore):
    """A remote store whose merges wait until ``release`` is set (a slow network, a Redis far away)."""

    remote = True

    def __init__(self) -> None:
        super().__init__()
        self.writing = threading.Event()
        self.release = threading.Event()
        self.threads: set[str] = set()

    def update(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
        self.threads.add(threading.current_thread().name)
        self.writing.set()
        if not self.release.wait(DEADLINE):
            raise TimeoutError("the test never released the write")
        return super().update(instance, values, delete)


class Place(BaseModel):
    city: str


class Shout(BaseModel):
    text: str
    start: int = 0


def server_with(store: MemoryStore) -> MCPServer[Any]:
    views = Views(runtime="server", state_store=store)
    units = views.add("units", HERE / "state_views" / "units_view.py")
    counter = views.add("counter", HERE / "runtime_views" / "counter_view.py")

    @views.tool(units)
    def place(city: str) -> Place:
        """Show a city."""
        return Place(city=city)

    @views.tool(counter)
    def shout(text: str, start: int = 0) -> Shout:
        """A counter."""
        return Shout(text=text, start=start)

    return MCPServer("held", extensions=[views])


async def test_a_view_waiting_for_its_write_holds_up_no_other_view(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYVIEW_SECRET", "test-secret-0123456789abcdef")
    store = HeldStore()
    with anyio.fail_after(DEADLINE):
        async with Client(server_with(store)) as client:
            result = await client.call_tool("place", {"city": "Oslo"})
            oslo = ViewClient(result.meta["pyview"])
            other = ViewClient((await client.call_tool("shout", {"text": "hi"})).meta["pyview"])
            await other.send(client.call_tool)  # live, so its clicks below need nothing of the store
            answered: dict[str, Any] = {}

            async def click_units() -> None:
                answered["oslo"] = await oslo.click(client.call_tool, "units")

            async with anyio.create_task_group() as tasks:
                tasks.start_soon(click_units)
                await anyio.to_thread.run_sync(store.writing.wait, DEADLINE)  # Oslo's write waits in a thread
                for n in range(1, 4):  # meanwhile the other View is answered, click after click
                    await other.click(client.call_tool, "count")
                    assert other.text("count") == f"Clicked {n} times" and "oslo" not in answered
                store.release.set()
            assert "error" not in answered["oslo"] and oslo.text("units") == "units: F"
            assert store.get(claims(result.meta["pyview"]["instance"])["i"]) == {"units": "F"}  # before the answer
    assert threading.main_thread().name not in store.threads


async def test_an_in_process_store_is_written_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYVIEW_SECRET", "test-secret-0123456789abcdef")
    threads: set[str] = set()

    class Watched(MemoryStore):
        def update(self, instance: str, values: dict[str, Any], delete: Sequence[str] = ()) -> dict[str, Any]:
            threads.add(threading.current_thread().name)
            return super().update(instance, values, delete)

    with anyio.fail_after(DEADLINE):
        async with Client(server_with(Watched())) as client:
            oslo = ViewClient((await client.call_tool("place", {"city": "Oslo"})).meta["pyview"])
            await oslo.click(client.call_tool, "units")
            assert oslo.text("units") == "units: F"
    assert threads == {threading.current_thread().name}  # the event loop's own thread: no hop for a dict
