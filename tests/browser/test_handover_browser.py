"""The default ("auto") document in Chromium under pyview's Python host with a real server behind it: the server runtime
answers from the first paint, Python is fetched in the background as runtime parts (through the host's
``resources/read`` here: this server has no runtime URL) and takes the View over without losing or doubling an event.

The host holds back the runtime parts until the test has clicked, so "before Python is up" is a state, not a race.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.server._server_file import load_server
from pyview.host import McpBackend
from pyview.testing import mount, with_script

pytestmark = pytest.mark.browser
SERVER = Path(__file__).resolve().parent / "handover" / "server.py"

# Every text the count button ever showed, and how many nodes were ever removed from the View (a flash replaces them).
WATCH = """
window.__seen = []; window.__removed = 0;
document.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("pyview-root");
  new MutationObserver((records) => {
    for (const r of records) if (r.type === "childList") window.__removed += r.removedNodes.length;
    const shown = root.querySelector("[data-testid=count]")?.textContent;
    if (shown && window.__seen[window.__seen.length - 1] !== shown) window.__seen.push(shown);
  }).observe(root, { childList: true, subtree: true, characterData: true });
});
"""

# What a user does at each moment of the hand-over: a click and typing while the hand-over call is on its way, a click
# after the server has handed over but before Python listens (it was lost: a click there once failed tests/realhost on
# a loaded CI machine), and more typing while Python connects, before it is live (it reached Python before the older
# held typing, which then put the older text back).
ACT_DURING_THE_HAND_OVER = """() => {
  const click = () => document.querySelector("[data-testid=count]").click();
  const type = (text) => {
    const box = document.querySelector("[data-testid=note]");
    box.value = text;
    box.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const handover = pyviewServer.handover;
  pyviewServer.handover = () => { const asked = handover(); click(); type("a"); return asked; };
  const prepend = pyviewHost.prepend;
  pyviewHost.prepend = (messages) => { click(); return prepend.call(pyviewHost, messages); };
  const live = pyviewBoot.live;
  pyviewBoot.live = () => { type("ab"); return live.call(pyviewBoot); };
}"""


# Python's first render may differ from the painted View in its shape (here the painted title has an element more):
# Python then replaces the painted nodes, and a click held during the hand-over was on a node no longer in the View
# (it was dropped: a loaded CI machine lost a click of tests/realhost so).
CLICK_WHILE_THE_PAINT_GOES_STALE = """() => {
  const prepend = pyviewHost.prepend;
  pyviewHost.prepend = (messages) => {
    document.querySelector("[data-testid=title]").append(document.createElement("small"));
    document.querySelector("[data-testid=count]").click();
    return prepend.call(pyviewHost, messages);
  };
}"""


class GatedBackend(McpBackend):
    """The real server, with ``resources/read`` of runtime parts held until :attr:`gate` is set (by the test)."""

    def __init__(self, server: object) -> None:
        super().__init__(server)
        self.gate = asyncio.Event()
        self.part_reads = 0
        self.reading = 0  # part reads the host is answering now
        self.most_reading = 0

    async def read_resource(self, uri: str) -> dict[str, Any]:
        if not uri.startswith("ui://pyview-runtime/"):
            return await super().read_resource(uri)
        self.part_reads += 1
        self.reading += 1
        self.most_reading = max(self.most_reading, self.reading)
        try:
            await self.gate.wait()
            return await super().read_resource(uri)
        finally:
            self.reading -= 1


@pytest.fixture
def snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Views as served by default: with a memory snapshot (the suite turns it off, tests/conftest.py). It is made
    once per View version (cached), and each boot here is then a restore: faster than a plain start."""
    monkeypatch.setenv("PYVIEW_SNAPSHOT", "auto")


@pytest.fixture
def served(snapshot: None, pyview_tabs: Any, pyview_host_server: Any) -> Iterator[tuple[Any, GatedBackend, Any]]:
    module, server = load_server(str(SERVER))
    backend = GatedBackend(server)
    pyview_host_server.run(backend.start())
    uri = module.counter.uri
    html = pyview_host_server.run(backend.read_resource(uri))["contents"][0]["text"]
    assert len(html.encode()) < 128_000  # no runtime, no snapshot in the document
    view = mount(pyview_host_server, pyview_tabs.take(), with_script(html, WATCH), tabs=pyview_tabs, backend=backend)
    yield view, backend, module
    problems = view.errors()
    view.close()
    pyview_host_server.run(backend.close())
    assert not problems, problems


def event_calls(view: Any) -> list[dict[str, Any]]:
    return [r for r in view.host.requests if r["method"] == "tools/call" and r["params"]["name"] == "pyview_event"]


def test_clicks_before_python_go_to_the_server_and_python_continues_from_them(
    served: tuple[Any, GatedBackend, Any], pyview_host_server: Any
) -> None:
    view, backend, _module = served
    view.wait_handshake(90)
    result = pyview_host_server.run(backend.call_tool("show", {"title": "Counter"}))
    view.send_tool_input({"title": "Counter"})
    view.send_tool_result(result)
    count = view.locator("[data-testid=count]")
    for n in (1, 2, 3):  # answered by the server runtime while the runtime parts are held back
        count.click()
        view.locator("[data-testid=count]", has_text=f"Clicked {n}").wait_for(timeout=30_000)
    view.locator("[data-testid=units]").click()
    view.locator("[data-testid=units]", has_text="units: F").wait_for(timeout=30_000)
    frame = view.frame
    # from here on (the first result replaced the pre-rendered "Waiting" paragraph), nothing may be replaced
    frame.evaluate("() => { document.querySelector('[data-testid=count]').__first = true; window.__removed = 0; }")
    assert frame.evaluate("() => pyviewBoot.marks.runtime") == "server"
    view.keyboard.press("Shift+Tab")  # a keyboard user: focus on the count button while Python takes over
    frame.wait_for_function("() => document.activeElement.dataset.testid === 'count'")
    before = len(event_calls(view))
    frame.evaluate(ACT_DURING_THE_HAND_OVER)

    pyview_host_server.run(_open(backend))  # the frame may fetch Python now
    frame.wait_for_function(
        "() => pyviewBoot.marks.runtime === 'python' && pyviewBoot.marks.live > pyviewBoot.marks.handover",
        timeout=120_000,
    )
    handover = event_calls(view)[before:]
    assert [call["params"]["arguments"].get("handover") for call in handover] == [True]
    assert backend.part_reads > 1  # the parts came through the host, and the host's log says so
    # one chunk at a time: a host passes messages on in order, and a click's tools/call waits behind what is ahead
    assert backend.most_reading == 1
    said = wait_for_log(view, lambda data: data.get("runtime") == "python", "'runtime: python'")["data"]
    assert said["via"] == "host" and said["hostBytes"] > 1_000_000
    assert "snapshot" in frame.evaluate("() => pyviewBoot.marks")  # the snapshot part restored, not a plain start

    # the focused button kept focus through the hand-over (its node was adopted), and the next key reaches Python
    assert frame.evaluate("() => document.activeElement.__first === true && document.hasFocus()")
    view.locator("[data-testid=count]", has_text="Clicked 5").wait_for(timeout=30_000)  # the two held clicks
    view.keyboard.press("Enter")  # the sixth click: Python's own
    view.locator("[data-testid=count]", has_text="Clicked 6").wait_for(timeout=30_000)
    assert len(event_calls(view)) == before + 1  # no pyview_event for any of them
    assert frame.evaluate("() => document.querySelector('[data-testid=count]').__first") is True  # same node
    assert frame.evaluate("() => window.__removed") == 0  # nothing was replaced: no flash
    seen = frame.evaluate("() => window.__seen")  # Python may show the two held clicks in one render
    assert seen[:4] == ["Clicked 0", "Clicked 1", "Clicked 2", "Clicked 3"] and seen[-2:] == ["Clicked 5", "Clicked 6"]
    # the typing reached Python in the order it was made: the newest text is what Python holds and shows
    assert view.locator("[data-testid=noted]").text_content() == "Note: ab"
    assert view.locator("[data-testid=note]").input_value() == "ab"

    # use_view_state goes on in Python: it was handed the values, and writes through pyview_state
    view.locator("[data-testid=units]", has_text="units: F").wait_for(timeout=5_000)
    view.locator("[data-testid=units]").click()
    view.locator("[data-testid=units]", has_text="units: C").wait_for(timeout=30_000)
    wrote = {"name": "pyview_state", "op": "put", "values": {"units": "C"}}
    view.frame.wait_for_function("() => true")  # (lets Playwright process events while polling below)
    deadline = time.monotonic() + 30
    while not any(_is_put(request, wrote) for request in view.host.requests):
        assert time.monotonic() < deadline, "no pyview_state put {'units': 'C'} reached the host"
        view.frame.wait_for_timeout(100)


def test_a_click_held_during_the_hand_over_reaches_python_when_its_first_render_replaces_the_paint(
    served: tuple[Any, GatedBackend, Any], pyview_host_server: Any
) -> None:
    view, backend, _module = served
    show_and_click(view, backend, pyview_host_server)  # "Clicked 1", by the server runtime
    view.frame.evaluate(CLICK_WHILE_THE_PAINT_GOES_STALE)
    pyview_host_server.run(_open(backend))
    view.frame.wait_for_function(
        "() => pyviewBoot.marks.runtime === 'python' && pyviewBoot.marks.live > pyviewBoot.marks.handover",
        timeout=120_000,
    )
    view.locator("[data-testid=title]", has_text="Counter").wait_for(timeout=30_000)
    assert view.frame.evaluate("() => window.__removed") > 0  # Python did replace the painted View
    view.locator("[data-testid=count]", has_text="Clicked 2").wait_for(timeout=30_000)  # the held click, in Python
    assert view.frame.evaluate("() => document.querySelector('[data-testid=title] small')") is None  # Python's


def _is_put(request: dict[str, Any], wrote: dict[str, Any]) -> bool:
    params = request.get("params") or {}
    arguments = params.get("arguments") or {}
    return bool(params.get("name") == wrote["name"] and arguments.get("op") == wrote["op"]
                and arguments.get("values") == wrote["values"])  # fmt: skip


async def _open(backend: GatedBackend) -> None:
    backend.gate.set()


def wait_for_log(view: Any, predicate: Any, what: str) -> dict[str, Any]:
    entry: dict[str, Any] = view.wait_for_log(lambda log: predicate(log.get("data") or {}), timeout=120)
    return entry


def show_and_click(view: Any, backend: GatedBackend, host_server: Any) -> None:
    view.wait_handshake(90)
    view.send_tool_input({"title": "Counter"})
    view.send_tool_result(host_server.run(backend.call_tool("show", {"title": "Counter"})))
    view.locator("[data-testid=count]").click()
    view.locator("[data-testid=count]", has_text="Clicked 1").wait_for(timeout=30_000)


def test_where_webassembly_is_blocked_the_view_stays_on_the_server_and_says_why(
    pyview_tabs: Any, pyview_host_server: Any
) -> None:
    module, server = load_server(str(SERVER))
    backend = GatedBackend(server)
    backend.gate.set()
    pyview_host_server.run(backend.start())
    html = pyview_host_server.run(backend.read_resource(module.counter.uri))["contents"][0]["text"]
    view = mount(pyview_host_server, pyview_tabs.take(), html, tabs=pyview_tabs, backend=backend, allow_wasm=False)
    try:
        show_and_click(view, backend, pyview_host_server)
        entry = wait_for_log(view, lambda data: "python" in data and data.get("runtime") == "server", "'stays'")
        assert "WebAssembly" in entry["data"]["python"]
        assert backend.part_reads == 0  # nothing fetched for a Python that cannot run
        still_on_the_server(view)
    finally:
        view.close()
        pyview_host_server.run(backend.close())


def still_on_the_server(view: Any) -> None:
    """The next click is answered by the server runtime, and the View shows no error panel."""
    view.locator("[data-testid=count]").click()
    view.locator("[data-testid=count]", has_text="Clicked 2").wait_for(timeout=30_000)
    assert view.frame.evaluate("() => pyviewBoot.marks.runtime") == "server"
    assert view.error_panel() is None


class BrokenPartsBackend(GatedBackend):
    """A host whose resources/read of runtime parts fails (a host that caps or drops them)."""

    async def read_resource(self, uri: str) -> dict[str, Any]:
        if uri.startswith("ui://pyview-runtime/"):
            self.part_reads += 1
            raise RuntimeError("this host does not read resources that large")
        return await super().read_resource(uri)


def test_runtime_parts_that_cannot_be_read_leave_the_view_on_the_server(
    pyview_tabs: Any, pyview_host_server: Any
) -> None:
    module, server = load_server(str(SERVER))
    backend = BrokenPartsBackend(server)
    pyview_host_server.run(backend.start())
    html = pyview_host_server.run(backend.read_resource(module.counter.uri))["contents"][0]["text"]
    view = mount(pyview_host_server, pyview_tabs.take(), html, tabs=pyview_tabs, backend=backend)
    view.allow_errors = True  # the failed reads are logged by the host relay
    try:
        show_and_click(view, backend, pyview_host_server)
        entry = wait_for_log(view, lambda data: "could not be fetched" in str(data.get("python")), "'not fetched'")
        assert entry["data"]["runtime"] == "server" and backend.part_reads > 0
        still_on_the_server(view)
    finally:
        view.close()
        pyview_host_server.run(backend.close())


@pytest.mark.parametrize("honours_csp", [True, False], ids=["csp-domains-honoured", "csp-domains-ignored"])
def test_parts_come_from_the_runtime_url_where_the_csp_lets_them_else_through_the_host(
    honours_csp: bool, snapshot: None, pyview_tabs: Any, pyview_host_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyview.server import runtime_files_app
    from pyview.testing import serving

    with serving(runtime_files_app()) as base:
        monkeypatch.setenv("PYVIEW_RUNTIME_URL", f"{base}/")
        module, server = load_server(str(SERVER))
        backend = GatedBackend(server)
        backend.gate.set()
        pyview_host_server.run(backend.start())
        read = pyview_host_server.run(backend.read_resource(module.counter.uri))["contents"][0]
        ui_meta = (read.get("_meta") or {}).get("ui") if honours_csp else None  # a host that ignores the domains
        assert not honours_csp or base in str(ui_meta)
        page = pyview_tabs.take()
        view = mount(pyview_host_server, page, read["text"], tabs=pyview_tabs, backend=backend, ui_meta=ui_meta)
        view.allow_errors = not honours_csp  # the browser reports the blocked fetch on the console
        try:
            show_and_click(view, backend, pyview_host_server)
            said = wait_for_log(view, lambda data: data.get("runtime") == "python", "'runtime: python'")["data"]
            assert said["via"] == ("url" if honours_csp else "host")
            assert (backend.part_reads == 0) is honours_csp
            view.frame.wait_for_function("() => pyviewBoot.marks.live > pyviewBoot.marks.handover", timeout=60_000)
            view.locator("[data-testid=count]").click()
            view.locator("[data-testid=count]", has_text="Clicked 2").wait_for(timeout=30_000)
        finally:
            view.close()
            pyview_host_server.run(backend.close())


# The official host side: @modelcontextprotocol/ext-apps' AppBridge in a host page. Its tools/call and resources/read
# go to the real server (Python, through exposed functions); reads of runtime parts wait until release().
APPBRIDGE_HOST = """([html, result, input]) => {
  const { AppBridge, PostMessageTransport } = globalThis.McpApps;
  window.calls = []; window.held = []; window.released = false;
  const frame = sandboxedFrame(html, { width: "600px", height: "400px" });
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: "ext-apps conformance host", version: "2.0.4" },
    { serverTools: {}, serverResources: {}, logging: {} }, { hostContext: { theme: "light", displayMode: "inline" } });
  bridge.oncalltool = async (params) => {
    window.calls.push(params);
    return JSON.parse(await window.pyCallTool(params.name, params.arguments || {}));
  };
  bridge.onreadresource = (params) => {
    const read = () => window.pyReadResource(params.uri).then((text) => JSON.parse(text));
    if (!params.uri.startsWith("ui://pyview-runtime/") || window.released) return read();
    return new Promise((resolve) => window.held.push(() => resolve(read())));
  };
  window.release = () => { window.released = true; window.held.splice(0).forEach((go) => go()); };
  const ready = new Promise((resolve) => { bridge.oninitialized = resolve; });
  return bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow))
    .then(() => ready).then(() => bridge.sendToolInput({ arguments: input })).then(() => bridge.sendToolResult(result));
}"""


def test_the_hand_over_under_the_official_appbridge(
    snapshot: None, own_page: Any, pyview_host_server: Any, appbridge_host: Callable[..., Any]
) -> None:
    from pyview.host import build_csp
    from pyview.testing import with_csp

    module, server = load_server(str(SERVER))
    backend = McpBackend(server)
    pyview_host_server.run(backend.start())
    try:

        def call(name: str, arguments: dict[str, Any]) -> str:
            return json.dumps(pyview_host_server.run(backend.call_tool(name, arguments)))

        def read(uri: str) -> str:
            return json.dumps(pyview_host_server.run(backend.read_resource(uri)))

        own_page.expose_function("pyCallTool", call)
        own_page.expose_function("pyReadResource", read)
        appbridge_host(own_page)
        html = pyview_host_server.run(backend.read_resource(module.counter.uri))["contents"][0]["text"]
        result = pyview_host_server.run(backend.call_tool("show", {"title": "Counter"}))
        own_page.evaluate(APPBRIDGE_HOST, [with_script(with_csp(html, build_csp(allow_wasm=True)), WATCH), result,
                                       {"title": "Counter"}])  # fmt: skip
        frame = own_page.frame_locator("iframe")
        for n in (1, 2, 3):  # answered by the server runtime: the parts are held back
            frame.locator("[data-testid=count]").click()
            frame.locator("[data-testid=count]").filter(has_text=f"Clicked {n}").wait_for(timeout=30_000)
        frame.locator("[data-testid=units]").click()
        frame.locator("[data-testid=units]").filter(has_text="units: F").wait_for(timeout=30_000)
        view = own_page.frames[1]
        view.evaluate("() => { document.querySelector('[data-testid=count]').__first = true; window.__removed = 0; }")
        events = 'window.calls.filter((c) => c.name === "pyview_event").length'
        before = own_page.evaluate(f"() => {events}")

        own_page.evaluate("() => window.release()")
        view.wait_for_function(
            "() => pyviewBoot.marks.runtime === 'python' && pyviewBoot.marks.live > pyviewBoot.marks.handover",
            timeout=120_000,
        )
        frame.locator("[data-testid=units]").filter(has_text="units: F").wait_for(timeout=5_000)
        frame.locator("[data-testid=count]").click()  # the fourth click: no tools/call at all
        frame.locator("[data-testid=count]").filter(has_text="Clicked 4").wait_for(timeout=30_000)
        assert own_page.evaluate(f"() => {events}") == before + 1  # the hand-over call, and nothing for the click
        assert view.evaluate("() => document.querySelector('[data-testid=count]').__first") is True
        assert view.evaluate("() => window.__removed") == 0
        assert view.evaluate("() => window.__seen") == ["Clicked 0", "Clicked 1", "Clicked 2", "Clicked 3", "Clicked 4"]
        frame.locator("[data-testid=units]").click()  # use_view_state, now Python's: written through pyview_state
        frame.locator("[data-testid=units]").filter(has_text="units: C").wait_for(timeout=30_000)
        own_page.wait_for_function(
            "() => window.calls.some((c) => c.name === 'pyview_state' && c.arguments.op === 'put'"
            " && c.arguments.values && c.arguments.values.units === 'C')",
            timeout=30_000,
        )
    finally:
        pyview_host_server.run(backend.close())
