"""Types of the tools' structured results, written by `pyview types server.py`: do not edit, re-run it.

Standard library only, so the View can import it in the browser.
"""

from typing import Any, Literal, NotRequired, TypedDict  # noqa: F401

Status = Literal[
    "pending",
    "paid",
    "shipped",
    "delivered",
    "cancelled",
]


class LineItem(TypedDict):
    sku: str
    name: str
    quantity: int
    unit_price_cents: int


class Address(TypedDict):
    name: str
    street: str
    city: str
    postcode: str
    country: str


Status2 = Literal[
    "created",
    "paid",
    "shipped",
    "delivered",
    "cancelled",
]


class OrderEvent(TypedDict):
    status: Status2
    at: str
    note: NotRequired[str | None]


class Order(TypedDict):
    id: int
    created_at: str
    customer: str
    email: str
    status: Status
    items: int
    total_cents: int
    currency: NotRequired[str]
    line_items: list[LineItem]
    subtotal_cents: int
    shipping_cents: int
    tax_cents: int
    ship_to: Address
    tracking_number: NotRequired[str | None]
    cancel_reason: NotRequired[str | None]
    history: list[OrderEvent]
    can_cancel: bool


class CancelResult(TypedDict):
    order: Order
    refund_cents: int
    message: str


class ExportedFile(TypedDict):
    filename: str
    uri: str
    mime_type: str
    rows: int
    size: int


class OrderSummary(TypedDict):
    id: int
    created_at: str
    customer: str
    email: str
    status: Status
    items: int
    total_cents: int
    currency: NotRequired[str]


OrderPageStatus = Literal[
    "pending",
    "paid",
    "shipped",
    "delivered",
    "cancelled",
]


Sort = Literal[
    "created",
    "-created",
    "total",
    "-total",
    "customer",
    "-customer",
    "id",
    "-id",
    "status",
    "-status",
]


class OrderPage(TypedDict):
    orders: list[OrderSummary]
    total: int
    page: int
    page_size: int
    pages: int
    status: NotRequired[OrderPageStatus | None]
    customer: NotRequired[str | None]
    sort: NotRequired[Sort]
    counts: dict[str, int]


CancelOrderResult = CancelResult
ExportOrdersResult = ExportedFile
GetOrderResult = Order
ListOrdersResult = OrderPage
