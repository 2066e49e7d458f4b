"""Helpers of the accessibility tests: the examples mounted under pyview's Python host with their real servers, axe
at each screen in both themes (switched by host context), and keyboard walks."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
WEATHER = REPO / "examples" / "weather"
ORDERS = REPO / "examples" / "orders"
GALLERY = REPO / "examples" / "gallery" / "view.py"

os.environ["PYVIEW_WEATHER"] = "offline"  # never the network (see tests/examples/conftest.py)

# Best-practice findings kept, and why. Everything tagged WCAG 2.0/2.1 A or AA fails the test.
KEPT: dict[str, str] = {}


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


# No finite animation or transition is running (a toast fading in, a theme's colours changing); spinners and
# skeletons animate for ever and are left alone.
SETTLED = """() => document.getAnimations().every((a) => a.playState !== "running" ||
    a.effect === null || a.effect.getComputedTiming().endTime === Infinity)"""


def set_theme(view: Any, theme: str) -> None:
    """Switch the host's theme (``host-context-changed``) and wait until the View shows it."""
    view.set_host_context(theme=theme)
    view.frame.wait_for_function("(t) => document.documentElement.dataset.theme === t", arg=theme)


class Auditor:
    """Runs axe over one View at each screen, in the theme it shows and then the other one; collects the reports."""

    def __init__(self, view: Any, axe: Path, name: str) -> None:
        self.view = view
        self.axe = axe
        self.name = name
        self.theme = "light"
        self.reports: list[Any] = []

    def screen(self, label: str) -> None:
        from pyview.testing import check_accessibility

        for _ in range(2):  # the current theme, then the other: each switch is one host-context-changed
            where = f"{self.name}: {label}, {self.theme}"
            self.view.frame.wait_for_function(SETTLED)  # colours mid-transition are no state a reader meets
            self.reports.append(check_accessibility(self.view.frame, axe=self.axe, label=where))
            self.theme = "dark" if self.theme == "light" else "light"
            set_theme(self.view, self.theme)

    def assert_accessible(self) -> None:
        problems = []
        for report in self.reports:
            try:
                report.assert_accessible(allow=KEPT)
            except AssertionError as exc:
                problems.append(str(exc))
        assert not problems, "\n\n".join(problems)


def mount_example(
    server: Any, tabs: Any, document: str, backend: Any, context: dict[str, Any], runtime: str, **more: Any
) -> Any:
    """The View under a full host backed by ``backend``, minus the capabilities in ``without``, in a tab of
    ``tabs`` (``pyview_tabs``; closing the View gives it back)."""
    from pyview.host import Host
    from pyview.testing import MountedView

    without = more.get("without", ())

    def create() -> tuple[Any, Any]:
        host = Host(backend, profile="full", host_context=context, tool=more.get("tool"))
        for name in without:
            host.capabilities.pop(name)
        session = server.hub.create()
        session.mount(document, host, ui_csp=None, allow_wasm=runtime == "inline", prefers_border=False)
        return session, host

    session, host = server.call(create)
    page = tabs.take({"width": 900, "height": 900})
    view = MountedView(server, session, host, page, tabs)
    page.goto(f"{server.url}{session.base}/")
    return view


@contextlib.contextmanager
def orders_first_page(
    runtime: str, server: Any, tabs: Any, build: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Any]:
    """The orders example on a new database, its View (``runtime``) showing the first page of ten orders; the View
    and its backend are closed after."""
    from pyview.host import McpBackend

    monkeypatch.setenv("PYVIEW_ORDERS_DB", str(tmp_path / "orders.sqlite3"))
    monkeypatch.setenv("PYVIEW_VIEW_CACHE", str(tmp_path / "views"))
    module, mcp_server = load_server(ORDERS / "server.py")
    module.store.cache_clear()
    backend = McpBackend(mcp_server)
    server.run(backend.start())
    document = build(ORDERS / "orders_view", runtime=runtime).html
    context = {"theme": "light", "containerDimensions": {"width": 760, "maxHeight": 2000}}
    view = mount_example(server, tabs, document, backend, context, runtime, without=("downloadFile",))
    try:
        view.wait_handshake(90)
        page = module.list_orders(page_size=10)
        view.send_tool_input({"page_size": 10})
        view.send_tool_result({"content": [{"type": "text", "text": str(page)}],
                               "structuredContent": page.model_dump(mode="json")})  # fmt: skip
        view.wait_ready(90)
        view.locator("tr.o-row").first.wait_for(timeout=30_000)
        yield view
    finally:
        view.close()
        server.run(backend.close())
        module.store.cache_clear()


def tab_to(view: Any, predicate: str, limit: int = 60) -> None:
    """Press Tab until the focused element satisfies ``predicate`` (JS, of ``el``); fails after ``limit`` presses."""
    check = f"() => {{ const el = document.activeElement; return !!el && el !== document.body && ({predicate}); }}"
    for _ in range(limit):
        if view.frame.evaluate(check):
            return
        view.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached an element where {predicate}")


def focused(view: Any) -> str:
    """The focused element of the View, as ``tag.class "text"`` (for assertions and failure messages)."""
    return str(view.frame.evaluate(
        """() => { const el = document.activeElement; if (!el || el === document.body) return "body";
            return el.localName + "." + el.className + ' "' + (el.getAttribute("aria-label") || el.textContent).trim()
                .slice(0, 40) + '"'; }"""
    ))  # fmt: skip


def load_server(path: Path) -> Any:
    from pyview._tooling.server._server_file import load_server as load

    return load(str(path))


def ensure_path(folder: Path) -> None:
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
