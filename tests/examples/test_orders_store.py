"""The orders example's SQLite store: deterministic seed data, filters, sorting, paging, cancel rules, CSV."""

from __future__ import annotations

import csv
import io
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orders"
sys.path.insert(0, str(EXAMPLE))

from orders_store import STATUSES, OrderError, OrderStore, default_db_path  # noqa: E402

NOW = datetime(2026, 5, 16, 9, 30, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> OrderStore:
    return OrderStore(tmp_path / "orders.sqlite3", clock=lambda: NOW)


def first_with(store: OrderStore, status: str) -> int:
    return store.list_orders(status=status, page_size=1).orders[0].id  # type: ignore[arg-type]


def test_seed_is_deterministic_and_realistic(tmp_path: Path) -> None:
    one = OrderStore(tmp_path / "a.sqlite3").list_orders(page_size=100)
    two = OrderStore(tmp_path / "b.sqlite3").list_orders(page_size=100)
    assert one == two
    assert one.total == 200
    assert all(one.counts[status] >= 5 for status in STATUSES), one.counts
    assert one.counts["delivered"] > one.counts["shipped"]  # most old orders arrived
    ids = [o.id for o in one.orders]
    assert ids == sorted(ids, reverse=True)  # newest first by default, and ids follow the dates
    assert len({o.customer for o in one.orders}) > 20


def test_database_is_created_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "orders.sqlite3"
    store = OrderStore(path, clock=lambda: NOW)
    order_id = first_with(store, "paid")
    store.cancel_order(order_id, "Duplicate order")
    store.close()
    again = OrderStore(path)  # not re-seeded: the cancellation survives
    assert again.get_order(order_id).status == "cancelled"
    assert again.list_orders().total == 200


def test_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("PYVIEW_ORDERS_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "pyview-examples" / "orders.sqlite3"
    monkeypatch.setenv("PYVIEW_ORDERS_DB", str(tmp_path / "mine.db"))
    assert default_db_path() == tmp_path / "mine.db"


def test_filters_by_status_and_customer(store: OrderStore) -> None:
    paid = store.list_orders(status="paid", page_size=100)
    assert paid.total == paid.counts["paid"] == len(paid.orders)
    assert {o.status for o in paid.orders} == {"paid"}
    someone = paid.orders[0].customer
    fragment = someone.split()[1][:4].upper()  # case-insensitive, part of the last name
    found = store.list_orders(customer=fragment, page_size=100)
    assert found.orders and all(fragment.lower() in (o.customer + o.email).lower() for o in found.orders)
    assert found.customer == fragment
    assert sum(found.counts.values()) == found.total  # counts follow the customer filter
    by_email = store.list_orders(customer="@example.com")
    assert by_email.total == 200
    assert store.list_orders(customer="%").total == 0  # LIKE wildcards are matched literally
    assert store.list_orders(customer="   ").customer is None


@pytest.mark.parametrize(
    ("sort", "key"),
    [
        ("total", lambda o: o.total_cents),
        ("-total", lambda o: -o.total_cents),
        ("customer", lambda o: o.customer.lower()),
        ("created", lambda o: o.created_at),
        ("id", lambda o: o.id),
    ],
)
def test_sorting(store: OrderStore, sort: str, key: object) -> None:
    rows = store.list_orders(sort=sort, page_size=100).orders  # type: ignore[arg-type]
    assert [key(o) for o in rows] == sorted(key(o) for o in rows)  # type: ignore[operator]


def test_paging_covers_every_order_once(store: OrderStore) -> None:
    first = store.list_orders(page_size=30)
    assert first.pages == 7
    seen = [o.id for page in range(1, 8) for o in store.list_orders(page=page, page_size=30).orders]
    assert len(seen) == len(set(seen)) == 200
    assert len(store.list_orders(page=7, page_size=30).orders) == 20


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"page": 11}, "Page 11 is past the last page (10)"),
        ({"page": 0}, "page must be 1 or more"),
        ({"page_size": 500}, "page_size must be between 1 and 100"),
        ({"status": "lost"}, "Unknown status 'lost'"),
        ({"sort": "price"}, "Unknown sort 'price'"),
    ],
)
def test_bad_list_requests_are_refused_readably(store: OrderStore, arguments: dict[str, object], message: str) -> None:
    with pytest.raises(OrderError) as caught:
        store.list_orders(**arguments)
    assert str(caught.value).startswith(message)  # type: ignore[arg-type]


def test_an_empty_result_is_one_empty_page(store: OrderStore) -> None:
    empty = store.list_orders(customer="nobody by that name")
    assert (empty.total, empty.pages, empty.orders) == (0, 1, [])
    assert str(empty) == "No orders match these filters."


def test_get_order_has_everything_the_detail_panel_shows(store: OrderStore) -> None:
    order = store.get_order(first_with(store, "delivered"))
    assert order.line_items and order.items == sum(i.quantity for i in order.line_items)
    assert order.subtotal_cents == sum(i.total_cents for i in order.line_items)
    assert order.total_cents == order.subtotal_cents + order.shipping_cents + order.tax_cents
    assert [e.status for e in order.history] == ["created", "paid", "shipped", "delivered"]
    assert order.tracking_number and order.history[2].note == order.tracking_number
    assert not order.can_cancel
    assert f"Order #{order.id}" in str(order)


def test_unknown_order(store: OrderStore) -> None:
    with pytest.raises(OrderError, match=r"There is no order #99\. Order numbers run from #1001 to #1200\."):
        store.get_order(99)


def test_cancel_a_paid_order_refunds_it(store: OrderStore) -> None:
    order_id = first_with(store, "paid")
    before = store.list_orders().counts
    result = store.cancel_order(order_id, "  Customer changed their mind ")
    assert result.order.status == "cancelled" and not result.order.can_cancel
    assert result.order.cancel_reason == "Customer changed their mind"
    assert result.refund_cents == result.order.total_cents > 0
    assert "will be refunded" in result.message
    assert result.order.history[-1].status == "cancelled"
    assert result.order.history[-1].at == "2026-05-16T09:30:00+00:00"
    after = store.list_orders().counts
    assert (after["paid"], after["cancelled"]) == (before["paid"] - 1, before["cancelled"] + 1)


def test_cancel_a_pending_order_refunds_nothing(store: OrderStore) -> None:
    result = store.cancel_order(first_with(store, "pending"), "Payment failed")
    assert result.refund_cents == 0 and "refunded" not in result.message


@pytest.mark.parametrize(
    ("status", "message"),
    [
        ("shipped", "has already shipped and can no longer be cancelled"),
        ("delivered", "has already been delivered"),
        ("cancelled", "is already cancelled"),
    ],
)
def test_cancel_rules(store: OrderStore, status: str, message: str) -> None:
    order_id = first_with(store, status)
    with pytest.raises(OrderError, match=message):
        store.cancel_order(order_id, "Duplicate order")
    assert store.get_order(order_id).status == status


@pytest.mark.parametrize(("reason", "message"), [("  ", "Give a reason"), ("x" * 201, "under 200 characters")])
def test_cancel_needs_a_reason(store: OrderStore, reason: str, message: str) -> None:
    with pytest.raises(OrderError, match=message):
        store.cancel_order(first_with(store, "paid"), reason)


def test_export_is_every_matching_order_as_csv(store: OrderStore) -> None:
    export = store.export_csv(status="delivered", sort="total")
    rows = list(csv.DictReader(io.StringIO(export.csv)))
    assert export.rows == len(rows) == store.list_orders(status="delivered").total > 100  # more than one page
    assert {row["status"] for row in rows} == {"delivered"}
    totals = [float(row["total"]) for row in rows]
    assert totals == sorted(totals)
    assert export.filename == "orders-delivered.csv"
    assert store.export_csv(customer="Ben O").filename == "orders-ben-o.csv"
    assert list(rows[0]) == ["order_id", "created_at", "customer", "email", "status", "items", "total", "currency"]
