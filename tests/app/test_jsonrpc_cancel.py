"""Cancellation both ways (MCP ``notifications/cancelled``): in the JSON-RPC peer and through the App's tools."""

from __future__ import annotations

import asyncio
import math
from typing import Any

import pytest
from app_fakehost import NO_REPLY, FakeHost, connected_app, settle

from pyview.app import App, JsonRpcPeer, memory_transport_pair

pytestmark = pytest.mark.anyio


async def guard(waiting: Any) -> None:
    """Wait for an event, failing (not hanging the suite) if it never comes."""
    await asyncio.wait_for(waiting, 60)


class Other:
    """The other side of the link, collecting what the peer sends."""

    def __init__(self) -> None:
        self.view, self.end = memory_transport_pair()
        self.got: list[Any] = []
        self.end.start(self.got.append)

    def send(self, message: dict[str, Any]) -> None:
        self.end.send({"jsonrpc": "2.0", **message})

    def cancelled(self) -> list[Any]:
        return [m["params"] for m in self.got if m.get("method") == "notifications/cancelled"]

    def answers(self, request_id: Any) -> list[Any]:
        return [m for m in self.got if m.get("id") == request_id and "method" not in m]


def make_peer() -> tuple[JsonRpcPeer, Other]:
    other = Other()
    notes: list[tuple[str, dict[str, Any]]] = []
    peer = JsonRpcPeer(other.view, on_notification=lambda m, p: notes.append((m, p)))
    peer.start()
    return peer, other


@pytest.mark.parametrize("timeout", [None, math.inf, 30.0])
async def test_cancelling_the_awaiting_task_tells_the_other_side(timeout: float | None) -> None:
    peer, other = make_peer()
    call = asyncio.ensure_future(peer.request("tools/call", {"name": "slow"}, timeout=timeout))
    await settle()
    (sent,) = [m for m in other.got if m.get("method") == "tools/call"]

    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call

    assert other.cancelled() == [{"requestId": sent["id"], "reason": "cancelled"}]
    other.send({"id": sent["id"], "result": {"content": []}})  # a late answer is dropped quietly
    await settle()
    assert not peer.closed


async def test_an_answered_request_is_not_cancelled_afterwards() -> None:
    peer, other = make_peer()
    call = asyncio.ensure_future(peer.request("ping"))
    await settle()
    other.send({"id": other.got[0]["id"], "result": {}})
    assert await call == {}
    assert other.cancelled() == []


async def test_the_handshake_is_never_cancelled() -> None:
    peer, other = make_peer()
    call = asyncio.ensure_future(peer.request("ui/initialize", {}))
    await settle()
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert other.cancelled() == []


async def test_a_cancelled_notification_stops_the_handler_and_gets_no_response() -> None:
    peer, other = make_peer()
    started, stopped = asyncio.Event(), asyncio.Event()

    async def slow(params: dict[str, Any]) -> dict[str, Any]:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            stopped.set()
            raise
        return {}

    peer.request_handlers["slow"] = slow
    peer.request_handlers["echo"] = lambda params: params
    other.send({"id": "a-1", "method": "slow"})
    await guard(started.wait())

    other.send({"method": "notifications/cancelled", "params": {"requestId": "a-1", "reason": "user"}})
    await guard(stopped.wait())
    other.send({"id": 2, "method": "echo", "params": {"still": "alive"}})
    await settle()

    assert other.answers("a-1") == []
    assert other.answers(2) == [{"jsonrpc": "2.0", "id": 2, "result": {"still": "alive"}}]


async def test_a_handler_that_ignores_the_cancellation_still_gets_no_response() -> None:
    peer, other = make_peer()
    release = asyncio.Event()

    async def stubborn(params: dict[str, Any]) -> dict[str, Any]:
        while True:
            try:
                await release.wait()
                return {"late": True}
            except asyncio.CancelledError:
                continue

    peer.request_handlers["stubborn"] = stubborn
    other.send({"id": 7, "method": "stubborn"})
    await settle()
    other.send({"method": "notifications/cancelled", "params": {"requestId": 7}})
    await settle()
    release.set()
    await settle()

    assert other.answers(7) == []


@pytest.mark.parametrize("params", [{"requestId": 99}, {"requestId": None}, {"requestId": [1]}, {}])
async def test_cancelling_an_unknown_request_is_harmless(params: dict[str, Any]) -> None:
    peer, other = make_peer()
    peer.request_handlers["echo"] = lambda p: p
    other.send({"method": "notifications/cancelled", "params": params})
    other.send({"id": 1, "method": "echo", "params": {"ok": 1}})
    await settle()
    assert other.answers(1) == [{"jsonrpc": "2.0", "id": 1, "result": {"ok": 1}}]
    assert not peer.closed


async def test_a_view_tool_is_cancelled_by_the_host() -> None:
    app = App("v", "1", auto_resize=False)
    started, stopped = asyncio.Event(), asyncio.Event()

    @app.tool(description="Waits until cancelled")
    async def wait_forever() -> str:
        started.set()
        try:
            await asyncio.Event().wait()
        finally:
            stopped.set()
        return "never"

    host = FakeHost()
    await app.connect(host.view_transport)
    request_id = host.send_request("tools/call", {"name": "wait_forever", "arguments": {}})
    await guard(started.wait())
    host.notify("notifications/cancelled", {"requestId": request_id, "reason": "the user closed the View"})
    await guard(stopped.wait())
    answer = await host.request("ping")

    assert answer["result"] == {}
    assert request_id not in host.responses


async def test_call_server_tool_cancelled_by_the_view_tells_the_host() -> None:
    app, host = await connected_app()
    host.handlers["tools/call"] = lambda params: NO_REPLY
    call = asyncio.ensure_future(app.call_server_tool("refresh", {"city": "Oslo"}))
    await settle()
    (request,) = host.requests("tools/call")

    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    await settle()

    assert host.notifications("notifications/cancelled") == [{"requestId": request["id"], "reason": "cancelled"}]
