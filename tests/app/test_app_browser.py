"""Host integration (styles, theme, size reports) with a fake DOM, and PostMessageTransport with a fake
``pyviewHost``: the browser-only code paths, driven from CPython."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from app_fakehost import FakeHost, settle

from pyview._core.app._dom import SizeReporter, StyleApplier
from pyview.app import App, ConnectionClosedError, HostContext, PostMessageTransport

pytestmark = pytest.mark.anyio


class FakeDom:
    def __init__(self, size: tuple[float, float] = (400, 300)) -> None:
        self.vars: dict[str, str] = {}
        self.fonts = ""
        self.theme: str | None = None
        self.mode: str | None = None
        self.size = size
        self.frames: list[Callable[..., None]] = []
        self.observer: Callable[..., None] | None = None
        self.calls: list[str] = []

    def set_css_variable(self, name: str, value: str) -> None:
        self.calls.append(f"set {name}")
        self.vars[name] = value

    def remove_css_variable(self, name: str) -> None:
        self.calls.append(f"remove {name}")
        del self.vars[name]

    def set_fonts_css(self, css: str) -> None:
        self.fonts = css

    def set_theme(self, theme: str | None) -> None:
        self.theme = theme

    def set_display_mode(self, mode: str | None) -> None:
        self.mode = mode

    def measure(self) -> tuple[float, float]:
        return self.size

    def schedule(self, callback: Callable[..., None]) -> None:
        self.frames.append(callback)

    def run_frames(self) -> None:
        frames, self.frames = self.frames, []
        for frame in frames:
            frame(16.7)

    def observe_resize(self, callback: Callable[..., None]) -> Callable[[], None]:
        self.observer = callback

        def stop() -> None:
            self.observer = None

        return stop

    def resize(self, width: float, height: float) -> None:
        self.size = (width, height)
        if self.observer is not None:
            self.observer([], None)


STYLED = {
    "theme": "dark",
    "displayMode": "inline",
    "styles": {
        "variables": {"--color-text-primary": "light-dark(#111, #eee)", "--font-sans": "Inter", "bogus": "x"},
        "css": {"fonts": "@import url(https://fonts.example/inter.css);"},
    },
}


def test_style_applier_sets_only_what_changed_and_removes_stale_variables() -> None:
    dom = FakeDom()
    styler = StyleApplier(dom)
    styler.apply(HostContext(STYLED))
    assert dom.vars == {"--color-text-primary": "light-dark(#111, #eee)", "--font-sans": "Inter"}
    assert dom.fonts.startswith("@import") and dom.theme == "dark" and dom.mode == "inline"
    dom.calls.clear()
    new_styles = {"variables": {"--color-text-primary": "light-dark(#111, #eee)", "--border-radius-sm": "4px"}}
    styler.apply(HostContext({**STYLED, "styles": new_styles, "theme": "nope"}), {"styles", "theme"})
    assert sorted(dom.calls) == ["remove --font-sans", "set --border-radius-sm"]
    assert dom.fonts == "" and dom.theme is None


def test_size_reporter_debounces_and_reports_only_changes() -> None:
    dom = FakeDom((100.2, 50.0))
    sent: list[tuple[int, int]] = []
    sizer = SizeReporter(dom, lambda w, h: sent.append((w, h)))
    sizer.request()
    sizer.request()
    sizer.request()
    assert len(dom.frames) == 1  # one frame for a burst
    dom.run_frames()
    assert sent == [(101, 50)]
    sizer.request()
    dom.run_frames()
    assert sent == [(101, 50)]  # same size: no report, so no loop with the host
    dom.size = (101, 80)
    sizer.request()
    dom.run_frames()
    assert sent == [(101, 50), (101, 80)]
    sizer.enabled = False
    dom.size = (5, 5)
    sizer.request()
    dom.run_frames()
    assert sent[-1] == (101, 80)


async def test_app_applies_host_styles_and_reports_its_size() -> None:
    dom = FakeDom((640, 200))
    host = FakeHost(context=STYLED)
    app = App("v", "1", dom=dom)
    await app.connect(host.view_transport)
    assert dom.theme == "dark" and dom.vars["--font-sans"] == "Inter"
    dom.run_frames()
    await settle()
    assert host.methods()[:2] == ["ui/initialize", "ui/notifications/initialized"]
    assert host.notifications("ui/notifications/size-changed") == [{"width": 640, "height": 200}]

    dom.resize(640, 420)
    dom.resize(640, 480)
    dom.run_frames()
    host.notify("ui/notifications/host-context-changed", {"theme": "light", "displayMode": "fullscreen"})
    await settle()
    assert host.notifications("ui/notifications/size-changed")[1:] == [{"width": 640, "height": 480}]
    assert (dom.theme, dom.mode) == ("light", "fullscreen")

    await host.request("ui/resource-teardown")
    assert dom.observer is None  # teardown stops observing


async def test_auto_resize_and_styles_can_be_turned_off() -> None:
    dom = FakeDom()
    host = FakeHost(context=STYLED)
    app = App("v", "1", dom=dom, auto_resize=False, apply_host_styles=False)
    await app.connect(host.view_transport)
    dom.run_frames()
    await settle()
    assert dom.observer is None and dom.frames == []
    assert dom.vars == {} and dom.theme is None
    assert host.notifications("ui/notifications/size-changed") == []


class ShimDom(FakeDom):
    """A document whose boot shim already reported ``shim_sent`` (``pyviewFrame.handOver()`` in the browser)."""

    def __init__(self, size: tuple[float, float], shim_sent: tuple[int, int] | None) -> None:
        super().__init__(size)
        self.shim_sent = shim_sent
        self.taken_over = 0

    def take_over(self) -> tuple[int, int] | None:
        self.taken_over += 1
        return self.shim_sent


async def test_the_app_takes_over_from_the_shim_without_resending_its_size() -> None:
    dom = ShimDom((640, 200), shim_sent=(640, 200))
    host = FakeHost(context=STYLED)
    app = App("v", "1", dom=dom)
    await app.connect(host.view_transport)
    dom.run_frames()
    await settle()
    assert dom.taken_over == 1
    assert host.notifications("ui/notifications/size-changed") == []  # the shim's report stands: no duplicate
    dom.resize(640, 260)
    dom.run_frames()
    await settle()
    assert host.notifications("ui/notifications/size-changed") == [{"width": 640, "height": 260}]


async def test_the_shim_stops_even_when_the_app_reports_and_styles_nothing() -> None:
    dom = ShimDom((640, 200), shim_sent=None)
    app = App("v", "1", dom=dom, auto_resize=False, apply_host_styles=False)
    await app.connect(FakeHost(context=STYLED).view_transport)
    assert dom.taken_over == 1 and dom.observer is None  # the developer's choice holds for the shim too


async def test_no_dom_outside_the_browser() -> None:
    host = FakeHost(context=STYLED)
    app = App("v", "1")  # auto_resize on, but CPython has no document
    await app.connect(host.view_transport)
    await settle()
    assert host.notifications("ui/notifications/size-changed") == []


class FakePyviewHost:
    """Stands in for the boot shim's globalThis.pyviewHost."""

    def __init__(self, early: list[str] | None = None) -> None:
        self.posted: list[str] = []
        self.listener: Callable[[str], None] | None = None
        self.early = early or []
        self.unsubscribed = 0

    def post(self, text: str) -> None:
        self.posted.append(text)
        message = json.loads(text)
        if message.get("method") == "ui/initialize":
            result = {
                "protocolVersion": "2026-01-26",
                "hostCapabilities": {},
                "hostContext": {"theme": "dark"},
            }
            self.deliver({"jsonrpc": "2.0", "id": message["id"], "result": result})

    def subscribe(self, fn: Callable[[str], None]) -> None:
        self.listener = fn
        for text in self.early:  # replayed first, in order
            fn(text)

    def unsubscribe(self) -> None:
        self.listener = None
        self.unsubscribed += 1

    def deliver(self, message: object) -> None:
        assert self.listener is not None
        self.listener(message if isinstance(message, str) else json.dumps(message))


class Proxy:
    created: ClassVar[list[Proxy]] = []

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.destroyed = False
        Proxy.created.append(self)

    def __call__(self, *args: Any) -> Any:
        return self.fn(*args)

    def destroy(self) -> None:
        self.destroyed = True


async def test_app_over_post_message_transport() -> None:
    Proxy.created.clear()
    early = [
        json.dumps({"jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": {"arguments": {"a": 1}}}),
        "garbage that is not json",
    ]
    js_host = FakePyviewHost(early)
    transport = PostMessageTransport(js_host, proxy_factory=Proxy)
    app = App("v", "1")
    seen: list[Any] = []
    app.on_tool_input = lambda ti: seen.append(ti.arguments)
    await app.connect(transport)
    assert seen == [{"a": 1}] and app.theme == "dark"
    sent = [json.loads(t) for t in js_host.posted]
    assert [m["method"] for m in sent] == ["ui/initialize", "ui/notifications/initialized"]
    assert all(isinstance(t, str) for t in js_host.posted)

    js_host.deliver({"jsonrpc": "2.0", "id": 9, "method": "ping"})
    assert json.loads(js_host.posted[-1]) == {"jsonrpc": "2.0", "id": 9, "result": {}}

    app.close()
    assert len(Proxy.created) == 1 and Proxy.created[0].destroyed
    assert js_host.unsubscribed == 1
    with pytest.raises(ConnectionClosedError):
        transport.send({"jsonrpc": "2.0", "method": "x"})
    transport.close()  # idempotent
    assert js_host.unsubscribed == 1


def test_post_message_transport_refuses_non_json_values() -> None:
    js_host = FakePyviewHost()
    transport = PostMessageTransport(js_host, proxy_factory=lambda fn: fn)
    transport.start(lambda message: None)
    with pytest.raises(ValueError):
        transport.send({"x": float("inf")})
    assert js_host.posted == []


def test_importing_pyview_app_is_light_and_browser_free() -> None:
    code = (
        # typing is the one stdlib import allowed (for TYPE_CHECKING); what it pulls in varies by interpreter setup
        "import sys, typing; before = set(sys.modules); import pyview.app; "
        "light = set(sys.modules) - before; "
        "from pyview.app import App, PostMessageTransport; App('v', '1'); "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'js', 'pyodide', 'pydantic', 'jinja2', 'starlette', 'mcp'}); "
        "print(sorted(light)); print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert set(eval(out[0])) <= {"__future__", "pyview", "pyview._lazy", "pyview._version", "pyview.app"}
    assert eval(out[1]) == []


def test_browser_core_modules_follow_the_import_rules() -> None:
    import ast
    import pathlib

    import pyview._core.app

    allowed_top = {
        "__future__",
        "asyncio",
        "itertools",
        "json",
        "logging",
        "math",
        "sys",
        "typing",
        "importlib",
    }
    for path in pathlib.Path(pyview._core.app.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in tree.body:  # module level only: js/pyodide may be imported inside functions
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                allowed = top in allowed_top or name.startswith("pyview._core.app") or name == "pyview._lazy"
                assert allowed, f"{path.name} imports {name}"
        source = path.read_text()
        assert "import dataclasses" not in source and "import enum" not in source
