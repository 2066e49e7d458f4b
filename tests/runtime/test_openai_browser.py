"""ChatGPT's Apps SDK: where no MCP Apps bridge answers but the page has ``window.openai``, the shim talks to that.
Both runtimes (Python in the frame, and the server runtime) are driven through a stand-in ``window.openai``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from server_engine import Engine

from pyview.packager import BuiltView
from pyview.testing import SandboxedView

pytestmark = pytest.mark.browser

# Defined in the View's frame before the shim runs, as ChatGPT does; every call is recorded in window.openaiCalls.
FAKE_OPENAI = """<script>
window.openaiCalls = [];
window.openai = {
  theme: "dark", displayMode: "inline", locale: "en-US", maxHeight: 600,
  toolInput: {"city": "Oslo"}, toolOutput: {"city": "Oslo"}, toolResponseMetadata: META, widgetState: null,
  callTool: async (name, args) => {
    openaiCalls.push(["callTool", name]);
    return name === "pyview_event" ? await window.pyviewEngine(args) : { structuredContent: {} };
  },
  sendFollowUpMessage: async (message) => { openaiCalls.push(["sendFollowUpMessage", message.prompt]); },
  requestDisplayMode: async ({ mode }) => { openaiCalls.push(["requestDisplayMode", mode]); return { mode }; },
  setWidgetState: async (state) => { openaiCalls.push(["setWidgetState", state]); },
};
</script>"""


def with_openai(html: str, meta: dict[str, Any] | None) -> str:
    script = FAKE_OPENAI.replace("META", json.dumps(meta).replace("<", "\\u003c"))
    return html.replace("<head>", "<head>" + script, 1)


@pytest.mark.parametrize("runtime", ["inline", "server"])
def test_the_view_runs_through_window_openai(
    own_page: Any, build_rt: Callable[..., BuiltView], engine: Engine, runtime: str
) -> None:
    own_page.expose_function("pyviewEngine", engine.handle_sync)
    meta = engine.result({"city": "Oslo"}, {"city": "Oslo"})["_meta"] if runtime == "server" else None
    view = SandboxedView.mount(own_page, with_openai(build_rt("server_view.py", runtime=runtime).html, meta))

    frame = view.frame
    frame.locator("[data-testid=city]").filter(has_text="Weather in Oslo").wait_for(timeout=90_000)
    frame.locator("[data-testid=asked]").filter(has_text="asked for Oslo").wait_for()
    frame.wait_for_function("() => 'live' in pyviewBoot.marks", timeout=90_000)
    frame.locator("[data-testid=count]").click()
    frame.locator("[data-testid=count]").filter(has_text="Clicked 1").wait_for()
    frame.locator("[data-testid=tell]").click()
    frame.locator("[data-testid=said]").filter(has_text="sent").wait_for()

    calls = frame.evaluate("() => openaiCalls")
    assert ["sendFollowUpMessage", "count is 1"] in calls
    assert (["callTool", "pyview_event"] in calls) == (runtime == "server")
    marks = view.marks()
    assert marks["bridge"] == "openai" and marks["runtime"] == ("server" if runtime == "server" else "python")
    assert frame.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert view.error_panel() is None
    # the View tried the MCP Apps handshake first (no bridge answered); its requests then went to window.openai
    sent = [m.get("method") for m in view.messages()]
    assert sent[0] == "ui/initialize" and not {"tools/call", "ui/message"} & set(sent)
