"""The tool data travel once (issue 25): a separately signed data token the View keeps and sends only when a worker
without the session asks for it; every event carries only the small session token."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import zlib
from typing import Any

import pytest
from mcp import Client
from runtime_client import ViewClient, claims
from runtime_server import fresh_server

from pyview._tooling.server._data_token import REBASE_BYTES
from pyview._tooling.server._signing import Signer, TokenError

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("signing_secret")]


async def started(client: Client, text: str = "hi") -> ViewClient:
    return ViewClient((await client.call_tool("shout", {"text": text, "start": 0})).meta["pyview"])


def shown(view: ViewClient, answer: dict[str, Any]) -> None:
    view.show(answer["reset"])
    for patch in answer["patches"]:
        view.dom.apply(patch)


def size(arguments: dict[str, Any]) -> int:
    return len(json.dumps(arguments, ensure_ascii=False).encode())


async def test_events_carry_the_session_token_only_and_it_does_not_grow_with_the_tool_data() -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        small, large = await started(client), await started(client, "x" * 50_000)
        for view in (small, large):
            for _ in range(3):
                await view.click(client.call_tool, "count")
            assert view.text("count") == "Clicked 3 times"
    assert "X" * 50_000 in json.dumps(claims(large.data or "")["t"])  # the data token has the tool data...
    assert "X" * 1000 not in json.dumps([claims(call["session"]) for call in large.calls])  # ...the session none
    assert abs(len(large.token or "") - len(small.token or "")) < 100
    for view in (small, large):  # one retry at the first event (never live yet), then no data at all
        assert ["data" in call for call in view.calls] == [False, True, False, False]
    assert max(size(call) for call in large.calls[2:]) < 2_000


async def test_a_worker_without_the_session_continues_it_with_one_retry_and_applies_the_event_once() -> None:
    module, server = fresh_server()
    _, other = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        await view.click(client.call_tool, "count")
        await view.type(client.call_tool, "field", "kept")
        await view.send(client.call_tool, context={"theme": "dark"})
        module.views.server_runtime.engine.sessions.clear()  # evicted (or restarted, or LRU)
        made = len(view.calls)
        answer = await view.click(client.call_tool, "count")
    asked, repeated = view.calls[made:]
    assert "data" not in asked and repeated["data"] == view.data and repeated["events"] == asked["events"]
    assert "reset" in answer and "error" not in answer
    assert (view.text("count"), view.text("typed"), view.text("theme")) == (
        "Clicked 2 times",
        "typed: kept",
        "theme: dark",
    )
    async with Client(other) as client:  # a worker that never saw it: the same, from the tokens alone
        made = len(view.calls)
        answer = await view.click(client.call_tool, "count")
        assert len(view.calls) - made == 2 and "reset" in answer and view.text("count") == "Clicked 3 times"
        await view.click(client.call_tool, "count")  # live there now: no retry
    assert len(view.calls) - made == 3 and view.text("count") == "Clicked 4 times"


async def test_the_need_answer_applies_nothing_and_a_repeat_is_applied_once() -> None:
    module, server = fresh_server()
    engine = module.views.server_runtime.engine
    async with Client(server) as client:
        view = await started(client)
        click = {"session": view.token, "events": [view.event("count", "click")], "answers": []}
        need = (await client.call_tool("pyview_event", click)).meta["pyview"]
        assert need == {"v": 1, "need": "data", "patches": [], "requests": []}  # no session, no patches, no state
        assert engine.sessions == {}
        answer = (await client.call_tool("pyview_event", {**click, "data": view.data})).meta["pyview"]
        shown(view, answer)
        assert view.text("count") == "Clicked 1 times"
        again = (await client.call_tool("pyview_event", {**click, "data": view.data})).meta["pyview"]
        assert "stale session token" in again["error"]["message"]  # the same call sent twice: dropped, not re-applied
        shown(view, again)
        assert view.text("count") == "Clicked 1 times"


async def test_wrong_forged_and_oversized_data_tokens_are_refused_and_lose_nothing() -> None:
    module, server = fresh_server()
    engine = module.views.server_runtime.engine
    async with Client(server) as client:
        view, another = await started(client), await started(client)
        payload = claims(view.data or "")
        forged_payload = {**payload, "t": {**payload["t"], "result": {"structuredContent": {"text": "FORGED"}}}}
        cases = [
            (another.data, "does not belong to this session token"),
            (view.token, "does not belong to this session token"),
            (Signer(b"another-server-secret-0123456789").sign(payload), "does not belong"),
            (engine.signer.sign(forged_payload), "does not belong"),
            ("x" * (engine.signer.max_bytes + 1), "too large"),
        ]
        for data, message in cases:
            arguments = {"session": view.token, "data": data, "events": [view.event("count", "click")]}
            answer = (await client.call_tool("pyview_event", arguments)).meta["pyview"]
            assert message in answer["error"]["message"]
            assert "session" not in answer and "reset" not in answer and answer["patches"] == []
        assert engine.sessions == {}
        await view.click(client.call_tool, "count")  # the right one still works, and nothing was applied before
        assert view.text("count") == "Clicked 1 times" and view.dom.root.children[0].children[0].text == "HI"


async def test_host_context_changes_ride_in_the_session_token_until_they_are_large() -> None:
    module, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        first = view.data
        await view.send(client.call_tool, context={"theme": "dark"}, capabilities={"logging": {}})
        assert view.data == first and claims(view.token or "")["c"] == {"theme": "dark"}
        assert claims(view.token or "")["p"] == {"logging": {}}
        styles = {"variables": {f"--color-{n}": f"#{n:06x}" for n in range(REBASE_BYTES // 20)}}
        answer = await view.send(client.call_tool, context={"styles": styles})
        assert view.data != first and answer["data"] == view.data  # a new data token: the changes went into it
        assert claims(view.data or "")["t"]["context"]["styles"] == styles and "c" not in claims(view.token or "")
        module.views.server_runtime.engine.sessions.clear()
        await view.send(client.call_tool, context={"theme": "light"})
        restored = module.views.server_runtime.engine.sessions[claims(view.token or "")["i"]].app
        assert restored.host_context["styles"] == styles and restored.host_context["theme"] == "light"
        assert view.text("theme") == "theme: light"


async def test_a_hand_over_from_a_worker_without_the_session_gets_the_state() -> None:
    module, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        await view.click(client.call_tool, "count")
        await view.click(client.call_tool, "count")
        module.views.server_runtime.engine.sessions.clear()
        made = len(view.calls)
        answer = await view.send(client.call_tool, handover=True)
        assert module.views.server_runtime.engine.sessions == {}  # restored, handed over, dropped
    assert len(view.calls) - made == 2 and all(call["handover"] for call in view.calls[made:])
    assert "error" not in answer and answer["handover"]["state"] and view.text("count") == "Clicked 2 times"


def test_tokens_are_compressed_and_decompression_is_bounded() -> None:
    signer = Signer(b"0123456789abcdef0123456789abcdef", max_bytes=1_000)
    payload = {"k": "data", "t": {"orders": [{"status": "delivered", "currency": "USD"}] * 20}}
    token = signer.sign(payload)
    assert len(token) < len(json.dumps(payload)) and signer.verify(token) == payload
    bomb = signer.sign({"t": "a" * 100_000})  # signed, small, but 100 KB once decompressed: past 8 x max_bytes
    assert len(bomb) < signer.max_bytes
    with pytest.raises(TokenError, match="malformed"):
        signer.verify(bomb)


@pytest.mark.parametrize("size", [300, 3_000, 30_000])
def test_a_token_is_compressed_with_a_window_that_fits_it_and_as_small(size: int) -> None:
    secret = b"0123456789abcdef0123456789abcdef"
    signer = Signer(secret, max_bytes=1_000_000)
    payload = {"k": "data", "t": {"orders": [{"status": "delivered", "n": n} for n in range(size // 30)]}}
    body = signer.sign(payload).partition(".")[0]
    packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    raw = json.dumps(payload, separators=(",", ":")).encode()
    window = 2 ** ((packed[0] >> 4) + 8)  # the zlib header's CINFO: the compressor's window
    assert window < 32_768 or len(raw) > 16_000  # not zlib's default window for a token that needs less
    assert len(packed) == len(zlib.compress(raw, 6)) and json.loads(zlib.decompress(packed)) == payload
    # a token packed with zlib's default window (as signed before) verifies the same
    before = base64.urlsafe_b64encode(zlib.compress(raw, 6)).rstrip(b"=").decode()
    mac = hmac.new(secret, before.encode(), hashlib.sha256).digest()
    assert signer.verify(f"{before}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}") == payload
