"""The server runtime (no WebAssembly) and the auto fallback, in Chromium under the spec's default CSP, behind the
Python host and the official AppBridge, with the stand-in server engine answering ``pyview_event``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from server_engine import Engine

from pyview.host import ScriptedBackend, build_csp
from pyview.packager import BuiltView
from pyview.testing import mount, with_csp

pytestmark = pytest.mark.browser


def mounted(server: Any, page: Any, html: str, engine: Engine, *, allow_wasm: bool = False) -> Any:
    backend = ScriptedBackend()
    backend.add_tool("pyview_event", engine.handle_async, visibility=["app"])
    view = mount(server, page, html, backend=backend, allow_wasm=allow_wasm, host_context={"theme": "dark"})
    view.wait_ready(60)
    return view


def text(view: Any, test_id: str, shown: str) -> None:
    view.locator(f"[data-testid={test_id}]").filter(has_text=shown).wait_for()


def runtime_of(view: Any) -> str:
    view.frame.wait_for_function("() => pyviewBoot.marks.runtime")
    runtime: str = view.frame.evaluate("() => pyviewBoot.marks.runtime")
    return runtime


def test_server_runtime_is_usable_under_the_default_csp(
    pyview_host_server: Any, page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    built = build_rt("server_view.py", runtime="server")
    assert 'id="pyview-blob:' not in built.html and '<script type="module">' not in built.html  # no runtime, no sources
    view = mounted(pyview_host_server, page, built.html, engine)
    view.send_tool_input({"city": "Oslo"})
    view.send_tool_result(engine.result({"city": "Oslo"}, {"city": "Oslo"}))

    text(view, "city", "Weather in Oslo")
    text(view, "asked", "asked for Oslo")
    view.locator("[data-testid=count]").click()
    text(view, "count", "Clicked 1")
    name = view.locator("[data-testid=name]")
    name.fill("Ada")
    name.evaluate("(e) => e.blur()")  # change fires when the field is left
    text(view, "hello", "Hello Ada")
    view.locator("[data-testid=tell]").click()  # a View request made on the server, performed by the frame
    assert view.next_request("ui/message")["params"]["content"][0]["text"] == "count is 1"
    text(view, "said", "sent")

    assert runtime_of(view) == "server"
    assert view.frame.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert view.error_panel() is None
    events = [e for call in engine.calls for e in call["events"]]
    assert [e["type"] for e in events] == ["click", "change", "click"]
    assert events[0]["path"] == [0, 2] and events[1]["data"]["value"] == "Ada"
    assert view.errors() == []


def test_a_server_without_the_session_gets_the_data_token_and_applies_the_event_once(
    pyview_host_server: Any, page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    view = mounted(pyview_host_server, page, build_rt("server_view.py", runtime="server").html, engine)
    view.send_tool_result(engine.result({}, {"city": "Oslo"}))
    text(view, "city", "Weather in Oslo")
    view.locator("[data-testid=count]").click()
    text(view, "count", "Clicked 1")
    first, *later = engine.calls  # the result's session is on no server yet: its first call brings the data token
    assert first["data"] == f"data-of-{first['session']}" and first["events"] == []
    assert all("data" not in call for call in later)  # a server holding the session needs no data
    engine.forgotten.add(engine.calls[-1]["session"])
    before = len(engine.calls)
    view.locator("[data-testid=count]").click()
    text(view, "count", "Clicked 2")
    asked, repeated = engine.calls[before:]  # one retry, carrying the same event and the data token
    assert "data" not in asked and repeated["data"] == f"data-of-{asked['session']}"
    assert repeated["events"] == asked["events"] and len(asked["events"]) == 1
    view.locator("[data-testid=count]").click()
    text(view, "count", "Clicked 3")  # applied once each: not "Clicked 4"
    assert "data" not in engine.calls[-1] and view.error_panel() is None and view.errors() == []


def stays_on_the_server(log: dict[str, Any]) -> bool:
    """The shim's note that the View stays on the server, and why Python does not take over."""
    data = log.get("data")
    said_why = isinstance(data, dict) and data.get("runtime") == "server" and "python" in data
    return log.get("level") == "info" and said_why


def test_a_server_error_shows_in_the_frame_and_the_view_stays_usable(
    pyview_host_server: Any, page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    view = mounted(pyview_host_server, page, build_rt("server_view.py", runtime="server").html, engine)
    view.send_tool_result(engine.result({}, {"city": "Oslo"}))
    view.locator("[data-testid=explode]").click()

    view.locator("#pyview-server-error").filter(has_text="the handler exploded").wait_for()
    view.wait_for_log(lambda log: "the handler exploded" in str(log.get("data")))  # it may come after the panel
    view.locator("[data-testid=count]").click()
    text(view, "count", "Clicked 1")
    view.allow_errors = True


def test_a_result_without_meta_starts_a_server_session(
    pyview_host_server: Any, page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    view = mounted(pyview_host_server, page, build_rt("server_view.py", runtime="server").html, engine)
    view.send_tool_input({"city": "Rome"})
    view.send_tool_result(engine.result({"city": "Rome"}, {"city": "Rome"}, meta=False))

    text(view, "city", "Weather in Rome")
    text(view, "asked", "asked for Rome")
    assert engine.calls[0]["start"]["input"] == {"city": "Rome"}
    # this host names no tool (no hostContext.toolInfo): a server with several Views could not tell which View an
    # input alone is for, so the session starts with the result, and no error is shown
    assert engine.calls[0]["start"]["result"] and view.frame.locator("#pyview-server-error").count() == 0
    view.locator("[data-testid=count]").click()
    text(view, "count", "Clicked 1")
    assert view.errors() == []


def test_auto_stays_on_the_server_when_webassembly_is_blocked(
    pyview_host_server: Any, page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    view = mounted(pyview_host_server, page, build_rt("server_view.py", runtime="auto").html, engine)
    view.send_tool_result(engine.result({}, {"city": "Oslo"}))

    text(view, "city", "Weather in Oslo")
    view.locator("[data-testid=count]").click()
    text(view, "count", "Clicked 1")
    assert runtime_of(view) == "server"
    view.frame.wait_for_function("() => 'stayed' in pyviewBoot.marks", timeout=60_000)  # probed after the paint
    marks = view.frame.evaluate("() => pyviewBoot.marks")
    assert "fetch" not in marks and "python" not in marks  # nothing fetched in vain
    assert view.error_panel() is None
    said = view.wait_for_log(stays_on_the_server)
    assert "WebAssembly" in said["data"]["python"]


# The official host: @modelcontextprotocol/ext-apps' AppBridge, its tools/call answered by the engine.
BRIDGE_HOST = """(html) => {
  const { AppBridge, PostMessageTransport } = globalThis.McpApps;
  const frame = sandboxedFrame(html, { width: "600px", height: "400px" });
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: "ext-apps conformance host", version: "2.0.4" },
    { serverTools: {}, logging: {}, message: { text: {} } }, { hostContext: { theme: "light" } });
  window.seen = { initialized: false, messages: [] };
  bridge.oninitialized = () => { window.seen.initialized = true; };
  bridge.oncalltool = (params) => window.pyviewEngine(params.arguments);
  bridge.onmessage = async (params) => { window.seen.messages.push(params); return {}; };
  window.bridge = bridge;
  return bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
}"""


@pytest.mark.parametrize("runtime", ["server", "auto"])
def test_server_runtime_under_the_official_appbridge(
    own_page: Any,
    build_rt: Callable[..., BuiltView],
    engine: Engine,
    runtime: str,
    appbridge_host: Callable[..., Any],
) -> None:
    own_page.expose_function("pyviewEngine", engine.handle_sync)
    appbridge_host(own_page)
    own_page.evaluate(BRIDGE_HOST, with_csp(build_rt("server_view.py", runtime=runtime).html, build_csp()))
    own_page.wait_for_function("() => window.seen.initialized", timeout=60_000)
    own_page.evaluate("(result) => bridge.sendToolResult(result)", engine.result({}, {"city": "Oslo"}))

    frame = own_page.frame_locator("iframe")
    frame.locator("[data-testid=city]").filter(has_text="Weather in Oslo").wait_for()
    frame.locator("[data-testid=count]").click()
    frame.locator("[data-testid=count]").filter(has_text="Clicked 1").wait_for()
    frame.locator("[data-testid=tell]").click()
    frame.locator("[data-testid=said]").filter(has_text="sent").wait_for()
    assert own_page.evaluate("() => window.seen.messages[0].content[0].text") == "count is 1"


def test_auto_stays_on_the_server_when_its_python_cannot_be_fetched(
    pyview_host_server: Any, page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    """Nothing at the runtime URL, and this host reads no runtime parts: the View goes on on the server, saying why
    (tests/browser/test_handover_browser.py has Python taking over where it can)."""
    built = build_rt("server_view.py", runtime="auto", runtime_url="http://127.0.0.1:9/pyodide/")  # nothing there
    view = mounted(pyview_host_server, page, built.html, engine, allow_wasm=True)
    view.send_tool_result(engine.result({}, {"city": "Oslo"}))

    assert runtime_of(view) == "server"
    view.locator("[data-testid=count]").click()
    text(view, "count", "Clicked 1")
    view.frame.wait_for_function("() => 'stayed' in pyviewBoot.marks", timeout=90_000)
    said = view.wait_for_log(stays_on_the_server)
    assert "could not be fetched" in said["data"]["python"]


def test_the_panel_says_why_neither_runtime_can_run(page: Any, build_rt: Callable[..., BuiltView]) -> None:
    from pyview.testing import SandboxedView

    view = SandboxedView.mount(page, build_rt("server_view.py", runtime="auto").html, allow_wasm=False)
    hello = view.wait_for_message("ui/initialize")
    result = {"protocolVersion": hello["params"]["protocolVersion"], "hostInfo": {"name": "no tools", "version": "1"},
              "hostCapabilities": {}, "hostContext": {}}  # fmt: skip
    view.post({"jsonrpc": "2.0", "id": hello["id"], "result": result})

    view.wait_until_started()
    panel = view.error_panel()
    assert panel is not None and panel["kind"] == "server"
    assert panel["title"] == "The View can run neither in this frame nor on the server"
    assert "WebAssembly" in panel["text"] and "serverTools" in panel["text"]


def test_unchanged_host_context_costs_no_event_call(
    pyview_host_server: Any, page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    """A host that repeats the context it already sent (ext-apps basic-host resends containerDimensions on every
    frame of an animation) causes no pyview_event call; a real change is sent alone, and applied by the shim."""
    view = mounted(pyview_host_server, page, build_rt("server_view.py", runtime="server").html, engine)
    view.send_tool_result(engine.result({"city": "Oslo"}, {"city": "Oslo"}))
    text(view, "city", "Weather in Oslo")
    view.frame.wait_for_function("() => !pyviewServer.state().inFlight && pyviewServer.state().sent > 0")
    before = len(engine.calls)
    same = {"theme": "dark", "containerDimensions": {"maxHeight": 6000, "width": 600}}
    view.set_host_context(containerDimensions=same["containerDimensions"])  # the one real change: sent
    notify = view._host._send_notification  # the Python host sends only differences itself: bypass it
    for _ in range(50):
        view.server.call(notify, "ui/notifications/host-context-changed", same)
    view.set_host_context(theme="light")
    view.frame.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    view.frame.wait_for_function("() => !pyviewServer.state().inFlight && pyviewServer.state().sent > 0")
    deadline = 600
    while not any(call.get("context") == {"theme": "light"} for call in engine.calls[before:]) and deadline:
        page.wait_for_timeout(100)
        deadline -= 1
    contexts = [call.get("context") for call in engine.calls[before:]]
    assert contexts == [{"containerDimensions": same["containerDimensions"]}, {"theme": "light"}] or contexts == [
        {"containerDimensions": same["containerDimensions"], "theme": "light"}
    ]  # the 50 repeats made no call (two changes may share one call when the first is still travelling)
