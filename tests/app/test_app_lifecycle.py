"""Handshake, session state, adoption of a shim's handshake, ordering around connect()."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from app_fakehost import NO_REPLY, FakeHost, HostRpcError, connected_app, settle

from pyview.app import (
    PROTOCOL_VERSION,
    App,
    AppSession,
    ConnectionClosedError,
    HostError,
    JsonRpcError,
    ProtocolVersionError,
    RequestTimeoutError,
)

pytestmark = pytest.mark.anyio


async def test_handshake_sends_initialize_then_initialized() -> None:
    host = FakeHost()
    app = App("weather", "2.0", title="Weather", available_display_modes=["inline", "fullscreen"], auto_resize=False)
    await app.connect(host.view_transport)
    await settle()
    assert host.methods() == ["ui/initialize", "ui/notifications/initialized"]
    params = host.requests("ui/initialize")[0]["params"]
    assert params == {
        "protocolVersion": "2026-01-26",
        "appInfo": {"name": "weather", "version": "2.0", "title": "Weather"},
        "appCapabilities": {"availableDisplayModes": ["inline", "fullscreen"]},
    }
    assert PROTOCOL_VERSION == "2026-01-26"


async def test_session_exposes_host_info_capabilities_and_context() -> None:
    host = FakeHost(
        capabilities={"openLinks": {}, "message": {"text": {}}},
        context={"theme": "dark", "displayMode": "pip", "locale": "nb-NO", "safeAreaInsets": {"top": 1}},
        host_info={"name": "Claude", "version": "5.1"},
    )
    app, _ = await connected_app(host)
    assert app.connected
    assert app.protocol_version == "2026-01-26"
    assert (app.host_info.name, app.host_version) == ("Claude", "5.1")
    assert app.host_capabilities.open_links == {}
    assert app.host_capabilities.download_file is None
    assert app.host_context.locale == "nb-NO"
    assert (app.theme, app.display_mode, app.safe_area_insets) == ("dark", "pip", {"top": 1})
    assert app.session.to_dict()["hostInfo"] == {"name": "Claude", "version": "5.1"}


async def test_unsupported_protocol_version_fails_clearly_and_closes() -> None:
    host = FakeHost(protocol_version="2099-01-01")
    app = App("v", "1", auto_resize=False)
    with pytest.raises(ProtocolVersionError) as info:
        await app.connect(host.view_transport)
    assert "2099-01-01" in str(info.value) and "2026-01-26" in str(info.value)
    await settle()
    assert "ui/notifications/initialized" not in host.methods()
    assert host.transport.closed
    assert not app.connected


async def test_missing_protocol_version_is_a_version_error() -> None:
    host = FakeHost()
    del host.init_result["protocolVersion"]
    with pytest.raises(ProtocolVersionError):
        await App("v", "1").connect(host.view_transport)


async def test_non_object_initialize_result_is_rejected() -> None:
    host = FakeHost()
    host.handlers["ui/initialize"] = lambda params: ["not", "an", "object"]
    with pytest.raises(JsonRpcError):
        await App("v", "1").connect(host.view_transport)


async def test_initialize_error_and_timeout() -> None:
    host = FakeHost()

    def refuse(params: dict[str, Any]) -> Any:
        raise HostRpcError(-32603, "host is busy")

    host.handlers["ui/initialize"] = refuse
    with pytest.raises(HostError, match="host is busy"):
        await App("v", "1").connect(host.view_transport)

    silent = FakeHost()
    silent.handlers["ui/initialize"] = lambda params: NO_REPLY
    with pytest.raises(RequestTimeoutError, match="ui/initialize"):
        await App("v", "1").connect(silent.view_transport, timeout=0.02)


async def test_connect_twice_is_an_error_but_reconnect_after_close_works() -> None:
    app, _host = await connected_app()
    with pytest.raises(RuntimeError, match="already connected"):
        await app.connect(FakeHost().view_transport)
    app.close()
    assert not app.connected
    with pytest.raises(ConnectionClosedError):
        await app.open_link("https://example.com")
    second = FakeHost(context={"theme": "dark"})
    await app.connect(second.view_transport)
    assert app.connected and app.theme == "dark"


async def test_handlers_set_before_connect_see_notifications_sent_right_after_initialized() -> None:
    host = FakeHost()
    app = App("v", "1", auto_resize=False)
    seen: list[str] = []
    app.on_tool_input = lambda ti: seen.append(f"input {ti.arguments}")
    app.on_tool_result = lambda r: seen.append(f"result {r.text}")

    await app.connect(host.view_transport)
    host.notify("ui/notifications/tool-input", {"arguments": {"q": 1}})
    host.notify("ui/notifications/tool-result", {"content": [{"type": "text", "text": "done"}]})
    await settle()
    assert seen == ["input {'q': 1}", "result done"]


async def test_notification_arriving_during_connect_is_held_until_the_session_is_ready() -> None:
    host = FakeHost(context={"theme": "dark"})
    app = App("v", "1", auto_resize=False)
    seen: list[tuple[str, Any, bool]] = []
    app.on_tool_input = lambda ti: seen.append(("input", app.theme, app.connected))
    app.on_host_context_changed = lambda delta: seen.append(("ctx", app.theme, app.connected))

    # the host pushes two notifications *before* it answers ui/initialize
    def early() -> None:
        host.notify("ui/notifications/tool-input", {"arguments": {}})
        host.notify("ui/notifications/host-context-changed", {"theme": "light"})

    host.before_init_reply = early
    await app.connect(host.view_transport)
    # delivered in order, after the handshake, with the session set up
    assert seen == [("input", "dark", True), ("ctx", "light", True)]
    assert app.theme == "light"


async def test_ping_during_connect_is_answered_immediately() -> None:
    host = FakeHost()
    answers: list[Any] = []

    def ping_first() -> None:
        host.send_request("ping")

    host.before_init_reply = ping_first
    app = App("v", "1", auto_resize=False)
    await app.connect(host.view_transport)
    await settle()
    answers = [m for m in host.received if m.get("id") == 101]
    assert answers == [{"jsonrpc": "2.0", "id": 101, "result": {}}]


async def test_adopt_a_handshake_done_by_the_boot_shim() -> None:
    host = FakeHost()
    seen: list[str] = []
    app = App("v", "1", auto_resize=False)
    app.on_tool_input = lambda ti: seen.append(f"input {ti.arguments['n']}")
    app.on_tool_result = lambda r: seen.append(f"result {r.text}")
    # a notification the transport replays, sent after the shim handed over its queue
    host.notify("ui/notifications/tool-result", {"content": [{"type": "text", "text": "R"}]})
    queued = [
        json.dumps({"jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": {"arguments": {"n": 1}}}),
        {"jsonrpc": "2.0", "method": "ui/notifications/host-context-changed", "params": {"theme": "dark"}},
        "{not json",
    ]
    app.adopt(host.init_result, host.view_transport, queued=queued)
    await settle()
    assert seen == ["input 1", "result R"]
    assert app.connected and app.theme == "dark"
    assert app.host_info.name == "fake-host"
    # the shim did the whole handshake: Python sends neither request nor notification
    assert host.methods() == []
    # and requests work after adopting
    host.handlers["tools/call"] = lambda params: {
        "content": [],
        "structuredContent": {"echo": params["name"]},
    }
    assert (await app.call_server_tool("t")).structured_content == {"echo": "t"}


async def test_adopt_can_send_initialized_and_accepts_a_session() -> None:
    host = FakeHost()
    session = AppSession.from_initialize_result(host.init_result)
    app = App("v", "1", auto_resize=False)
    app.adopt(session, host.view_transport, send_initialized=True)
    await settle()
    assert host.methods() == ["ui/notifications/initialized"]
    assert app.session is session


async def test_adopt_rejects_an_unsupported_version() -> None:
    host = FakeHost(protocol_version="1999-01-01")
    with pytest.raises(ProtocolVersionError):
        App("v", "1").adopt(host.init_result, host.view_transport)


async def test_session_is_usable_without_any_transport() -> None:
    session = AppSession()
    assert not session.initialized and session.tool_result is None
    session.merge_context({"theme": "dark"})
    session.apply_initialize_result({"protocolVersion": "2026-01-26", "hostContext": {"locale": "fr"}})
    # changes recorded before the result stay unless the result sets the same key
    assert session.context.raw == {"theme": "dark", "locale": "fr"}
    assert session.capabilities.raw == {} and session.initialized


async def test_app_rejects_unknown_display_modes() -> None:
    with pytest.raises(ValueError, match="tiny"):
        App("v", "1", available_display_modes=["inline", "tiny"])


async def test_closing_the_host_side_closes_the_app() -> None:
    app, host = await connected_app()
    task = asyncio.ensure_future(app.call_server_tool("never", timeout=5))
    host.handlers["tools/call"] = lambda params: NO_REPLY
    await settle()
    host.transport.close()
    with pytest.raises(ConnectionClosedError):
        await task
    assert not app.connected
