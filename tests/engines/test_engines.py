"""The same test bodies on Chromium, Firefox and WebKit: the examples boot, shake hands, show a tool result and call
the server on a click; a strict host's CSP and a missing runtime show their panels. One page load per View, runtime
and engine (a WebKit boot takes ~17 s on two cores), asserting everything on it. The server runtime (no Pyodide, the
spec's strict CSP) takes about a second a case.

Run one engine: ``pytest tests/engines -m firefox`` (or ``-m webkit``, ``-m chromium``); see docs/testing.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.testing._engine import Engine
from pyview._tooling.testing._engine_view import EngineView

pytestmark = pytest.mark.browser
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# seconds: a WebKit boot takes ~17 s on two idle cores, and over 60 s (the default boot timeout) under a load of 20
BOOT = 240.0


def wire(model: Any) -> dict[str, Any]:
    """A typed tool result as the host delivers it."""
    return {"content": [{"type": "text", "text": str(model)}], "structuredContent": model.model_dump(mode="json")}


@dataclass(frozen=True)
class Scenario:
    """One example: its View, the tool call that shows a result, a click, the server tool it calls, the answer."""

    view: str
    arguments: dict[str, Any] | None
    result: Callable[[Any], dict[str, Any]]
    shown: tuple[str, str]
    click: str
    call: dict[str, Any]
    answer: tuple[str, str]
    tool: tuple[str, dict[str, Any]] | None = None  # the model's call whose real result carries the server's render
    # Boot from a memory snapshot, as a served View does by default (``Views(snapshot="auto")``): restoring it must
    # work on every engine too, and it spares CI most of a WebKit boot (~20 s of CPython start-up on two cores).
    # hello keeps the plain start, so both paths run on each engine.
    snapshot: bool = False


def weather_result(module: Any) -> dict[str, Any]:
    sys.path.insert(0, str(EXAMPLES / "weather"))
    try:
        from weather_data import forecast
    finally:
        sys.path.remove(str(EXAMPLES / "weather"))
    return wire(forecast("Paris", "metric", now=datetime(2026, 1, 15, 12, tzinfo=UTC)))


SCENARIOS = {
    "hello": Scenario(
        view="hello/hello_view.py",
        arguments={"name": "Ada"},
        result=lambda module: {"content": [{"type": "text", "text": "Hello, <Ada>!"}]},
        shown=("h1", "Hello, <Ada>!"),  # text, not markup
        click="button",
        call={"name": "greet", "arguments": {"name": "again"}},
        answer=("button", "Again"),  # the action settled with the server's answer
        tool=("greet", {"name": "<Ada>"}),
    ),
    "weather": Scenario(
        view="weather/weather_view",
        arguments={"city": "Paris"},
        result=weather_result,
        shown=(".wx-city", "Paris"),
        click="button[title=Fahrenheit]",
        call={"name": "refresh_weather", "arguments": {"city": "Paris", "units": "imperial"}},
        answer=(".wx-stats", "mph"),
        snapshot=True,
    ),
    "orders": Scenario(
        view="orders/orders_view",
        arguments={"page_size": 10},
        result=lambda module: wire(module.list_orders(page_size=10)),
        shown=(".o-pager", "Showing 1–10 of 200 orders"),
        click="th:nth-child(5) button.o-sort",
        call={"name": "list_orders", "arguments": {"sort": "-total"}},
        answer=("th[aria-sort=descending]", "Total"),
        tool=("list_orders", {"page_size": 10}),
        snapshot=True,
    ),
}


def next_tool_call(view: EngineView) -> dict[str, Any]:
    """The View's next ``tools/call`` other than ``pyview_state`` (a View state's loads and writes: orders keeps its
    sort there, and a result from the real tool call is stateful)."""
    while True:
        call: dict[str, Any] = view.host.next_request("tools/call", timeout=60)
        if call["params"]["name"] != "pyview_state":
            return call


@pytest.fixture
def open_view(
    engine: Engine, pyview_host_server: Any, pyview_build: Callable[..., Any], runtime_url: str
) -> Iterator[Callable[..., EngineView]]:
    """``open_view(view_path, runtime, backend=None, snapshot=False, **mount_options)``: the built View in a new page
    of ``engine``."""
    opened: list[EngineView] = []

    def open_one(path: Path, runtime: str, backend: Any = None, snapshot: bool = False, **options: Any) -> EngineView:
        # snapshot=False too, or the suite's default (a core snapshot, tests/conftest.py) would replace a plain start
        runtime_options: dict[str, Any] = {"runtime": runtime, "snapshot": snapshot}
        if runtime == "url":
            runtime_options["runtime_url"] = runtime_url
        built = pyview_build(path, boot_timeout=BOOT, **runtime_options)
        meta = {"csp": built.csp} if built.csp else None
        view = EngineView.mount(
            pyview_host_server, engine.new_page(), built.html, backend=backend, ui_meta=meta, **options
        )
        opened.append(view)
        return view

    yield open_one
    for view in opened:
        view.close()


# Every example, and both runtimes that start Python from the document, each restored from its memory snapshot (what
# a served View does) and, for hello inline, started plain (the fallback when no snapshot fits). Every pair would be
# more Python boots per engine (a plain start costs WebKit the most) for no path these four do not take.
BOOTS = [("hello", "inline"), ("hello", "url"), ("orders", "inline"), ("weather", "url")]


@pytest.mark.parametrize(("example", "runtime"), BOOTS)
def test_example_boots_shows_the_result_and_calls_the_server(
    open_view: Callable[..., EngineView], example_servers: Callable[[str], Any], pyview_host_server: Any,
    example: str, runtime: str,
) -> None:  # fmt: skip
    from pyview.host import McpBackend

    scenario = SCENARIOS[example]
    module = example_servers(example.split("/")[0])
    backend = McpBackend(module.server)
    pyview_host_server.run(backend.start())
    try:
        snapshot = scenario.snapshot or runtime == "url"
        view = open_view(EXAMPLES / scenario.view, runtime, backend=backend, snapshot=snapshot)
        if scenario.tool is not None:  # the real call: its result carries the server's render
            name, arguments = scenario.tool
            result = pyview_host_server.run(backend.call_tool(name, arguments))
            assert result["_meta"]["pyview"]["tree"]
        else:
            arguments, result = scenario.arguments or {}, scenario.result(module)
        view.send_tool_input(arguments)  # the host queues both until the View is initialized
        view.send_tool_result(result)
        view.wait_ready(BOOT)  # the boot shim's early handshake
        assert view.host.initialized and view.host.app_info["name"]

        view.wait_text(*scenario.shown, timeout=BOOT)  # the server's render (Python still starting), or Python's
        view.page.wait_for("() => 'live' in pyviewBoot.marks", timeout=BOOT)
        view.wait_text(*scenario.shown, timeout=BOOT)
        marks = view.marks()
        shown = {name: value - marks["inserted"] for name, value in marks.items() if isinstance(value, float)}
        assert marks["inserted"] <= marks["handshake"], shown
        assert marks["inserted"] <= marks["start"] <= marks["python"] <= marks["render"], shown
        # Pyodide starts after the result's paint or just after the handshake; with no answer half a second after the
        # parse (a loaded host answers late) it starts without waiting longer, so only an answer in time orders them
        answered_in_time = marks["handshake"] <= marks["start"]
        if runtime == "inline":  # its runtime's blobs (in parts) are decoded once all are parsed (url has none)
            assert marks["parsed"] <= marks["start"], shown
        if scenario.tool is not None:  # the host sends the result once initialized
            assert marks["handshake"] <= marks["result"], shown
            if answered_in_time:  # the server's render was on screen before Python was up
                assert marks["result"] < marks["python"], shown
        assert ("snapshot" in marks) == snapshot  # restored, not the fallback to a plain start

        view.click(scenario.click)
        call = next_tool_call(view)
        assert call["params"]["name"] == scenario.call["name"]
        arguments = call["params"]["arguments"]
        assert {key: arguments.get(key) for key in scenario.call["arguments"]} == scenario.call["arguments"]
        view.wait_text(*scenario.answer, timeout=60)

        assert view.error_panel() is None
        assert view.failures() == []
    finally:
        pyview_host_server.run(backend.close())


@pytest.mark.parametrize("runtime", ["server", "auto"])
@pytest.mark.parametrize("example", sorted(SCENARIOS))
def test_server_runtime_shows_the_result_and_calls_the_server_under_the_strict_csp(
    open_view: Callable[..., EngineView],
    example_servers: Callable[..., Any],
    pyview_host_server: Any,
    example: str,
    runtime: str,
) -> None:
    """No Python in the frame: the result shows from the server's render (``_meta["pyview"]``) when the tool call is
    real, else from a session the frame starts; a click travels as ``pyview_event`` and its patch shows the answer.

    ``auto`` (a served View's default) runs the server runtime from its first paint too: under the strict CSP the
    WebAssembly probe (made after that paint) keeps it from fetching Python at all, on WebKit too, which fires no
    ``securitypolicyviolation`` for a WebAssembly block."""
    from pyview.host import McpBackend

    scenario = SCENARIOS[example]
    module = example_servers(example.split("/")[0], runtime)
    backend = McpBackend(module.server)
    pyview_host_server.run(backend.start())
    try:
        view = open_view(EXAMPLES / scenario.view, runtime, backend=backend, allow_wasm=False)
        view.wait_ready(60)
        assert view.host.initialized and view.host.app_info["name"]

        if scenario.tool is not None:
            name, arguments = scenario.tool
            result = pyview_host_server.run(backend.call_tool(name, arguments))
            assert result["_meta"]["pyview"]["session"]  # the server rendered it and opened a session
            view.send_tool_input(arguments)
        else:
            result = scenario.result(module)
            view.send_tool_input(scenario.arguments)
        view.send_tool_result(result)
        view.wait_text(*scenario.shown, timeout=60)
        assert view.page.evaluate("() => pyviewBoot.marks.runtime") == "server"
        if scenario.tool is None:  # no server render in the result: the frame opened a session with it
            start = view.host.next_request("tools/call", timeout=60)
            assert start["params"]["name"] == "pyview_event" and "start" in start["params"]["arguments"]

        view.click(scenario.click)
        call = view.host.next_request("tools/call", timeout=60)
        while not call["params"]["arguments"].get("events"):  # the calls before it: the tool input, the first context
            assert call["params"]["name"] == "pyview_event"
            call = view.host.next_request("tools/call", timeout=60)
        assert call["params"]["name"] == "pyview_event"
        assert call["params"]["arguments"]["session"]
        view.wait_text(*scenario.answer, timeout=60)

        if runtime == "auto":  # the probe (after the first paint) kept Python from being fetched, on WebKit too
            view.page.wait_for("() => 'stayed' in pyviewBoot.marks", timeout=60)
        marks = view.marks()
        assert "python" not in marks and marks["inserted"] <= marks["handshake"]
        if runtime == "auto":
            assert "fetch" not in marks and "start" not in marks
        assert view.error_panel() is None
        assert view.failures() == []
    finally:
        pyview_host_server.run(backend.close())


def test_auto_hands_the_view_from_the_server_runtime_to_python(
    engine: Engine, pyview_host_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default document where WebAssembly may run, as the hello server serves it (with its memory snapshot as a
    runtime part): the server runtime answers at once, Python arrives as runtime parts read through the host, takes
    the View over, and the next click is Python's own ``tools/call``."""
    from pyview._tooling.server._server_file import load_server
    from pyview.host import McpBackend

    scenario = SCENARIOS["hello"]
    monkeypatch.setenv("PYVIEW_SNAPSHOT", "auto")  # as served by default (the suite turns it off)
    module, server = load_server(str(EXAMPLES / "hello" / "server.py"))
    backend = McpBackend(server)
    pyview_host_server.run(backend.start())
    try:
        html = pyview_host_server.run(backend.read_resource(module.hello.uri))["contents"][0]["text"]
        view = EngineView.mount(pyview_host_server, engine.new_page(), html, backend=backend)
        assert scenario.tool is not None
        name, arguments = scenario.tool
        view.send_tool_input(arguments)
        view.send_tool_result(pyview_host_server.run(backend.call_tool(name, arguments)))
        view.wait_ready(60)
        view.wait_text(*scenario.shown, timeout=60)
        view.page.wait_for(
            "() => pyviewBoot.marks.runtime === 'python' && pyviewBoot.marks.live > pyviewBoot.marks.handover",
            timeout=BOOT,
        )
        before = len(view.host.requests)
        view.click(scenario.click)
        view.wait_text(*scenario.answer, timeout=60)
        sent = [r["params"] for r in view.host.requests[before:] if r["method"] == "tools/call"]
        assert sent == [scenario.call]  # Python's own call, and no pyview_event
        assert "snapshot" in view.marks()  # restored from the snapshot part
        assert view.error_panel() is None
        assert view.failures() == []
        view.close()
    finally:
        pyview_host_server.run(backend.close())


@pytest.mark.parametrize("runtime", ["inline", "url"])
def test_strict_csp_shows_the_webassembly_panel_and_tells_the_host(
    open_view: Callable[..., EngineView], runtime: str
) -> None:
    view = open_view(EXAMPLES / "hello/hello_view.py", runtime, allow_wasm=False)

    panel = view.error_panel(timeout=BOOT)

    assert panel is not None and panel["kind"] == "csp"  # the probe, not the boot timeout
    assert panel["title"] == "WebAssembly is blocked by the host"
    assert "'wasm-unsafe-eval'" in panel["text"]
    assert any("WebAssembly is blocked" in failure for failure in view.wait_failure())


def test_url_runtime_without_its_csp_domains_shows_the_runtime_panel(
    engine: Engine, pyview_host_server: Any, pyview_build: Callable[..., Any], runtime_url: str
) -> None:
    built = pyview_build(EXAMPLES / "hello/hello_view.py", runtime="url", runtime_url=runtime_url)
    view = EngineView.mount(pyview_host_server, engine.new_page(), built.html)  # the host ignores the declared domains
    try:
        panel = view.error_panel(timeout=BOOT)

        assert panel is not None
        assert (panel["kind"], panel["title"]) in {  # whichever the engine reports first
            ("csp", "The host blocked the Python runtime's files"),
            ("runtime", "The Python runtime could not be loaded"),
        }
        assert f"{runtime_url}pyodide.js" in panel["text"]
        assert "resourceDomains and connectDomains" in panel["text"]
    finally:
        view.close()
