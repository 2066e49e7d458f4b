"""The dev host's HTTP gate: every endpoint refuses a foreign Host, a foreign Origin, a missing or wrong token,
and a body that is not JSON; a text/plain cross-origin POST cannot call a tool (it cancelled an order once)."""

from __future__ import annotations

import json
import runpy
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from pyview.dev import DevHost, dev_app

SERVERS = Path(__file__).parents[1] / "host" / "servers"
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def dev() -> Iterator[tuple[TestClient, DevHost, str]]:
    """The dev host for the counter server (in process), its tools listed; a client on 127.0.0.1:8765."""
    server = runpy.run_path(str(SERVERS / "counter_server.py"))["server"]
    app, dev = dev_app(server, reload=False)
    with TestClient(app, base_url=BASE) as client:
        deadline = time.monotonic() + 30
        while not dev.tools and dev.status["level"] != "error":
            assert time.monotonic() < deadline, dev.status
            time.sleep(0.02)  # polling a condition, not a timed assertion
        assert dev.guard is not None
        yield client, dev, dev.guard.token


def endpoints(client: TestClient, dev: DevHost) -> list[tuple[str, str]]:
    """Every (method, path) the app serves (the relay's paths for the dev page's session)."""
    found = []
    app: Any = client.app
    for route in app.routes:
        assert isinstance(route, Route)
        path = route.path.replace("{sid}", dev.session.id).replace("{n:int}", "0")
        found += [(method, path) for method in sorted(route.methods or ()) if method != "HEAD"]
    return found


def test_the_page_embeds_the_token_and_every_api_call_needs_it(dev: tuple[TestClient, DevHost, str]) -> None:
    client, host, token = dev
    page = client.get("/")
    assert page.status_code == 200 and f'<meta name="pyview-token" content="{token}">' in page.text
    assert page.headers["x-frame-options"] == "DENY" and page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/dev.js").status_code == 200 and client.get("/relay.js").status_code == 200

    refused = client.get("/api/state")
    assert refused.status_code == 403 and "missing or wrong X-Pyview-Token" in refused.text
    assert client.get("/api/state", headers={"X-Pyview-Token": token + "x"}).status_code == 403
    state = client.get("/api/state", headers={"X-Pyview-Token": token}).json()
    assert state["relay"] == f"/relay/{host.session.id}" and len(host.session.id) >= 20  # not "dev"
    assert [t["name"] for t in state["tools"]][:2] == ["show_counter", "increment"]

    call = {"name": "show_counter", "arguments": {"start": 3}}
    ok = client.post("/api/call", json=call, headers={"X-Pyview-Token": token})
    assert ok.status_code == 200 and ok.json()["result"]["structuredContent"] == {"count": 3}


def test_every_endpoint_refuses_foreign_host_origin_and_missing_token(dev: tuple[TestClient, DevHost, str]) -> None:
    client, host, token = dev
    pages = {("GET", "/"), ("GET", "/dev.js"), ("GET", "/dev-form.js"), ("GET", "/relay.js")}
    pages.add(("GET", f"/relay/{host.session.id}/"))
    good = {"X-Pyview-Token": token, "Content-Type": "application/json"}
    all_endpoints = endpoints(client, host)
    assert len(all_endpoints) == 18 and pages < set(all_endpoints)
    problems = []
    for method, path in all_endpoints:
        cases: dict[str, tuple[dict[str, str], int]] = {
            "Host: evil.example": ({**good, "Host": "evil.example"}, 403),
            "Host: 127.0.0.1 on another port": ({**good, "Host": "127.0.0.1:9999"}, 403),
            "Host: localhost.evil.example:8765": ({**good, "Host": "localhost.evil.example:8765"}, 403),
            "Origin: http://evil.example": ({**good, "Origin": "http://evil.example"}, 403),
            "Origin: null": ({**good, "Origin": "null"}, 403),
            "Origin: http://127.0.0.1 on another port": ({**good, "Origin": "http://127.0.0.1:9999"}, 403),
        }
        if (method, path) not in pages:
            cases["no token"] = ({"Content-Type": "application/json"}, 403)
            cases["a wrong token"] = ({**good, "X-Pyview-Token": "guess"}, 403)
        if method == "POST":
            cases["text/plain body"] = ({"X-Pyview-Token": token, "Content-Type": "text/plain"}, 415)
            cases["token only as a query parameter"] = ({"Content-Type": "application/json"}, 403)
        for name, (headers, expected) in cases.items():
            url = path + (f"?token={token}" if name == "token only as a query parameter" else "")
            answer = client.request(method, url, headers=headers, content=b"{}" if method == "POST" else None)
            if answer.status_code != expected or not answer.text.startswith("pyview: refused"):
                problems.append(f"{method} {path} with {name}: {answer.status_code} {answer.text[:80]!r}")
    assert problems == []
    assert host.current is None  # no refused request called a tool


@pytest.mark.parametrize(
    "headers",
    [
        {"Host": "127.0.0.1:8765"},
        {"Host": "localhost:8765", "Origin": "http://localhost:8765"},
        {"Host": "[::1]:8765", "Origin": "http://[::1]:8765"},
    ],
)
def test_loopback_hosts_and_their_origins_pass(dev: tuple[TestClient, DevHost, str], headers: dict[str, str]) -> None:
    client, _host, token = dev
    assert client.get("/api/state", headers={**headers, "X-Pyview-Token": token}).status_code == 200


def test_the_text_plain_csrf_that_cancelled_an_order_is_refused(dev: tuple[TestClient, DevHost, str]) -> None:
    """What a hostile page's <form enctype=text/plain> or no-cors fetch sends: refused before any tool runs."""
    client, host, token = dev
    body = json.dumps({"name": "show_counter", "arguments": {"start": 99}})
    attack = {"Content-Type": "text/plain", "Origin": "http://evil.example"}
    assert client.post("/api/call", content=body, headers=attack).status_code == 403
    # even with the token somehow known and a same-origin request, a text/plain body is refused
    same_origin = {"Content-Type": "text/plain;charset=UTF-8", "Origin": BASE, "X-Pyview-Token": token}
    answer = client.post("/api/call", content=body, headers=same_origin)
    assert answer.status_code == 415 and "application/json" in answer.text
    assert host.current is None


def test_bad_json_bodies_get_a_clear_400(dev: tuple[TestClient, DevHost, str]) -> None:
    client, host, token = dev
    headers = {"X-Pyview-Token": token, "Content-Type": "application/json"}
    for body, expected in (
        (b"{not json", "not JSON"),
        (b"[1, 2]", "JSON object"),
        (b"[" * 5000 + b"]" * 5000, "not JSON"),
    ):
        answer = client.post("/api/call", content=body, headers=headers)
        assert answer.status_code == 400 and expected in answer.json()["error"]
    inbox = f"/relay/{host.session.id}/in"
    assert client.post(inbox, content=b'{"a": 1}', headers=headers).status_code == 400
    assert client.post(inbox, content=b"[" * 5000, headers=headers).status_code == 400


def test_host_option_adds_that_interface_and_allow_host_a_name() -> None:
    app, dev = dev_app("unused.py", reload=False, host="192.168.7.7", allow_hosts=["tunnel.example"])
    assert dev.guard is not None
    client = TestClient(app, base_url="http://192.168.7.7:8765")
    headers = {"X-Pyview-Token": dev.guard.token}
    assert client.get("/api/state", headers=headers).status_code == 200
    assert client.get("/api/state", headers={**headers, "Host": "tunnel.example:8765"}).status_code == 200
    assert client.get("/api/state", headers={**headers, "Host": "127.0.0.1:8765"}).status_code == 200
    assert client.get("/api/state", headers={**headers, "Host": "192.168.7.8:8765"}).status_code == 403
    other = dev_app("unused.py", reload=False)[1]
    assert other.guard is not None and other.guard.token != dev.guard.token  # a new token each run
    assert other.session.id != dev.session.id


def test_a_model_side_call_of_an_app_only_tool_is_refused_saying_why(dev: tuple[TestClient, DevHost, str]) -> None:
    """A real host hides an app-only tool from the model: the dev host's model-side call refuses it too."""
    client, host, token = dev
    headers = {"X-Pyview-Token": token}
    answer = client.post("/api/call", json={"name": "increment", "arguments": {"count": 1}}, headers=headers)
    assert answer.status_code == 400
    assert "'increment' is an app-only tool (_meta.ui.visibility is ['app'])" in answer.json()["error"]
    assert "its View still calls it" in answer.json()["error"]
    assert host.current is None  # nothing was called or shown
    model_only = client.post("/api/call", json={"name": "reset_all"}, headers=headers)
    assert model_only.status_code == 200 and model_only.json()["ok"] is True


def test_a_body_over_the_limit_gets_413_and_reaches_no_endpoint(dev: tuple[TestClient, DevHost, str]) -> None:
    client, host, token = dev
    headers = {"X-Pyview-Token": token, "Content-Type": "application/json"}
    huge = json.dumps({"name": "show_counter", "arguments": {"label": "x" * (9 * 1024 * 1024)}}).encode()

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for at in range(0, len(huge), 1 << 20):
            yield huge[at : at + (1 << 20)]

    for path in ("/api/call", f"/relay/{host.session.id}/in"):
        for body in (huge, chunks()):
            answer = client.post(path, content=body, headers=headers)
            assert answer.status_code == 413, (path, answer.text)
            assert "the request body is too large (at most 8,388,608 bytes)" in answer.text
    assert host.current is None
    ok = client.post("/api/call", json={"name": "show_counter", "arguments": {"start": 1}}, headers=headers)
    assert ok.status_code == 200
