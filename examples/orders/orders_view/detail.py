"""The detail panel of one order, and the dialog that confirms a cancellation."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from orders_view.api import ToolFailed
from orders_view.format import STATUS_LABELS, date, money, plural
from orders_view.icons import icon
from orders_view.table import status_pill
from pyview.components import component, h, stop_propagation, use_action, use_state

if TYPE_CHECKING:
    from collections.abc import Callable

    from orders_view._types import CancelResult, Order, OrderEvent
    from orders_view.api import OrdersApi
    from pyview.components import Element, Event

REASONS = ("Customer changed their mind", "Duplicate order", "Payment failed", "Out of stock", "Other")


@component
def OrderDetail(
    order: Order | None,
    error: str | None,
    fullscreen: bool | None,
    on_close: Callable[[], None],
    on_cancel: Callable[[], None],
    on_fullscreen: Callable[[], object],
) -> Element:
    """One order: line items, totals, address, history, and the cancel button when it can still be cancelled.

    ``fullscreen`` is None when the host offers no fullscreen mode (no button), else whether it is on.
    """
    # inline, the panel replaces the table: a labelled "back" button; fullscreen, it sits beside it: a close icon
    close = h.button(
        icon("close") if fullscreen else icon("back"),
        h.span("All orders", class_="o-sr" if fullscreen else None),
        class_="o-button o-button--ghost",
        type="button",
        title="Back to all orders",
        on_click=on_close,
    )
    if error is not None:
        return h.section(
            h.div(close, class_="o-detail-head"),
            h.div(icon("alert"), h.p(error), class_="o-banner o-banner--error", role="alert"),
            class_="o-detail",
            aria_label="Order",
        )
    if order is None:
        return h.section(
            h.div(close, class_="o-detail-head"),
            [h.span(class_="o-skel", style={"width": w}, key=w) for w in ("40%", "70%", "55%", "65%")],
            class_="o-detail",
            aria_busy=True,
            aria_label="Loading order",
        )
    currency = order.get("currency", "USD")
    ship_to = order["ship_to"]
    expand = None
    if fullscreen is not None:
        expand = h.button(
            icon("shrink" if fullscreen else "expand"),
            h.span("Exit full screen" if fullscreen else "Full screen", class_="o-sr"),
            class_="o-button o-button--ghost",
            type="button",
            title="Exit full screen" if fullscreen else "Full screen",
            on_click=on_fullscreen,
        )
    return h.section(
        h.div(
            h.div(
                h.h2(f"Order #{order['id']}", status_pill(order["status"])),
                h.p(f"{order['customer']} · placed {date(order['created_at'])}"),
            ),
            h.div(expand, close, class_="o-actions"),
            class_="o-detail-head",
        ),
        h.div(
            h.h3(plural(order["items"], "item")),
            h.table(
                h.tbody(
                    [
                        h.tr(
                            h.td(f"{item['quantity']} × {item['name']}", h.small(item["sku"])),
                            h.td(money(item["quantity"] * item["unit_price_cents"], currency)),
                            key=item["sku"],
                        )
                        for item in order["line_items"]
                    ]
                ),
                class_="o-items",
            ),
            h.dl(
                h.dt("Subtotal"),
                h.dd(money(order["subtotal_cents"], currency)),
                h.dt("Shipping"),
                h.dd(money(order["shipping_cents"], currency) if order["shipping_cents"] else "Free"),
                h.dt("Tax"),
                h.dd(money(order["tax_cents"], currency)),
                h.dt("Total", class_="o-grand"),
                h.dd(money(order["total_cents"], currency), class_="o-grand"),
                class_="o-sums",
            ),
        ),
        h.div(
            h.div(
                h.h3("Ship to"),
                h.address(
                    ship_to["name"],
                    h.br(),
                    ship_to["street"],
                    h.br(),
                    f"{ship_to['postcode']} {ship_to['city']}",
                    h.br(),
                    ship_to["country"],
                    h.br(),
                    order["email"],
                ),
            ),
            h.div(h.h3("History"), Timeline(order["history"])),
            class_="o-meta",
        ),
        h.div(
            h.span(cancel_note(order)),
            h.button("Cancel order…", class_="o-button", type="button", on_click=on_cancel)
            if order["can_cancel"]
            else None,
            class_="o-detail-foot",
        ),
        class_="o-detail",
        aria_label=f"Order {order['id']}",
    )


def cancel_note(order: Order) -> str:
    status = order["status"]
    if status == "cancelled":
        return f"Cancelled: {order.get('cancel_reason') or 'no reason given'}."
    if status == "shipped":
        return f"Shipped with tracking number {order.get('tracking_number')}."
    if status == "delivered":
        return "Delivered. Returns are handled by the support team."
    if status == "paid":
        return "Paid and waiting to be packed."
    return "Waiting for payment."


@component
def Timeline(history: list[OrderEvent]) -> Element:
    return h.ol(
        [
            h.li(
                STATUS_LABELS.get(event["status"], event["status"]),
                h.em(f" · {event['note']}") if event.get("note") else None,
                h.time(date(event["at"], time=True), datetime=event["at"]),
                key=event["status"],
            )
            for event in history
        ],
        class_="o-timeline",
    )


@component
def CancelDialog(
    order: Order,
    api: OrdersApi,
    on_done: Callable[[CancelResult], None],
    on_close: Callable[[], None],
) -> Element:
    """Asks before cancelling: a reason, then ``cancel_order``. The server's refusal is shown here, in the dialog."""
    reason, set_reason = use_state(REASONS[0])
    other, set_other = use_state("")
    error, set_error = use_state(cast("str | None", None))

    async def confirm() -> None:
        set_error(None)
        text = other.strip() if reason == "Other" else reason
        if not text:
            set_error("Describe the reason for the customer.")
            return
        try:
            result = await api.cancel_order(order["id"], text)
        except ToolFailed as exc:  # expected refusals (already shipped...) are shown, not raised
            set_error(str(exc))
            return
        on_done(result)

    action = use_action(confirm)
    paid = order["status"] == "paid"
    consequence = (
        f"{money(order['total_cents'], order.get('currency', 'USD'))} will be refunded to {order['customer']}."
        if paid
        else f"{order['customer']} has not paid yet, so nothing is refunded."
    )

    def key_down(event: Event) -> None:
        if event.key == "Escape" and not action.pending:
            on_close()

    def enter_confirms(event: Event) -> None:  # in the text field, as in a form
        if event.key == "Enter" and not action.pending:
            action()

    def pick(event: Event) -> None:
        set_reason(event.value or REASONS[0])

    def typed(event: Event) -> None:
        set_other(event.value or "")

    # Not a <form>: MCP hosts sandbox the View's frame, usually without "allow-forms", and there the browser
    # blocks form submission before any submit event fires. Buttons with click handlers always work.
    return h.div(
        h.div(
            h.h2(f"Cancel order #{order['id']}?", id="o-cancel-title"),
            h.p(consequence, " The customer is emailed the reason. This cannot be undone."),
            h.label(
                "Reason",
                h.select([h.option(r, value=r, key=r) for r in REASONS], value=reason, on_change=pick, name="reason"),
            ),
            h.label(
                "Reason for the customer",
                h.input(
                    value=other, on_input=typed, on_key_down=enter_confirms, maxlength=200, name="other", autofocus=True
                ),
            )
            if reason == "Other"
            else None,
            h.div(icon("alert"), h.p(error), class_="o-banner o-banner--error", role="alert") if error else None,
            h.footer(
                h.button("Keep order", class_="o-button", type="button", on_click=on_close, disabled=action.pending),
                h.button(
                    "Cancelling…" if action.pending else "Cancel order",
                    class_="o-button o-button--danger",
                    type="button",
                    disabled=action.pending,
                    on_click=action,
                    dataset={"confirm": True},
                ),
            ),
            class_="o-dialog",
            role="dialog",
            aria_modal=True,
            aria_labelledby="o-cancel-title",
            on_key_down=stop_propagation(key_down),  # the dialog's keys: Escape closes it, not the order behind
        ),
        class_="o-overlay",
    )
