"""Cancellation both ways against the official host (@modelcontextprotocol/ext-apps' AppBridge)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from pyview._tooling.testing._documents import document_url
from pyview.host import build_csp
from pyview.packager import BuiltView
from pyview.testing import with_csp

pytestmark = pytest.mark.browser

# The host's tools/call handler waits until the View cancels the call (the TS SDK 2.x aborts ctx.mcpReq.signal on
# notifications/cancelled); every message the View posts is recorded.
HOST = """async (url) => {
  const html = await fetchDocument(url);  // see document_url
  const { AppBridge, PostMessageTransport } = globalThis.McpApps;
  const frame = sandboxedFrame(html);
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: "ext-apps host", version: "2.0.4" }, { serverTools: {} }, {});
  const seen = window.seen = { initialized: false, calls: [], aborted: [], fromView: [] };
  window.addEventListener("message", (event) => {
    if (event.source === frame.contentWindow) seen.fromView.push(event.data);
  });
  bridge.oninitialized = () => { seen.initialized = true; };
  bridge.oncalltool = (params, ctx) => new Promise((resolve) => {
    seen.calls.push(params.name);
    ctx.mcpReq.signal.addEventListener("abort", () => {
      seen.aborted.push(params.name);
      resolve({ content: [] });
    });
  });
  window.bridge = bridge;
  return bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
}"""


@pytest.fixture
def host_page(page: Any, build: Callable[..., BuiltView], appbridge_host: Callable[..., Any]) -> Any:
    appbridge_host(page)
    page.evaluate(HOST, document_url(with_csp(build("cancel_view.py").html, build_csp())))
    page.wait_for_function("() => window.seen.initialized", timeout=60_000)
    page.frames[1].wait_for_function("() => globalThis.pyviewPyodide !== undefined", timeout=120_000)
    return page


def view_events(page: Any) -> list[str]:
    found = page.frames[1].evaluate(
        "() => pyviewPyodide.runPython('import json, cancel_view; json.dumps(cancel_view.events)')"
    )
    return list(json.loads(found))


def test_the_host_cancels_a_view_tool_and_gets_no_response(host_page: Any) -> None:
    page = host_page
    page.evaluate(
        "() => { window.stop = new AbortController(); window.outcome = bridge.callTool("
        "{ name: 'wait_forever', arguments: {} }, { signal: window.stop.signal })"
        ".then(() => 'answered', (error) => 'rejected: ' + error); }"
    )
    frame = page.frames[1]
    frame.wait_for_function(
        "() => pyviewPyodide.runPython('import cancel_view; \"tool started\" in cancel_view.events')", timeout=60_000
    )
    page.evaluate("() => window.stop.abort('the user closed it')")
    frame.wait_for_function(
        "() => pyviewPyodide.runPython('import cancel_view; \"tool cancelled\" in cancel_view.events')",
        timeout=60_000,
    )
    assert page.evaluate("() => window.outcome").startswith("rejected")
    # one more request: messages keep their order, so any answer to the cancelled call would arrive before this one
    assert page.evaluate("() => bridge.listTools({}).then((r) => r.tools.map((t) => t.name))") == ["wait_forever"]
    answers = page.evaluate("() => window.seen.fromView.filter((m) => m && 'id' in m && !('method' in m))")
    assert [list(answer["result"]) for answer in answers] == [["tools"]]  # the cancelled call got no response
    assert view_events(page) == ["tool started", "tool cancelled"]


def test_the_view_cancels_a_server_tool_call_and_the_host_is_told(host_page: Any) -> None:
    page = host_page
    frame = page.frames[1]
    frame.get_by_role("button", name="Call slow").click()
    page.wait_for_function("() => window.seen.calls.includes('slow')", timeout=30_000)
    frame.get_by_role("button", name="Stop").click()
    page.wait_for_function("() => window.seen.aborted.includes('slow')", timeout=30_000)
    sent = page.evaluate("() => window.seen.fromView.filter((m) => m && m.method === 'notifications/cancelled')")
    call = page.evaluate("() => window.seen.fromView.find((m) => m && m.method === 'tools/call')")
    assert [m["params"]["requestId"] for m in sent] == [call["id"]]
    assert view_events(page) == ["call cancelled"]
