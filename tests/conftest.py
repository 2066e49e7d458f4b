"""Suite-wide defaults.

Served Views carry a memory snapshot by default where Node can make one (``Views(snapshot="auto")``); making one
takes seconds per View version, so the suite serves them with the shared core snapshot (``"core"``, as ``pyview
dev`` does) unless a test asks for their own (tests/server/test_served_snapshot.py does, and
tests/browser/test_snapshot_boot.py builds them directly).

Views built with ``pyview_build`` (and so every ``mount_view``) restore a shared core snapshot unless the test chooses
(``snapshot=False`` for a plain start): it is made once per standard library for the whole suite, where a plain start
costs seconds of CPU in every frame (bench/startup.py). tests/browser/test_boot.py keeps the plain start covered.

Browser tests run last (``--pyview-order`` in pyproject.toml's ``addopts``: pyview's plugin changes no order
unless asked), and the longest browser modules first among them (:data:`LONG_BROWSER_MODULES`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pyview._tooling.testing._documents import HOST_PAGE_JS
from pyview._tooling.testing.plugin import uses_browser
from pyview.packager import BuiltView

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from pyview._tooling.testing._tabs import Tabs

os.environ.setdefault("PYVIEW_SNAPSHOT", "core")
APPBRIDGE = Path(__file__).resolve().parent / "conformance" / "dist" / "app-bridge.js"

# The browser modules that take longest on their one worker (--dist loadscope keeps a module on one worker; the
# cross-engine suite is ~12 WebKit and Firefox boots): sent out before the other browser modules, so the run does
# not end with one of them still running on one worker while the other has nothing left to do.
LONG_BROWSER_MODULES = (
    "tests/engines/test_engines.py",
    "tests/realhost/test_realhost.py",
    "tests/examples/test_orders_browser.py",
)


@pytest.fixture(scope="session")
def pyview_build(pyview_build: Callable[..., BuiltView]) -> Callable[..., BuiltView]:
    """pyview's ``pyview_build``, with ``snapshot="core"`` unless the test gives ``snapshot`` (or builds for the
    server runtime, or with packages: those have no snapshot)."""

    def build(path: str | os.PathLike[str], **options: Any) -> BuiltView:
        if options.get("runtime") != "server" and not options.get("packages"):
            options.setdefault("snapshot", "core")
        return pyview_build(path, **options)

    return build


@pytest.fixture
def page(pyview_tabs: Tabs) -> Iterator[Page]:
    """A tab borrowed from ``pyview_tabs`` and given back after the test (on an empty loopback page, its routes
    gone): for a test that leaves nothing on the page that a navigation does not clear. One that adds bindings
    (``expose_function``), init scripts or listeners, or that needs a new tab's own ``about:blank``, takes
    :func:`own_page`."""
    tab = pyview_tabs.take()
    yield tab
    pyview_tabs.give_back(tab)


@pytest.fixture
def own_page(pyview_browser: Browser) -> Iterator[Page]:
    """A new tab in a new context, closed after the test: no earlier test had it, no later test gets it."""
    context = pyview_browser.new_context()
    yield context.new_page()
    context.close()


@pytest.fixture(scope="session")
def appbridge_host() -> Callable[..., Page]:
    """Makes a page an empty host page with the official ext-apps AppBridge (``globalThis.McpApps``) and the frame
    helpers ``fetchDocument`` and ``sandboxedFrame`` (``pyview._tooling.testing._documents``):
    ``appbridge_host(page, body_style="margin:0")``."""
    if not APPBRIDGE.exists():
        pytest.fail(f"{APPBRIDGE} is missing: run scripts/install.sh (it bundles the pinned ext-apps AppBridge)")
    bridge = APPBRIDGE.read_text()

    def open_host(page: Page, *, body_style: str = "") -> Page:
        page.set_content(f"<!doctype html><html><body style='{body_style}'></body></html>")
        page.add_script_tag(content=bridge)
        page.add_script_tag(content=HOST_PAGE_JS)
        return page

    return open_host


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last (pyview's plugin), and among them the modules of :data:`LONG_BROWSER_MODULES` first."""

    def rank(item: pytest.Item) -> tuple[bool, int]:
        module = item.nodeid.split("::", 1)[0]
        long = LONG_BROWSER_MODULES.index(module) if module in LONG_BROWSER_MODULES else len(LONG_BROWSER_MODULES)
        return uses_browser(item), long

    items.sort(key=rank)  # stable: each module's tests stay together and in order
