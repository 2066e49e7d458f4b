"""The relay server of the test harness over real HTTP: the same gate as the dev host, unguessable session ids,
and messages that cannot be encoded or decoded dropped with a logged error, never a broken event stream."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest

from pyview._tooling.host._relay import RelayHub, RelaySession, encode
from pyview.app import memory_transport_pair
from pyview.host import Host
from pyview.testing import HostServer


def deep(depth: int = 5000) -> Any:
    value: Any = {"leaf": 1}
    for _ in range(depth):
        value = [value]
    return value


@pytest.fixture
def relay() -> Iterator[tuple[HostServer, RelaySession, httpx.Client]]:
    server = HostServer.start()
    session = server.call(server.hub.create)
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield server, session, client
    server.stop()


def test_session_ids_are_unguessable_and_tokens_new_per_run() -> None:
    hub = RelayHub()
    ids = {hub.create().id for _ in range(50)}
    assert len(ids) == 50 and all(len(sid) >= 20 for sid in ids)
    assert RelayHub().token != hub.token and len(hub.token) >= 40


def test_every_relay_endpoint_refuses_foreign_requests(relay: tuple[HostServer, RelaySession, httpx.Client]) -> None:
    server, session, client = relay
    token = server.hub.token
    port = server.url.rsplit(":", 1)[1]
    base = session.base
    endpoints = [("GET", "/relay.js"), ("GET", f"{base}/"), ("GET", f"{base}/events"), ("POST", f"{base}/in")]
    endpoints.append(("GET", f"{base}/frame"))
    pages = {"/relay.js", f"{base}/"}
    good = {"X-Pyview-Token": token, "Content-Type": "application/json"}
    problems = []
    for method, path in endpoints:
        cases: dict[str, tuple[dict[str, str], int]] = {
            "Host: evil.example": ({**good, "Host": "evil.example"}, 403),
            "Host: evil.example with the port": ({**good, "Host": f"evil.example:{port}"}, 403),
            "Origin: https://evil.example": ({**good, "Origin": "https://evil.example"}, 403),
            "Origin: null (a sandboxed frame)": ({**good, "Origin": "null"}, 403),
        }
        if path not in pages:
            cases["no token"] = ({"Content-Type": "application/json"}, 403)
            cases["a wrong token"] = ({**good, "X-Pyview-Token": token[:-1]}, 403)
        if method == "POST":
            cases["text/plain"] = ({"X-Pyview-Token": token, "Content-Type": "text/plain"}, 415)
        for name, (headers, expected) in cases.items():
            answer = client.request(method, path, headers=headers, content=b"[]" if method == "POST" else None)
            if answer.status_code != expected or not answer.text.startswith("pyview: refused"):
                problems.append(f"{method} {path} with {name}: {answer.status_code} {answer.text[:80]!r}")
    assert problems == []

    page = client.get(f"{base}/")  # the page needs no token: it carries it, readable only by its own origin
    assert page.status_code == 200 and f'content="{token}"' in page.text
    assert client.get("/relay/guessed/", headers=good).status_code == 404
    assert client.post(f"{base}/in", content=b"[]", headers=good).status_code == 204
    with client.stream("GET", f"{base}/events?token={token}") as stream:  # EventSource: the token in the query
        assert stream.status_code == 200
    assert client.get(f"{base}/events?token={token}&from=x").status_code == 400


def test_an_event_that_cannot_be_encoded_is_dropped_and_the_stream_keeps_going(
    relay: tuple[HostServer, RelaySession, httpx.Client], caplog: pytest.LogCaptureFixture
) -> None:
    server, session, client = relay
    with caplog.at_level(logging.ERROR, "pyview.host"):
        assert server.call(session.push, {"type": "status", "text": "before"})
        assert not server.call(session.push, {"type": "traffic", "message": deep()})
        assert not server.call(session.push, {"type": "status", "value": float("nan")})
        assert not server.call(session.push, {"type": "status", "value": object()})
        assert server.call(session.push, {"type": "status", "text": "after"})
    assert "dropped a 'traffic' event for the page: it cannot be sent as JSON: nested too deeply" in caplog.text
    events: list[dict[str, Any]] = []
    with client.stream("GET", f"{session.base}/events", headers={"X-Pyview-Token": server.hub.token}) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                events.append(json.loads(line[6:]))
                if events[-1].get("text") == "after":
                    break
    assert [e.get("text") or e["type"] for e in events] == ["before", "dropped", "dropped", "dropped", "after"]
    reason = "it cannot be sent as JSON: nested too deeply"
    assert events[1] == {"type": "dropped", "event": "traffic", "reason": reason}


def test_a_message_from_the_page_that_cannot_be_decoded_is_dropped_the_rest_delivered(
    relay: tuple[HostServer, RelaySession, httpx.Client], caplog: pytest.LogCaptureFixture
) -> None:
    server, session, client = relay
    items = [json.dumps({"type": "ready"}), "[" * 5000 + "]" * 5000, "{not json", json.dumps({"type": "done"}), 7]
    with caplog.at_level(logging.ERROR, "pyview.host"):
        answer = client.post(f"{session.base}/in", json=items, headers={"X-Pyview-Token": server.hub.token})
    assert answer.status_code == 204
    assert server.call(lambda: session.page_events) == [{"type": "ready"}, {"type": "done"}]
    assert "nested too deeply" in caplog.text and "not JSON" in caplog.text and "not an object" in caplog.text


@pytest.mark.anyio
async def test_the_host_drops_a_tool_result_the_link_cannot_carry_and_delivers_the_next() -> None:
    """The queued notifications are flushed at ``initialized``: a deep one is dropped, the rest still go."""
    from pyview.app import App

    host = Host()
    dropped: list[dict[str, Any]] = []
    host.listeners.append(lambda kind, data: dropped.append(data) if kind == "dropped" else None)
    view_end, host_end = memory_transport_pair()
    host.connect(host_end)
    results: list[Any] = []
    app = App("deep", "1.0")
    app.on_tool_result(lambda result: results.append(result.structured_content))
    deep_result = {"content": [{"type": "text", "text": "deep"}], "structuredContent": {"value": deep()}}
    host.send_tool_result(deep_result)  # queued until initialized
    host.send_tool_result({"value": 1})
    await app.connect(view_end)
    await host.wait_initialized()
    host.send_tool_result(deep_result)
    host.send_tool_result({"value": 2})
    await host.ping()
    assert results == [{"value": 1}, {"value": 2}]
    assert [d["method"] for d in dropped] == ["ui/notifications/tool-result"] * 2
    assert "nested too deeply" in dropped[0]["reason"]


def test_encode_refuses_what_json_cannot_carry() -> None:
    cases = ((deep(), "nested too deeply"), (float("inf"), "Out of range"), ({1j}, "not JSON serializable"))
    for value, reason in cases:
        with pytest.raises(ValueError, match=reason):
            encode({"type": "x", "v": value})


@pytest.mark.anyio
async def test_a_reply_the_link_cannot_carry_becomes_a_json_rpc_error() -> None:
    from pyview.app import App, HostError
    from pyview.host import ScriptedBackend

    deep_result = {"content": [{"type": "text", "text": "deep"}], "structuredContent": {"value": deep()}}
    host = Host(ScriptedBackend(tools={"deep": lambda args: deep_result, "ok": {"fine": True}}))
    view_end, host_end = memory_transport_pair()
    host.connect(host_end)
    app = App("deep", "1.0")
    await app.connect(view_end)
    with pytest.raises(HostError, match="nested too deeply"):
        await app.call_server_tool("deep")
    assert (await app.call_server_tool("ok")).structured_content == {"fine": True}
