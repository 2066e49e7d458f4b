"""The orders table and its controls: status chips, customer search, sortable headers, pagination.

These components hold no data of their own: they render what the screen gives them and report what the person
asked for through ``on_*`` callbacks. The screen (``screen.py``) turns those into ``list_orders`` calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orders_view.format import STATUS_LABELS, STATUSES, date, money, plural
from orders_view.icons import icon
from pyview.components import component, h

if TYPE_CHECKING:
    from collections.abc import Callable

    from orders_view._types import OrderPage, OrderSummary
    from pyview.components import Element, Event

# (sort key, header, numeric column?, hidden on narrow screens?)
COLUMNS = (
    ("id", "Order", False, False),
    ("created", "Date", False, True),
    ("customer", "Customer", False, False),
    ("status", "Status", False, False),
    ("total", "Total", True, False),
)
SKELETON_ROWS = 8
SEARCH_LIMIT = 100  # the server refuses a longer customer filter (orders_store.MAX_SEARCH)


@component
def StatusChips(
    status: str | None, counts: dict[str, int] | None, on_change: Callable[[str | None], None], disabled: bool
) -> Element:
    """A segmented control: All, Pending, Paid... each with its count (when known)."""

    def chip(value: str | None, label: str) -> Element:
        count = None
        if counts is not None:
            count = sum(counts.values()) if value is None else counts.get(value, 0)
        return h.button(
            label,
            h.small(f"{count:,}") if count is not None else None,
            class_="o-chip",
            type="button",
            aria_pressed=status == value,
            disabled=disabled,
            on_click=lambda: on_change(value),
            key=value or "all",
        )

    return h.div(
        chip(None, "All"),
        [chip(value, STATUS_LABELS[value]) for value in STATUSES],
        class_="o-chips",
        role="group",
        aria_label="Filter by status",
    )


@component
def SearchBox(value: str, on_change: Callable[[str], None], disabled: bool) -> Element:
    def typed(event: Event) -> None:
        on_change(event.value or "")

    return h.label(
        h.span("Search customers", class_="o-sr"),
        icon("search"),
        h.input(
            type="search",
            value=value,
            placeholder="Search customer or email",
            on_input=typed,
            disabled=disabled,
            autocomplete="off",
            spellcheck="false",
            maxlength=SEARCH_LIMIT,
        ),
        class_="o-search",
    )


@component
def SortHeader(key: str, label: str, numeric: bool, narrow: bool, sort: str, on_sort: Callable[[str], None]) -> Element:
    """A column header that sorts by its column; clicking the sorted column flips the direction."""
    active = sort.lstrip("-") == key
    descending = sort.startswith("-")
    # a first click sorts dates and totals high-to-low (what people usually want), names A-Z
    first = f"-{key}" if key in ("created", "total", "id") else key
    following = (key if descending else f"-{key}") if active else first
    arrow = ("↓" if descending else "↑") if active else "↕"
    return h.th(
        h.button(
            label,
            h.span(arrow, class_="o-arrow", aria_hidden=True),
            class_="o-sort",
            type="button",
            on_click=lambda: on_sort(following),
        ),
        scope="col",
        class_={"o-num": numeric, "o-hide-sm": narrow},
        aria_sort=("descending" if descending else "ascending") if active else None,
    )


@component
def OrderRow(order: OrderSummary, selected: bool, on_select: Callable[[int], None], focus: bool = False) -> Element:
    order_id = order["id"]

    def key_down(event: Event) -> None:
        if event.key in ("Enter", " "):
            on_select(order_id)

    return h.tr(
        h.td(f"#{order_id}", class_="o-id"),
        h.td(date(order["created_at"]), class_="o-muted o-hide-sm"),
        h.td(order["customer"], h.small(order["email"]), class_="o-customer"),
        h.td(status_pill(order["status"])),
        h.td(money(order["total_cents"], order.get("currency", "USD")), class_="o-num"),
        class_="o-row",
        tabindex=0,
        aria_selected=selected,
        autofocus=focus or None,  # dom.js focuses it when it is inserted or gets the attribute
        dataset={"order": order_id},
        on_click=lambda: on_select(order_id),
        on_key_down=key_down,
    )


def status_pill(status: str) -> Element:
    """A status badge. A plain function, not a component: it keeps no state, and a component per row would cost
    an instance, a hook list and an element call each in every live View (the server runtime keeps them all)."""
    return h.span(STATUS_LABELS.get(status, status), class_=f"o-status o-status--{status}")


@component
def OrdersTable(
    orders: list[OrderSummary] | None,
    sort: str,
    selected: int | None,
    busy: bool,
    on_sort: Callable[[str], None],
    on_select: Callable[[int], None],
    on_clear: Callable[[], None],
    focus: int | None = None,
) -> Element:
    """The table; ``orders=None`` draws skeleton rows (the first paint, before any data); the row of order ``focus``
    takes focus."""
    head = h.thead(h.tr([SortHeader(key, label, num, narrow, sort, on_sort, key=key)
                         for key, label, num, narrow in COLUMNS]))  # fmt: skip
    if orders is None:
        body = h.tbody([SkeletonRow(key=i) for i in range(SKELETON_ROWS)])
    elif not orders:
        body = h.tbody(
            h.tr(
                h.td(
                    h.strong("No orders match these filters"),
                    h.button("Clear filters", class_="o-button", type="button", on_click=on_clear),
                    colspan=len(COLUMNS),
                    class_="o-empty",
                )
            )
        )
    else:
        rows = [OrderRow(o, o["id"] == selected, on_select, o["id"] == focus, key=o["id"]) for o in orders]
        body = h.tbody(rows)
    return h.div(
        h.table(h.caption("Orders", class_="o-sr"), head, body, class_="o-table"),
        class_="o-table-wrap",
        aria_busy=busy or orders is None,
    )


@component
def SkeletonRow() -> Element:
    widths = ("44px", "80px", "150px", "70px", "60px")
    return h.tr(
        [
            h.td(
                h.span(class_="o-skel", style={"width": w, "margin_left": "auto" if i == 4 else None}),
                class_="o-hide-sm" if i == 1 else None,
            )
            for i, w in enumerate(widths)
        ],
        aria_hidden=True,
    )


@component
def Pager(page: OrderPage | None, on_page: Callable[[int], None], disabled: bool) -> Element:
    """``Showing 21-40 of 200`` and previous / next buttons."""
    if page is None:
        return h.div(h.span(class_="o-skel", style={"width": "140px"}), class_="o-pager", aria_hidden=True)
    number, pages, size, total = page["page"], page["pages"], page["page_size"], page["total"]
    first = (number - 1) * size + 1
    last = min(total, number * size)
    shown = f"Showing {first:,}–{last:,} of {plural(total, 'order')}" if total else "No orders"
    return h.div(
        h.span(shown, aria_live="polite"),
        h.nav(
            h.button(
                "‹ Previous",
                class_="o-button",
                type="button",
                disabled=disabled or number <= 1,
                on_click=lambda: on_page(number - 1),
            ),
            h.span(f"Page {number} of {pages}"),
            h.button(
                "Next ›",
                class_="o-button",
                type="button",
                disabled=disabled or number >= pages,
                on_click=lambda: on_page(number + 1),
            ),
            aria_label="Pages",
        ),
        class_="o-pager",
    )
