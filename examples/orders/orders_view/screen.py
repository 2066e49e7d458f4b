"""The whole View: state, data loading, and layout. The pieces it arranges live in ``table.py`` and ``detail.py``.

How data flows:

1. The host runs ``list_orders`` (or ``get_order``) for the model and sends the View its result: the first page
   (or one order) arrives through ``use_tool_result()``.
2. Sorting, filtering and paging change ``query``; an effect keyed on the query calls ``list_orders`` through
   the host (``App.call_server_tool``). Changing the query again cancels the call in flight, so a fast typist
   never sees an older answer overwrite a newer one.
3. Selecting a row loads ``get_order`` into the detail panel and tells the model what the person is looking at
   (``App.update_model_context``).
4. Cancelling asks first (``CancelDialog``), calls ``cancel_order`` and patches the row in place: no reload.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, cast

from orders_view.api import DEFAULT_QUERY, QUERY_KEYS, OrdersApi, ToolFailed, error_text, query_of, shows
from orders_view.checks import ORDER, PAGE, unreadable
from orders_view.detail import CancelDialog, OrderDetail
from orders_view.format import STATUS_LABELS, money, plural
from orders_view.icons import icon
from orders_view.panels import Banner, ExportPanel
from orders_view.styles import CSS
from orders_view.table import OrdersTable, Pager, SearchBox, StatusChips
from pyview.app import shape_problem
from pyview.components import (
    component,
    h,
    use_app,
    use_callback,
    use_effect,
    use_host_context,
    use_memo,
    use_ref,
    use_state,
    use_tool_result,
    use_view_state,
)

if TYPE_CHECKING:
    from typing import Any

    from orders_view._types import CancelResult, Order, OrderPage, OrderSummary
    from orders_view.api import ExportedCsv
    from pyview.app import ToolResult
    from pyview.components import Element, Event

# Seconds to wait before loading: for the host's own tool result right after connecting, and between keystrokes
# of a customer search. (Tests set both to 0.)
RESULT_GRACE = 0.4
TYPING_DEBOUNCE = 0.3


def result_page(result: ToolResult | None) -> OrderPage | None:
    """The page of orders in a good ``list_orders`` result, else None.

    Example:
        >>> from pyview.app import ToolResult
        >>> result_page(ToolResult({"structuredContent": {"orders": "not a list"}})) is None
        True
    """
    data = result.structured_content if result is not None and not result.is_error else None
    if data is None or "orders" not in data or shape_problem(data, PAGE):
        return None
    return cast("OrderPage", data)


@component
def OrdersScreen() -> Element:
    app = use_app()  # __init__.py gives this View its App (api.available checks what it can do)
    api = OrdersApi(app)
    context = use_host_context()
    result = use_tool_result()
    live = api.available  # False at build time, before the handshake, and on hosts without serverTools

    # The page on screen, None until the first one. From the first render on it is the tool result's own page: the
    # tree the server renders with the result (painted before Python starts) shows the orders, not "Loading".
    host_page = use_memo(lambda: result_page(result), [result])
    page, set_page = use_state(host_page)
    query, set_query = use_state(query_of(host_page or DEFAULT_QUERY))  # what the controls ask for
    loading, set_loading = use_state(False)
    trouble, set_trouble = use_state(cast("dict[str, str] | None", None))  # {"text", "from": "list"|"result"}
    attempt, set_attempt = use_state(0)  # bumped by "Try again" after a failed page load
    notice, set_notice = use_state(cast("dict[str, str] | None", None))  # {"text", "kind": "success"|"error"}
    selected, set_selected = use_state(cast("int | None", None))  # order id of the detail panel
    detail, set_detail = use_state(cast("Order | None", None))  # the selected order once loaded
    detail_error, set_detail_error = use_state(cast("str | None", None))
    confirming, set_confirming = use_state(False)  # the cancel dialog is open
    back_to, set_back_to = use_state(cast("int | None", None))  # the row whose detail was just closed
    export, set_export = use_state(cast("ExportedCsv | None", None))  # shown as text (no downloadFile)
    # The person's own choices, kept with the View instance: a frame re-mounted for this result (display-mode
    # switch, reload) comes back to the same filter, sort, page and open order.
    saved_query, save_query = use_view_state("query", cast("dict[str, Any] | None", None))
    saved_order, save_order = use_view_state("open_order", cast("int | None", None))

    # -- 1. the tool result the host sent ------------------------------------------------------------------
    # A good result clears the banner of an earlier bad one; a malformed one (a field of the wrong type) is
    # explained in the banner and the screen keeps what it showed.
    def take_result() -> None:
        if result is None:
            return
        data = result.structured_content or {}
        kind = "list_orders" if "orders" in data else "get_order" if "line_items" in data else None
        why = shape_problem(data, PAGE if kind == "list_orders" else ORDER) if kind else None
        if result.is_error:
            set_trouble({"text": error_text(result.text) or "The tool failed.", "from": "result"})
        elif kind and why:
            set_trouble({"text": unreadable(kind, why), "from": "result"})
        elif kind == "list_orders":  # the first page, and the query that produced it (checked above)
            set_page(cast("OrderPage", data))
            set_query(query_of(data))
            set_trouble(None)
        elif kind == "get_order":  # open that order (the table loads below)
            order = cast("Order", data)
            set_selected(order["id"])
            set_detail(order)
            set_trouble(None)

    use_effect(take_result, [result])

    def take_saved() -> None:  # after take_result: what the person chose wins over the result's own query
        if isinstance(saved_query, dict) and all(key in saved_query for key in QUERY_KEYS):
            set_query(lambda old: old if old == saved_query else dict(saved_query))
        if isinstance(saved_order, int):
            set_selected(saved_order)

    use_effect(take_saved, [saved_query and tuple(saved_query.get(k) for k in QUERY_KEYS), saved_order])

    # -- 2. load the page the controls ask for -------------------------------------------------------------
    async def load_page() -> None:
        if not live or shows(page, query):
            return
        if page is None and host_page is not None:
            return  # take_result is putting the host's page on screen
        if page is None and result is None:
            await asyncio.sleep(RESULT_GRACE)  # the host's tool result is usually on its way: don't race it
        elif page is not None and query["customer"] != page.get("customer"):
            await asyncio.sleep(TYPING_DEBOUNCE)  # wait for a pause in typing
        first = page is None  # the table filling itself: a failed host result stays explained above it
        set_loading(True)
        try:
            fresh = await api.list_orders(query)
        except ToolFailed as exc:
            set_trouble({"text": str(exc), "from": "list"})
        else:
            set_page(fresh)
            set_trouble(lambda old: old if first and old and old["from"] == "result" else None)
        finally:
            set_loading(False)

    # `result is None` too: a host result arriving during the grace period cancels this load (it fills the table)
    use_effect(load_page, [tuple(query[k] for k in QUERY_KEYS), live, attempt, result is None])

    # -- 3. load the selected order ------------------------------------------------------------------------
    async def load_detail() -> None:
        if selected is None or not live or (detail is not None and detail["id"] == selected):
            return
        set_detail_error(None)
        try:
            set_detail(await api.get_order(selected))
        except ToolFailed as exc:
            set_detail_error(str(exc))

    use_effect(load_detail, [selected, live])

    # -- 4. tell the model what the person is looking at ---------------------------------------------------
    shown = detail if detail is not None and detail["id"] == selected else None

    async def share_selection() -> None:
        if app is None or not app.supports("updateModelContext"):
            return
        text, data = model_context(shown, page)
        try:
            await app.update_model_context(text, structured_content=data)
        except Exception as exc:  # the host may refuse; the View works the same without it
            app.send_log("warning", f"update_model_context failed: {exc}")

    use_effect(share_selection, [live, shown and (shown["id"], shown["status"]), page and query_of(page)])

    # -- handlers ------------------------------------------------------------------------------------------
    def change(**changes: Any) -> None:
        """New query; any filter or sort change goes back to page 1."""
        set_query(lambda old: {**old, "page": 1, **changes})
        save_query({**query, "page": 1, **changes})
        set_notice(None)
        set_back_to(None)

    def go_to(number: int) -> None:
        set_query(lambda old: {**old, "page": number})
        save_query({**query, "page": number})
        set_back_to(None)

    selected_now = use_ref(selected)  # what select reads: the selection of the latest render
    selected_now.current = selected

    def select_order(order_id: int | None) -> None:
        # Back to the list: the row that was opened gets focus (WAI-ARIA practice), not the first control.
        set_back_to(selected_now.current if order_id is None else None)
        set_selected(order_id)
        save_order(order_id)
        set_detail_error(None)
        set_confirming(False)

    # One function across renders (it uses only setters and the ref): the table's rows, memoised components, then
    # skip re-rendering when only other state changed (a page loading, a notice), instead of all rendering again.
    select = use_callback(select_order, [])

    def cancelled(answer: CancelResult) -> None:
        order = answer["order"]
        set_confirming(False)
        set_detail(order)
        set_page(lambda old: with_row(old, order))  # the row changes in place, no reload
        set_notice({"text": answer["message"], "kind": "success"})

    async def export_csv() -> None:
        set_notice(None)
        try:
            data = await api.export_orders(query)
        except ToolFailed as exc:
            set_notice({"text": str(exc), "kind": "error"})
            return
        if app is not None and app.supports("downloadFile"):  # the host saves the file (and may ask the person where)
            try:
                answer = await app.download_file({"type": "resource", "resource": data["file"]})
            except Exception as exc:
                set_notice({"text": f"The host could not save the file: {exc}", "kind": "error"})
                set_export(data)
                return
            if answer.ok:
                text = f"Downloaded {data['filename']} ({plural(data['rows'], 'order')})."
                set_notice({"text": text, "kind": "success"})
            else:
                set_notice({"text": "The download was cancelled.", "kind": "error"})
            return
        set_export(data)  # no downloadFile: show the CSV to copy instead

    exporting, set_exporting = use_state(False)

    async def run_export() -> None:
        set_exporting(True)
        try:
            await export_csv()
        finally:
            set_exporting(False)

    mode = context.display_mode if context is not None else None
    modes = context.available_display_modes if context is not None else []
    fullscreen = mode == "fullscreen"

    async def toggle_fullscreen() -> None:
        if app is None:
            return
        try:
            await app.request_display_mode("inline" if fullscreen else "fullscreen")
        except Exception as exc:
            set_notice({"text": f"Full screen is not available: {exc}", "kind": "error"})

    def key_down(event: Event) -> None:
        if event.key == "Escape" and not confirming and selected is not None:
            select(None)

    # -- layout --------------------------------------------------------------------------------------------
    orders = page["orders"] if page is not None else None
    open_detail = selected is not None
    split = open_detail and fullscreen  # fullscreen: table and detail side by side; inline: one at a time
    # Busy from the render that changed the query (not only once the load has started, an effect later): the rows on
    # screen are for another query until the new page comes, or its load failed (the banner says so).
    failed = trouble is not None and trouble["from"] == "list"
    busy = loading or (live and page is not None and not shows(page, query) and not failed)
    table_part = [
        h.div(
            StatusChips(query["status"], page["counts"] if page else None, lambda s: change(status=s), not live),
            SearchBox(query["customer"] or "", lambda text: change(customer=text or None), not live),
            class_="o-toolbar",
        ),
        OrdersTable(
            orders,
            query["sort"],
            selected,
            busy,
            on_sort=lambda sort: change(sort=sort),
            on_select=select,
            on_clear=lambda: change(status=None, customer=None),
            focus=back_to,
        ),
        Pager(page, go_to, not live or busy),
    ]
    detail_part = None
    if open_detail:
        detail_part = OrderDetail(
            shown,
            detail_error,
            fullscreen if "fullscreen" in modes else None,
            on_close=lambda: select(None),
            on_cancel=lambda: set_confirming(True),
            on_fullscreen=toggle_fullscreen,
        )
    return h.main(  # the View's one landmark: everything it shows is inside
        h.style(CSS),
        h.header(
            h.div(h.h1("Orders"), h.p(summary(page, loading))),
            h.div(
                h.button(
                    icon("download"),
                    "Exporting…" if exporting else "Export CSV",
                    class_="o-button",
                    type="button",
                    disabled=not live or exporting or page is None,
                    on_click=run_export,
                ),
                class_="o-actions",
            ),
            class_="o-head",
        ),
        Banner(
            trouble["text"],
            "error",
            on_dismiss=lambda: set_trouble(None),
            on_retry=(lambda: set_attempt(lambda n: n + 1)) if trouble["from"] == "list" else None,
        )
        if trouble
        else None,
        Banner(notice["text"], notice["kind"], on_dismiss=lambda: set_notice(None)) if notice else None,
        ExportPanel(export, on_close=lambda: set_export(None)) if export else None,
        h.div(
            h.div(table_part, class_="o-list") if split or not open_detail else None,
            detail_part,
            class_={"o-body": True, "o-body--split": split},
        ),
        CancelDialog(shown, api, cancelled, lambda: set_confirming(False)) if confirming and shown else None,
        class_="orders",
        on_key_down=key_down,
    )


def summary(page: OrderPage | None, loading: bool) -> str:
    """The line under the title: how many orders, which filter.

    Example:
        >>> summary({"total": 27, "status": "paid", "customer": None, "counts": {}}, False)
        '27 paid orders'
        >>> summary({"total": 3, "status": None, "customer": "ben", "counts": {}}, False)
        '3 orders matching “ben”'
    """
    if page is None:
        return "Loading orders…"
    status = page.get("status")
    text = plural(page["total"], f"{STATUS_LABELS[status].lower()} order" if status else "order")
    if page.get("customer"):
        text += f" matching “{page['customer']}”"
    return text


def with_row(page: OrderPage | None, order: Order) -> OrderPage | None:
    """``page`` with the row of ``order`` replaced by its new state, and the status counts moved along.

    Example:
        >>> page = {"orders": [{"id": 1, "status": "paid"}], "counts": {"paid": 1, "cancelled": 0}}
        >>> new = with_row(page, {"id": 1, "status": "cancelled", "line_items": []})
        >>> new["orders"], new["counts"]
        ([{'id': 1, 'status': 'cancelled'}], {'paid': 0, 'cancelled': 1})
    """
    if page is None:
        return None
    rows = []
    counts = dict(page.get("counts", {}))
    for row in page["orders"]:
        if row["id"] == order["id"]:
            if row["status"] != order["status"]:
                counts[row["status"]] = counts.get(row["status"], 1) - 1
                counts[order["status"]] = counts.get(order["status"], 0) + 1
            row = cast("OrderSummary", {key: order.get(key, value) for key, value in row.items()})
        rows.append(row)
    return {**page, "orders": rows, "counts": counts}


def model_context(order: Order | None, page: OrderPage | None) -> tuple[str, dict[str, Any]]:
    """What the model should know about the View right now: the open order, else the table's filters."""
    if order is not None:
        text = (
            f"The user has order #{order['id']} open: {order['customer']}, {order['status']}, "
            f"{money(order['total_cents'], order.get('currency', 'USD'))}, {plural(order['items'], 'item')}."
        )
        return text, {"selected_order": {key: order[key] for key in ("id", "customer", "status", "total_cents")}}
    if page is None:
        return "The user is looking at the orders table.", {"selected_order": None}
    view = query_of(page)
    where = f"page {page['page']} of {page['pages']}, sorted by {view['sort']}"
    text = f"The user is browsing {summary(page, False)} ({where})."
    return text, {"selected_order": None, "table": view}
