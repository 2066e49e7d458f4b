"""Host -> View notifications and requests: handlers, stored state, teardown, ping, app tools."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from app_fakehost import FakeHost, connected_app, settle

from pyview.app import App, HostContext, JsonRpcError, ToolInput, ToolResult

pytestmark = pytest.mark.anyio

RESULT = {"content": [{"type": "text", "text": "21 °C"}], "structuredContent": {"t": 21}, "extra": "kept"}


async def test_tool_notifications_reach_handlers_and_are_remembered() -> None:
    app, host = await connected_app()
    got: list[Any] = []
    app.on_tool_input_partial = got.append
    app.on_tool_input = got.append
    app.on_tool_result = got.append
    app.on_tool_cancelled = got.append
    host.notify("ui/notifications/tool-input-partial", {"arguments": {"city": "Os"}})
    host.notify("ui/notifications/tool-input", {"arguments": {"city": "Oslo"}})
    host.notify("ui/notifications/tool-result", RESULT)
    host.notify("ui/notifications/tool-cancelled", {"reason": "user action"})
    await settle()
    partial, full, result, cancelled = got
    assert isinstance(partial, ToolInput) and partial.partial and partial.arguments == {"city": "Os"}
    assert isinstance(full, ToolInput) and not full.partial and full.arguments == {"city": "Oslo"}
    assert isinstance(result, ToolResult)
    assert (result.text, result.structured_content, result.raw["extra"]) == ("21 °C", {"t": 21}, "kept")
    assert cancelled.reason == "user action"
    # remembered for code that looks later
    assert app.tool_input_partial == partial and app.tool_input == full
    assert app.tool_result == RESULT and app.tool_cancelled == cancelled


async def test_async_handlers_and_several_listeners() -> None:
    app, host = await connected_app()
    order: list[str] = []

    @app.on_tool_result
    async def slot(result: ToolResult) -> None:
        await asyncio.sleep(0)
        order.append("slot")

    remove = app.add_listener("tool_result", lambda r: order.append("listener"))
    host.notify("ui/notifications/tool-result", RESULT)
    await settle()
    assert sorted(order) == ["listener", "slot"]
    remove()
    app.on_tool_result = None
    host.notify("ui/notifications/tool-result", RESULT)
    await settle()
    assert len(order) == 2


async def test_late_listener_can_replay_the_last_result() -> None:
    app, host = await connected_app()
    host.notify("ui/notifications/tool-result", RESULT)
    await settle()
    late: list[Any] = []
    app.add_listener("tool_result", late.append)
    assert late == []  # not retroactive by default
    app.add_listener("tool_result", late.append, replay=True)
    assert late == [RESULT]
    app.add_listener("tool_input", late.append, replay=True)  # nothing received: no call
    app.add_listener("host_context_changed", late.append, replay=True)
    assert late[-1] == app.host_context


async def test_failing_handler_does_not_stop_others(caplog: pytest.LogCaptureFixture) -> None:
    app, host = await connected_app()
    ok: list[Any] = []
    app.on_tool_input = lambda ti: 1 / 0
    app.add_listener("tool_input", ok.append)
    with caplog.at_level(logging.ERROR, logger="pyview.app"):
        host.notify("ui/notifications/tool-input", {"arguments": {"a": 1}})
        host.notify("ui/notifications/tool-input", {"arguments": {"a": 2}})
        await settle()
    assert [t.arguments["a"] for t in ok] == [1, 2]
    assert "ZeroDivisionError" in caplog.text


async def test_handler_slot_rejects_non_callables_and_unknown_events() -> None:
    app = App("v", "1")
    with pytest.raises(TypeError):
        app.on_tool_result = 3  # type: ignore[assignment]
    with pytest.raises(ValueError, match="unknown event"):
        app.add_listener("toolresult", print)


async def test_host_context_changes_merge_and_notify() -> None:
    host = FakeHost(context={"theme": "light", "displayMode": "inline", "locale": "en"})
    app, _ = await connected_app(host)
    deltas: list[HostContext] = []
    modes: list[str] = []
    insets: list[Any] = []
    app.on_host_context_changed = deltas.append
    app.on_display_mode_changed = modes.append
    app.add_listener("safe_area_insets_changed", insets.append)
    host.notify("ui/notifications/host-context-changed", {"theme": "dark"})
    host.notify("ui/notifications/host-context-changed", {"displayMode": "fullscreen"})
    host.notify("ui/notifications/host-context-changed", {"displayMode": "fullscreen"})  # no change
    host.notify("ui/notifications/host-context-changed", {"safeAreaInsets": {"top": 4, "right": 0}})
    await settle()
    assert [d.raw for d in deltas][:2] == [{"theme": "dark"}, {"displayMode": "fullscreen"}]
    assert app.host_context.raw == {
        "theme": "dark",
        "displayMode": "fullscreen",
        "locale": "en",
        "safeAreaInsets": {"top": 4, "right": 0},
    }
    assert modes == ["fullscreen"]
    assert insets == [{"top": 4, "right": 0}]


async def test_unknown_notifications_are_ignored() -> None:
    app, host = await connected_app()
    host.notify("ui/notifications/brand-new", {"x": 1})
    host.notify("ui/notifications/tool-input", {"arguments": {"still": "works"}})
    await settle()
    assert app.tool_input is not None and app.tool_input.arguments == {"still": "works"}


async def test_ping_is_answered() -> None:
    _app, host = await connected_app()
    assert (await host.request("ping"))["result"] == {}


async def test_unknown_host_request_gets_method_not_found() -> None:
    _app, host = await connected_app()
    reply = await host.request("ui/do-something")
    assert reply["error"]["code"] == -32601


async def test_teardown_handler_is_awaited_before_the_reply() -> None:
    app, host = await connected_app()
    saved: list[str] = []

    @app.on_teardown
    async def save(params: dict[str, Any]) -> None:
        await asyncio.sleep(0.01)
        saved.append(params.get("reason", ""))

    reply = await host.request("ui/resource-teardown", {"reason": "closed"})
    assert saved == ["closed"]
    assert reply["result"] == {}
    assert app.session.torn_down


async def test_teardown_without_handler_and_with_a_failing_one() -> None:
    app, host = await connected_app()
    assert (await host.request("ui/resource-teardown"))["result"] == {}
    app.on_teardown = lambda params: 1 / 0
    assert (await host.request("ui/resource-teardown"))["error"]["code"] == -32603


async def test_request_teardown_notifies_the_host() -> None:
    app, host = await connected_app()
    app.request_teardown()
    await settle()
    assert host.notifications("ui/notifications/request-teardown") == [{}]


async def test_app_tools_are_listed_and_called() -> None:
    app = App("v", "1", auto_resize=False)

    @app.tool(description="Add two numbers", input_schema={"type": "object", "required": ["a", "b"]})
    def add(a: int, b: int) -> dict[str, int]:
        return {"sum": a + b}

    @app.tool(name="shout")
    async def loud(text: str) -> str:
        """Upper-case text."""
        await asyncio.sleep(0)
        return text.upper()

    @app.tool()
    def broken() -> None:
        raise RuntimeError("kaput")

    @app.tool()
    def refuse() -> None:
        raise JsonRpcError(-32602, "not now")

    host = FakeHost()
    await app.connect(host.view_transport)
    params = host.requests("ui/initialize")[0]["params"]
    assert params["appCapabilities"]["tools"] == {"listChanged": True}

    listed = (await host.request("tools/list"))["result"]["tools"]
    assert [t["name"] for t in listed] == ["add", "shout", "broken", "refuse"]
    assert listed[0]["description"] == "Add two numbers" and listed[0]["inputSchema"]["required"] == [
        "a",
        "b",
    ]
    assert listed[1]["description"] == "Upper-case text."

    added = (await host.request("tools/call", {"name": "add", "arguments": {"a": 2, "b": 3}}))["result"]
    assert added["structuredContent"] == {"sum": 5} and not added.get("isError")
    shout = (await host.request("tools/call", {"name": "shout", "arguments": {"text": "hi"}}))["result"]
    assert shout == {"content": [{"type": "text", "text": "HI"}]}
    failed = (await host.request("tools/call", {"name": "broken"}))["result"]
    assert failed["isError"] is True and "kaput" in failed["content"][0]["text"]
    bad_args = (await host.request("tools/call", {"name": "add", "arguments": {"z": 1}}))["result"]
    assert bad_args["isError"] is True
    assert (await host.request("tools/call", {"name": "refuse"}))["error"]["code"] == -32602
    assert (await host.request("tools/call", {"name": "nope"}))["error"]["code"] == -32602
    assert (await host.request("tools/call", {"arguments": {}}))["error"]["code"] == -32602
    assert (await host.request("tools/call", {"name": "add", "arguments": [1]}))["error"]["code"] == -32602

    # changing the set after connecting tells the host
    app.tool(name="later")(lambda: "x")
    assert app.remove_tool("later") and not app.remove_tool("later")
    await settle()
    assert host.notifications("notifications/tools/list_changed") == [{}, {}]


async def test_tools_requests_are_refused_when_the_app_declared_no_tools() -> None:
    _app, host = await connected_app()
    assert "tools" not in host.requests("ui/initialize")[0]["params"]["appCapabilities"]
    assert (await host.request("tools/list"))["error"]["code"] == -32601
    assert (await host.request("tools/call", {"name": "x"}))["error"]["code"] == -32601


async def test_tools_capability_can_be_declared_explicitly() -> None:
    _app, host = await connected_app(tools={"listChanged": False}, experimental={"x": {}})
    caps = host.requests("ui/initialize")[0]["params"]["appCapabilities"]
    assert caps == {"experimental": {"x": {}}, "tools": {"listChanged": False}}
    assert (await host.request("tools/list"))["result"] == {"tools": []}
