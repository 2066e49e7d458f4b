"""The orders example end to end: its server (in-process, on a fresh database) behind pyview's Python host, and its
View booted in headless Chromium. One View per host setup, shared by the tests of this module (each boot costs
seconds); each test first brings it to the state it needs (:func:`showing`), so any one runs alone or in any order.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from taken import send_and_wait

pytestmark = pytest.mark.browser
VIEW = Path(__file__).resolve().parents[2] / "examples" / "orders" / "orders_view"


def boot(
    orders: Any,
    tabs: Any,
    host_server: Any,
    runtime: str,
    *,
    without: tuple[str, ...] = (),
    width: int = 760,
) -> Iterator[Any]:
    """Mount the View ``width`` px wide under a full host backed by the real server, minus ``without`` capabilities;
    ``runtime``: Python in the frame, or the server runtime (under the spec's default CSP)."""
    from pyview.host import McpBackend
    from pyview.packager import build_view
    from pyview.testing import mount

    backend = McpBackend(orders.server)
    host_server.run(backend.start())
    if runtime == "python":
        document = orders.orders_view.html()
    elif "pyview_event" not in {tool["name"] for tool in host_server.run(backend.list_tools())}:
        host_server.run(backend.close())
        pytest.fail("the server has no server runtime (no pyview_event tool): a regression, its Views declare one")
    else:
        snapshot = False if runtime == "server" else "core"  # auto hands over to Python: from the shared core snapshot
        document = build_view(VIEW, runtime=runtime, snapshot=snapshot).html  # type: ignore[arg-type]
    page = tabs.take({"width": width + 140, "height": 900})
    context = {"containerDimensions": {"width": width, "maxHeight": 2000}}
    wasm = runtime == "python"
    if without:  # the host lacks them from the start: the shim's handshake is the first thing a View does
        view = mount_without(host_server, page, document, backend, context, without, allow_wasm=wasm, tabs=tabs)
    else:
        view = mount(host_server, page, document, tabs=tabs, backend=backend, host_context=context, allow_wasm=wasm)
    view.runtime = runtime
    # The host's input and result right after the handshake, while Python starts (as a host sends them): the View
    # renders them when it is live. Sent after wait_ready instead, a busy machine can take longer than the View's
    # RESULT_GRACE, and the View then loads the first page by itself.
    view.wait_handshake(90)
    arguments = {"page_size": 10}
    view.send_tool_input(arguments)
    view.send_tool_result(wire(orders.list_orders(**arguments)))
    view.wait_ready(90)
    view.locator("tr.o-row").first.wait_for(timeout=30_000)
    if runtime == "python":  # the served (auto) document: the server runtime answers until Python takes over
        view.frame.wait_for_function("() => pyviewBoot.marks.runtime === 'python'", timeout=90_000)
    yield view
    problems = view.errors()
    view.close()
    host_server.run(backend.close())
    assert problems == [], problems


def mount_without(
    server: Any,
    page: Any,
    html: str,
    backend: Any,
    context: Any,
    without: tuple[str, ...],
    *,
    allow_wasm: bool,
    tabs: Any,
) -> Any:
    """``pyview.testing.mount`` with a host that never advertises the ``without`` capabilities."""
    from pyview.host import Host
    from pyview.testing import MountedView

    def create() -> tuple[Any, Any]:
        host = Host(backend, profile="full", host_context=context)
        for name in without:
            host.capabilities.pop(name)
        session = server.hub.create()
        session.mount(html, host, ui_csp=None, allow_wasm=allow_wasm, prefers_border=False)
        return session, host

    session, host = server.call(create)
    view = MountedView(server, session, host, page, tabs)
    page.goto(f"{server.url}{session.base}/")
    return view


def wait_for_model_context(view: Any, read: Any, wanted: Any, timeout: float = 60.0) -> Any:
    """``read(structuredContent)`` of the host's model context once it is ``wanted`` (an earlier test's value may
    still be there), or whatever it is when ``timeout`` (a hang guard) runs out."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        value = read((view.host.model_context or {}).get("structuredContent") or {})
        if value == wanted or time.monotonic() > deadline:
            return value
        view.frame.wait_for_timeout(25)


def showing(view: Any, orders: Any, status: str | None = None) -> Any:
    """Bring the shared View to a known state, whatever an earlier test left: inline, no order open, and the first
    page of the orders (of ``status``) as a new tool result from the host, on screen. Returns that page."""
    if view.host.context.get("displayMode") == "fullscreen":
        view.locator("button[title='Exit full screen']").click()
        expect(view.locator(".o-body--split")).to_have_count(0)
    if view.locator(".o-detail").count():
        # An earlier test's own "All orders" click may still be on its way (in the server runtime, a round trip), so
        # the button can go at any moment: a locator click would then wait for a button that never comes back. It
        # is clicked only if it is there when looked up, in one step in the frame (a second close is a stale event).
        view.frame.evaluate("() => document.querySelector('.o-detail button[title=\"Back to all orders\"]')?.click()")
        expect(view.locator(".o-detail")).to_have_count(0)
    arguments: dict[str, Any] = {"page_size": 10} if status is None else {"page_size": 10, "status": status}
    page = orders.list_orders(**arguments)
    # The screen may already look like that page (an earlier test's): first wait until the View has taken the result
    send_and_wait(view, wire(page))
    # that page and no other: its heading, its first page, its first row, an empty search
    expect(view.locator(".o-head p")).to_have_text(f"{page.total} {status + ' ' if status else ''}orders")
    expect(view.locator(".o-pager")).to_contain_text(f"Showing 1–{len(page.orders)} of {page.total}")
    expect(view.locator("tr.o-row").first).to_have_attribute("data-order", str(page.orders[0].id))
    expect(view.locator("input[type=search]")).to_have_value("")
    return page


def wire(model: Any) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": str(model)}], "structuredContent": model.model_dump(mode="json")}


# auto is the server runtime until Python takes over (tests/browser/test_handover_browser.py, tests/realhost): under
# this module's default CSP it would run the server runtime a second time
@pytest.fixture(scope="module", params=("python", "server"))
def runtime(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture(scope="module")
def view(orders: Any, pyview_tabs: Any, pyview_host_server: Any, runtime: str) -> Iterator[Any]:
    yield from boot(orders, pyview_tabs, pyview_host_server, runtime)


@pytest.fixture(scope="module")
def plain_view(orders: Any, pyview_tabs: Any, pyview_host_server: Any, runtime: str) -> Iterator[Any]:
    yield from boot(orders, pyview_tabs, pyview_host_server, runtime, without=("downloadFile",))


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def first_cells(view: Any, column: int) -> list[str]:
    texts: list[str] = view.locator(f"tr.o-row td:nth-child({column})").all_inner_texts()
    return texts


def calls(view: Any, name: str) -> list[dict[str, Any]] | None:
    """The View's tools/call of ``name`` through the host; None on the server runtime (tools run in-process)."""
    if view.runtime != "python":
        return None
    return [
        entry["message"]["params"]
        for entry in view.host.traffic
        if entry["direction"] == "in"
        and entry["message"].get("method") == "tools/call"
        and entry["message"]["params"]["name"] == name
    ]


def test_table_renders_from_the_tool_result(view: Any, orders: Any) -> None:
    before = calls(view, "list_orders")
    showing(view, orders)
    expect(view.locator("tr.o-row")).to_have_count(10)
    expect(view.locator(".o-head p")).to_have_text("200 orders")
    expect(view.locator(".o-pager")).to_contain_text("Showing 1–10 of 200 orders")
    assert calls(view, "list_orders") == before  # the host's result was used as is
    assert view.frame.evaluate("() => document.documentElement.dataset.theme") == "light"


def first_row_is(view: Any, page: Any) -> None:
    """Wait until the table shows ``page`` (an ``OrderPage``): the header and chips change at the click, the rows
    when the server's answer is in."""
    expect(view.locator("tr.o-row").first).to_have_attribute("data-order", str(page.orders[0].id))


def test_sort_filter_and_page(view: Any, orders: Any) -> None:
    showing(view, orders)
    view.locator("button.o-sort", has_text="Total").click()
    expect(view.locator("th[aria-sort=descending]")).to_contain_text("Total")
    first_row_is(view, orders.list_orders(page_size=10, sort="-total"))
    totals = [float(t.strip("$").replace(",", "")) for t in first_cells(view, 5)]
    assert totals == sorted(totals, reverse=True)
    view.locator("button.o-chip", has_text="Delivered").click()
    expect(view.locator("button.o-chip[aria-pressed=true]")).to_contain_text("Delivered")
    expect(view.locator(".o-head p")).to_contain_text("delivered orders")
    first_row_is(view, orders.list_orders(status="delivered", page_size=10, sort="-total"))
    assert set(first_cells(view, 4)) == {"Delivered"}
    view.locator("button", has_text="Next ›").click()
    expect(view.locator(".o-pager")).to_contain_text("Page 2 of")
    view.locator("input[type=search]").fill("okafor")
    expect(view.locator(".o-head p")).to_contain_text("matching “okafor”")
    first_row_is(view, orders.list_orders(status="delivered", customer="okafor", page_size=10, sort="-total"))
    assert all("Okafor" in name for name in first_cells(view, 3))
    listed = calls(view, "list_orders")
    assert listed is None or listed[-1]["arguments"] == {
        "status": "delivered",
        "customer": "okafor",
        "page": 1,
        "page_size": 10,
        "sort": "-total",
    }
    view.locator("input[type=search]").fill("")
    view.locator("button.o-chip", has_text="Paid").click()
    expect(view.locator(".o-head p")).to_contain_text("paid orders")


def test_cancel_with_confirmation_updates_the_row(view: Any, orders: Any) -> None:
    showing(view, orders, "paid")  # a paid order can still be cancelled
    row = view.locator("tr.o-row").first
    order_id = row.get_attribute("data-order")
    row.click()
    expect(view.locator(".o-detail h2")).to_contain_text(f"Order #{order_id}")
    # on the server runtime the View's request travels back with the patch: the host gets it just after the paint
    selected = wait_for_model_context(view, lambda ctx: (ctx.get("selected_order") or {}).get("id"), int(order_id))
    assert selected == int(order_id)
    view.locator("button", has_text="Cancel order…").click()
    dialog = view.locator("[role=dialog]")
    expect(dialog).to_contain_text("will be refunded")
    dialog.locator("select").select_option("Out of stock")
    dialog.locator("button[data-confirm]").click()
    expect(dialog).to_have_count(0)
    expect(view.locator(".o-detail h2")).to_contain_text("Cancelled")
    expect(view.locator("[role=status]")).to_contain_text(f"Order #{order_id}")
    assert calls(view, "cancel_order") in (
        None,
        [{"name": "cancel_order", "arguments": {"id": int(order_id), "reason": "Out of stock"}}],
    )
    view.locator("button", has_text="All orders").click()
    expect(view.locator(f"tr[data-order='{order_id}'] .o-status")).to_have_text("Cancelled")


def test_fullscreen_shows_table_and_detail_side_by_side(view: Any, orders: Any) -> None:
    showing(view, orders)
    view.locator("tr.o-row").nth(1).click()
    view.locator("button[title='Full screen']").click()
    expect(view.locator(".o-body--split")).to_have_count(1)
    expect(view.locator("table.o-table")).to_have_count(1)
    assert view.host.context["displayMode"] == "fullscreen"
    assert view.frame_element.get_attribute("data-mode") == "fullscreen"
    view.locator("button[title='Exit full screen']").click()
    expect(view.locator(".o-body--split")).to_have_count(0)
    view.locator("button", has_text="All orders").click()
    expect(view.locator(".o-detail")).to_have_count(0)


def test_export_downloads_through_the_host(view: Any, orders: Any) -> None:
    showing(view, orders, "paid")
    before = len(view.host.downloads)
    view.locator("button", has_text="Export CSV").click()
    expect(view.locator("[role=status]")).to_contain_text("Downloaded orders-paid.csv")
    assert len(view.host.downloads) == before + 1
    download = view.host.downloads[-1]
    resource = download["contents"][0]["resource"]
    assert resource["uri"] == "file:///orders-paid.csv" and resource["mimeType"] == "text/csv"
    assert resource["text"].startswith("order_id,created_at,customer,email,status,items,total,currency\n")


def test_dark_theme_follows_the_host(view: Any) -> None:
    def background() -> str:
        color: str = view.frame.evaluate("() => getComputedStyle(document.body).backgroundColor")
        return color

    light = background()
    view.set_host_context(theme="dark")
    try:
        view.frame.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        dark = background()
        assert light != dark
        channels = [int(part) for part in dark[dark.index("(") + 1 : -1].split(",")[:3]]
        assert sum(channels) < 3 * 80  # a dark background
    finally:  # the View is shared: the next test expects the host's light theme
        view.set_host_context(theme="light")
        view.frame.wait_for_function("() => document.documentElement.dataset.theme === 'light'")


def test_export_without_download_support_offers_the_text(plain_view: Any, orders: Any) -> None:
    view = plain_view
    showing(view, orders)
    view.locator("button", has_text="Export CSV").click()
    area = view.locator("section.o-export textarea")
    expect(area).to_be_visible()
    assert area.input_value().startswith("order_id,created_at")
    assert area.input_value().count("\n") == 201  # header and every order, not just the page
    expect(view.locator("section.o-export")).to_contain_text("copy it")
    assert view.host.downloads == []


def test_a_malformed_result_then_a_good_one_recovers(view: Any, orders: Any) -> None:
    """Numbers sent as strings are explained (never "Error in OrdersScreen"); the next good result clears it."""
    good = wire(orders.list_orders(status="pending", page_size=10))
    bad = {**good, "structuredContent": {**good["structuredContent"], "total": "12", "page": "1"}}
    view.send_tool_result(bad)
    banner = view.locator(".o-banner--error p")
    expect(banner).to_contain_text("The server's answer to list_orders could not be shown: total should be")
    assert view.locator(".pyview-error").count() == 0
    view.send_tool_result(good)
    expect(view.locator(".o-banner--error")).to_have_count(0)
    expect(view.locator("tr.o-row").first).to_contain_text("Pending")
    view.send_tool_result(
        {"content": [{"type": "text", "text": "Error executing tool list_orders: busy"}], "isError": True}
    )
    expect(banner).to_have_text("busy")
    view.send_tool_result(good)
    expect(view.locator(".o-banner--error")).to_have_count(0)
    assert view.locator(".pyview-error").count() == 0


@pytest.fixture(scope="module")
def phone_view(orders: Any, pyview_tabs: Any, pyview_host_server: Any, runtime: str) -> Iterator[Any]:
    yield from boot(orders, pyview_tabs, pyview_host_server, runtime, width=360)


def fully_shown(locator: Any) -> bool:
    """Whether the element lies wholly inside the table's visible box and the View's frame (nothing clipped)."""
    shown: bool = locator.evaluate(
        """el => {
          const box = el.getBoundingClientRect(), wrap = el.closest('.o-table-wrap').getBoundingClientRect();
          const width = document.documentElement.clientWidth;
          return box.width > 0 && box.left >= wrap.left - 0.5 && box.right <= wrap.right + 0.5
            && box.left >= -0.5 && box.right <= width + 0.5 && el.scrollWidth <= el.clientWidth + 1;
        }"""
    )
    return shown


def test_a_phone_wide_view_keeps_the_total_column_reachable(phone_view: Any) -> None:
    view = phone_view
    assert view.frame.evaluate("() => document.documentElement.clientWidth") <= 360
    wrap = view.locator(".o-table-wrap")
    assert wrap.evaluate("el => getComputedStyle(el).overflowX") in ("auto", "scroll")  # never hidden
    header = view.locator("th", has_text="Total")
    totals = view.locator("tr.o-row td.o-num")
    expect(totals).to_have_count(10)
    for cell in (header, totals.first, totals.last):
        cell.scroll_into_view_if_needed()  # a no-op when the table fits; a sideways scroll of the table when not
        assert fully_shown(cell), cell.evaluate("el => el.outerHTML")
    assert all(text.startswith("$") for text in totals.all_inner_texts())
    # the page itself never scrolls sideways: only the table may
    assert view.frame.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
