"""Property-based: random and malformed frames never crash the View; every request gets one valid answer."""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyview.app import App, JsonRpcPeer, memory_transport_pair

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
methods = st.sampled_from(
    [
        "ping",
        "tools/call",
        "tools/list",
        "ui/resource-teardown",
        "ui/notifications/tool-input",
        "ui/notifications/tool-input-partial",
        "ui/notifications/tool-result",
        "ui/notifications/tool-cancelled",
        "ui/notifications/host-context-changed",
        "unknown/method",
    ]
) | st.text(max_size=10)
ids = st.integers() | st.text(max_size=5) | st.none() | st.booleans() | st.floats(allow_nan=False)


@st.composite
def frames(draw: st.DrawFn) -> object:
    kind = draw(st.sampled_from(["request", "notification", "response", "random", "mangled"]))
    if kind == "random":
        return draw(json_values)
    frame: dict[str, Any] = {"jsonrpc": draw(st.sampled_from(["2.0", "2.0", "2.0", "1.0", None]))}
    if kind in ("request", "notification", "mangled"):
        frame["method"] = draw(methods | json_values) if kind == "mangled" else draw(methods)
        if draw(st.booleans()):
            frame["params"] = draw(json_values | st.dictionaries(st.text(max_size=12), json_values, max_size=4))
    if kind in ("request", "response", "mangled"):
        frame["id"] = draw(ids)
    if kind == "response":
        frame[draw(st.sampled_from(["result", "error"]))] = draw(json_values)
    if frame["jsonrpc"] is None:
        del frame["jsonrpc"]
    return frame


def is_request(frame: object) -> bool:
    """Anything with a method and an id calls for exactly one answer (an error if it is malformed)."""
    return isinstance(frame, dict) and "method" in frame and "id" in frame


def check_answers(sent: list[Any], frames_in: list[object]) -> None:
    requests = [f for f in frames_in if is_request(f)]
    responses = [m for m in sent if "method" not in m]
    assert len(responses) == len(requests)
    for response in responses:
        assert response["jsonrpc"] == "2.0"
        assert ("result" in response) != ("error" in response)
        if "error" in response:
            assert isinstance(response["error"]["code"], int)
            assert isinstance(response["error"]["message"], str)
    valid_ids = sorted(
        str(f["id"]) for f in requests if isinstance(f["id"], int | str) and not isinstance(f["id"], bool)
    )
    answered_ids = sorted(str(r["id"]) for r in responses if r["id"] is not None)
    assert answered_ids == valid_ids


@settings(max_examples=150, deadline=None)
@given(st.lists(frames(), max_size=12))
def test_peer_never_raises_and_answers_each_request_once(frames_in: list[object]) -> None:
    view, host = memory_transport_pair()
    sent: list[Any] = []
    host.start(sent.append)
    notes: list[Any] = []
    peer = JsonRpcPeer(view, on_notification=lambda m, p: notes.append(p))
    peer.request_handlers["ping"] = lambda params: {}
    peer.request_handlers["tools/call"] = lambda params: params["name"]  # KeyError on bad params -> -32603
    peer.start()
    for frame in frames_in:
        peer.receive(frame)  # must not raise
    check_answers(sent, frames_in)
    assert all(isinstance(p, dict) for p in notes)


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(frames(), max_size=10))
def test_connected_app_survives_anything(frames_in: list[object]) -> None:
    async def scenario() -> None:
        view, host = memory_transport_pair()
        sent: list[Any] = []
        host.start(sent.append)
        app = App("fuzz", "1", tools=True, auto_resize=False)
        app.tool(name="t")(lambda **kw: "ok")
        seen: list[Any] = []
        app.on_tool_result = seen.append
        app.on_host_context_changed = seen.append
        app.adopt({"protocolVersion": "2026-01-26", "hostContext": {"theme": "light"}}, view)
        for frame in frames_in:
            host.send_raw(frame)
        for _ in range(10):
            await asyncio.sleep(0)
        check_answers(sent, frames_in)
        # the View still works afterwards
        assert app.connected
        app.send_size_changed(1, 1)
        assert isinstance(app.host_context.raw, dict)

    asyncio.run(scenario())
