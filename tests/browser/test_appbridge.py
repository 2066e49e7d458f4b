"""The Python App against the official host: @modelcontextprotocol/ext-apps' AppBridge (pinned in tests/conformance)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pyview._tooling.testing._documents import document_url
from pyview.host import build_csp
from pyview.packager import BuiltView
from pyview.testing import with_csp, with_script

pytestmark = pytest.mark.browser

# A host page driving the View with the official AppBridge: it answers tools/call, grants "fullscreen" only, and records
# what the View reports (size changes, logs).
HOST = """async (url) => {
  const html = await fetchDocument(url);  // see document_url
  const { AppBridge, PostMessageTransport } = globalThis.McpApps;
  const frame = sandboxedFrame(html, { width: "600px", height: "300px" });
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: "ext-apps conformance host", version: "2.0.4" },
    { serverTools: {}, openLinks: {}, logging: {} },
    { hostContext: { theme: "light", displayMode: "inline", availableDisplayModes: ["inline", "fullscreen"] } });
  const seen = window.seen = { sizes: [], calls: [], initialized: false, modes: [], marks: [] };
  bridge.oninitialized = () => { seen.initialized = true; };
  bridge.onsizechange = (size) => seen.sizes.push(size);
  // a log entry marks a point in the View's message stream: how many size reports had arrived before it
  bridge.onloggingmessage = (params) => seen.marks.push({ data: params.data, sizes: seen.sizes.length });
  bridge.oncalltool = async (params) => {
    seen.calls.push(params);
    return { content: [{ type: "text", text: "echo: " + params.arguments.text }] };
  };
  bridge.onrequestdisplaymode = async ({ mode }) => {
    seen.modes.push(mode);
    return { mode: mode === "fullscreen" ? "fullscreen" : "inline" };
  };
  window.bridge = bridge;
  return bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
}"""


# In the View's own document: when the host's first tool input reached the frame, on the clock of its boot marks
# (the host page's clock is another process's and may differ by a few ms).
INPUT_ARRIVAL = """window.addEventListener("message", (event) => {
  if (event.data && event.data.method === "ui/notifications/tool-input" && window.inputAt === undefined) {
    window.inputAt = performance.timeOrigin + performance.now();
  }
});"""


def open_bridge(page: Any, build: Callable[..., BuiltView], appbridge_host: Callable[..., Any]) -> Any:
    """The conformance View under the official AppBridge, once the handshake is done (Python may still be starting)."""
    appbridge_host(page)
    html = with_script(with_csp(build("conformance_view.py").html, build_csp()), INPUT_ARRIVAL)
    page.evaluate(HOST, document_url(html))
    page.wait_for_function("() => window.seen.initialized", timeout=60_000)
    return page


def open_live(page: Any, build: Callable[..., BuiltView], appbridge_host: Callable[..., Any]) -> Any:
    """The conformance View, live: Python runs and has rendered after connecting."""
    open_bridge(page, build, appbridge_host)
    page.frames[1].wait_for_function("() => globalThis.pyviewBoot && 'live' in pyviewBoot.marks", timeout=120_000)
    return page


@pytest.fixture(scope="module")
def bridge_page(browser: Any, build: Callable[..., BuiltView], appbridge_host: Callable[..., Any]) -> Iterator[Any]:
    """One live conformance View shared by this module's tests in turn (a boot costs seconds). Each changes only
    what no other one reads (tool data, theme, display mode, calls, size), so any one runs alone or in any order."""
    context = browser.new_context()
    yield open_live(context.new_page(), build, appbridge_host)
    context.close()


def frame_of(page: Any) -> Any:
    return page.frames[1]


def output(page: Any, test_id: str) -> Any:
    return frame_of(page).get_by_test_id(test_id)


def test_handshake_and_tool_notifications(bridge_page: Any) -> None:
    page = bridge_page
    page.evaluate("() => bridge.sendToolInputPartial({ arguments: { city: 'Osl' } })")
    expect_text(output(page, "partial"), "{'city': 'Osl'}")
    page.evaluate("() => bridge.sendToolInput({ arguments: { city: 'Oslo' } })")
    expect_text(output(page, "input"), "{'city': 'Oslo'}")
    page.evaluate(
        "() => bridge.sendToolResult({ content: [{ type: 'text', text: '4 C' }], structuredContent: { temp: 4 } })"
    )
    expect_text(output(page, "result"), "{'temp': 4}")
    page.evaluate("() => bridge.sendToolCancelled({ reason: 'user stopped it' })")
    expect_text(output(page, "cancelled"), "user stopped it")


def test_the_boot_opens_the_session_before_python_is_up(
    page: Any, build: Callable[..., BuiltView], appbridge_host: Callable[..., Any]
) -> None:
    open_bridge(page, build, appbridge_host)  # the host has heard ui/notifications/initialized
    page.evaluate("() => bridge.sendToolInput({ arguments: { city: 'Bergen' } })")
    frame_of(page).wait_for_function("() => 'python' in pyviewBoot.marks && window.inputAt", timeout=60_000)
    marks = frame_of(page).evaluate("() => ({ ...pyviewBoot.marks, input: window.inputAt })")
    assert marks["handshake"] < marks["python"]  # the host had a live View (the shim's session) before Python started
    assert marks["input"] < marks["python"]  # so its tool input arrived early: queued, then handled by the adopting App
    expect_text(output(page, "input"), "{'city': 'Bergen'}")


def test_host_context_change_reaches_the_view(bridge_page: Any) -> None:
    page = bridge_page
    expect_text(output(page, "theme"), "light")
    page.evaluate(
        "() => bridge.setHostContext({ theme: 'dark', displayMode: 'inline',"
        " availableDisplayModes: ['inline', 'fullscreen'] })"
    )
    expect_text(output(page, "theme"), "dark")
    assert frame_of(page).evaluate("() => document.documentElement.dataset.theme") == "dark"


def test_call_server_tool_round_trip(bridge_page: Any) -> None:
    page = bridge_page
    frame_of(page).get_by_role("button", name="Call echo").click()
    expect_text(output(page, "echo"), "echo: ping")
    assert page.evaluate("() => window.seen.calls") == [{"name": "echo", "arguments": {"text": "ping"}}]


def test_display_mode_granted_and_refused(bridge_page: Any) -> None:
    page = bridge_page
    frame_of(page).get_by_role("button", name="Fullscreen").click()
    expect_text(output(page, "mode"), "fullscreen")
    frame_of(page).get_by_role("button", name="Picture in picture").click()
    expect_text(output(page, "pip"), "error:")  # pip is not in the host's availableDisplayModes: refused before sending
    assert page.evaluate("() => window.seen.modes") == ["fullscreen"]


def test_size_changed_follows_the_content(bridge_page: Any) -> None:
    page = bridge_page
    page.wait_for_function("() => window.seen.sizes.length > 0")
    before = page.evaluate("() => window.seen.sizes.at(-1).height")
    frame_of(page).get_by_role("button", name="Grow").click()
    page.wait_for_function(f"() => window.seen.sizes.at(-1).height >= {before} + 150", timeout=10_000)
    count = page.evaluate("() => window.seen.sizes.length")
    # No feedback loop: quiet when nothing changes. The View posts a mark through its own channel after three
    # frames: a layout change is observed (ResizeObserver) by the end of its frame, its report is measured and
    # posted on the next one, so any report the growth (or that report) caused is posted before the mark, and
    # postMessage keeps order. The host must have seen no size report between the growth's and the mark.
    frame_of(page).evaluate(
        """() => new Promise((done) => {
          const after = (frames, then) => requestAnimationFrame(() => frames > 1 ? after(frames - 1, then) : then());
          after(3, () => {
            pyviewHost.post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/message",
              params: { level: "info", data: "settled" } }));
            done();
          });
        })"""
    )
    page.wait_for_function("() => window.seen.marks.some((mark) => mark.data === 'settled')")
    assert page.evaluate("() => window.seen.marks.find((mark) => mark.data === 'settled').sizes") == count


def test_teardown_is_awaited(page: Any, build: Callable[..., BuiltView], appbridge_host: Callable[..., Any]) -> None:
    open_live(page, build, appbridge_host)  # a View of its own: the teardown ends it
    assert page.evaluate("() => bridge.teardownResource({}).then(() => 'done')") == "done"
    assert (
        frame_of(page).evaluate(
            "() => pyviewPyodide.runPython('import conformance_view; len(conformance_view.teardowns)')"
        )
        == 1
    )


def expect_text(locator: Any, text: str) -> None:
    from playwright.sync_api import expect

    expect(locator).to_contain_text(text)
