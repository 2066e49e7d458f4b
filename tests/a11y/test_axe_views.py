"""axe-core over the gallery and both examples, every screen, light and dark, in the server and Pyodide runtimes:
no violation of WCAG 2.0/2.1 A or AA, and no best-practice finding that ``a11y_views.KEPT`` does not justify.

One browser session per example and runtime walks the screens and runs axe at each; the theme changes by
``host-context-changed``, never by a new boot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from a11y_views import GALLERY, ORDERS, WEATHER, Auditor, expect, load_server, mount_example

pytestmark = pytest.mark.browser

RUNTIMES = ("inline", "server")
WEATHER_CONTEXT = {
    "theme": "light",
    "displayMode": "inline",
    "availableDisplayModes": ["inline", "fullscreen"],
    "containerDimensions": {"width": 640, "maxHeight": 2000},
    "locale": "en-GB",
}


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_orders_every_screen(
    runtime: str, axe_path: Path, pyview_browser: Any, pyview_host_server: Any, pyview_build: Any,
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from pyview.host import McpBackend

    monkeypatch.setenv("PYVIEW_ORDERS_DB", str(tmp_path / "orders.sqlite3"))
    monkeypatch.setenv("PYVIEW_VIEW_CACHE", str(tmp_path / "views"))
    module, server = load_server(ORDERS / "server.py")
    module.store.cache_clear()
    backend = McpBackend(server)
    pyview_host_server.run(backend.start())
    document = pyview_build(ORDERS / "orders_view", runtime=runtime).html
    context = {"theme": "light", "containerDimensions": {"width": 760, "maxHeight": 2000}}
    view = mount_example(pyview_host_server, pyview_browser, document, backend, context, runtime,
                         without=("downloadFile",))  # fmt: skip
    try:
        view.wait_handshake(90)
        page = module.list_orders(page_size=10)
        view.send_tool_input({"page_size": 10})
        view.send_tool_result({"content": [{"type": "text", "text": str(page)}],
                               "structuredContent": page.model_dump(mode="json")})  # fmt: skip
        view.wait_ready(90)
        view.locator("tr.o-row").first.wait_for(timeout=30_000)
        audit = Auditor(view, axe_path, f"orders ({runtime})")
        audit.screen("list")
        view.locator("button.o-chip", has_text="Paid").click()
        expect(view.locator(".o-head p")).to_contain_text("paid orders")
        expect(view.locator(".o-table-wrap")).to_have_attribute("aria-busy", "false")
        audit.screen("list filtered by status")
        view.locator("tr.o-row").first.click()
        expect(view.locator(".o-detail-foot button")).to_have_text("Cancel order…")
        audit.screen("detail")
        view.locator(".o-detail-foot button").click()
        expect(view.locator("[role=dialog]")).to_be_visible()
        audit.screen("cancel confirmation")
        view.locator("[role=dialog] button[data-confirm]").click()
        expect(view.locator("[role=dialog]")).to_have_count(0)
        expect(view.locator(".o-banner--success")).to_be_visible()
        audit.screen("cancelled, with its notice")
        view.locator("button[title='Back to all orders']").click()
        view.locator("button", has_text="Export CSV").click()
        expect(view.locator(".o-export textarea")).to_be_visible()
        audit.screen("export")
        audit.assert_accessible()
        assert view.errors() == []
    finally:
        view.close()
        pyview_host_server.run(backend.close())
        module.store.cache_clear()


def weather_result(city: str) -> dict[str, Any]:
    from datetime import UTC, datetime

    from weather_data import forecast

    report = forecast(city, "metric", now=datetime(2026, 1, 15, 12, tzinfo=UTC))
    return {"content": [{"type": "text", "text": str(report)}], "structuredContent": report.model_dump(mode="json")}


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_weather_every_screen(
    runtime: str, axe_path: Path, pyview_browser: Any, pyview_host_server: Any, pyview_build: Any
) -> None:
    from a11y_views import ensure_path

    from pyview.host import McpBackend

    ensure_path(WEATHER)
    backend = McpBackend(load_server(WEATHER / "server.py")[1])
    pyview_host_server.run(backend.start())
    document = pyview_build(WEATHER / "weather_view", runtime=runtime).html
    view = mount_example(pyview_host_server, pyview_browser, document, backend, dict(WEATHER_CONTEXT), runtime)
    try:
        view.wait_ready(90)
        audit = Auditor(view, axe_path, f"weather ({runtime})")
        expect(view.locator("[data-testid=skeleton]")).to_be_visible()
        audit.screen("loading")
        view.send_tool_input({"city": "Oslo"})  # the server runtime starts a session from the input
        expect(view.locator("[data-testid=skeleton]")).to_contain_text("Oslo")
        audit.screen("input preview")
        view.send_tool_cancelled("The user stopped it.")
        expect(view.locator("[data-testid=cancelled]")).to_be_visible()
        audit.screen("cancelled")
        view.send_tool_input({"city": "Oslo"})
        view.send_tool_result(weather_result("Oslo"))
        expect(view.locator("[data-testid=current] h1")).to_have_text("Oslo")
        audit.screen("card")
        view.locator("button[aria-label='Open fullscreen']").click()
        expect(view.locator("[data-testid=hourly] svg")).to_be_visible()
        audit.screen("fullscreen chart")
        view.locator("button[aria-label='Exit fullscreen']").click()
        expect(view.locator("[data-testid=hourly]")).to_have_count(0)
        view.send_tool_result({"content": [{"type": "text", "text": "Unknown city 'Atlantis'. Did you mean Athens?"}],
                               "isError": True})  # fmt: skip
        expect(view.locator("[data-testid=error]")).to_be_visible()
        audit.screen("error")
        audit.assert_accessible()
        assert view.errors() == []
    finally:
        view.close()
        pyview_host_server.run(backend.close())


def test_gallery_every_component(axe_path: Path, pyview_browser: Any, pyview_host_server: Any) -> None:
    """The gallery shows each component in each of its states; the interactive ones are opened too."""
    import pyview._tooling.packager._sources as sources
    from pyview.packager import build_view

    core = sources.BROWSER_CORE
    if "ui" not in core:  # until the packager ships pyview/_core/ui in every document (as tests/ui does)
        sources.BROWSER_CORE = (*core, "ui")
    try:
        document = build_view(GALLERY, runtime="inline").html
    finally:
        sources.BROWSER_CORE = core
    view = mount_example(pyview_host_server, pyview_browser, document, None, {"theme": "light"}, "inline")
    try:
        view.wait_ready(90)
        audit = Auditor(view, axe_path, "gallery")
        audit.screen("first paint")
        view.locator("button", has_text="Show a toast").click()
        expect(view.locator(".pv-toast", has_text="Saved the report")).to_be_visible()
        view.locator("button", has_text="Create account").click()
        expect(view.locator("[aria-invalid=true]").first).to_be_visible()
        audit.screen("a toast, form errors")
        audit.assert_accessible()
        assert view.errors() == []
    finally:
        view.close()
