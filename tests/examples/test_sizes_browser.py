"""The frame is sized to what the View's document needs, from the first paint, in each runtime.

The host page is built as the ext-apps basic-host is: the official AppBridge, a frame that starts at 400 px and is
set to exactly the height of each ``size-changed`` report, its ``tools/call`` going to the example's real server.
Each View frame records the height its document needs after every change to the View (a MutationObserver runs
before the browser paints), so "the first paint was reported" is checked without timing anything: the report of
that height reached the host before Python's start-up was done (the ``runtime: python`` log comes after it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.testing._documents import document_url
from pyview.host import McpBackend, build_csp
from pyview.packager import BuiltView, build_view
from pyview.testing import with_csp, with_script

pytestmark = pytest.mark.browser
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MARGINS = Path(__file__).resolve().parent / "views" / "margin_view.py"
HOST = """async (url) => {
  const html = await fetchDocument(url);  // see document_url
  const { AppBridge, PostMessageTransport } = globalThis.McpApps;
  const frame = sandboxedFrame(html, { width: "760px", height: "400px", border: "0" });
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: "ext-apps conformance host", version: "2.0.4" },
    { serverTools: {}, logging: {}, updateModelContext: { text: {} }, message: { text: {} } },
    { hostContext: { theme: "light", displayMode: "inline", availableDisplayModes: ["inline", "fullscreen"] } });
  window.seen = { initialized: false, events: [] };
  bridge.oninitialized = () => { window.seen.initialized = true; };
  bridge.oncalltool = async (params) => window.callServer(params);
  bridge.onsizechange = ({ height }) => {
    if (height === undefined) return;
    window.seen.events.push(["size", height]);
    frame.style.height = height + "px";
  };
  bridge.onloggingmessage = (params) => window.seen.events.push(["log", (params.data || {}).runtime || params.level]);
  window.bridge = bridge;
  return bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
}"""
# In the View: the height the document needs after each change to the View's tree, as the host should size it.
NEEDS = """if (window !== window.top) {
  window.needs = [];
  const record = (changes) => {
    const html = document.documentElement;
    // measuring sets the document element's style (here and in the shim): not a change to the View
    if (changes.every((change) => change.target === html && change.type === "attributes")) return;
    const saved = html.style.height;
    html.style.height = "max-content";
    const height = Math.ceil(html.getBoundingClientRect().height);
    html.style.height = saved;
    window.needs.push([height, document.querySelector(window.resultSelector || "#none") !== null]);
  };
  // the whole document from the start: DOMContentLoaded waits for a url runtime's deferred scripts, and the shim
  // can paint a result before it
  new MutationObserver(record).observe(document.documentElement,
    { childList: true, subtree: true, characterData: true, attributes: true });
}"""


@pytest.fixture
def sized_host(
    pyview_browser: Any, pyview_host_server: Any, appbridge_host: Callable[..., Any]
) -> Iterator[Callable[..., Any]]:
    """Open a host page that sizes the frame to the View's reports; returns ``(page, backend)``."""
    opened: list[tuple[Any, McpBackend | None]] = []

    def open_host(server: Any, built: BuiltView, runtime: str, selector: str) -> tuple[Any, McpBackend | None]:
        backend = McpBackend(server) if server is not None else None
        if backend is not None:
            pyview_host_server.run(backend.start())
        page = pyview_browser.new_context(viewport={"width": 800, "height": 900}).new_page()
        opened.append((page, backend))

        def call_server(params: dict[str, Any]) -> Any:
            assert backend is not None
            return pyview_host_server.run(backend.call_tool(params["name"], params.get("arguments") or {}))

        page.expose_function("callServer", call_server)
        appbridge_host(page, body_style="margin:0")
        html = with_script(built.html, f"window.resultSelector = {selector!r};\n{NEEDS}")
        page.evaluate(HOST, document_url(with_csp(html, build_csp(built.csp or None, allow_wasm=runtime != "server"))))
        page.wait_for_function("() => window.seen.initialized", timeout=90_000)
        return page, backend

    yield open_host
    for page, backend in opened:
        page.context.close()
        if backend is not None:
            pyview_host_server.run(backend.close())


def sized_exactly(page: Any) -> int:
    """Wait until the frame is as tall as its document element's scroll height (±1 px); return that height."""
    frame = page.frames[1]
    for _ in range(600):
        outer = page.evaluate("() => document.querySelector('iframe').getBoundingClientRect().height")
        inner = frame.evaluate("() => document.documentElement.scrollHeight")
        if abs(outer - inner) <= 1:
            return int(inner)
        page.wait_for_timeout(100)
    raise AssertionError(f"the frame is {outer} px tall, its document {inner} px")


def first_paint_was_reported(page: Any, runtime: str) -> None:
    """The height the document needed when the result was first painted reached the host as a report, before
    Python was up in the frame (runtimes that run Python)."""
    needs = page.frames[1].evaluate("() => window.needs")
    first = next(height for height, shows_result in needs if shows_result)
    events = page.evaluate("() => window.seen.events")
    sizes = [i for i, (kind, value) in enumerate(events) if kind == "size" and value == first]
    assert sizes, (first, events)
    python = [i for i, (kind, value) in enumerate(events) if kind == "log" and value == "python"]
    marks = page.frames[1].evaluate("() => pyviewBoot.marks")
    # the shim painted the result before Pyodide's start took the thread (a result that comes later, on a loaded
    # machine, may be rendered by Python or painted while Pyodide starts, and reported after it)
    painted_first = "result" in marks and ("start" not in marks or marks["result"] < marks["start"])
    if runtime in ("inline", "url") and python and painted_first:
        assert sizes[0] < python[0], (events, needs, marks)  # reported by the shim, not once Python ran
    assert not any(kind == "log" and value == "error" for kind, value in events), events


def load(name: str) -> Any:
    from pyview._tooling.server._server_file import load_server

    return load_server(str(EXAMPLES / name / "server.py"))[1]


@pytest.fixture(scope="module")
def runtime_url() -> Iterator[str]:
    """The pinned runtime served over loopback, for ``url`` documents (the page's CSP names its origin)."""
    from pyview.server import runtime_files_app
    from pyview.testing import serving

    with serving(runtime_files_app()) as url:
        yield f"{url}/"


@pytest.fixture
def document(runtime_url: str) -> Callable[[Path, str], BuiltView]:
    def build(path: Path, runtime: str) -> BuiltView:
        url = runtime_url if runtime == "url" else None
        snapshot = False if runtime == "server" else "core"  # the suite's shared core snapshot (tests/conftest.py)
        return build_view(path, runtime=runtime, runtime_url=url, snapshot=snapshot)  # type: ignore[arg-type]

    return build


RUNTIMES = ["inline", "url", "server", "auto"]
# Python's App measures the same way whether its runtime came inline or by URL: hello runs in both, the larger
# examples in one each (a Python boot per pair would add a minute for no new path).
WEATHER_RUNTIMES = ["url", "server", "auto"]
ORDERS_RUNTIMES = ["inline", "server", "auto"]


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_hello_is_sized_with_its_heading_margin(
    sized_host: Callable[..., Any], pyview_host_server: Any, document: Callable[..., BuiltView], runtime: str
) -> None:
    page, backend = sized_host(load("hello"), document(EXAMPLES / "hello" / "hello_view.py", runtime), runtime, "h1")
    result = pyview_host_server.run(backend.call_tool("greet", {"name": "Ada"}))
    page.evaluate("(result) => bridge.sendToolResult(result)", result)
    page.frame_locator("iframe").locator("h1").filter(has_text="Hello, Ada!").wait_for(timeout=90_000)
    height = sized_exactly(page)
    button = page.frame_locator("iframe").get_by_role("button", name="Again")
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= height  # not clipped: the h1's margins are counted
    first_paint_was_reported(page, runtime)


@pytest.mark.parametrize("runtime", WEATHER_RUNTIMES)
def test_weather_is_sized_from_its_first_paint(
    sized_host: Callable[..., Any], pyview_host_server: Any, document: Callable[..., BuiltView], runtime: str
) -> None:
    built = document(EXAMPLES / "weather" / "weather_view", runtime)
    page, backend = sized_host(load("weather"), built, runtime, "[data-testid=current]")
    result = pyview_host_server.run(backend.call_tool("get_weather", {"city": "Oslo"}))
    page.evaluate("(result) => bridge.sendToolResult(result)", result)
    page.frame_locator("iframe").locator(".wx-city").filter(has_text="Oslo").wait_for(timeout=90_000)
    sized_exactly(page)
    first_paint_was_reported(page, runtime)


@pytest.mark.parametrize("runtime", ORDERS_RUNTIMES)
def test_orders_is_sized_from_its_first_paint(
    sized_host: Callable[..., Any],
    pyview_host_server: Any,
    orders: Any,
    document: Callable[..., BuiltView],
    runtime: str,
) -> None:
    built = document(EXAMPLES / "orders" / "orders_view", runtime)
    page, backend = sized_host(orders.server, built, runtime, "tr.o-row")
    result = pyview_host_server.run(backend.call_tool("list_orders", {"page_size": 10}))
    page.evaluate("(result) => bridge.sendToolResult(result)", result)
    page.frame_locator("iframe").locator("tr.o-row").first.wait_for(timeout=90_000)
    sized_exactly(page)
    first_paint_was_reported(page, runtime)


def test_a_first_child_with_a_top_margin_is_sized_right(
    sized_host: Callable[..., Any], document: Callable[..., BuiltView]
) -> None:
    """Python renders this View (its result carries no server tree): Python's measure counts the margins too."""
    page, _ = sized_host(None, document(MARGINS, "inline"), "inline", "[data-testid=shown]")
    page.evaluate("() => bridge.sendToolResult({ content: [{ type: 'text', text: 'Spaced' }] })")
    page.frame_locator("iframe").get_by_test_id("shown").filter(has_text="Spaced").wait_for(timeout=90_000)
    height = sized_exactly(page)
    assert height >= 40 + 60 + 20 + 30  # the first child's top margin, both heights, the last one's bottom margin
    assert ["size", height] in page.evaluate("() => window.seen.events")
