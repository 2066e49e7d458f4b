"""The orders example's SQLite store: deterministic seed data, filters, sorting, paging, cancel rules, CSV."""

from __future__ import annotations

import csv
import doctest
import importlib
import io
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orders"
sys.path.insert(0, str(EXAMPLE))

from orders_seed import seed  # noqa: E402
from orders_store import SCHEMA_VERSION, STATUSES, OrderError, OrderStore, default_db_path  # noqa: E402

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


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: s.list_orders(customer="x" * 50_000), "customer: keep the search under 100 characters (got 50,000)"),
        (lambda s: s.export_csv(customer="x" * 101), "customer: keep the search under 100 characters (got 101)"),
        (lambda s: s.list_orders(customer="\ud800"), "customer is not valid text"),
        (lambda s: s.list_orders(page=True), "page must be 1 or more (got True)"),
        (lambda s: s.list_orders(page_size="20"), "page_size must be between 1 and 100 (got '20')"),
        (lambda s: s.list_orders(page=2**63), "Page 9223372036854775808 is past the last page (10)"),
        (lambda s: s.list_orders(page=10**40), "Page 1000000000000… (41 digits) is past the last page"),
        (lambda s: s.get_order(2**63), "id must be an order number from 1 to 9223372036854775807 (got 9223372"),
        (lambda s: s.get_order(10**9000), "id must be an order number from 1 to 9223372036854775807 (got a number of"),
        (lambda s: s.get_order(-1), "id must be an order number from 1 to 9223372036854775807 (got -1)"),
        (lambda s: s.get_order("1001"), "id must be an order number"),
        (lambda s: s.cancel_order(2**64, "Duplicate order"), "id must be an order number"),
        (lambda s: s.cancel_order(1001, "\udfff"), "reason is not valid text"),
        (lambda s: s.export_csv(status="lost"), "Unknown status 'lost'"),
    ],
)
def test_out_of_range_arguments_are_refused_by_name(store: OrderStore, call: Any, message: str) -> None:
    with pytest.raises(OrderError) as caught:  # an OrderError (a clear isError), never an sqlite3/Overflow error
        call(store)
    assert str(caught.value).startswith(message)
    assert len(str(caught.value)) < 200


def test_export_is_one_query_whatever_the_size(tmp_path: Path) -> None:
    store = OrderStore(tmp_path / "big.sqlite3")
    with store._transaction(write=True) as db:  # 3,000 orders instead of 200
        for table in ("line_items", "orders", "customers"):
            db.execute(f"DELETE FROM {table}")
        seed(db, orders=3000)
    statements: list[str] = []
    store._db.set_trace_callback(statements.append)
    export = store.export_csv(sort="customer")
    store._db.set_trace_callback(None)
    assert export.rows == 3000
    assert [s.split()[0] for s in statements] == ["BEGIN", "SELECT", "COMMIT"]  # not a query per page
    rows = list(csv.DictReader(io.StringIO(export.csv)))
    assert len(rows) == 3000 and len({row["order_id"] for row in rows}) == 3000
    names = [row["customer"].lower() for row in rows]
    assert names == sorted(names)
    assert export.file().size == len(export.csv.encode()) and export.file().uri == "file:///orders.csv"


def test_a_new_database_is_marked_seeded_and_an_old_one_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "orders.sqlite3"
    OrderStore(path).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        db.execute("PRAGMA user_version = 0")  # as a database made before the version mark existed
        db.execute("DELETE FROM orders WHERE id = 1001")
    again = OrderStore(path)  # not seeded twice (no IntegrityError), the edit is kept
    assert again.list_orders().total == 199
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_cancel_that_finds_the_order_changed_under_it_is_refused(store: OrderStore) -> None:
    order_id = first_with(store, "paid")
    real = store._order

    def stale(db: sqlite3.Connection, wanted: int) -> Any:  # the order as read before another server cancelled it
        order = real(db, wanted)
        db.execute("UPDATE orders SET status = 'cancelled' WHERE id = ?", (wanted,))
        return order

    store._order = stale  # type: ignore[method-assign]
    with pytest.raises(OrderError, match="changed while it was being cancelled"):
        store.cancel_order(order_id, "Duplicate order")
    store._order = real  # type: ignore[method-assign]
    assert store.get_order(order_id).status == "paid"  # rolled back: nothing half-done


@pytest.mark.parametrize("module", ["orders_store", "orders_seed"])
def test_docstring_examples(module: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
