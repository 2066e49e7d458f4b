"""use_view_state in Pyodide frames under the official AppBridge host page (tests/conformance), with a real Redis.

The host answers ``tools/call`` with pyview's own server side of View state (``ViewState``: signed instance ids,
the ``pyview_state`` tool) over a ``RedisStateStore`` talking to a ``redis-server`` the test starts. A re-mount
is what a host does after a display-mode switch or a reload: the frame is torn down (``ui/resource-teardown``)
and a new one gets the same tool result.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview.build import BuiltView
from pyview.host import build_csp
from pyview.server import RedisStateStore
from pyview.server._signing import Signer
from pyview.server._view_state import ViewState
from pyview.testing import with_csp

pytestmark = pytest.mark.browser
BRIDGE = Path(__file__).resolve().parents[1] / "conformance" / "dist" / "app-bridge.js"
SECRET = b"browser-test-secret-0123456789ab"

# Frames are mounted and torn down by name; tools/call goes to Python (window.pyCallTool); logs are recorded.
HOST = """() => {
  const { AppBridge, PostMessageTransport } = globalThis.McpApps;
  window.logs = [];
  window.views = {};
  window.mount = async (name, html, result) => {
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.name = name;
    frame.style.width = "400px"; frame.style.height = "200px";
    frame.srcdoc = html;
    document.body.append(frame);
    const bridge = new AppBridge(null, { name: "ext-apps conformance host", version: "2.0.4" },
      { serverTools: {}, logging: {} }, { hostContext: { theme: "light", displayMode: "inline" } });
    bridge.oncalltool = async (params) => JSON.parse(await window.pyCallTool(params.name, params.arguments));
    bridge.onloggingmessage = (params) => window.logs.push({ name, ...params });
    const ready = new Promise((resolve) => { bridge.oninitialized = resolve; });
    await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
    await ready;
    await bridge.sendToolResult(result);
    window.views[name] = { frame, bridge };
  };
  window.unmount = async (name) => {
    const { frame, bridge } = window.views[name];
    await bridge.teardownResource({});
    frame.remove();
    delete window.views[name];
    return "gone";
  };
}"""


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Debian's redis-server on a free loopback port, its data in a temporary folder."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed (scripts/install.sh installs it)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(tmp_path_factory.mktemp("redis")),
         "--save", "", "--unixsocket", ""],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    assert process.stdout is not None
    for line in process.stdout:
        if "Ready to accept connections" in line:
            break
    else:
        pytest.fail("redis-server exited before it was ready")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait()


class Server:
    """The server side of View state; ``restart()`` makes a new one (new store client) on the same Redis."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.restart()

    def restart(self) -> None:
        self.state = ViewState(Signer(SECRET), RedisStateStore(self.url, ttl=600))

    def result(self, city: str) -> dict[str, Any]:
        instance = self.state.mint("state")
        return {"content": [{"type": "text", "text": city}], "structuredContent": {"city": city},
                "_meta": {"pyview": {"v": 1, "view": "state", "instance": instance}}}  # fmt: skip

    def call_tool(self, name: str, arguments: dict[str, Any]) -> str:
        if name != "pyview_state":
            return '{"content": [{"type": "text", "text": "unknown tool"}], "isError": true}'
        return self.state.tool_result(arguments).model_dump_json(by_alias=True, exclude_none=True)


def text_of(page: Any, frame_name: str, test_id: str, expected: str) -> None:
    """Wait until the frame's element shows ``expected`` (an event wait, not a timed assertion)."""
    frame = None
    while frame is None:
        frame = page.frame(name=frame_name)
        if frame is None:
            page.wait_for_timeout(50)
    frame.wait_for_function(
        "([id, text]) => document.querySelector(`[data-testid=${id}]`)?.textContent === text",
        arg=[test_id, expected],
        timeout=180_000,
    )


def test_state_comes_back_in_a_new_frame_after_a_server_restart(
    page: Any, build: Callable[..., BuiltView], redis_url: str
) -> None:
    if not BRIDGE.exists():
        pytest.fail(f"{BRIDGE} is missing: run scripts/install.sh (it bundles the pinned ext-apps AppBridge)")
    server = Server(redis_url)
    page.expose_function("pyCallTool", server.call_tool)
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(content=BRIDGE.read_text())
    page.evaluate(HOST)
    html = with_csp(build("state_view.py").html, build_csp())
    oslo, rome = server.result("Oslo"), server.result("Rome")

    page.evaluate("([html, result]) => mount('first', html, result)", [html, oslo])
    text_of(page, "first", "city", "Oslo")
    page.frame(name="first").get_by_test_id("units").click()
    page.frame(name="first").get_by_test_id("open").click()
    text_of(page, "first", "panel", "panel: details")
    text_of(page, "first", "units", "units: F")
    assert page.evaluate("() => unmount('first')") == "gone"  # the pending write is flushed during teardown

    server.restart()  # a new server process: only Redis remembers
    instance = oslo["_meta"]["pyview"]["instance"]
    forged = Signer(b"not this server's secret, 32 byte").sign({"k": "view-state", "i": "guessed", "v": "state"})
    tampered = {
        **oslo,
        "_meta": {
            "pyview": {**oslo["_meta"]["pyview"], "instance": forged.split(".")[0] + "." + instance.split(".")[1]}
        },
    }
    page.evaluate(
        "([html, a, b, c]) => Promise.all([mount('again', html, a), mount('rome', html, b), mount('bad', html, c)])",
        [html, oslo, rome, tampered],
    )
    text_of(page, "again", "units", "units: F")  # the same tool result in a new frame: the state is back
    text_of(page, "again", "panel", "panel: details")
    text_of(page, "rome", "city", "Rome")
    page.frame(name="rome").wait_for_function("() => pyviewBoot.marks && 'live' in pyviewBoot.marks")
    page.wait_for_function(
        "() => window.logs.some((log) => log.name === 'bad' && log.data && log.data.where === 'use_view_state')",
        timeout=180_000,
    )
    text_of(page, "rome", "units", "units: C")  # another result of the same tool: its own state
    logs = page.evaluate("() => window.logs")
    bad_log = [log for log in logs if log["name"] == "bad" and (log.get("data") or {}).get("where") == "use_view_state"]
    assert "View instance id was refused" in str(bad_log[0]["data"])
    text_of(page, "bad", "units", "units: C")  # a tampered id: a clear error, and no data


def test_window_openai_widget_state_is_used_where_the_host_offers_it(
    page: Any, build: Callable[..., BuiltView], redis_url: str
) -> None:
    """A ChatGPT-like host: ``window.openai.widgetState`` seeds the values and ``setWidgetState`` gets each write."""
    server = Server(redis_url)
    page.add_init_script(
        "if (window !== window.top) window.openai = { widgetState: { pyview: { panel: 'saved by the host' } },"
        " setWidgetState(state) { (window.written = window.written || []).push(state); } };"
    )
    page.expose_function("pyCallTool", server.call_tool)
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(content=BRIDGE.read_text())
    page.evaluate(HOST)
    html = with_csp(build("state_view.py").html, build_csp())
    page.evaluate("([html, result]) => mount('openai', html, result)", [html, server.result("Lima")])
    text_of(page, "openai", "panel", "panel: saved by the host")
    page.frame(name="openai").get_by_test_id("units").click()
    text_of(page, "openai", "units", "units: F")
    page.frame(name="openai").wait_for_function(
        "() => (window.written || []).some((s) => s.pyview.units === 'F' && s.pyview.panel === 'saved by the host')",
        timeout=60_000,
    )
    assert page.evaluate("() => unmount('openai')") == "gone"
