"""The Python host against the real View-side App over the in-memory transport pair: both halves conform."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pyview.app import App, CapabilityError, HostError, JsonRpcPeer, memory_transport_pair
from pyview.host import Host, ScriptedBackend

pytestmark = pytest.mark.anyio


async def connected(host: Host, app: App | None = None) -> App:
    app = app or App("test-view", "1.2.3", auto_resize=False, apply_host_styles=False)
    view_end, host_end = memory_transport_pair()
    host.connect(host_end)
    await app.connect(view_end, timeout=5)
    await settle()
    return app


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def raw_request(app: App, method: str, params: dict[str, Any]) -> Any:
    """Send a request as is, past the App's own checks (a View that does not validate)."""
    return await app._live_peer().request(method, params, timeout=2)


def methods_out(host: Host) -> list[str]:
    return [e["message"].get("method", "<response>") for e in host.traffic if e["direction"] == "out"]


async def test_handshake_gives_profile_capabilities_and_context() -> None:
    host = Host(ScriptedBackend(), host_context={"theme": "dark"}, tool={"name": "forecast"})
    app = await connected(host)

    assert app.protocol_version == "2026-01-26"
    assert app.host_info.name == "pyview-host"
    assert app.host_context.theme == "dark" and app.host_context.locale == "en-US"
    assert app.host_context.tool_info == {"tool": {"name": "forecast"}}
    assert app.supports("serverTools") and app.supports("openLinks") and app.supports("updateModelContext")
    assert host.app_info == {"name": "test-view", "version": "1.2.3"}
    assert host.initialized


async def test_minimal_profile_advertises_nothing_optional() -> None:
    host = Host(ScriptedBackend(tools={"t": "ok"}), profile="minimal")
    app = await connected(host)

    assert not app.supports("serverTools") and not app.supports("openLinks")
    assert app.host_context.available_display_modes == ["inline"]
    with pytest.raises(CapabilityError):
        await app.call_server_tool("t")


async def test_host_refuses_unadvertised_requests_itself() -> None:
    host = Host(ScriptedBackend(tools={"t": "ok"}), profile="minimal")
    view_end, host_end = memory_transport_pair()
    host.connect(host_end)
    raw = JsonRpcPeer(view_end)  # a View that does not feature-check
    raw.start()
    with pytest.raises(HostError) as info:
        await raw.request("tools/call", {"name": "t"}, timeout=2)
    assert info.value.code == -32601 and "serverTools" in info.value.message
    with pytest.raises(HostError):
        await raw.request("ui/open-link", {"url": "https://example.com"}, timeout=2)


async def test_nothing_is_sent_before_initialized_then_the_queue_in_order() -> None:
    host = Host()
    host.send_tool_input_partial({"city": "Os"})
    host.send_tool_input({"city": "Oslo"})
    host.send_tool_result({"temp": 4})
    assert methods_out(host) == []
    seen: list[str] = []
    app = App("v", "1", auto_resize=False, apply_host_styles=False)
    app.on_tool_input_partial(lambda i: seen.append("partial " + i.arguments["city"]))
    app.on_tool_input(lambda i: seen.append("input " + i.arguments["city"]))
    app.on_tool_result(lambda r: seen.append(f"result {r.structured_content}"))

    await connected(host, app)

    assert seen == ["partial Os", "input Oslo", "result {'temp': 4}"]
    directions = [(e["direction"], e["message"].get("method")) for e in host.traffic]
    initialized_at = directions.index(("in", "ui/notifications/initialized"))
    assert all(i > initialized_at for i, d in enumerate(directions) if d[0] == "out" and d[1])
    assert host.queued == []


async def test_cancel_and_later_results_are_delivered() -> None:
    host = Host()
    app = await connected(host)
    host.send_tool_cancelled("user stopped it")
    host.send_tool_result("done")
    await settle()
    assert app.tool_cancelled is not None and app.tool_cancelled.reason == "user stopped it"
    assert app.tool_result is not None and app.tool_result.text == "done"


async def test_context_changes_send_only_the_difference() -> None:
    host = Host()
    app = await connected(host)
    changes: list[dict[str, Any]] = []
    app.on_host_context_changed(lambda delta: changes.append(delta.raw))

    assert host.set_host_context(theme="dark", locale="en-US") == {"theme": "dark"}
    assert host.set_host_context({"theme": "dark"}) == {}
    await settle()

    assert changes == [{"theme": "dark"}]
    assert app.host_context.theme == "dark"
    sent = [e["message"] for e in host.traffic if e["message"].get("method", "").endswith("context-changed")]
    assert [m["params"] for m in sent] == [{"theme": "dark"}]


async def test_context_set_before_the_handshake_travels_in_it() -> None:
    host = Host()
    host.set_host_context(theme="dark")
    app = await connected(host)
    assert app.host_context.theme == "dark"
    assert "ui/notifications/host-context-changed" not in methods_out(host)


async def test_tool_calls_are_proxied_and_visibility_is_enforced() -> None:
    backend = ScriptedBackend(tools={"refresh": lambda args: {"city": args["city"], "temp": 3}})
    backend.add_tool("secret", "model only", visibility=["model"])
    host = Host(backend)
    app = await connected(host)

    result = await app.call_server_tool("refresh", {"city": "Oslo"})
    assert result.structured_content == {"city": "Oslo", "temp": 3}
    assert backend.calls == [("refresh", {"city": "Oslo"})]
    call = await host.next_request("tools/call", timeout=1)
    assert call["params"] == {"name": "refresh", "arguments": {"city": "Oslo"}}

    with pytest.raises(HostError) as info:
        await app.call_server_tool("secret")
    assert info.value.code == -32602 and "visibility" in info.value.message
    assert len(backend.calls) == 1
    listed = await app.list_server_tools()
    assert [t["name"] for t in listed["tools"]] == ["refresh"]


async def test_unknown_tool_and_failing_tool_are_errors() -> None:
    def broken(args: dict[str, Any]) -> str:
        raise RuntimeError("database down")

    host = Host(ScriptedBackend(tools={"broken": broken}))
    app = await connected(host)
    with pytest.raises(HostError, match="Unknown tool"):
        await app.call_server_tool("nope")
    with pytest.raises(HostError, match="database down"):
        await app.call_server_tool("broken")


async def test_resources_are_proxied() -> None:
    backend = ScriptedBackend(resources={"ui://w/app.html": "<html></html>"})
    host = Host(backend)
    app = await connected(host)
    read = await app.read_server_resource("ui://w/app.html")
    assert read.raw["contents"][0]["text"] == "<html></html>"
    listed = await app.list_server_resources()
    assert [r["uri"] for r in listed["resources"]] == ["ui://w/app.html"]


async def test_display_mode_negotiation_uses_both_sides() -> None:
    host = Host(host_context={"availableDisplayModes": ["inline", "fullscreen", "pip"]})
    app = App("v", "1", available_display_modes=["inline", "fullscreen"], auto_resize=False, apply_host_styles=False)
    modes: list[str] = []
    app.on_display_mode_changed(modes.append)
    await connected(host, app)

    assert await app.request_display_mode("fullscreen") == "fullscreen"
    await settle()
    assert host.context["displayMode"] == "fullscreen" and modes == ["fullscreen"]
    assert host.allowed_display_modes() == ["inline", "fullscreen"]
    # the View did not declare pip: the host keeps the current mode
    assert await raw_request(app, "ui/request-display-mode", {"mode": "pip"}) == {"mode": "fullscreen"}


async def test_display_mode_the_host_lacks_is_refused() -> None:
    host = Host(profile="minimal")
    view_end, host_end = memory_transport_pair()
    host.connect(host_end)
    raw = JsonRpcPeer(view_end)
    raw.start()
    await raw.request("ui/initialize", {"protocolVersion": "2026-01-26", "appInfo": {}, "appCapabilities": {}})
    assert await raw.request("ui/request-display-mode", {"mode": "fullscreen"}, timeout=2) == {"mode": "inline"}
    with pytest.raises(HostError) as info:
        await raw.request("ui/request-display-mode", {"mode": "huge"}, timeout=2)
    assert info.value.code == -32602
    assert info.value.message == "unknown display mode 'huge'; expected one of inline, fullscreen, pip"


async def test_what_the_view_tells_the_host_is_recorded() -> None:
    host = Host()
    app = await connected(host)

    await app.update_model_context("first")
    await app.update_model_context(structured_content={"selected": 2})
    await app.send_message("Show me item 2")
    await app.open_link("https://example.com/item/2")
    await app.download_file({"type": "resource", "resource": {"uri": "file:///a.csv", "text": "a,b"}})
    app.send_log("info", {"step": 1})
    app.send_size_changed(320, 200)
    app.request_teardown()
    await settle()

    assert host.model_context == {"structuredContent": {"selected": 2}}  # each update replaces the last
    assert host.messages == [{"role": "user", "content": [{"type": "text", "text": "Show me item 2"}]}]
    assert host.open_links == ["https://example.com/item/2"]
    assert host.downloads[0]["contents"][0]["resource"]["uri"] == "file:///a.csv"
    assert host.logs == [{"level": "info", "data": {"step": 1}}]
    assert host.size == {"width": 320, "height": 200}
    assert host.teardown_requested


async def test_ui_message_content_must_be_blocks() -> None:
    app = await connected(Host())
    with pytest.raises(HostError, match="array of content blocks") as info:
        await raw_request(app, "ui/message", {"role": "user", "content": {"type": "text", "text": "x"}})
    assert info.value.code == -32602


async def test_teardown_is_awaited_and_pings_go_both_ways() -> None:
    host = Host()
    app = App("v", "1", auto_resize=False, apply_host_styles=False)
    saved: list[str] = []

    @app.on_teardown
    async def save(params: dict[str, Any]) -> None:
        await asyncio.sleep(0.05)
        saved.append("state")

    await connected(host, app)
    await app.ping(timeout=2)
    await host.ping(timeout=2)
    await host.teardown(timeout=2)

    assert saved == ["state"] and host.torn_down and app.session.torn_down


async def test_listeners_see_every_message_both_ways() -> None:
    host = Host()
    events: list[tuple[str, str]] = []
    host.listeners.append(lambda kind, data: events.append((kind, data.get("direction", ""))))
    await connected(host)
    assert ("traffic", "in") in events and ("traffic", "out") in events and ("initialized", "") in events


async def test_sampling_is_recorded_and_answered_by_the_sampler() -> None:
    host = Host(ScriptedBackend())
    host.sampler = lambda params: {
        "role": "assistant",
        "content": {"type": "text", "text": "echo: " + params["messages"][-1]["content"]["text"]},
        "model": "test",
        "stopReason": "endTurn",
    }
    app = await connected(host)

    result = await app.create_sampling_message("Best day to go outside?", max_tokens=40)

    assert result["content"]["text"] == "echo: Best day to go outside?"
    assert host.samplings[0]["maxTokens"] == 40


async def test_sampling_without_a_sampler_is_a_labelled_simulation() -> None:
    host = Host(ScriptedBackend())
    app = await connected(host)

    result = await app.create_sampling_message("Hi", max_tokens=10)

    assert result["model"] == "pyview-simulated" and "simulated" in result["content"]["text"]


async def test_sampling_is_refused_by_a_minimal_host_and_bad_params_get_an_error() -> None:
    minimal = await connected(Host(ScriptedBackend(), profile="minimal"))
    with pytest.raises(CapabilityError):
        await minimal.create_sampling_message("Hi", max_tokens=10)
    full = await connected(Host(ScriptedBackend()))
    with pytest.raises(HostError) as caught:
        await raw_request(full, "sampling/createMessage", {"messages": [], "maxTokens": 5})
    assert caught.value.code == -32602
