"""The orders database: SQLite (standard library), created and seeded on first use, plus the typed results.

Everything the MCP tools need lives here, independent of MCP: ``OrderStore.list_orders`` / ``get_order`` /
``cancel_order`` / ``export_csv`` return pydantic models that ``server.py`` hands to the client unchanged, and
raise :class:`OrderError` with a message written for a person (the server turns it into an ``isError`` result).

Several servers may share one database file (a host can start one stdio server per conversation), so every
write is a ``BEGIN IMMEDIATE`` transaction: creating and seeding a new file happens once however many servers
start at the same moment, and an order is cancelled (and refunded) once however many ask at the same moment.
The seed data (``orders_seed.py``) is the same 200 orders on every fresh database.
"""

from __future__ import annotations

import csv
import io
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, get_args

from orders_seed import seed
from pydantic import BaseModel, Field

Status = Literal["pending", "paid", "shipped", "delivered", "cancelled"]
STATUSES: tuple[Status, ...] = get_args(Status)
# "-created" is newest first; a leading "-" means descending for every key
Sort = Literal["created", "-created", "total", "-total", "customer", "-customer", "id", "-id", "status", "-status"]
SORTS: tuple[Sort, ...] = get_args(Sort)
MAX_PAGE_SIZE = 100
MAX_SEARCH = 100  # characters of a customer filter (a longer LIKE pattern is refused by SQLite)
MAX_ID = 2**63 - 1  # SQLite's largest integer
BUSY_TIMEOUT = 30.0  # seconds a connection waits for another one's write lock before giving up
SCHEMA_VERSION = 1  # PRAGMA user_version once the tables exist and hold the seed data

_SORT_COLUMNS = {
    "created": "o.created_at",
    "total": "o.total_cents",
    "customer": "c.name COLLATE NOCASE",
    "id": "o.id",
    "status": "o.status",
}


class OrderError(Exception):
    """A request the store refuses, with a message meant for the person (or model) who made it."""


def money(cents: int) -> str:
    """``12345`` -> ``'$123.45'`` (the text answers; the View formats for the host's locale itself)."""
    return f"${cents / 100:,.2f}"


# -- typed results -------------------------------------------------------------------------------------------


class OrderSummary(BaseModel):
    """One row of the orders table."""

    id: int
    created_at: str = Field(description="ISO 8601 timestamp, UTC")
    customer: str
    email: str
    status: Status
    items: int = Field(description="number of units across all line items")
    total_cents: int
    currency: str = "USD"

    def line(self) -> str:
        return f"#{self.id}  {self.created_at[:10]}  {self.customer:<22} {self.status:<9} {money(self.total_cents):>10}"


class OrderPage(BaseModel):
    """A page of orders, with the filters that produced it and the count per status (for filter chips)."""

    orders: list[OrderSummary]
    total: int = Field(description="orders matching the filters, across all pages")
    page: int
    page_size: int
    pages: int
    status: Status | None = None
    customer: str | None = None
    sort: Sort = "-created"
    counts: dict[str, int] = Field(description="orders per status for the customer filter (status ignored)")

    def __str__(self) -> str:
        if not self.orders:
            return "No orders match these filters."
        first = (self.page - 1) * self.page_size + 1
        head = f"Orders {first}-{first + len(self.orders) - 1} of {self.total} (page {self.page} of {self.pages}):"
        return "\n".join([head, *(order.line() for order in self.orders)])


class LineItem(BaseModel):
    sku: str
    name: str
    quantity: int
    unit_price_cents: int

    @property
    def total_cents(self) -> int:
        return self.quantity * self.unit_price_cents


class Address(BaseModel):
    name: str
    street: str
    city: str
    postcode: str
    country: str


class OrderEvent(BaseModel):
    """One step in an order's history: created, paid, shipped, delivered or cancelled."""

    status: Literal["created", "paid", "shipped", "delivered", "cancelled"]
    at: str
    note: str | None = None


class Order(OrderSummary):
    """An order with everything the detail panel shows."""

    line_items: list[LineItem]
    subtotal_cents: int
    shipping_cents: int
    tax_cents: int
    ship_to: Address
    tracking_number: str | None = None
    cancel_reason: str | None = None
    history: list[OrderEvent]
    can_cancel: bool = Field(description="only pending and paid orders can be cancelled")

    def __str__(self) -> str:
        lines = [f"Order #{self.id} for {self.customer} <{self.email}>: {self.status}, {money(self.total_cents)}"]
        lines += [f"  {i.quantity} x {i.name} ({i.sku}) at {money(i.unit_price_cents)}" for i in self.line_items]
        lines.append(
            f"Ship to: {self.ship_to.street}, {self.ship_to.postcode} {self.ship_to.city}, {self.ship_to.country}"
        )
        lines += [
            f"{e.at[:16].replace('T', ' ')}  {e.status}" + (f" ({e.note})" if e.note else "") for e in self.history
        ]
        return "\n".join(lines)


class CancelResult(BaseModel):
    order: Order
    refund_cents: int = Field(description="refunded to the customer's card (0 for an unpaid order)")
    message: str

    def __str__(self) -> str:
        return self.message


class OrderExport(BaseModel):
    """The CSV of every order matching some filters (``OrderStore.export_csv``)."""

    filename: str
    mime_type: str = "text/csv"
    rows: int
    csv: str

    def __str__(self) -> str:
        return f"Exported {self.rows} orders to {self.filename} ({len(self.csv.encode()):,} bytes of CSV)."

    def file(self) -> ExportedFile:
        """What the ``export_orders`` tool says about the file in ``structuredContent``: the CSV itself travels
        once, as the embedded resource named by ``uri``."""
        uri = f"file:///{self.filename}"
        return ExportedFile(
            filename=self.filename, uri=uri, mime_type=self.mime_type, rows=self.rows, size=len(self.csv.encode())
        )


class ExportedFile(BaseModel):
    """The ``structuredContent`` of ``export_orders``; the CSV is the result's embedded resource ``uri``."""

    filename: str
    uri: str = Field(description="the embedded text/csv resource in the result's content that holds the CSV")
    mime_type: str
    rows: int
    size: int = Field(description="bytes of CSV")


# -- where the database lives --------------------------------------------------------------------------------


def default_db_path() -> Path:
    """``$PYVIEW_ORDERS_DB``, else ``$XDG_DATA_HOME/pyview-examples/orders.sqlite3`` (``~/.local/share`` default)."""
    override = os.environ.get("PYVIEW_ORDERS_DB")
    if override:
        return Path(override).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data_home) / "pyview-examples" / "orders.sqlite3"


# -- the store -----------------------------------------------------------------------------------------------

SCHEMA = """
CREATE TABLE IF NOT EXISTS customers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    street TEXT NOT NULL,
    city TEXT NOT NULL,
    postcode TEXT NOT NULL,
    country TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled')),
    created_at TEXT NOT NULL,
    paid_at TEXT,
    shipped_at TEXT,
    delivered_at TEXT,
    cancelled_at TEXT,
    cancel_reason TEXT,
    tracking_number TEXT,
    subtotal_cents INTEGER NOT NULL,
    shipping_cents INTEGER NOT NULL,
    tax_cents INTEGER NOT NULL,
    total_cents INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS line_items (
    order_id INTEGER NOT NULL REFERENCES orders(id),
    position INTEGER NOT NULL,
    sku TEXT NOT NULL,
    name TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    unit_price_cents INTEGER NOT NULL,
    PRIMARY KEY (order_id, position)
);
CREATE INDEX IF NOT EXISTS orders_by_status ON orders(status);
CREATE INDEX IF NOT EXISTS orders_by_created ON orders(created_at);
"""

_SUMMARY_SQL = """
SELECT o.id, o.created_at, c.name AS customer, c.email, o.status, o.total_cents,
       (SELECT COALESCE(SUM(quantity), 0) FROM line_items WHERE order_id = o.id) AS items
FROM orders o JOIN customers c ON c.id = o.customer_id
"""


class OrderStore:
    """Orders in one SQLite file; safe to share between threads (the SDK runs sync tools in worker threads) and
    between processes (several servers on one file).

    Example:
        >>> store = OrderStore(":memory:")
        >>> page = store.list_orders(status="shipped", page_size=3)
        >>> page.total > 0, len(page.orders)
        (True, 3)
    """

    def __init__(self, path: str | os.PathLike[str] = ":memory:", *, clock: Callable[[], datetime] | None = None):
        self.path = str(path)
        self.clock = clock or (lambda: datetime.now(UTC))
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit transactions; _transaction() says BEGIN / BEGIN IMMEDIATE itself.
        # timeout: how long to wait for another connection's lock (SQLite's busy_timeout) instead of failing.
        self._db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._lock = threading.Lock()
        self._create()

    def _create(self) -> None:
        """Create the tables and seed them, once: a server that starts while another seeds waits for it."""
        with self._transaction() as db:
            if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
                return  # the usual case: an existing database, nothing to write
        with self._transaction(write=True) as db:  # one connection at a time from here to COMMIT
            if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
                return  # another server created it while this one waited for the lock
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            if db.execute("SELECT COUNT(*) FROM orders").fetchone()[0] == 0:
                seed(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _transaction(self, *, write: bool = False) -> Iterator[sqlite3.Connection]:
        """One transaction: ``BEGIN`` (a consistent snapshot for reads) or ``BEGIN IMMEDIATE`` (``write``: take
        the database's write lock first, so what is read inside cannot change before COMMIT). Commits, or
        rolls back on an error."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.rollback()
                raise
            db.commit()

    def close(self) -> None:
        self._db.close()

    # -- queries -------------------------------------------------------------------------------------------

    def list_orders(
        self,
        *,
        status: Status | None = None,
        customer: str | None = None,
        page: int = 1,
        page_size: int = 20,
        sort: Sort = "-created",
    ) -> OrderPage:
        """A page of orders, filtered by status and by a customer name or email fragment."""
        _check_filters(status, customer, sort)
        if isinstance(page_size, bool) or not isinstance(page_size, int) or not 1 <= page_size <= MAX_PAGE_SIZE:
            raise OrderError(f"page_size must be between 1 and {MAX_PAGE_SIZE} (got {_short(page_size)}).")
        if isinstance(page, bool) or not isinstance(page, int) or page < 1:
            raise OrderError(f"page must be 1 or more (got {_short(page)}).")
        customer = (customer or "").strip() or None
        where, params = _customer_filter(customer)
        with self._transaction() as db:
            counts: dict[str, int] = {name: 0 for name in STATUSES}
            counts.update(
                db.execute(
                    f"SELECT o.status, COUNT(*) FROM orders o JOIN customers c ON c.id = o.customer_id {where}"
                    " GROUP BY o.status",
                    params,
                ).fetchall()
            )
            total = counts[status] if status else sum(counts.values())
            pages = max(1, -(-total // page_size))
            if page > pages:
                raise OrderError(f"Page {_short(page)} is past the last page ({pages}) for these filters.")
            where, params = _status_filter(where, params, status)
            rows = db.execute(
                f"{_SUMMARY_SQL} {where} {_order_by(sort)} LIMIT ? OFFSET ?",
                (*params, page_size, (page - 1) * page_size),
            ).fetchall()
        return OrderPage(
            orders=[OrderSummary(**dict(row)) for row in rows],
            total=total,
            page=page,
            page_size=page_size,
            pages=pages,
            status=status,
            customer=customer,
            sort=sort,
            counts=counts,
        )

    def get_order(self, order_id: int) -> Order:
        """One order with its line items, address and history."""
        _check_id(order_id)
        with self._transaction() as db:
            return self._order(db, order_id)

    def cancel_order(self, order_id: int, reason: str) -> CancelResult:
        """Cancel a pending or paid order; shipped, delivered and cancelled orders are refused.

        Exactly one of several simultaneous cancels of an order (from any number of servers) succeeds and
        refunds; the others are told it is already cancelled.
        """
        _check_id(order_id)
        reason = _text("reason", reason).strip()
        if not reason:
            raise OrderError("Give a reason for cancelling (it is shown to the customer).")
        if len(reason) > 200:
            raise OrderError("Keep the reason under 200 characters.")
        with self._transaction(write=True) as db:  # the write lock first: nobody changes the order until COMMIT
            order = self._order(db, order_id)
            if order.status == "cancelled":
                raise OrderError(f"Order #{order_id} is already cancelled.")
            if order.status in ("shipped", "delivered"):
                raise OrderError(
                    f"Order #{order_id} has already {'shipped' if order.status == 'shipped' else 'been delivered'}"
                    " and can no longer be cancelled. Start a return instead."
                )
            now = self.clock().astimezone(UTC).isoformat(timespec="seconds")
            # guarded as well: the UPDATE itself only changes an order that can still be cancelled
            changed = db.execute(
                "UPDATE orders SET status = 'cancelled', cancelled_at = ?, cancel_reason = ?"
                " WHERE id = ? AND status IN ('pending', 'paid')",
                (now, reason, order_id),
            ).rowcount
            if changed != 1:
                raise OrderError(f"Order #{order_id} changed while it was being cancelled; look at it again.")
            refund = order.total_cents if order.status == "paid" else 0
            cancelled = self._order(db, order_id)
        message = f"Order #{order_id} for {order.customer} is cancelled."
        if refund:
            message += f" {money(refund)} will be refunded to the customer's card."
        return CancelResult(order=cancelled, refund_cents=refund, message=message)

    def export_csv(
        self, *, status: Status | None = None, customer: str | None = None, sort: Sort = "-created"
    ) -> OrderExport:
        """Every order matching the filters (all pages) as CSV: one query, written row by row as it is read."""
        _check_filters(status, customer, sort)
        customer = (customer or "").strip() or None
        where, params = _status_filter(*_customer_filter(customer), status)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["order_id", "created_at", "customer", "email", "status", "items", "total", "currency"])
        rows = 0
        currency = OrderSummary.model_fields["currency"].default
        with self._transaction() as db:
            for o in db.execute(f"{_SUMMARY_SQL} {where} {_order_by(sort)}", params):
                total = f"{o['total_cents'] / 100:.2f}"
                writer.writerow(
                    [o["id"], o["created_at"], o["customer"], o["email"], o["status"], o["items"], total, currency]
                )
                rows += 1
        name = "-".join(["orders", *([status] if status else []), *([_slug(customer)] if customer else [])])
        return OrderExport(filename=f"{name}.csv", rows=rows, csv=out.getvalue())

    def _order(self, db: sqlite3.Connection, order_id: int) -> Order:
        row = db.execute(
            "SELECT o.*, c.name AS customer, c.email, c.street, c.city, c.postcode, c.country"
            " FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ?",
            (order_id,),
        ).fetchone()
        if row is None:
            low, high = db.execute("SELECT MIN(id), MAX(id) FROM orders").fetchone()
            raise OrderError(f"There is no order #{order_id}. Order numbers run from #{low} to #{high}.")
        items = [
            LineItem(**dict(item))
            for item in db.execute(
                "SELECT sku, name, quantity, unit_price_cents FROM line_items WHERE order_id = ? ORDER BY position",
                (order_id,),
            )
        ]
        history = [OrderEvent(status="created", at=row["created_at"])]
        for step in ("paid", "shipped", "delivered", "cancelled"):
            at = row[f"{step}_at"]
            if at:
                note = (
                    row["tracking_number"]
                    if step == "shipped"
                    else row["cancel_reason"]
                    if step == "cancelled"
                    else None
                )
                history.append(OrderEvent(status=step, at=at, note=note))
        return Order(
            id=row["id"],
            created_at=row["created_at"],
            customer=row["customer"],
            email=row["email"],
            status=row["status"],
            items=sum(item.quantity for item in items),
            total_cents=row["total_cents"],
            line_items=items,
            subtotal_cents=row["subtotal_cents"],
            shipping_cents=row["shipping_cents"],
            tax_cents=row["tax_cents"],
            ship_to=Address(
                name=row["customer"],
                street=row["street"],
                city=row["city"],
                postcode=row["postcode"],
                country=row["country"],
            ),
            tracking_number=row["tracking_number"],
            cancel_reason=row["cancel_reason"],
            history=history,
            can_cancel=row["status"] in ("pending", "paid"),
        )


def _check_filters(status: object, customer: object, sort: object) -> None:
    if status is not None and status not in STATUSES:
        raise OrderError(f"Unknown status {_short(status)}; use one of: {', '.join(STATUSES)}.")
    if sort not in SORTS:
        raise OrderError(f"Unknown sort {_short(sort)}; use one of: {', '.join(SORTS)}.")
    if customer is not None and (length := len(_text("customer", customer))) > MAX_SEARCH:
        raise OrderError(f"customer: keep the search under {MAX_SEARCH} characters (got {length:,}).")


def _check_id(order_id: object) -> None:
    if isinstance(order_id, bool) or not isinstance(order_id, int) or not 1 <= order_id <= MAX_ID:
        raise OrderError(f"id must be an order number from 1 to {MAX_ID} (got {_short(order_id)}).")


def _text(name: str, value: object) -> str:
    """``value`` if it is text SQLite can store (a string without lone surrogates), else a clear refusal."""
    if not isinstance(value, str):
        raise OrderError(f"{name} must be text (got {type(value).__name__}).")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise OrderError(f"{name} is not valid text (it holds a lone surrogate, {_short(value)}).") from None
    return value


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters (a 50,000-digit id does not belong in a message).

    Example:
        >>> _short(2**63), _short(10**50), _short("x" * 100)
        ('9223372036854775808', '1000000000000… (51 digits)', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        if value.bit_length() > 13_000:  # str() refuses ints of more than 4,300 digits
            return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
        digits = str(abs(value))
        return f"{'-' if value < 0 else ''}{digits[:13]}… ({len(digits)} digits)"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _customer_filter(customer: str | None) -> tuple[str, tuple[object, ...]]:
    if not customer:
        return "", ()
    pattern = "%" + customer.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    return "WHERE (c.name LIKE ? ESCAPE '\\' OR c.email LIKE ? ESCAPE '\\')", (pattern, pattern)


def _status_filter(where: str, params: tuple[object, ...], status: str | None) -> tuple[str, tuple[object, ...]]:
    if not status:
        return where, params
    return where + (" AND" if where else "WHERE") + " o.status = ?", (*params, status)


def _order_by(sort: str) -> str:
    direction = "DESC" if sort.startswith("-") else "ASC"
    return f"ORDER BY {_SORT_COLUMNS[sort.lstrip('-')]} {direction}, o.id {direction}"


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")[:30] or "search"
