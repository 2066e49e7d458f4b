"""View -> Host requests: wire format, typed results, capability gates, errors and timeouts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from app_fakehost import NO_REPLY, FakeHost, HostRpcError, connected_app, settle

from pyview.app import App, CapabilityError, ConnectionClosedError, HostError, JsonRpcError, RequestTimeoutError

pytestmark = pytest.mark.anyio


def echo(result: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda params: result


async def test_call_server_tool() -> None:
    app, host = await connected_app()
    host.handlers["tools/call"] = lambda params: {
        "content": [{"type": "text", "text": f"hi {params['arguments']['who']}"}],
        "structuredContent": {"n": 1},
    }
    result = await app.call_server_tool("greet", {"who": "Ann"})
    assert host.requests("tools/call")[0]["params"] == {"name": "greet", "arguments": {"who": "Ann"}}
    assert (result.text, result.structured_content, result.is_error) == ("hi Ann", {"n": 1}, False)
    with pytest.raises(TypeError, match="tool name"):
        await app.call_server_tool({"name": "greet"})  # type: ignore[arg-type]


async def test_resources_prompts_and_tools_lists() -> None:
    app, host = await connected_app()
    host.handlers["resources/read"] = lambda params: {"contents": [{"uri": params["uri"], "text": "body"}]}
    host.handlers["resources/list"] = lambda params: {"resources": [{"uri": "a"}], "cursor_seen": params}
    host.handlers["resources/templates/list"] = echo({"resourceTemplates": []})
    host.handlers["prompts/list"] = echo({"prompts": [{"name": "p"}]})
    host.handlers["tools/list"] = echo({"tools": [{"name": "t"}]})
    read = await app.read_server_resource("ui://x/data")
    assert (read.text, read.contents[0]["uri"], read.blob) == ("body", "ui://x/data", None)
    assert (await app.list_server_resources())["cursor_seen"] == {}
    assert (await app.list_server_resources(cursor="c2"))["cursor_seen"] == {"cursor": "c2"}
    assert await app.list_server_resource_templates() == {"resourceTemplates": []}
    assert (await app.list_server_prompts())["prompts"][0]["name"] == "p"
    assert (await app.list_server_tools())["tools"][0]["name"] == "t"


async def test_send_message_wraps_strings_into_a_content_array() -> None:
    app, host = await connected_app()
    host.handlers["ui/message"] = echo({})
    result = await app.send_message("Summarise this")
    assert result.ok and not result.is_error
    await app.send_message(["one", {"type": "image", "data": "AA==", "mimeType": "image/png"}])
    await app.send_message({"type": "text", "text": "single block"})
    sent = [r["params"] for r in host.requests("ui/message")]
    assert sent[0] == {"role": "user", "content": [{"type": "text", "text": "Summarise this"}]}
    assert sent[1]["content"][0] == {"type": "text", "text": "one"} and sent[1]["content"][1]["type"] == "image"
    assert sent[2]["content"] == [{"type": "text", "text": "single block"}]
    host.handlers["ui/message"] = echo({"isError": True})
    assert (await app.send_message("x")).is_error
    with pytest.raises(TypeError):
        await app.send_message([3])  # type: ignore[list-item]


async def test_update_model_context_open_link_download_display_mode() -> None:
    app, host = await connected_app(available_display_modes=["inline", "fullscreen"])
    host.handlers["ui/update-model-context"] = echo({})
    host.handlers["ui/open-link"] = echo({"isError": True})
    host.handlers["ui/download-file"] = echo({})
    host.handlers["ui/request-display-mode"] = echo({"mode": "inline"})

    assert await app.update_model_context("state: 3 items", structured_content={"items": 3}) is None
    assert host.requests("ui/update-model-context")[0]["params"] == {
        "content": [{"type": "text", "text": "state: 3 items"}],
        "structuredContent": {"items": 3},
    }
    assert not (await app.open_link("https://example.com")).ok
    assert host.requests("ui/open-link")[0]["params"] == {"url": "https://example.com"}
    blob = {
        "type": "resource",
        "resource": {"uri": "file:///a.json", "mimeType": "application/json", "text": "{}"},
    }
    assert (await app.download_file(blob)).ok
    assert host.requests("ui/download-file")[0]["params"] == {"contents": [blob]}
    assert await app.request_display_mode("fullscreen") == "inline"  # what the host actually set
    assert host.requests("ui/request-display-mode")[0]["params"] == {"mode": "fullscreen"}
    with pytest.raises(ValueError, match="unknown display mode"):
        await app.request_display_mode("huge")
    with pytest.raises(ValueError, match="available_display_modes"):
        await app.request_display_mode("pip")


async def test_display_mode_not_offered_by_the_host_is_refused_before_sending() -> None:
    host = FakeHost(context={"displayMode": "inline", "availableDisplayModes": ["inline"]})
    app, _ = await connected_app(host)
    with pytest.raises(CapabilityError, match="fullscreen"):
        await app.request_display_mode("fullscreen")
    assert host.requests("ui/request-display-mode") == []


async def test_sampling_and_ping() -> None:
    app, host = await connected_app()
    host.handlers["sampling/createMessage"] = echo({"role": "assistant", "content": {"type": "text", "text": "ok"}})
    host.handlers["ping"] = echo({})
    result = await app.create_sampling_message("Hello?", max_tokens=50, system_prompt="Be brief", temperature=0.2)
    assert result["content"]["text"] == "ok"
    assert host.requests("sampling/createMessage")[0]["params"] == {
        "messages": [{"role": "user", "content": {"type": "text", "text": "Hello?"}}],
        "maxTokens": 50,
        "temperature": 0.2,
        "systemPrompt": "Be brief",
    }
    await app.ping()
    assert len(host.requests("ping")) == 1


async def test_notifications_log_size_changed() -> None:
    app, host = await connected_app()
    assert app.send_log("info", {"refreshed": True}, logger="weather") is True
    app.send_size_changed(320, 240)
    app.send_size_changed(height=100)
    await settle()
    assert host.notifications("notifications/message") == [
        {"level": "info", "data": {"refreshed": True}, "logger": "weather"}
    ]
    assert host.notifications("ui/notifications/size-changed") == [
        {"width": 320, "height": 240},
        {"height": 100},
    ]
    with pytest.raises(ValueError, match="log level"):
        app.send_log("loud", "x")


GATED: list[tuple[str, str, Callable[[App], Awaitable[Any]]]] = [
    ("tools/call", "serverTools", lambda app: app.call_server_tool("t")),
    ("tools/list", "serverTools", lambda app: app.list_server_tools()),
    ("resources/read", "serverResources", lambda app: app.read_server_resource("ui://r")),
    ("resources/list", "serverResources", lambda app: app.list_server_resources()),
    ("resources/templates/list", "serverResources", lambda app: app.list_server_resource_templates()),
    ("ui/message", "message", lambda app: app.send_message("hi")),
    ("ui/update-model-context", "updateModelContext", lambda app: app.update_model_context("x")),
    ("ui/open-link", "openLinks", lambda app: app.open_link("https://example.com")),
    ("ui/download-file", "downloadFile", lambda app: app.download_file([])),
    ("sampling/createMessage", "sampling", lambda app: app.create_sampling_message("q", max_tokens=5)),
]


@pytest.mark.parametrize(("method", "capability", "call"), GATED, ids=[g[0] for g in GATED])
async def test_requests_the_host_did_not_advertise_fail_before_sending(
    method: str, capability: str, call: Callable[[App], Awaitable[Any]]
) -> None:
    host = FakeHost(capabilities={})
    app, _ = await connected_app(host)
    with pytest.raises(CapabilityError) as info:
        await call(app)
    assert (info.value.method, info.value.capability) == (method, capability)
    assert capability in str(info.value) and method in str(info.value)
    assert isinstance(info.value, JsonRpcError)
    await settle()
    assert host.requests(method) == []
    assert app.supports(capability) is False


async def test_sampling_with_tools_needs_sampling_tools() -> None:
    host = FakeHost(capabilities={"sampling": {}})
    app, _ = await connected_app(host)
    with pytest.raises(CapabilityError, match=r"sampling\.tools"):
        await app.create_sampling_message("q", max_tokens=5, tools=[{"name": "x"}])


async def test_log_without_logging_capability_is_dropped_quietly() -> None:
    host = FakeHost(capabilities={})
    app, _ = await connected_app(host)
    assert app.send_log("error", "boom") is False
    assert App("v", "1").send_log("error", "not connected") is False
    await settle()
    assert host.notifications("notifications/message") == []


async def test_feature_gates() -> None:
    app, _ = await connected_app()
    assert app.supports("downloadFile") and app.supports("serverTools.listChanged")
    assert not app.supports("sandbox") and not app.supports("serverTools.nothing")
    assert app.can_send_message("text") and app.can_send_message("image")
    assert app.can_send_message("resource_link") and not app.can_send_message("audio")
    assert app.can_update_model_context("structured_content") and not app.can_update_model_context("image")
    fresh = App("v", "1")
    assert not fresh.supports("openLinks") and not fresh.can_send_message()


async def test_requests_before_connect_fail_clearly() -> None:
    app = App("v", "1")
    with pytest.raises(ConnectionClosedError, match="connect"):
        await app.call_server_tool("t")
    with pytest.raises(ConnectionClosedError):
        app.send_size_changed(1, 2)
    with pytest.raises(ConnectionClosedError):
        app.request_teardown()


async def test_host_errors_and_timeouts_surface_as_exceptions() -> None:
    app, host = await connected_app(request_timeout=0.02)

    def deny(params: dict[str, Any]) -> Any:
        raise HostRpcError(-32000, "tool not visible to apps", {"visibility": ["model"]})

    host.handlers["tools/call"] = deny
    with pytest.raises(HostError) as info:
        await app.call_server_tool("secret")
    assert (info.value.code, info.value.message, info.value.data) == (
        -32000,
        "tool not visible to apps",
        {"visibility": ["model"]},
    )
    host.handlers["ui/open-link"] = lambda params: NO_REPLY
    with pytest.raises(RequestTimeoutError, match="ui/open-link"):
        await app.open_link("https://example.com")
    host.handlers["ui/download-file"] = lambda params: NO_REPLY
    with pytest.raises(RequestTimeoutError, match=r"0\.01 s"):
        await app.download_file([], timeout=0.01)
    # a host without the method at all
    assert "prompts/list" not in host.handlers
    with pytest.raises(HostError) as missing:
        await app.list_server_prompts()
    assert missing.value.code == -32601
