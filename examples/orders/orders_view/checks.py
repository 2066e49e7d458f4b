"""The shape of the server's results, checked before they reach the screen. Standard library only.

The View runs without pydantic, so nothing checks a result on the way in: a field of the wrong type (say,
``"total": "12"`` from a proxy that turns numbers into strings) would fail a component half-way through a render.
``pyview.app.shape_problem`` says what is wrong in one sentence; the screen shows that sentence and keeps what it
showed. The shapes below say what each tool returns (see ``pyview.app.shape_problem`` for the kinds).

Example:
    >>> from pyview.app import shape_problem
    >>> shape_problem({"filename": "a.csv", "uri": "u", "mime_type": "text/csv", "rows": "12"}, EXPORTED)
    "rows should be a whole number (got '12')"
"""

from __future__ import annotations

from orders_view.format import STATUSES
from pyview.app import MapOf, Maybe

SUMMARY = {
    "id": int,
    "created_at": str,
    "customer": str,
    "email": str,
    "status": STATUSES,
    "items": int,
    "total_cents": int,
    "currency": Maybe(str),
}
PAGE = {
    "orders": [SUMMARY],
    "total": int,
    "page": int,
    "page_size": int,
    "pages": int,
    "counts": MapOf(int),
    "status": Maybe(STATUSES),
    "customer": Maybe(str),
    "sort": Maybe(str),
}
ORDER = {
    **SUMMARY,
    "line_items": [{"sku": str, "name": str, "quantity": int, "unit_price_cents": int}],
    "subtotal_cents": int,
    "shipping_cents": int,
    "tax_cents": int,
    "ship_to": {"name": str, "street": str, "city": str, "postcode": str, "country": str},
    "history": [{"status": str, "at": str, "note": Maybe(str)}],
    "can_cancel": bool,
    "tracking_number": Maybe(str),
    "cancel_reason": Maybe(str),
}
CANCELLED = {"order": ORDER, "refund_cents": int, "message": str}
EXPORTED = {"filename": str, "uri": str, "mime_type": str, "rows": int}


def unreadable(tool: str, why: str) -> str:
    """The sentence a person sees for a result of the wrong shape.

    Example:
        >>> unreadable("list_orders", "total should be a whole number (got '12')")
        "The server's answer to list_orders could not be shown: total should be a whole number (got '12')."
    """
    return f"The server's answer to {tool} could not be shown: {why}."
