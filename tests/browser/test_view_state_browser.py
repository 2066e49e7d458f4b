"""use_view_state in Pyodide frames under the official AppBridge host page (tests/conformance), with a real Redis.

The host answers ``tools/call`` with pyview's own server side (``Views``: results rendered with signed instance
ids, the ``pyview_state`` tool re-rendering them with the stored values) over a ``RedisStateStore`` talking to a
``redis-server`` the test starts. A re-mount is what a host does after a display-mode switch or a reload: the frame
is torn down (``ui/resource-teardown``) and a new one gets the same tool result. Each frame logs every units text it
ever showed (a MutationObserver: ``SEEN_UNITS_JS``), so "the first paint already shows the state" is checked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.server._signing import Signer
from pyview._tooling.server._view_resource import ViewRuntime
from pyview._tooling.testing._documents import document_url
from pyview._tooling.testing._sandbox import with_config
from pyview._tooling.testing._state_server import SEEN_UNITS_JS, StateServer, redis_server
from pyview.host import build_csp
from pyview.packager import BuiltView
from pyview.server import RedisStateStore
from pyview.testing import with_csp, with_script

pytestmark = pytest.mark.browser
SECRET = b"browser-test-secret-0123456789ab"
VIEW = Path(__file__).resolve().parent / "views" / "state_view.py"


def patient(html: str) -> str:
    """The document with all the time a loaded machine needs for the stored state (``stateWaitMs``).

    Past that bound a View paints its result's own tree rather than wait on a slow server (the product's guard, one
    test below); the tests that use this one are about what is painted once the answer comes.
    """
    return with_config(html, stateWaitMs=600_000)


# Frames are mounted and torn down by name; tools/call goes to Python (window.pyCallTool); logs are recorded.
HOST = """() => {
  const { AppBridge, PostMessageTransport } = globalThis.McpApps;
  window.logs = [];
  window.views = {};
  window.held = [];
  window.releaseGets = () => {
    window.holdGets = false;
    window.held.splice(0).forEach((go) => go());
  };
  window.mount = async (name, url, result) => {
    const html = await fetchDocument(url);  // see document_url
    const frame = sandboxedFrame(html, { width: "400px", height: "200px" });
    frame.name = name;
    document.body.append(frame);
    const bridge = new AppBridge(null, { name: "ext-apps conformance host", version: "2.0.4" },
      { serverTools: {}, logging: {} }, { hostContext: { theme: "light", displayMode: "inline" } });
    bridge.oncalltool = async (params) => {
      if (window.holdGets && params.name === "pyview_state" && params.arguments.op === "get") {
        await new Promise((go) => window.held.push(go));  // a slow server: answered at releaseGets()
      }
      return JSON.parse(await window.pyCallTool(params.name, params.arguments));
    };
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
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture
def secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYVIEW_SECRET", SECRET.decode())  # every (re)started server signs with it


@pytest.fixture
def start_server(redis_url: str) -> Iterator[Callable[..., StateServer]]:
    """Starts the state View's server (again: a restarted process, only Redis remembers); each is stopped at the
    end, its Redis connections closed."""
    servers: list[StateServer] = []

    def start(runtime: ViewRuntime | None = None) -> StateServer:
        servers.append(StateServer(VIEW, "state", RedisStateStore(redis_url, ttl=600), runtime=runtime))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def frame_named(page: Any, name: str) -> Any:
    """The frame of the host page's ``<iframe name=NAME>``, once it is attached (a wait with a deadline)."""
    element = page.locator(f'iframe[name="{name}"]').element_handle(timeout=60_000)
    frame = element.content_frame()
    assert frame is not None, f"the iframe {name!r} has no frame"
    return frame


def text_of(page: Any, frame_name: str, test_id: str, expected: str) -> None:
    """Wait until the frame's element shows ``expected`` (an event wait, not a timed assertion)."""
    frame_named(page, frame_name).wait_for_function(
        "([id, text]) => document.querySelector(`[data-testid=${id}]`)?.textContent === text",
        arg=[test_id, expected],
        timeout=180_000,
    )


def seen_once_live(page: Any, frame_name: str) -> list[str]:
    """Every units text the frame showed until Python went live (a wrong first paint fails at once, no timeout)."""
    frame = frame_named(page, frame_name)
    frame.wait_for_function("() => window.seenUnits.length && pyviewBoot.marks.live", timeout=180_000)
    seen: list[str] = frame.evaluate("() => window.seenUnits")
    return seen


@pytest.mark.usefixtures("secret")
def test_state_comes_back_in_a_new_frame_after_a_server_restart(
    own_page: Any,
    build: Callable[..., BuiltView],
    start_server: Callable[..., StateServer],
    appbridge_host: Callable[..., Any],
) -> None:
    """Change state, tear the frame down, restart the server, mount the same result: the FIRST painted tree shows
    the restored state (the server's re-render; no frame ever showed the default). Another result of the tool
    keeps its own state; a tampered id gets a clear error and no data."""
    server = start_server()
    own_page.expose_function("pyCallTool", lambda name, arguments: json.dumps(server.call_tool(name, arguments)))
    appbridge_host(own_page)
    own_page.evaluate(HOST)
    html = patient(with_script(with_csp(build("state_view.py").html, build_csp()), SEEN_UNITS_JS))
    oslo, rome = server.result({"city": "Oslo"}), server.result({"city": "Rome"})
    assert oslo["_meta"]["pyview"]["stateful"] and "units: C" in json.dumps(oslo["_meta"]["pyview"]["tree"])

    own_page.evaluate("([url, result]) => mount('first', url, result)", [document_url(html), oslo])
    assert seen_once_live(own_page, "first") == ["units: C"]  # a new instance: its defaults
    first = frame_named(own_page, "first")
    assert first.evaluate("() => pyviewRestore.paints") == ["result"]  # nothing stored: the result's own tree
    first.get_by_test_id("units").click()
    first.get_by_test_id("open").click()
    text_of(own_page, "first", "panel", "panel: details")
    text_of(own_page, "first", "units", "units: F")
    assert own_page.evaluate("() => unmount('first')") == "gone"  # the pending write is flushed during teardown

    server = start_server()  # a new process: only Redis remembers
    instance = oslo["_meta"]["pyview"]["instance"]
    forged = Signer(b"not this server's secret, 32 byte").sign({"k": "view-state", "i": "guessed", "v": "state"})
    tampered = {
        **oslo,
        "_meta": {
            "pyview": {**oslo["_meta"]["pyview"], "instance": forged.split(".")[0] + "." + instance.split(".")[1]}
        },
    }
    own_page.evaluate(
        "([[u1, u2, u3], a, b, c]) => Promise.all([mount('again', u1, a), mount('rome', u2, b), mount('bad', u3, c)])",
        [[document_url(html) for _ in range(3)], oslo, rome, tampered],
    )
    assert seen_once_live(own_page, "again") == ["units: F"]  # the first paint has the state: no flash of "units: C"
    again = frame_named(own_page, "again")
    assert again.evaluate("() => pyviewRestore.paints") == ["state"]  # the tree the server re-rendered with it
    assert again.get_by_test_id("panel").text_content() == "panel: details"
    assert seen_once_live(own_page, "rome") == ["units: C"]  # another result of the same tool: its own state
    assert frame_named(own_page, "rome").get_by_test_id("city").text_content() == "Rome"
    assert seen_once_live(own_page, "bad") == ["units: C"]  # a tampered id: no data
    own_page.wait_for_function(
        "() => window.logs.some((log) => log.name === 'bad' && log.data && log.data.where === 'use_view_state')",
        timeout=180_000,
    )
    logs = own_page.evaluate("() => window.logs")
    bad_log = [log for log in logs if log["name"] == "bad" and (log.get("data") or {}).get("where") == "use_view_state"]
    assert "View instance id was refused" in str(bad_log[0]["data"])  # and a clear error
    assert frame_named(own_page, "again").evaluate("() => window.seenUnits") == ["units: F"]  # still: never the default


@pytest.mark.usefixtures("secret")
def test_a_slow_server_gets_the_results_own_tree_painted_then_the_stored_state(
    own_page: Any,
    build: Callable[..., BuiltView],
    start_server: Callable[..., StateServer],
    appbridge_host: Callable[..., Any],
) -> None:
    """With no stored state within ``stateWaitMs`` (800 ms by default), a re-mounted View paints its result's own
    tree rather than wait on the server; once the server answers, Python shows the stored values."""
    server = start_server()
    own_page.expose_function("pyCallTool", lambda name, arguments: json.dumps(server.call_tool(name, arguments)))
    appbridge_host(own_page)
    own_page.evaluate(HOST)
    html = with_script(with_csp(build("state_view.py").html, build_csp()), SEEN_UNITS_JS)
    oslo = server.result({"city": "Oslo"})
    own_page.evaluate("([url, result]) => mount('one', url, result)", [document_url(html), oslo])
    assert seen_once_live(own_page, "one") == ["units: C"]
    frame_named(own_page, "one").get_by_test_id("units").click()
    text_of(own_page, "one", "units", "units: F")
    assert own_page.evaluate("() => unmount('one')") == "gone"  # F is stored

    own_page.evaluate("() => { window.holdGets = true; }")  # the server is slow now: no pyview_state get is answered
    own_page.evaluate("([url, result]) => mount('two', url, result)", [document_url(html), oslo])
    two = frame_named(own_page, "two")
    two.wait_for_function("() => globalThis.pyviewRestore?.paints.length > 0", timeout=180_000)
    assert two.evaluate("() => pyviewRestore.paints") == ["result"]  # not blank: the result's own tree
    assert "units: C" in two.evaluate("() => document.body.textContent")
    own_page.evaluate("() => window.releaseGets()")
    text_of(own_page, "two", "units", "units: F")  # Python loads the values itself once the server answers


def test_window_openai_widget_state_is_used_where_the_host_offers_it(
    own_page: Any,
    build: Callable[..., BuiltView],
    start_server: Callable[..., StateServer],
    appbridge_host: Callable[..., Any],
) -> None:
    """A ChatGPT-like host: ``window.openai.widgetState`` seeds the values and ``setWidgetState`` gets each write."""
    server = start_server()
    own_page.expose_function("pyCallTool", lambda name, arguments: json.dumps(server.call_tool(name, arguments)))
    appbridge_host(own_page)
    own_page.evaluate(HOST)
    openai = (  # what a ChatGPT-like host puts in the frame before the View's scripts run
        "window.openai = { widgetState: { pyview: { panel: 'saved by the host' } },"
        " setWidgetState(state) { (window.written = window.written || []).push(state); } };"
    )
    html = with_script(with_csp(build("state_view.py").html, build_csp()), openai)
    own_page.evaluate(
        "([url, result]) => mount('openai', url, result)", [document_url(html), server.result({"city": "Lima"})]
    )
    text_of(own_page, "openai", "panel", "panel: saved by the host")
    own_page.frame(name="openai").get_by_test_id("units").click()
    text_of(own_page, "openai", "units", "units: F")
    own_page.frame(name="openai").wait_for_function(
        "() => (window.written || []).some((s) => s.pyview.units === 'F' && s.pyview.panel === 'saved by the host')",
        timeout=60_000,
    )
    assert own_page.evaluate("() => unmount('openai')") == "gone"


@pytest.mark.usefixtures("secret")
def test_server_runtime_first_paint_after_a_remount_and_a_server_restart_shows_the_state(
    own_page: Any,
    build: Callable[..., BuiltView],
    start_server: Callable[..., StateServer],
    appbridge_host: Callable[..., Any],
) -> None:
    """The server runtime (no Python in the frame): a stateful result's own tree (the defaults) is held until the
    first pyview_event answer, whose reset the server rendered with the stored values."""
    server = start_server("server")
    own_page.expose_function("pyCallTool", lambda name, arguments: json.dumps(server.call_tool(name, arguments)))
    appbridge_host(own_page)
    own_page.evaluate(HOST)
    html = patient(with_script(with_csp(build("state_view.py", runtime="server").html, build_csp()), SEEN_UNITS_JS))
    oslo = server.result({"city": "Oslo"})
    own_page.evaluate("([url, result]) => mount('one', url, result)", [document_url(html), oslo])
    assert seen_once_live(own_page, "one") == ["units: C"]
    frame_named(own_page, "one").get_by_test_id("units").click()
    text_of(own_page, "one", "units", "units: F")
    assert own_page.evaluate("() => unmount('one')") == "gone"
    server.close()  # the process stops
    server = start_server("server")  # restarted
    own_page.evaluate("([url, result]) => mount('two', url, result)", [document_url(html), oslo])
    assert seen_once_live(own_page, "two") == ["units: F"]  # the first paint: the server's reset with the state
    assert frame_named(own_page, "two").evaluate("() => pyviewBoot.marks.runtime") == "server"
