"""The weather and orders examples under the official host, @modelcontextprotocol/ext-apps' AppBridge (pinned in
tests/conformance), in each runtime: Python in the frame, the server runtime and auto (both under the spec's default
CSP, no 'wasm-unsafe-eval'). The bridge's tools/call goes to the real server (in process) through the mcp client."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.testing._documents import document_url
from pyview.host import McpBackend, build_csp
from pyview.packager import BuiltView, build_view
from pyview.testing import with_csp

pytestmark = pytest.mark.browser
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HOST = """async (url) => {
  const html = await fetchDocument(url);  // see document_url
  const { AppBridge, PostMessageTransport } = globalThis.McpApps;
  const frame = sandboxedFrame(html, { width: "760px", height: "800px" });
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: "ext-apps conformance host", version: "2.0.4" },
    { serverTools: {}, logging: {}, updateModelContext: { text: {} }, message: { text: {} } },
    { hostContext: { theme: "light", displayMode: "inline", availableDisplayModes: ["inline", "fullscreen"] } });
  window.seen = { initialized: false, calls: [], contexts: [], logs: [] };
  bridge.oninitialized = () => { window.seen.initialized = true; };
  bridge.oncalltool = async (params) => { window.seen.calls.push(params.name); return window.callServer(params); };
  bridge.onupdatemodelcontext = async (params) => { window.seen.contexts.push(params); return {}; };
  bridge.onloggingmessage = (params) => window.seen.logs.push(params);
  window.bridge = bridge;
  return bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
}"""


@pytest.fixture
def bridge_host(
    pyview_browser: Any, pyview_host_server: Any, appbridge_host: Callable[..., Any]
) -> Iterator[Callable[..., Any]]:
    """Open a page with the AppBridge for a server module and a built document; returns the page."""
    opened: list[tuple[Any, McpBackend]] = []

    def open_host(server: Any, built: BuiltView, runtime: str) -> tuple[Any, McpBackend]:
        backend = McpBackend(server)
        pyview_host_server.run(backend.start())
        tools = {tool["name"] for tool in pyview_host_server.run(backend.list_tools())}
        if runtime != "python" and "pyview_event" not in tools:
            pyview_host_server.run(backend.close())
            pytest.fail("the server has no server runtime (no pyview_event tool): a regression, its Views declare one")
        page = pyview_browser.new_context(viewport={"width": 800, "height": 900}).new_page()
        opened.append((page, backend))

        def call_server(params: dict[str, Any]) -> Any:
            return pyview_host_server.run(backend.call_tool(params["name"], params.get("arguments") or {}))

        page.expose_function("callServer", call_server)
        appbridge_host(page)
        page.evaluate(
            HOST, document_url(with_csp(built.html, build_csp(built.csp or None, allow_wasm=runtime == "python")))
        )
        page.wait_for_function("() => window.seen.initialized", timeout=90_000)
        return page, backend

    yield open_host
    for page, backend in opened:
        errors = page.evaluate("() => window.seen.logs.filter((log) => log.level === 'error')")
        page.context.close()
        pyview_host_server.run(backend.close())
        assert errors == [], errors


def document(folder: Path, runtime: str) -> BuiltView:
    snapshot = False if runtime == "server" else "core"  # the suite's shared core snapshot (tests/conftest.py)
    return build_view(folder, runtime="inline" if runtime == "python" else runtime, snapshot=snapshot)  # type: ignore[arg-type]


@pytest.mark.parametrize("runtime", ["python", "server", "auto"])
def test_weather_under_the_appbridge(bridge_host: Callable[..., Any], pyview_host_server: Any, runtime: str) -> None:
    from pyview._tooling.server._server_file import load_server

    _module, server = load_server(str(EXAMPLES / "weather" / "server.py"))
    page, backend = bridge_host(server, document(EXAMPLES / "weather" / "weather_view", runtime), runtime)
    result = pyview_host_server.run(backend.call_tool("get_weather", {"city": "Oslo"}))
    page.evaluate("() => bridge.sendToolInput({ arguments: { city: 'Oslo' } })")
    page.evaluate("(result) => bridge.sendToolResult(result)", result)

    frame = page.frame_locator("iframe")
    frame.locator(".wx-city").filter(has_text="Oslo").wait_for(timeout=90_000)
    frame.get_by_role("button", name="°F").click()
    frame.locator(".wx-stats").filter(has_text="mph").wait_for()
    page.wait_for_function("() => window.seen.contexts.length > 0")
    text = page.evaluate("() => window.seen.contexts.at(-1).content[0].text")
    assert text.startswith("The user switched the units to Fahrenheit (°F).")
    if runtime == "python":
        # In the browser the chosen units are saved by the debounced pyview_state write; the server runtime keeps
        # them inside its pyview_event call.
        page.wait_for_function("() => window.seen.calls.includes('pyview_state')")
    calls = set(page.evaluate("() => window.seen.calls"))
    assert calls == ({"refresh_weather", "pyview_state"} if runtime == "python" else {"pyview_event"})


@pytest.mark.parametrize("runtime", ["python", "server", "auto"])
def test_orders_under_the_appbridge(
    bridge_host: Callable[..., Any], pyview_host_server: Any, orders: Any, runtime: str
) -> None:
    page, backend = bridge_host(orders.server, document(EXAMPLES / "orders" / "orders_view", runtime), runtime)
    result = pyview_host_server.run(backend.call_tool("list_orders", {"page_size": 10}))
    page.evaluate("() => bridge.sendToolInput({ arguments: { page_size: 10 } })")
    page.evaluate("(result) => bridge.sendToolResult(result)", result)

    frame = page.frame_locator("iframe")
    frame.locator("tr.o-row").first.wait_for(timeout=90_000)
    frame.locator("button.o-chip", has_text="Delivered").click()
    frame.locator(".o-head p").filter(has_text="delivered orders").wait_for()
    statuses = frame.locator("tr.o-row td:nth-child(4)").all_inner_texts()
    assert set(statuses) == {"Delivered"}
