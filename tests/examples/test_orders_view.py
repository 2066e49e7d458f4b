"""The orders View's components in CPython (no browser): a fake App answers tools/call from a real order store.

Flows: first paint and hydration, the host's tool result, sort, status filter, customer search, paging,
the detail panel and model context, cancel with confirmation (and a refusal), export with and without the
host's downloadFile, errors, fullscreen, and a host that cannot call tools at all.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pyview.app import ActionResult, HostContext, ToolResult
from pyview.components import component, render_to_string
from pyview.testing import FakeApp, Screen, render

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orders"
sys.path.insert(0, str(EXAMPLE))

import orders_view  # noqa: E402
from orders_store import MAX_SEARCH, OrderError, OrderStore  # noqa: E402
from orders_view import screen as screen_module  # noqa: E402
from orders_view import table as table_module  # noqa: E402
from orders_view.screen import OrdersScreen  # noqa: E402

FULL = {"serverTools", "updateModelContext", "downloadFile"}


class OrdersHost(FakeApp):
    """A FakeApp that answers the four tools from an :class:`OrderStore`, like the server would."""

    def __init__(self, store: OrderStore, capabilities: set[str] = FULL, context: dict[str, Any] | None = None):
        super().__init__(host_context=HostContext(context or {"displayMode": "inline"}))
        self.store = store
        self.capabilities = set(capabilities)
        self.model_context: list[tuple[Any, Any]] = []
        self.downloads: list[Any] = []
        self.download_answer: dict[str, Any] = {}
        self.display_modes: list[str] = []

    def supports(self, capability: str) -> bool:
        return capability in self.capabilities

    async def call_server_tool(self, name: str, arguments: Any = None) -> ToolResult:
        self.calls.append((name, arguments))
        await asyncio.sleep(0)
        args = dict(arguments or {})
        try:
            if name == "list_orders":
                model: Any = self.store.list_orders(**args)
            elif name == "get_order":
                model = self.store.get_order(args["id"])
            elif name == "cancel_order":
                model = self.store.cancel_order(args["id"], args["reason"])
            elif name == "export_orders":
                return export_result(self.store.export_csv(**args))
            else:
                raise AssertionError(f"unexpected tool {name}")
        except OrderError as exc:  # worded as the SDK words a ToolError
            return ToolResult(
                {"content": [{"type": "text", "text": f"Error executing tool {name}: {exc}"}], "isError": True}
            )
        return tool_result(model)

    async def update_model_context(self, content: Any = None, *, structured_content: Any = None) -> None:
        self.model_context.append((content, structured_content))

    async def download_file(self, contents: Any) -> ActionResult:
        self.downloads.append(contents)
        return ActionResult(self.download_answer)

    async def request_display_mode(self, mode: str) -> str:
        self.display_modes.append(mode)
        self.emit("host_context_changed", HostContext({**self.host_context.raw, "displayMode": mode}))
        return mode

    def tool_names(self) -> list[str]:
        return [name for name, _ in self.calls]


def tool_result(model: Any) -> ToolResult:
    return ToolResult({"content": [{"type": "text", "text": str(model)}], "structuredContent": model.model_dump()})


def export_result(export: Any) -> ToolResult:
    """As server.py answers export_orders: the CSV once, in an embedded resource that structuredContent names."""
    file = export.file()
    resource = {"uri": file.uri, "mimeType": file.mime_type, "text": export.csv}
    content = [{"type": "text", "text": str(export)}, {"type": "resource", "resource": resource}]
    return ToolResult({"content": content, "structuredContent": file.model_dump()})


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_module, "RESULT_GRACE", 0)
    monkeypatch.setattr(screen_module, "TYPING_DEBOUNCE", 0)


@pytest.fixture
def store() -> OrderStore:
    return OrderStore(":memory:")


@pytest.fixture
def host(store: OrderStore) -> OrdersHost:
    return OrdersHost(store)


@pytest.fixture
def screen(host: OrdersHost, store: OrderStore) -> Iterator[Screen]:
    """The View showing the first page, delivered as the host's tool result (as after the model's list_orders)."""
    host.emit("tool_result", tool_result(store.list_orders()))
    shown = render(OrdersScreen(), app=host)
    yield shown
    assert shown.errors == []
    shown.close()


def rows(screen: Screen) -> list[dict[str, str]]:
    found = []
    for row in screen.find_all("tr.o-row"):
        cells = [cell.text for cell in row.walk() if cell.tag == "td"]
        found.append({"id": cells[0], "customer": cells[2], "status": cells[3], "total": cells[4]})
    return found


def chip(screen: Screen, label: str) -> Any:
    return next(b for b in screen.find_all("button.o-chip") if b.text.startswith(label))


def header(screen: Screen, label: str) -> Any:
    return next(b for b in screen.find_all("button.o-sort") if b.text.startswith(label))


def open_order(screen: Screen, status: str) -> str:
    screen.click(chip(screen, status.title()))
    row = screen.find("tr.o-row")
    screen.click(row)
    return row.get("data-order") or ""


# -- first paint -------------------------------------------------------------------------------------------------


def test_first_paint_is_a_table_skeleton() -> None:
    html = orders_view.view.render_html()
    assert "Loading orders…" in html
    assert html.count('class="o-skel"') >= 8 * 5
    assert "<th" in html and "Customer" in html and "Export CSV" in html


def test_the_prerendered_skeleton_hydrates(host: OrdersHost, store: OrderStore) -> None:
    host.capabilities.clear()  # not connected yet: no tools
    screen = render(OrdersScreen(), app=host, prerendered=render_to_string(OrdersScreen()))
    assert screen.errors == [] and "Loading orders…" in screen.text
    assert screen.find("button", text="Export CSV").get("disabled") is not None
    host.capabilities.update(FULL)
    host.emit("connected", None)
    host.emit("tool_result", tool_result(store.list_orders()))
    screen.settle()
    assert len(rows(screen)) == 20 and screen.errors == []


# -- the table ---------------------------------------------------------------------------------------------------


def test_the_tool_result_fills_the_table_without_another_call(screen: Screen, host: OrdersHost) -> None:
    assert host.tool_names() == []
    shown = rows(screen)
    assert len(shown) == 20 and shown[0]["id"] == "#1200"
    assert screen.find("h1").text == "Orders" and screen.find(".o-head p").text == "200 orders"
    assert chip(screen, "All").get("aria-pressed") == "true"
    assert chip(screen, "Paid").text == f"Paid{host.store.list_orders().counts['paid']}"
    assert screen.find(".o-pager").text.startswith("Showing 1–20 of 200 orders")
    assert host.model_context[-1][0].startswith("The user is browsing 200 orders (page 1 of 10")


def test_sort_by_a_column_and_flip_it(screen: Screen, host: OrdersHost) -> None:
    screen.click(header(screen, "Total"))
    assert host.calls[-1] == ("list_orders", {"page": 1, "page_size": 20, "sort": "-total"})
    totals = [float(r["total"].strip("$").replace(",", "")) for r in rows(screen)]
    assert totals == sorted(totals, reverse=True)
    th = header(screen, "Total").parent
    assert th.get("aria-sort") == "descending"
    screen.click(header(screen, "Total"))
    assert host.calls[-1][1]["sort"] == "total"
    assert header(screen, "Total").parent.get("aria-sort") == "ascending"
    screen.click(header(screen, "Customer"))
    assert host.calls[-1][1]["sort"] == "customer"  # names start A-Z


def test_the_table_is_busy_from_the_render_that_changes_the_query(
    screen: Screen, host: OrdersHost, monkeypatch: pytest.MonkeyPatch
) -> None:
    """aria-busy says the rows are stale from the render that shows the new sort, not from an effect's render later
    (between the two, an assistive technology, or a test, would read the old page as the answer)."""
    renders: list[tuple[str, bool]] = []  # (the sort the header shows, busy) at each render of the table
    real = screen_module.OrdersTable

    @component
    def RecordingTable(orders: Any, sort: str, selected: Any, busy: bool, **props: Any) -> Any:
        renders.append((sort, busy))
        return real(orders, sort, selected, busy, **props)

    monkeypatch.setattr(screen_module, "OrdersTable", RecordingTable)
    screen.click(header(screen, "Customer"))
    customers = [r["customer"] for r in rows(screen)]
    assert customers == sorted(customers, key=str.lower)
    assert next(r for r in renders if r[0] == "customer") == ("customer", True)  # the first render showing the sort
    assert renders[-1] == ("customer", False)
    screen.type("input[type=search]", "okafor")
    calls = len(host.calls)
    screen.type("input[type=search]", " ", clear=False)  # the same search: no call, and not busy for it
    assert len(host.calls) == calls and renders[-1] == ("customer", False)


def test_filter_by_status(screen: Screen, host: OrdersHost) -> None:
    screen.click(header(screen, "Total"))
    screen.click(chip(screen, "Shipped"))
    assert host.calls[-1] == ("list_orders", {"status": "shipped", "page": 1, "page_size": 20, "sort": "-total"})
    assert {r["status"] for r in rows(screen)} == {"Shipped"}
    assert chip(screen, "Shipped").get("aria-pressed") == "true"
    assert screen.find(".o-head p").text.endswith("shipped orders")


def test_search_by_customer_and_clear_an_empty_result(screen: Screen, host: OrdersHost) -> None:
    assert screen.find("input[type=search]").get("maxlength") == str(MAX_SEARCH)  # what the server accepts
    screen.type("input[type=search]", "okafor")
    assert host.calls[-1][1]["customer"] == "okafor"
    assert rows(screen) and all("Okafor" in r["customer"] for r in rows(screen))
    assert screen.find(".o-head p").text.endswith("matching “okafor”")
    screen.type("input[type=search]", "zzz")
    assert rows(screen) == []
    assert "No orders match these filters" in screen.find(".o-empty").text
    screen.click("Clear filters")
    assert len(rows(screen)) == 20 and screen.find("input[type=search]").value == ""


def test_a_pages_rows_render_once_while_other_state_changes(
    screen: Screen, host: OrdersHost, monkeypatch: pytest.MonkeyPatch
) -> None:
    dated: list[str] = []  # each row's render formats its date once
    real = table_module.date
    monkeypatch.setattr(table_module, "date", lambda value: dated.append(value) or real(value))
    screen.click(chip(screen, "Shipped"))  # the query changes, loading shows, the page comes, loading ends
    assert host.calls[-1][1]["status"] == "shipped" and {r["status"] for r in rows(screen)} == {"Shipped"}
    assert len(dated) == len(rows(screen))  # the new page's rows, once; the old page's rows not again


def test_page_forward_and_back(screen: Screen, host: OrdersHost) -> None:
    assert screen.find("button", text="‹ Previous").get("disabled") is not None
    screen.click("Next ›")
    assert host.calls[-1][1]["page"] == 2
    assert rows(screen)[0]["id"] == "#1180"
    assert "Showing 21–40 of 200 orders" in screen.find(".o-pager").text
    assert "Page 2 of 10" in screen.find(".o-pager").text
    screen.click(chip(screen, "Delivered"))  # a new filter starts at page 1
    assert host.calls[-1][1]["page"] == 1


def test_a_failed_page_load_is_shown_and_the_table_kept(screen: Screen, host: OrdersHost) -> None:
    host.store.list_orders = lambda **kw: (_ for _ in ()).throw(OrderError("The database is busy."))  # type: ignore[method-assign]
    screen.click("Next ›")
    assert screen.find("[role=alert] p").text == "The database is busy."
    assert len(rows(screen)) == 20
    del host.store.list_orders  # the database is back: the page that loads clears the banner
    screen.click(screen.find("[role=alert] button", text="Try again"))
    assert screen.query("[role=alert]") is None
    assert screen.find(".o-pager").text.startswith("Showing 21–40")


# -- the detail panel --------------------------------------------------------------------------------------------


def test_select_an_order_shows_its_detail_and_tells_the_model(screen: Screen, host: OrdersHost) -> None:
    screen.click(screen.find("tr.o-row"))
    assert host.calls[-1] == ("get_order", {"id": 1200})
    detail = screen.find("section.o-detail")
    order = host.store.get_order(1200)
    assert screen.find(".o-detail h2").text.startswith("Order #1200")
    assert order.line_items[0].name in detail.text
    assert "Ship to" in detail.text and order.ship_to.city in detail.text
    content, structured = host.model_context[-1]
    assert content.startswith("The user has order #1200 open:")
    assert structured["selected_order"]["id"] == 1200
    screen.click("All orders")
    assert screen.query("section.o-detail") is None and len(rows(screen)) == 20


def test_keyboard_opens_and_escape_closes(screen: Screen) -> None:
    screen.press(screen.find_all("tr.o-row")[1], "Enter")
    assert screen.find(".o-detail h2").text.startswith("Order #1199")
    screen.press(".o-detail", "Escape")
    assert screen.query("section.o-detail") is None


def test_fullscreen_from_the_detail_panel(store: OrderStore) -> None:
    host = OrdersHost(store, context={"displayMode": "inline", "availableDisplayModes": ["inline", "fullscreen"]})
    host.emit("tool_result", tool_result(store.list_orders()))
    screen = render(OrdersScreen(), app=host)
    screen.click(screen.find("tr.o-row"))
    assert screen.query("table.o-table") is None  # inline: the detail replaces the table
    screen.click("Full screen")
    assert host.display_modes == ["fullscreen"]
    assert screen.find(".o-body").get("class") == "o-body o-body--split"  # side by side
    assert screen.query("table.o-table") is not None and screen.query("section.o-detail") is not None
    screen.click("Exit full screen")
    assert host.display_modes == ["fullscreen", "inline"]
    assert screen.errors == []


def test_no_fullscreen_button_when_the_host_has_none(screen: Screen) -> None:
    screen.click(screen.find("tr.o-row"))
    assert screen.query(text="Full screen") is None


# -- cancelling --------------------------------------------------------------------------------------------------


def test_cancel_asks_first_then_updates_the_row(screen: Screen, host: OrdersHost) -> None:
    paid_before = host.store.list_orders().counts["paid"]
    order_id = int(open_order(screen, "paid"))
    screen.click("Cancel order…")
    dialog = screen.find("[role=dialog]")
    assert f"Cancel order #{order_id}?" in dialog.text and "will be refunded" in dialog.text
    assert host.tool_names().count("cancel_order") == 0  # nothing happens before confirming
    screen.select("select[name=reason]", "Duplicate order")
    screen.click(screen.find("button", text="Cancel order"))
    assert host.calls[-1] == ("cancel_order", {"id": order_id, "reason": "Duplicate order"})
    assert screen.query("[role=dialog]") is None
    assert "Cancelled" in screen.find(".o-detail h2").text
    assert "Cancelled: Duplicate order." in screen.find(".o-detail-foot").text
    assert "is cancelled" in screen.find("[role=status]").text
    calls = len(host.calls)
    screen.click("All orders")
    row = next(r for r in rows(screen) if r["id"] == f"#{order_id}")
    assert row["status"] == "Cancelled"  # updated in place (the Paid filter still shows it)
    assert chip(screen, "Paid").text == f"Paid{paid_before - 1}"
    assert [name for name, _ in host.calls[calls:]] == []  # no reload


def test_keep_order_closes_the_dialog(screen: Screen, host: OrdersHost) -> None:
    open_order(screen, "pending")
    screen.click("Cancel order…")
    assert "has not paid yet" in screen.find("[role=dialog]").text
    screen.click("Keep order")
    assert screen.query("[role=dialog]") is None and "cancel_order" not in host.tool_names()


def test_other_reason_needs_text(screen: Screen, host: OrdersHost) -> None:
    order_id = int(open_order(screen, "paid"))
    screen.click("Cancel order…")
    screen.select("select[name=reason]", "Other")
    screen.click("button[data-confirm]")
    assert screen.find("[role=dialog] [role=alert]").text == "Describe the reason for the customer."
    screen.type("input[name=other]", "Wrong size")
    screen.press("input[name=other]", "Enter")
    assert host.calls[-1] == ("cancel_order", {"id": order_id, "reason": "Wrong size"})


def test_a_refused_cancel_is_explained_in_the_dialog(screen: Screen, host: OrdersHost) -> None:
    order_id = int(open_order(screen, "paid"))
    screen.click("Cancel order…")
    # meanwhile the warehouse ships it
    host.store._db.execute("UPDATE orders SET status = 'shipped' WHERE id = ?", (order_id,))
    screen.click(screen.find("button", text="Cancel order"))
    alert = screen.find("[role=dialog] [role=alert]")
    assert (
        alert.text == f"Order #{order_id} has already shipped and can no longer be cancelled. Start a return instead."
    )
    assert screen.find("button", text="Cancel order").get("disabled") is None  # the dialog stays usable


def test_no_cancel_button_for_shipped_orders(screen: Screen) -> None:
    open_order(screen, "shipped")
    assert screen.query(text="Cancel order…") is None
    assert "tracking number" in screen.find(".o-detail-foot").text


# -- export ------------------------------------------------------------------------------------------------------


def test_export_downloads_through_the_host(screen: Screen, host: OrdersHost) -> None:
    screen.click(chip(screen, "Delivered"))
    screen.click("Export CSV")
    assert host.calls[-1] == ("export_orders", {"status": "delivered", "sort": "-created"})
    (item,) = [host.downloads[-1]] if isinstance(host.downloads[-1], dict) else host.downloads[-1]
    assert item["type"] == "resource"
    assert item["resource"]["uri"] == "file:///orders-delivered.csv"
    assert item["resource"]["mimeType"] == "text/csv"
    assert item["resource"]["text"].startswith("order_id,created_at,customer")
    assert screen.find("[role=status]").text.startswith("Downloaded orders-delivered.csv")
    assert screen.query("textarea") is None


def test_export_declined_by_the_person(screen: Screen, host: OrdersHost) -> None:
    host.download_answer = {"isError": True}
    screen.click("Export CSV")
    assert screen.find("[role=alert] p").text == "The download was cancelled."


def test_export_without_download_support_shows_the_csv(screen: Screen, host: OrdersHost) -> None:
    host.capabilities.discard("downloadFile")
    screen.type("input[type=search]", "okafor")
    screen.click("Export CSV")
    assert host.downloads == []
    panel = screen.find("section.o-export")
    assert "orders-okafor.csv" in panel.text and "copy it" in panel.text
    csv_text = screen.find("textarea").value
    assert csv_text.startswith("order_id,") and "Okafor" in csv_text
    screen.click("Close")
    assert screen.query("section.o-export") is None


# -- other hosts and errors --------------------------------------------------------------------------------------


def test_opened_by_get_order_shows_that_order_and_loads_the_table(store: OrderStore) -> None:
    host = OrdersHost(store)
    host.emit("tool_result", tool_result(store.get_order(1042)))
    screen = render(OrdersScreen(), app=host)
    assert screen.find(".o-detail h2").text.startswith("Order #1042")
    assert "get_order" not in host.tool_names()  # the result already had it
    screen.click("All orders")
    assert len(rows(screen)) == 20


def test_a_tool_error_result_is_shown_readably(store: OrderStore) -> None:
    host = OrdersHost(store)
    text = "Error executing tool get_order: There is no order #5. Order numbers run from #1001 to #1200."
    host.emit("tool_result", ToolResult({"content": [{"type": "text", "text": text}], "isError": True}))
    screen = render(OrdersScreen(), app=host)
    assert screen.find("[role=alert] p").text == "There is no order #5. Order numbers run from #1001 to #1200."
    assert len(rows(screen)) == 20  # the table still loads
    assert screen.find("[role=alert]")  # and the error stays, until the person does something that works
    screen.click(chip(screen, "Paid"))
    assert screen.query("[role=alert]") is None and screen.errors == []


def test_a_result_arriving_during_the_grace_period_is_used_instead_of_a_call(
    store: OrderStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = OrdersHost(store)  # connected, no result yet: the View waits RESULT_GRACE before loading by itself

    async def grace(seconds: float) -> None:  # the host's result arrives while the View waits
        host.emit("tool_result", tool_result(store.list_orders()))  # the page the View would have asked for
        await asyncio.sleep(0)

    monkeypatch.setattr(screen_module, "asyncio", SimpleNamespace(sleep=grace))
    screen = render(OrdersScreen(), app=host)
    assert len(rows(screen)) == 20
    assert host.tool_names() == []  # the load the View had planned was cancelled


def test_a_host_without_server_tools_shows_a_read_only_snapshot(store: OrderStore) -> None:
    host = OrdersHost(store, capabilities=set())
    host.emit("tool_result", tool_result(store.list_orders()))
    screen = render(OrdersScreen(), app=host)
    assert len(rows(screen)) == 20
    assert all(b.get("disabled") is not None for b in screen.find_all("button.o-chip"))
    assert screen.find("button", text="Export CSV").get("disabled") is not None
    assert screen.find("button", text="Next ›").get("disabled") is not None
    assert host.calls == [] and host.model_context == []


# -- recovering from errors and malformed results ------------------------------------------------------------------


def test_an_error_banner_clears_on_the_next_good_result(store: OrderStore) -> None:
    host = OrdersHost(store)
    host.emit("tool_result", ToolResult({"content": [{"type": "text", "text": "Error executing tool list_orders: "
                                                      "The database is busy."}], "isError": True}))  # fmt: skip
    screen = render(OrdersScreen(), app=host)
    assert screen.find("[role=alert] p").text == "The database is busy."
    host.emit("tool_result", tool_result(store.list_orders(status="paid")))  # the model asks again; it works
    screen.settle()
    assert screen.query("[role=alert]") is None
    assert {r["status"] for r in rows(screen)} == {"Paid"}
    assert screen.errors == []


def test_the_error_banner_can_be_dismissed(store: OrderStore) -> None:
    host = OrdersHost(store)
    text = "Error executing tool get_order: There is no order #5."
    host.emit("tool_result", ToolResult({"content": [{"type": "text", "text": text}], "isError": True}))
    screen = render(OrdersScreen(), app=host)
    screen.click(screen.find("[role=alert] button", text="Dismiss"))
    assert screen.query("[role=alert]") is None


def malformed(data: dict[str, Any]) -> ToolResult:
    return ToolResult({"content": [{"type": "text", "text": "…"}], "structuredContent": data})


def test_a_malformed_result_is_explained_and_the_next_good_one_shown(store: OrderStore) -> None:
    host = OrdersHost(store, capabilities=set())  # a host without tools: only its results fill the table
    good = store.list_orders().model_dump()
    host.emit("tool_result", malformed({**good, "total": "200", "page": "1"}))  # numbers as strings
    screen = render(OrdersScreen(), app=host)
    assert screen.query(".pyview-error") is None  # no "Error in OrdersScreen"
    banner = screen.find("[role=alert] p").text
    assert (
        banner == "The server's answer to list_orders could not be shown: total should be a whole number (got '200')."
    )
    host.emit("tool_result", tool_result(store.list_orders(status="shipped")))
    screen.settle()
    assert screen.query("[role=alert]") is None and {r["status"] for r in rows(screen)} == {"Shipped"}
    host.emit("tool_result", malformed({**good, "orders": [{**good["orders"][0], "total_cents": "12.00"}]}))
    screen.settle()
    assert "orders[0].total_cents should be a whole number" in screen.find("[role=alert] p").text
    assert {r["status"] for r in rows(screen)} == {"Shipped"}  # what was shown stays
    assert screen.errors == []


def test_a_malformed_first_result_still_loads_the_table(store: OrderStore) -> None:
    host = OrdersHost(store)
    host.emit("tool_result", malformed({**store.list_orders().model_dump(), "counts": {"paid": "many"}}))
    screen = render(OrdersScreen(), app=host)
    assert "counts.paid should be a whole number" in screen.find("[role=alert] p").text
    assert len(rows(screen)) == 20 and host.tool_names() == ["list_orders"]  # loaded by the View itself


@pytest.mark.parametrize(
    ("tool", "change", "where"),
    [
        ("list_orders", lambda d: {**d, "pages": None}, "[role=alert] p"),
        ("get_order", lambda d: {**d, "line_items": "3 items"}, ".o-detail"),
        ("cancel_order", lambda d: {**d, "refund_cents": "1000"}, ".o-dialog"),
        ("export_orders", lambda d: {**d, "rows": "12"}, "[role=alert] p"),
    ],
)
def test_malformed_answers_to_the_views_own_calls_are_readable(
    screen: Screen, host: OrdersHost, tool: str, change: Any, where: str
) -> None:
    answer = host.call_server_tool

    async def tampered(name: str, arguments: Any = None) -> ToolResult:
        result = await answer(name, arguments)
        if name == tool:
            return ToolResult({**result.raw, "structuredContent": change(result.structured_content)})
        return result

    host.call_server_tool = tampered  # type: ignore[method-assign]
    if tool == "list_orders":
        screen.click("Next ›")
    elif tool == "export_orders":
        screen.click("Export CSV")
    else:
        open_order(screen, "paid")
        if tool == "cancel_order":
            screen.click("Cancel order…")
            screen.click(screen.find(".o-dialog button", text="Cancel order"))
    assert f"The server's answer to {tool} could not be shown" in screen.find(where).text
    assert screen.query(".pyview-error") is None and screen.errors == []


def test_an_export_without_its_file_is_readable(screen: Screen, host: OrdersHost) -> None:
    answer = host.call_server_tool

    async def no_file(name: str, arguments: Any = None) -> ToolResult:
        result = await answer(name, arguments)
        return ToolResult({**result.raw, "content": result.content[:1]})

    host.call_server_tool = no_file  # type: ignore[method-assign]
    screen.click("Export CSV")
    assert screen.find("[role=alert] p").text == "export_orders answered without the CSV file."
    assert host.downloads == []


def test_view_docstring_examples() -> None:
    import doctest

    from orders_view import api, checks

    for module in (api, checks):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0
