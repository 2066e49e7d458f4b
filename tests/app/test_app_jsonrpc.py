"""The JSON-RPC peer on its own: requests, errors, timeouts, closing and malformed input."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from pyview.app import (
    ConnectionClosedError,
    HostError,
    JsonRpcError,
    JsonRpcPeer,
    RequestTimeoutError,
    memory_transport_pair,
)

pytestmark = pytest.mark.anyio


class Other:
    """The other side of the link, collecting what the peer sends."""

    def __init__(self) -> None:
        self.view, self.end = memory_transport_pair()
        self.got: list[Any] = []
        self.notes: list[tuple[str, dict[str, Any]]] = []
        self.end.start(self.got.append)

    def send(self, message: dict[str, Any]) -> None:
        self.end.send(message)


def make_peer(**options: Any) -> tuple[JsonRpcPeer, Other]:
    other = Other()
    peer = JsonRpcPeer(other.view, on_notification=lambda m, p: other.notes.append((m, p)), **options)
    peer.request_handlers["echo"] = lambda params: params
    peer.start()
    return peer, other


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


async def test_request_resolves_with_the_matching_result() -> None:
    peer, other = make_peer()
    first = asyncio.ensure_future(peer.request("a", {"n": 1}))
    second = asyncio.ensure_future(peer.request("b"))
    await settle()
    ids = [m["id"] for m in other.got]
    assert len(set(ids)) == 2
    assert other.got[0] == {"jsonrpc": "2.0", "id": ids[0], "method": "a", "params": {"n": 1}}
    assert "params" not in other.got[1]
    # answer out of order
    other.send({"jsonrpc": "2.0", "id": ids[1], "result": {"who": "b"}})
    other.send({"jsonrpc": "2.0", "id": ids[0], "result": {"who": "a"}})
    assert await first == {"who": "a"}
    assert await second == {"who": "b"}


async def test_error_response_raises_host_error_with_code_message_data() -> None:
    peer, other = make_peer()
    task = asyncio.ensure_future(peer.request("ui/open-link", {"url": "x"}))
    await settle()
    other.send({"jsonrpc": "2.0", "id": other.got[0]["id"], "error": {"code": -32000, "message": "no", "data": [1]}})
    with pytest.raises(HostError) as info:
        await task
    assert (info.value.code, info.value.message, info.value.data) == (-32000, "no", [1])
    assert info.value.method == "ui/open-link"
    assert "ui/open-link" in str(info.value)


async def test_malformed_error_object_still_fails_the_request() -> None:
    peer, other = make_peer()
    task = asyncio.ensure_future(peer.request("x"))
    await settle()
    other.send({"jsonrpc": "2.0", "id": other.got[0]["id"], "error": "boom"})
    with pytest.raises(HostError) as info:
        await task
    assert info.value.code == -32603


async def test_timeout_names_the_method_and_cancels_remotely() -> None:
    peer, other = make_peer()
    with pytest.raises(RequestTimeoutError) as info:
        await peer.request("tools/call", {"name": "slow"}, timeout=0.01)
    assert isinstance(info.value, TimeoutError)
    assert info.value.method == "tools/call"
    assert "tools/call" in str(info.value)
    await settle()
    request_id = other.got[0]["id"]
    assert other.got[1] == {
        "jsonrpc": "2.0",
        "method": "notifications/cancelled",
        "params": {"requestId": request_id, "reason": "timeout"},
    }
    # a late answer is dropped without harm
    other.send({"jsonrpc": "2.0", "id": request_id, "result": {}})
    await settle()


async def test_default_timeout_comes_from_the_peer() -> None:
    peer, _other = make_peer(request_timeout=0.01)
    with pytest.raises(RequestTimeoutError):
        await peer.request("x")


async def test_close_fails_pending_requests_and_later_sends() -> None:
    peer, other = make_peer()
    task = asyncio.ensure_future(peer.request("x"))
    await settle()
    other.end.close()  # the host side goes away
    with pytest.raises(ConnectionClosedError):
        await task
    assert peer.closed
    with pytest.raises(ConnectionClosedError):
        await peer.request("y")
    with pytest.raises(ConnectionClosedError):
        peer.notify("z")


async def test_notifications_are_dispatched_synchronously_from_the_listener() -> None:
    peer, other = make_peer()
    peer.receive({"jsonrpc": "2.0", "method": "n", "params": {"a": 1}})
    peer.receive({"jsonrpc": "2.0", "method": "m"})
    assert other.notes == [("n", {"a": 1}), ("m", {})]


async def test_notification_handler_failure_is_contained(caplog: pytest.LogCaptureFixture) -> None:
    other = Other()
    peer = JsonRpcPeer(other.view, on_notification=lambda m, p: 1 / 0)
    with caplog.at_level(logging.ERROR, logger="pyview.app"):
        peer.receive({"jsonrpc": "2.0", "method": "n"})
    assert "notification handler for n failed" in caplog.text


@pytest.mark.parametrize(
    ("frame", "code", "reply_id"),
    [
        ({"jsonrpc": "2.0", "id": 1, "method": "nope"}, -32601, 1),
        ({"jsonrpc": "2.0", "id": "s", "method": "echo", "params": [1, 2]}, -32602, "s"),
        ({"jsonrpc": "2.0", "id": 1, "method": "echo", "params": "x"}, -32602, 1),
        ({"jsonrpc": "1.0", "id": 1, "method": "echo"}, -32600, 1),
        ({"id": 1, "method": "echo"}, -32600, 1),
        ({"jsonrpc": "2.0", "id": 1, "method": 5}, -32600, 1),
        ({"jsonrpc": "2.0", "id": 1.5, "method": "echo"}, -32600, None),
        ({"jsonrpc": "2.0", "id": True, "method": "echo"}, -32600, None),
        ({"jsonrpc": "2.0", "id": None, "method": "echo"}, -32600, None),
    ],
)
async def test_bad_requests_get_json_rpc_errors(frame: dict[str, Any], code: int, reply_id: object) -> None:
    peer, other = make_peer()
    peer.receive(frame)
    await settle()
    assert len(other.got) == 1
    reply = other.got[0]
    assert reply["error"]["code"] == code
    assert isinstance(reply["error"]["message"], str)
    assert reply["id"] == reply_id
    assert "result" not in reply


@pytest.mark.parametrize(
    "frame",
    [
        "not an object",
        42,
        None,
        [{"jsonrpc": "2.0", "method": "n"}],  # batches are not used by MCP Apps
        {"jsonrpc": "2.0", "method": "n", "params": [1]},
        {"jsonrpc": "2.0", "method": 7},
        {"jsonrpc": "2.0", "id": 999, "result": {}},  # unknown id
        {"jsonrpc": "2.0", "result": {}},  # response without id
        {"jsonrpc": "2.0"},
        {},
    ],
)
async def test_garbage_is_dropped_without_reply(frame: object) -> None:
    peer, other = make_peer()
    peer.receive(frame)
    await settle()
    assert other.got == []
    assert other.notes == []


async def test_handler_exceptions_become_internal_errors_and_mcp_errors_keep_their_code() -> None:
    peer, other = make_peer()
    peer.request_handlers["crash"] = lambda params: {}["missing"]
    peer.request_handlers["refuse"] = lambda params: (_ for _ in ()).throw(JsonRpcError(-32602, "bad mode", {"m": 1}))

    async def slow_crash(params: dict[str, Any]) -> dict[str, Any]:
        await asyncio.sleep(0)
        raise RuntimeError("late")

    peer.request_handlers["slow_crash"] = slow_crash
    for i, method in enumerate(["crash", "refuse", "slow_crash"], start=1):
        other.send({"jsonrpc": "2.0", "id": i, "method": method})
    await settle()
    errors = {m["id"]: m["error"] for m in other.got}
    assert errors[1]["code"] == -32603 and "KeyError" in errors[1]["message"]
    assert errors[2] == {"code": -32602, "message": "bad mode", "data": {"m": 1}}
    assert errors[3]["code"] == -32603 and "late" in errors[3]["message"]


async def test_async_handler_result_and_unserialisable_result() -> None:
    peer, other = make_peer()

    async def later(params: dict[str, Any]) -> dict[str, Any]:
        await asyncio.sleep(0)
        return {"ok": True}

    peer.request_handlers["later"] = later
    peer.request_handlers["weird"] = lambda params: {"x": object()}
    peer.request_handlers["none"] = lambda params: None
    other.send({"jsonrpc": "2.0", "id": "a", "method": "later"})
    other.send({"jsonrpc": "2.0", "id": "b", "method": "weird"})
    other.send({"jsonrpc": "2.0", "id": "c", "method": "none"})
    await settle()
    replies = {m["id"]: m for m in other.got}
    assert replies["a"]["result"] == {"ok": True}
    assert replies["b"]["error"]["code"] == -32603
    assert replies["c"]["result"] == {}


async def test_unserialisable_request_params_fail_in_the_caller() -> None:
    peer, other = make_peer()
    with pytest.raises(TypeError):
        await peer.request("x", {"bad": object()})
    with pytest.raises(ValueError):
        await peer.request("x", {"nan": float("nan")})
    assert other.got == []
