"""The server runtime with the real mcp client and server: rendered results, events, restores, bad input."""

from __future__ import annotations

import json
import os
import sys

import pytest
from mcp import Client, StdioServerParameters
from runtime_client import ViewClient, claims
from runtime_server import RUNTIME_SERVER, SECRET, fresh_server

from pyview._tooling.server._signing import Signer
from pyview.server import Views

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("signing_secret")]


async def started(client: Client, start: int = 2) -> ViewClient:
    result = await client.call_tool("shout", {"text": "hi", "start": start})
    assert "pyview" not in json.dumps(result.structured_content) and "tree" not in result.content[0].text
    return ViewClient(result.meta["pyview"])


async def test_a_result_carries_the_view_rendered_with_its_data() -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert tools["pyview_event"].meta["ui"] == {"visibility": ["app"]}
        assert tools["shout"].meta["openai/outputTemplate"] == tools["shout"].meta["ui"]["resourceUri"]
        assert tools["shout"].meta["openai/widgetAccessible"] is True
        result = await client.call_tool("shout", {"text": "hi", "start": 2})
    meta = result.meta["pyview"]
    assert (meta["v"], meta["view"]) == (1, "counter")
    assert result.content[0].text == "HI" and result.structured_content == {"text": "HI", "start": 2}
    view = ViewClient(meta)
    assert view.text("count") == "Clicked 2 times"
    assert view.dom.root.children[0].children[0].text == "HI"  # the h1 shows the tool's result
    token, data = claims(meta["session"]), claims(meta["data"])
    assert (token["v"], token["n"], data["t"]["input"]) == ("counter", 0, {"text": "hi", "start": 2})


async def test_click_and_typing_come_back_as_patches() -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        first = await view.click(client.call_tool, "count")
        assert "reset" in first  # nothing was live yet: mounted from the token
        assert view.text("count") == "Clicked 3 times"
        second = await view.click(client.call_tool, "count")
        assert "reset" not in second and "error" not in second  # the live session
        assert view.text("count") == "Clicked 4 times"
        text_id = view.find("count").children[0].id
        assert [json.loads(patch) for patch in second["patches"]] == [[[4, text_id, "Clicked 4 times"]]]
        await view.type(client.call_tool, "field", "abc")
        assert view.text("typed") == "typed: abc"
        await view.send(client.call_tool, context={"theme": "dark"})
        assert view.text("theme") == "theme: dark"
        assert claims(view.token or "")["n"] == 4


async def test_state_survives_eviction_and_a_fresh_server() -> None:
    module, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        await view.click(client.call_tool, "count")
        await view.type(client.call_tool, "field", "kept")
        await view.click(client.call_tool, "keep")
        assert view.text("kept") == "kept is the result"
        module.views.server_runtime.engine.sessions.clear()  # evicted
        answer = await view.click(client.call_tool, "count")
        assert "reset" in answer and "error" not in answer
        assert (view.text("count"), view.text("typed")) == ("Clicked 4 times", "typed: kept")
        assert view.text("kept") == "kept is the result"  # identity with the tool result survives
    _, other = fresh_server()  # another process with the same secret
    async with Client(other) as client:
        answer = await view.click(client.call_tool, "count")
        assert "reset" in answer and view.text("count") == "Clicked 5 times"


async def test_the_lru_cache_is_bounded() -> None:
    module, server = fresh_server()
    runtime = module.views.server_runtime
    runtime.engine.max_sessions = 2
    async with Client(server) as client:
        views = [await started(client, start=n) for n in range(3)]
        for view in views:
            await view.click(client.call_tool, "count")
        assert len(runtime.engine.sessions) == 2
        answer = await views[0].click(client.call_tool, "count")  # the evicted one comes back from its token
        assert "reset" in answer and views[0].text("count") == "Clicked 2 times"


async def test_a_fresh_server_process_restores_the_session() -> None:
    env = {**os.environ, "PYVIEW_SECRET": SECRET}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "pyview.server", str(RUNTIME_SERVER), "--no-warm-up"], env=env
    )
    async with Client(params) as client:
        view = await started(client)
        await view.click(client.call_tool, "count")
    async with Client(params) as client:
        answer = await view.click(client.call_tool, "count")
    assert "reset" in answer and view.text("count") == "Clicked 4 times"


async def test_forged_foreign_and_expired_tokens_are_refused_with_no_data() -> None:
    module, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        mac = (view.token or "").split(".")[1]
        payload = claims(view.token or "")
        payload["s"] = {}
        import base64

        forged_body = base64.urlsafe_b64encode(json.dumps(payload).encode()).rstrip(b"=").decode()
        foreign = Signer(b"another-server-secret-0123456789").sign(payload)
        runtime = module.views.server_runtime
        expired = runtime.engine.signer.sign({**payload, "x": 1})
        for token, message in [
            (f"{forged_body}.{mac}", "not signed by this server"),
            (foreign, "not signed by this server"),
            (expired, "expired"),
            ("garbage", "malformed"),
            ("x" * 2_000_000, "too large"),
        ]:
            result = await client.call_tool(
                "pyview_event", {"session": token, "events": [view.event("count", "click")]}
            )
            meta = result.meta["pyview"]
            assert message in meta["error"]["message"]
            assert "session" not in meta and "reset" not in meta and meta["patches"] == []
        other = Views(runtime="server", cache_dir=None)
        other.add("elsewhere", RUNTIME_SERVER.parent / "counter_view.py")
        unknown = runtime.engine.signer.sign({**payload, "v": "elsewhere"})
        result = await client.call_tool("pyview_event", {"session": unknown, "events": []})
        assert "no server-runtime View named 'elsewhere'" in result.meta["pyview"]["error"]["message"]
        missing = await client.call_tool("pyview_event", {"events": []})
        assert "needs a session token" in missing.meta["pyview"]["error"]["message"]


async def test_oversized_and_malformed_events_are_refused() -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        big = view.event("count", "click")
        big["data"]["value"] = "x" * 100_000
        answer = await view.send(client.call_tool, [big])
        assert "too large" in answer["error"]["message"]
        answer = await view.send(client.call_tool, [view.event("count", "click")] * 65)
        assert "too many events" in answer["error"]["message"]
        answer = await view.send(client.call_tool, [{"hid": 999, "path": [0, 99], "type": "click", "data": {}}])
        assert "reached no handler" in answer["error"]["message"]
        await view.click(client.call_tool, "count")  # still usable
        assert view.text("count") == "Clicked 3 times"
        gone = {**view.event("count", "click"), "hid": 9999}  # a handler whose element was removed meanwhile
        answer = await view.send(client.call_tool, [gone])
        assert "error" not in answer and view.text("count") == "Clicked 3 times"  # ignored, never guessed by path


async def test_oversized_start_and_host_context_are_refused_and_a_session_holds_a_bounded_context() -> None:
    """``start`` and ``context`` are bounded like ``events``: a session (and its token) keeps them for its life."""
    _, server = fresh_server()
    async with Client(server) as client:
        huge = {"content": [{"type": "text", "text": "x" * 1_500_000}]}
        result = await client.call_tool("pyview_event", {"start": {"view": "counter", "input": {}, "result": huge}})
        meta = result.meta["pyview"]
        assert "`start` is too large" in meta["error"]["message"] and "session" not in meta

        view = await started(client)
        answer = await view.send(client.call_tool, [], context={"styles": {"css": "y" * 100_000}})
        assert "`context` is too large" in answer["error"]["message"]
        answer = await view.send(client.call_tool, [], capabilities={"x": "y" * 100_000})
        assert "`capabilities` is too large" in answer["error"]["message"]
        for key in "abc":  # each delta is small, but the session would hold them all
            answer = await view.send(client.call_tool, [], context={key: "z" * 30_000})
        assert "the host context this session holds is too large" in answer["error"]["message"]
        assert len(view.token) < 200_000
        await view.click(client.call_tool, "count")  # still usable
        assert view.text("count") == "Clicked 3 times"


async def test_a_raising_handler_is_reported_and_the_view_stays_usable(caplog: pytest.LogCaptureFixture) -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        answer = await view.click(client.call_tool, "explode")
        assert "ValueError: the handler broke" in answer["error"]["message"]
        assert "the handler broke" in view.dom.root.text  # the View's error box
        assert "the handler broke" in caplog.text  # and the server log
        await view.click(client.call_tool, "count")
        assert view.text("count") == "Clicked 3 times"


async def test_unsaveable_state_is_a_clear_error_naming_hook_and_component() -> None:
    module, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        answer = await view.click(client.call_tool, "junk")
        message = answer["error"]["message"]
        assert "use_state #6 of component Root (hooks such as use_tool_result count too) holds <object" in message
        assert "a builtins.object object, which is not plain data" in message
        assert view.text("junk-note") == "junk kept"  # still live on this worker
        module.views.server_runtime.engine.sessions.clear()
        answer = await view.click(client.call_tool, "count")
        assert "could not be saved" in answer["error"]["message"]


async def test_view_requests_travel_back_and_answers_resume_them() -> None:
    module, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        answer = await view.click(client.call_tool, "ask", capabilities={"message": {"text": {}}})
        (request,) = answer["requests"]
        assert request["method"] == "ui/message"
        assert request["params"] == {"role": "user", "content": [{"type": "text", "text": "hello from the server"}]}
        view.answers = [{"id": request["id"], "result": {}}]
        await view.send(client.call_tool)
        assert view.text("note") == "message sent: ok"
        answer = await view.click(client.call_tool, "ask")
        view.answers = [{"id": answer["requests"][0]["id"], "result": {"isError": True}}]
        await view.send(client.call_tool)
        assert view.text("note") == "message sent: refused"
        view.answers = [{"id": request["id"], "result": {}}]  # again, or after its handler was cancelled: quietly
        assert "error" not in await view.send(client.call_tool)
        answer = await view.click(client.call_tool, "ask")
        module.views.server_runtime.engine.sessions.clear()  # the handler waiting for the host is gone with it
        view.answers = [{"id": answer["requests"][0]["id"], "result": {}}]
        answer = await view.send(client.call_tool)
        assert "was dropped: the request was made before this View's session was restored" in answer["error"]["message"]
        assert view.text("note") == "message sent: refused"  # the state it had, restored


async def test_call_server_tool_runs_in_process() -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        answer = await view.click(client.call_tool, "refresh")
        assert answer["requests"] == [] and view.text("note") == "shout says AGAIN"


async def test_a_live_views_newest_token_is_known_by_its_whole_text_only() -> None:
    """A live session's newest token (what its View sends next) is not verified again but compared whole: its
    signature on any other body is refused like every forged token, and nothing is applied."""
    import base64

    _, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        await view.click(client.call_tool, "count")  # live now, showing 3
        newest = view.token or ""
        payload = claims(newest)
        payload["s"] = {}
        body = base64.urlsafe_b64encode(json.dumps(payload).encode()).rstrip(b"=").decode()
        forged = f"{body}.{newest.split('.')[1]}"
        result = await client.call_tool("pyview_event", {"session": forged, "events": [view.event("count", "click")]})
        assert "not signed by this server" in result.meta["pyview"]["error"]["message"]
        answer = await view.click(client.call_tool, "count")
        assert "error" not in answer and view.text("count") == "Clicked 4 times"


async def test_a_stale_token_is_answered_from_the_live_state() -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        await view.click(client.call_tool, "count")
        old = view.token
        await view.click(client.call_tool, "count")
        view.token = old
        answer = await view.click(client.call_tool, "count")  # replayed: dropped, the View brought up to date
        assert "stale session token" in answer["error"]["message"]
        assert "reset" in answer and view.text("count") == "Clicked 4 times"


async def test_start_mounts_a_session_when_the_host_dropped_meta() -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        result = await client.call_tool("shout", {"text": "yo", "start": 7})
        dropped = result.model_dump(by_alias=True, exclude_none=True, mode="json")
        dropped.pop("_meta")
        answer = await client.call_tool("pyview_event", {"start": {"input": {"text": "yo"}, "result": dropped}})
        meta = answer.meta["pyview"]
        view = ViewClient({"tree": meta["reset"], "session": meta["session"]})
        assert view.text("count") == "Clicked 7 times"
        await view.click(client.call_tool, "count")
        assert view.text("count") == "Clicked 8 times"


async def test_a_result_the_view_cannot_render_is_still_a_good_result(caplog: pytest.LogCaptureFixture) -> None:
    _, server = fresh_server()
    async with Client(server) as client:
        result = await client.call_tool("shout", {"text": "boom"})
    assert not result.is_error and result.content[0].text == "BOOM"  # the tool's own answer is untouched
    meta = result.meta["pyview"]
    assert "tree" not in meta and "session" not in meta
    assert "ValueError: this View cannot show BOOM" in meta["error"]["message"]
    assert "this View cannot show BOOM" in caplog.text
