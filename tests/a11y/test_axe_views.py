"""axe-core over the gallery and both examples, every screen, light and dark, in the server and Pyodide runtimes:
no violation of WCAG 2.0/2.1 A or AA, and no best-practice finding that ``a11y_views.KEPT`` does not justify.

One browser session per example and runtime walks the screens and runs axe at each; the theme changes by
``host-context-changed``, never by a new boot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from a11y_views import GALLERY, WEATHER, Auditor, expect, load_server, mount_example, orders_first_page

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
    runtime: str, axe_path: Path, pyview_tabs: Any, pyview_host_server: Any, pyview_build: Any,
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    with orders_first_page(runtime, pyview_host_server, pyview_tabs, pyview_build, tmp_path, monkeypatch) as view:
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


def weather_result(city: str) -> dict[str, Any]:
    from datetime import UTC, datetime

    from weather_data import forecast

    report = forecast(city, "metric", now=datetime(2026, 1, 15, 12, tzinfo=UTC))
    return {"content": [{"type": "text", "text": str(report)}], "structuredContent": report.model_dump(mode="json")}


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_weather_every_screen(
    runtime: str, axe_path: Path, pyview_tabs: Any, pyview_host_server: Any, pyview_build: Any
) -> None:
    from a11y_views import ensure_path

    from pyview.host import McpBackend

    ensure_path(WEATHER)
    backend = McpBackend(load_server(WEATHER / "server.py")[1])
    pyview_host_server.run(backend.start())
    document = pyview_build(WEATHER / "weather_view", runtime=runtime).html
    # a host that names the tool (hostContext.toolInfo), so the server runtime may start from the input alone
    tool = {"name": "get_weather", "inputSchema": {"type": "object"}}
    view = mount_example(pyview_host_server, pyview_tabs, document, backend, dict(WEATHER_CONTEXT), runtime, tool=tool)
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


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_gallery_every_component_and_state(
    runtime: str, axe_path: Path, pyview_tabs: Any, pyview_host_server: Any, pyview_build: Any
) -> None:
    """The gallery's first paint shows each component in each static state (disabled, loading, invalid, empty,
    skeleton, a failed component, alerts, a toast); the walk then puts every interactive one in its other states."""
    from pyview.host import McpBackend

    backend = McpBackend(load_server(Path(__file__).parent / "gallery_server.py")[1])
    pyview_host_server.run(backend.start())
    document = pyview_build(GALLERY, runtime=runtime).html
    view = mount_example(pyview_host_server, pyview_tabs, document, backend, {"theme": "light"}, runtime)
    try:
        view.wait_handshake(90)
        view.send_tool_result({"content": [{"type": "text", "text": "The pyview.ui gallery."}]})
        view.wait_ready(90)
        audit = Auditor(view, axe_path, f"gallery ({runtime})")
        audit.screen("first paint")

        # tabs (another tab, the pills), the accordion (another item open), pagination, the table (sorted,
        # a row selected, its second page), inputs (typed, switched off, another radio)
        view.locator("[role=tab]", has_text="Activity").click()
        expect(view.locator("[role=tabpanel]").first).to_contain_text("Recent activity.")
        view.locator("[role=tab]", has_text="Month").click()
        expect(view.locator("[role=tab]", has_text="Month")).to_have_attribute("aria-selected", "true")
        view.locator("button[aria-expanded]", has_text="Returns").click()  # one open at a time: Shipping closes
        expect(view.locator("button[aria-expanded]", has_text="Returns")).to_have_attribute("aria-expanded", "true")
        expect(view.locator("button[aria-expanded]", has_text="Shipping")).to_have_attribute("aria-expanded", "false")
        view.locator("nav.pv-pagination").last.locator("button[aria-label='Next page']").click()
        expect(view.locator("nav.pv-pagination").last.locator("[aria-current=page]")).to_have_text("7")
        view.locator("button.pv-table__sort", has_text="Customer").click()
        expect(view.locator("th[aria-sort=ascending]")).to_contain_text("Customer")
        view.locator("input[aria-label^='Select row']:not(:checked)").first.check()
        expect(view.locator("caption", has_text="selected").first).to_contain_text("3 selected")
        view.locator(".pv-table__foot button[aria-label='Next page']").first.click()
        expect(view.locator(".pv-table__foot [aria-current=page]").first).to_have_text("2")
        view.locator("input[role=switch]").first.uncheck()
        view.locator("[role=radio]", has_text="Team").click()
        expect(view.locator("[role=radio]", has_text="Team")).to_have_attribute("aria-checked", "true")
        audit.screen("tabs, accordion, pagination, table, inputs changed")

        # another tab's panel, toasts (success and error), the form's error messages
        view.locator("[role=tab]", has_text="Settings").click()
        expect(view.locator("[role=tabpanel]").first).to_contain_text("Settings.")
        view.locator("button", has_text="Show a toast").click()
        view.locator("button", has_text="Error toast").click()
        expect(view.locator(".pv-toast", has_text="Could not reach the server")).to_be_visible()
        view.locator("button", has_text="Create account").click()
        expect(view.locator("[aria-invalid=true]").first).to_be_visible()
        audit.screen("another tab, toasts, form errors")

        # the form filled in and sent: its success message (and toast)
        view.locator("input[name=email]").fill("ada@example.com")
        view.locator("input[name=password]").fill("correct horse")
        view.locator("label", has_text="I accept the terms").click()
        view.locator("button", has_text="Create account").click()
        expect(view.locator(".pv-alert", has_text="Signed up as ada@example.com.")).to_be_visible()
        audit.screen("form sent")
        audit.assert_accessible()
        # the gallery's failing component (its error state) is reported to the host's log by the server runtime
        broken = "error in rendering Broken: RuntimeError: the weather service returned no data"
        assert [error for error in view.errors() if broken not in error] == []
    finally:
        view.close()
        pyview_host_server.run(backend.close())
