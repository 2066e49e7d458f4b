"""use_view_state end to end with the real mcp client and server: the server runtime and the frame-side client.

A re-mount is what a host does after a display-mode switch or a reload: a new frame gets the same tool result
(same ``_meta["pyview"]``) again. The Redis tests start Debian's ``redis-server`` on a free loopback port.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from runtime_client import ViewClient, claims

from pyview._core.components._use_view_state import ViewStateClient
from pyview._tooling.server._part_resources import close_state_stores
from pyview._tooling.server._server_app import ServerApp
from pyview._tooling.server._server_file import load_server
from pyview._tooling.server._signing import Signer
from pyview._tooling.testing._state_server import redis_server

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("signing_secret")]
SERVER_FILE = Path(__file__).parent / "state_views" / "server.py"


@pytest.fixture(autouse=True)
def no_redis_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STATE_REDIS_URL", raising=False)


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real redis-server (Debian's package) on a free loopback port, data in a temporary folder."""
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


def fresh_server(monkeypatch: pytest.MonkeyPatch, redis: str | None = None) -> Any:
    """A new import of the server: its own Views, engine and store (a restarted process)."""
    if redis is not None:
        monkeypatch.setenv("STATE_REDIS_URL", redis)
    return load_server(str(SERVER_FILE))[1]


@asynccontextmanager
async def client_for(server: Any) -> AsyncIterator[Client]:
    """A client of the server in process; the server stops after it, as a process would (its store closed)."""
    try:
        async with Client(server) as client:
            yield client
    finally:
        await close_state_stores(server)


async def test_a_result_carries_a_signed_instance_and_the_state_tool_is_app_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with client_for(fresh_server(monkeypatch)) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert tools["pyview_state"].meta["ui"] == {"visibility": ["app"]}
        one = await client.call_tool("place", {"city": "Oslo"})
        two = await client.call_tool("place", {"city": "Oslo"})
    first, second = one.meta["pyview"]["instance"], two.meta["pyview"]["instance"]
    assert first != second and claims(first)["k"] == "view-state"
    assert "instance" not in json.dumps(one.structured_content)


async def test_server_runtime_state_is_back_in_the_first_render_after_a_remount(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = fresh_server(monkeypatch)
    async with client_for(server) as client:
        result = await client.call_tool("place", {"city": "Oslo"})
        frame = ViewClient(result.meta["pyview"])
        assert frame.text("units") == "units: C"
        clicked = await frame.click(client.call_tool, "units", capabilities={"updateModelContext": {"text": {}}})
        told = [r for r in clicked["requests"] if r["method"] == "ui/update-model-context"]
        assert told and told[0]["params"]["structuredContent"] == {"viewState": {"units": "F"}}  # model_visible
        await frame.click(client.call_tool, "open")
        assert (frame.text("units"), frame.text("panel")) == ("units: F", "panel: details")
        server_engine = _engine(server)
        server_engine.sessions.clear()  # the live session is gone (evicted, another worker): only the store has it
        again = ViewClient(result.meta["pyview"])  # a new frame, the same tool result
        answer = await again.send(client.call_tool)
        assert "reset" in answer and "error" not in answer
        assert (again.text("units"), again.text("panel")) == ("units: F", "panel: details")


async def test_a_get_with_render_answers_the_view_rendered_with_the_stored_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What a re-mounted frame asks before it paints (runtime/restore.js): the stored values and a tree with them."""
    async with client_for(fresh_server(monkeypatch)) as client:
        result = await client.call_tool("place", {"city": "Oslo"})
        meta = result.meta["pyview"]
        assert meta["stateful"] is True and "units: C" in json.dumps(meta["tree"])  # rendered at call time
        render = {"result": result.model_dump(by_alias=True, exclude_none=True, mode="json"), "input": {"city": "Oslo"}}
        ask = {"instance": meta["instance"], "op": "get", "render": render}
        first = (await client.call_tool("pyview_state", ask)).meta["pyview"]
        assert first == {"v": 1, "values": {}}  # nothing stored: the result's own tree is the right one
        await client.call_tool("pyview_state", {"instance": meta["instance"], "op": "put", "values": {"units": "F"}})
        again = (await client.call_tool("pyview_state", ask)).meta["pyview"]
        assert again["values"] == {"units": "F"} and "error" not in again
        shown = json.dumps(again["tree"])
        assert "units: F" in shown and "Oslo" in shown and "units: C" not in shown
        bad = await client.call_tool("pyview_state", {**ask, "render": {"result": [1]}})
        assert "render needs the tool result" in bad.meta["pyview"]["error"]["message"]


async def test_redis_state_survives_a_server_restart(monkeypatch: pytest.MonkeyPatch, redis_url: str) -> None:
    async with client_for(fresh_server(monkeypatch, redis_url)) as client:
        result = await client.call_tool("place", {"city": "Bergen"})
        frame = ViewClient(result.meta["pyview"])
        await frame.click(client.call_tool, "units")
        assert frame.text("units") == "units: F"
    async with client_for(fresh_server(monkeypatch, redis_url)) as client:  # a new process, the same Redis
        again = ViewClient(result.meta["pyview"])
        answer = await again.send(client.call_tool)
        assert "error" not in answer
        assert again.text("units") == "units: F" and again.text("city") == "Bergen"
        got = await client.call_tool("pyview_state", {"instance": result.meta["pyview"]["instance"], "op": "get"})
        assert got.meta["pyview"]["values"] == {"units": "F"}
    import redis

    with redis.Redis.from_url(redis_url) as raw:
        key = f"pyview:state:{claims(result.meta['pyview']['instance'])['i']}"
        assert 0 < raw.ttl(key) <= 600  # every entry has the store's TTL


async def test_two_results_of_one_tool_keep_separate_state(monkeypatch: pytest.MonkeyPatch) -> None:
    async with client_for(fresh_server(monkeypatch)) as client:
        oslo = ViewClient((await client.call_tool("place", {"city": "Oslo"})).meta["pyview"])
        rome_result = await client.call_tool("place", {"city": "Rome"})
        rome = ViewClient(rome_result.meta["pyview"])
        await oslo.click(client.call_tool, "units")
        await rome.send(client.call_tool)
        assert (oslo.text("units"), rome.text("units")) == ("units: F", "units: C")
        got = await client.call_tool("pyview_state", {"instance": rome_result.meta["pyview"]["instance"], "op": "get"})
        assert got.meta["pyview"]["values"] == {}


async def test_tampered_foreign_and_wrong_kind_ids_get_a_clear_error_and_no_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with client_for(fresh_server(monkeypatch)) as client:
        result = await client.call_tool("place", {"city": "Oslo"})
        token = result.meta["pyview"]["instance"]
        put = await client.call_tool("pyview_state", {"instance": token, "op": "put", "values": {"units": "F"}})
        assert put.meta["pyview"]["values"] == {"units": "F"}
        mac = token.split(".")[1]
        payload = claims(token)
        other = payload["i"][:-1] + ("B" if payload["i"].endswith("A") else "A")  # another id (not the same again)
        forged_body = Signer(b"x" * 32).sign({**payload, "i": other}).split(".")[0]
        cases = {
            "tampered": f"{forged_body}.{mac}",
            "foreign": Signer(b"another server's secret, 32 bytes").sign(payload),
            "session": result.meta["pyview"]["session"],
            "garbage": "not-a-token",
        }
        for name, bad in cases.items():
            for op in ("get", "put"):
                answer = await client.call_tool("pyview_state", {"instance": bad, "op": op, "values": {"units": "K"}})
                assert answer.is_error, name
                assert "View instance id was refused" in answer.content[0].text, name
                assert not (answer.meta or {}).get("pyview"), name
        got = await client.call_tool("pyview_state", {"instance": token, "op": "get"})
        assert got.meta["pyview"]["values"] == {"units": "F"}  # nothing written by the refused calls


async def test_state_past_the_size_bound_is_refused_and_nothing_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    async with client_for(fresh_server(monkeypatch)) as client:
        token = (await client.call_tool("place", {"city": "Oslo"})).meta["pyview"]["instance"]
        await client.call_tool("pyview_state", {"instance": token, "op": "put", "values": {"units": "F"}})
        big = await client.call_tool("pyview_state", {"instance": token, "op": "put", "values": {"x": "y" * 70_000}})
        assert big.is_error and "at most 65,536" in big.content[0].text
        got = await client.call_tool("pyview_state", {"instance": token, "op": "get"})
        assert got.meta["pyview"]["values"] == {"units": "F"}


async def test_frame_client_loads_writes_in_order_and_flushes_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    """The client a Pyodide frame runs: loads through pyview_state, debounces, flushes on ui/resource-teardown."""
    async with client_for(fresh_server(monkeypatch)) as client:
        result = await client.call_tool("place", {"city": "Oslo"})
        raw = result.model_dump(by_alias=True, exclude_none=True, mode="json")

        async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            answer = await client.call_tool(name, arguments)
            dumped: dict[str, Any] = answer.model_dump(by_alias=True, exclude_none=True, mode="json")
            return dumped

        async def mount() -> tuple[ServerApp, ViewStateClient]:
            app = ServerApp(None, tool_result=None, call_tool=call_tool)
            state = ViewStateClient(app)
            loaded = _changed(state)
            app._dispatch_notification("ui/notifications/tool-result", raw)  # as the host sends it to a frame
            await loaded
            return app, state

        app, state = await mount()
        assert state.loaded and state.values == {}
        for units in ("F", "K", "C", "F"):  # several quick changes: one pending write, the last one wins
            state.set("units", units)
        state.set("panel", "details")
        await app._handle_teardown({})  # the host tears the frame down before the debounce fired
        assert state.error is None
        _, again = await mount()  # a new frame with the same tool result
        assert again.values == {"units": "F", "panel": "details"}
        with pytest.raises(ValueError, match="at most 65,536"):
            again.set("notes", "n" * 70_000)
        with pytest.raises(TypeError, match="JSON data"):
            again.set("when", object())
        assert again.values == {"units": "F", "panel": "details"}


async def test_a_change_made_while_the_values_load_is_written_by_the_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    """A click before the frame's load of the stored values came back, then the frame goes: the write is not lost
    (the teardown waits for the load, then writes)."""
    import asyncio

    async with client_for(fresh_server(monkeypatch)) as client:
        result = await client.call_tool("place", {"city": "Oslo"})
        raw = result.model_dump(by_alias=True, exclude_none=True, mode="json")
        token = result.meta["pyview"]["instance"]
        held = asyncio.Event()
        asked = asyncio.Event()

        async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            if arguments.get("op") == "get":  # the host is slow to answer the load
                asked.set()
                await held.wait()
            answer = await client.call_tool(name, arguments)
            dumped: dict[str, Any] = answer.model_dump(by_alias=True, exclude_none=True, mode="json")
            return dumped

        app = ServerApp(None, tool_result=None, call_tool=call_tool)
        state = ViewStateClient(app)
        app._dispatch_notification("ui/notifications/tool-result", raw)
        await asked.wait()
        state.set("units", "F")  # shown at once, written once the stored values are in
        assert not state.loaded and state.values == {"units": "F"}
        teardown = asyncio.ensure_future(app._handle_teardown({}))
        await asyncio.sleep(0)
        assert not teardown.done()  # it waits for the load
        held.set()
        await teardown
        got = await client.call_tool("pyview_state", {"instance": token, "op": "get"})
        assert got.meta["pyview"]["values"] == {"units": "F"}


def _changed(state: ViewStateClient) -> Any:
    import asyncio

    done = asyncio.get_running_loop().create_future()
    remove = state.subscribe(lambda: done.done() or done.set_result(None))
    done.add_done_callback(lambda _: remove())
    return done


def _engine(server: Any) -> Any:
    for extension in server._extensions if hasattr(server, "_extensions") else []:
        runtime = getattr(extension, "server_runtime", None)
        if runtime is not None:
            return runtime.engine
    import sys

    return sys.modules[SERVER_FILE.stem].views.server_runtime.engine  # pragma: no cover


def test_an_id_minted_for_one_user_is_refused_for_another() -> None:
    from pyview._tooling.server._state_store import MemoryStore
    from pyview._tooling.server._state_tool import ViewState, ViewStateError

    who = {"client": "alice"}
    service = ViewState(Signer(b"x" * 32), MemoryStore(), principal=lambda: who["client"])
    token = service.mint("units")
    service.call({"instance": token, "op": "put", "values": {"units": "F"}})
    who["client"] = "bob"
    with pytest.raises(ViewStateError, match="belongs to another user"):
        service.call({"instance": token, "op": "get"})
    who["client"] = "alice"
    assert service.values(token) == {"units": "F"}


def test_the_memory_store_bounds_age_entries_and_size() -> None:
    from pyview._tooling.server._state_store import MemoryStore, StateTooLarge

    expired = MemoryStore(ttl=0)
    expired.put("a", {"x": 1})
    assert expired.get("a") is None  # past its TTL
    store = MemoryStore(max_entries=2, max_bytes=32)
    for name in ("a", "b", "c"):
        store.put(name, {"x": name})
    assert (store.get("a"), store.get("c"), len(store)) == (None, {"x": "c"}, 2)  # the least recently written went
    with pytest.raises(StateTooLarge, match="at most 32"):
        store.put("b", {"x": "y" * 40})
    assert store.get("b") == {"x": "b"}  # nothing stored
