"""The orders database: SQLite (standard library), created and seeded on first use, plus the typed results.

Everything the MCP tools need lives here, independent of MCP: ``OrderStore.list_orders`` / ``get_order`` /
``cancel_order`` / ``export_csv`` return pydantic models that ``server.py`` hands to the client unchanged, and
raise :class:`OrderError` with a message written for a person (the server turns it into an ``isError`` result).

The seed data is generated from a fixed random seed and fixed dates, so every fresh database holds the same
200 orders: screenshots, tests and a newcomer's first run all see the same shop.
"""

from __future__ import annotations

import csv
import io
import os
import random
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, Field

Status = Literal["pending", "paid", "shipped", "delivered", "cancelled"]
STATUSES: tuple[Status, ...] = get_args(Status)
# "-created" is newest first; a leading "-" means descending for every key
Sort = Literal["created", "-created", "total", "-total", "customer", "-customer", "id", "-id", "status", "-status"]
SORTS: tuple[Sort, ...] = get_args(Sort)
MAX_PAGE_SIZE = 100
SEED_ORDERS = 200
FIRST_ORDER_ID = 1001

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
    filename: str
    mime_type: str = "text/csv"
    rows: int
    csv: str

    def __str__(self) -> str:
        return f"Exported {self.rows} orders to {self.filename} ({len(self.csv.encode()):,} bytes of CSV)."


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
    """Orders in one SQLite file; safe to share between threads (the SDK runs sync tools in worker threads).

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
        self._db = sqlite3.connect(self.path, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._lock = threading.Lock()
        with self._transaction() as db:
            db.executescript(SCHEMA)
            if db.execute("SELECT COUNT(*) FROM orders").fetchone()[0] == 0:
                seed(db)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._db:  # the connection as a context manager commits, or rolls back on error
            yield self._db

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
        if status is not None and status not in STATUSES:
            raise OrderError(f"Unknown status {status!r}; use one of: {', '.join(STATUSES)}.")
        if sort not in SORTS:
            raise OrderError(f"Unknown sort {sort!r}; use one of: {', '.join(SORTS)}.")
        if not 1 <= page_size <= MAX_PAGE_SIZE:
            raise OrderError(f"page_size must be between 1 and {MAX_PAGE_SIZE} (got {page_size}).")
        if page < 1:
            raise OrderError(f"page must be 1 or more (got {page}).")
        customer = (customer or "").strip() or None
        where, params = _customer_filter(customer)
        with self._transaction() as db:
            counts = {name: 0 for name in STATUSES}
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
                raise OrderError(f"Page {page} is past the last page ({pages}) for these filters.")
            if status:
                where += (" AND" if where else "WHERE") + " o.status = ?"
                params = (*params, status)
            key = sort.lstrip("-")
            direction = "DESC" if sort.startswith("-") else "ASC"
            rows = db.execute(
                f"{_SUMMARY_SQL} {where} ORDER BY {_SORT_COLUMNS[key]} {direction}, o.id {direction} LIMIT ? OFFSET ?",
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
        with self._transaction() as db:
            return self._order(db, order_id)

    def cancel_order(self, order_id: int, reason: str) -> CancelResult:
        """Cancel a pending or paid order; shipped, delivered and cancelled orders are refused."""
        reason = reason.strip()
        if not reason:
            raise OrderError("Give a reason for cancelling (it is shown to the customer).")
        if len(reason) > 200:
            raise OrderError("Keep the reason under 200 characters.")
        with self._transaction() as db:
            order = self._order(db, order_id)
            if order.status == "cancelled":
                raise OrderError(f"Order #{order_id} is already cancelled.")
            if order.status in ("shipped", "delivered"):
                raise OrderError(
                    f"Order #{order_id} has already {'shipped' if order.status == 'shipped' else 'been delivered'}"
                    " and can no longer be cancelled. Start a return instead."
                )
            now = self.clock().astimezone(UTC).isoformat(timespec="seconds")
            db.execute(
                "UPDATE orders SET status = 'cancelled', cancelled_at = ?, cancel_reason = ? WHERE id = ?",
                (now, reason, order_id),
            )
            refund = order.total_cents if order.status == "paid" else 0
            cancelled = self._order(db, order_id)
        message = f"Order #{order_id} for {order.customer} is cancelled."
        if refund:
            message += f" {money(refund)} will be refunded to the customer's card."
        return CancelResult(order=cancelled, refund_cents=refund, message=message)

    def export_csv(
        self, *, status: Status | None = None, customer: str | None = None, sort: Sort = "-created"
    ) -> OrderExport:
        """Every order matching the filters (all pages) as CSV."""
        first = self.list_orders(status=status, customer=customer, sort=sort, page_size=MAX_PAGE_SIZE)
        orders = list(first.orders)
        for page in range(2, first.pages + 1):
            orders += self.list_orders(
                status=status, customer=customer, sort=sort, page_size=MAX_PAGE_SIZE, page=page
            ).orders
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["order_id", "created_at", "customer", "email", "status", "items", "total", "currency"])
        for o in orders:
            total = f"{o.total_cents / 100:.2f}"
            writer.writerow([o.id, o.created_at, o.customer, o.email, o.status, o.items, total, o.currency])
        name = "-".join(["orders", *([status] if status else []), *([_slug(customer)] if customer else [])])
        return OrderExport(filename=f"{name}.csv", rows=len(orders), csv=out.getvalue())

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


def _customer_filter(customer: str | None) -> tuple[str, tuple[str, ...]]:
    if not customer:
        return "", ()
    pattern = "%" + customer.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    return "WHERE (c.name LIKE ? ESCAPE '\\' OR c.email LIKE ? ESCAPE '\\')", (pattern, pattern)


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")[:30] or "search"


# -- seed data -----------------------------------------------------------------------------------------------

# A small coffee-and-kitchen shop. (sku, name, price in cents)
PRODUCTS = [
    ("BEAN-ETH-250", "Ethiopia Guji beans, 250 g", 1650),
    ("BEAN-COL-250", "Colombia Huila beans, 250 g", 1450),
    ("BEAN-HOU-1K", "House espresso blend, 1 kg", 3900),
    ("BEAN-DEC-250", "Swiss water decaf, 250 g", 1550),
    ("GRND-HAND", "Hand grinder, steel burrs", 8900),
    ("GRND-ELEC", "Flat burr grinder", 24900),
    ("KETL-GOOS", "Gooseneck kettle, 1 l", 6500),
    ("DRIP-V60", "Ceramic pour-over dripper", 2800),
    ("FILT-100", "Paper filters, 100 pack", 650),
    ("PRES-FR", "French press, 8 cup", 3900),
    ("AERO-GO", "Travel press", 3495),
    ("MUG-STN-2", "Stoneware mugs, set of 2", 3200),
    ("SCAL-01", "Brew scale with timer", 4500),
    ("TAMP-58", "Tamper, 58 mm", 3800),
    ("MILK-PIT", "Milk pitcher, 350 ml", 1900),
    ("CLTH-LIN", "Linen tea towel", 1400),
    ("JAR-VAC", "Vacuum storage canister", 2600),
    ("TEA-SEN", "Sencha green tea, 100 g", 1200),
    ("GIFT-25", "Gift card", 2500),
    ("CLEAN-TAB", "Descaling tablets", 999),
]

FIRST_NAMES = [
    "Amara", "Ben", "Chloé", "Dmitri", "Elif", "Farah", "Gustav", "Hana", "Idris", "Jonas", "Keiko", "Lars",
    "Maya", "Nikhil", "Olivia", "Pablo", "Quinn", "Rosa", "Samir", "Tove", "Uma", "Victor", "Wen", "Yusuf", "Zoe",
]  # fmt: skip
LAST_NAMES = [
    "Okafor", "Lindqvist", "Moreau", "Petrov", "Yilmaz", "Haddad", "Berg", "Sato", "Mensah", "Keller", "Tanaka",
    "Nilsen", "Rossi", "Patel", "Walsh", "García", "Novak", "Silva", "Khan", "Andersen", "Iyer", "Dubois",
]  # fmt: skip
CITIES = [
    ("Portland", "97205", "United States"), ("Austin", "78701", "United States"), ("Toronto", "M5V 2T6", "Canada"),
    ("London", "E1 6AN", "United Kingdom"), ("Berlin", "10115", "Germany"), ("Lyon", "69002", "France"),
    ("Oslo", "0150", "Norway"), ("Amsterdam", "1012 AB", "Netherlands"), ("Melbourne", "3000", "Australia"),
    ("Dublin", "D02 X285", "Ireland"),
]  # fmt: skip
STREETS = ["Alder St", "Harbour Rd", "Mill Lane", "King St", "Linden Ave", "Quay Side", "Elm Row", "Canal St"]

# the shop's "today" for the seed data: orders are spread over the 120 days before it
SEED_NOW = datetime(2026, 5, 15, 17, 0, tzinfo=UTC)


def seed(db: sqlite3.Connection, orders: int = SEED_ORDERS, seed_value: int = 42) -> None:
    """Fill an empty database with realistic, deterministic customers and orders."""
    rng = random.Random(seed_value)
    customers = []
    used: set[str] = set()
    while len(customers) < 48:
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        if f"{first} {last}" in used:
            continue
        used.add(f"{first} {last}")
        city, postcode, country = rng.choice(CITIES)
        email = f"{_ascii(first)}.{_ascii(last)}@example.com".lower()
        street = f"{rng.randint(2, 240)} {rng.choice(STREETS)}"
        customers.append((len(customers) + 1, f"{first} {last}", email, street, city, postcode, country))
    db.executemany("INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?)", customers)
    # a few loyal customers order often
    weights = [8 if i < 6 else 3 if i < 20 else 1 for i in range(len(customers))]
    # the shop is growing: more recent orders than old ones
    created = sorted(SEED_NOW - timedelta(days=120 * rng.random() ** 1.5, minutes=20) for _ in range(orders))
    for index, when in enumerate(created):
        order_id = FIRST_ORDER_ID + index
        customer_id = rng.choices(range(1, len(customers) + 1), weights)[0]
        picks = rng.sample(PRODUCTS, rng.choices([1, 2, 3, 4], [40, 32, 18, 10])[0])
        items = [(order_id, pos, sku, name, rng.choices([1, 2, 3], [70, 22, 8])[0], price)
                 for pos, (sku, name, price) in enumerate(picks)]  # fmt: skip
        subtotal = sum(q * p for *_, q, p in items)
        shipping = 0 if subtotal >= 7500 else 695
        tax = round(subtotal * 0.08)
        age = SEED_NOW - when
        status, times = _lifecycle(rng, when, age)
        reason = rng.choice(["Customer changed their mind", "Duplicate order", "Payment failed", "Out of stock"])
        tracking = f"1Z{rng.randint(10**9, 10**10 - 1)}" if "shipped" in times else None
        db.execute(
            "INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                order_id, customer_id, status, _iso(when), _iso(times.get("paid")), _iso(times.get("shipped")),
                _iso(times.get("delivered")), _iso(times.get("cancelled")),
                reason if status == "cancelled" else None, tracking, subtotal, shipping, tax,
                subtotal + shipping + tax,
            ),
        )  # fmt: skip
        db.executemany("INSERT INTO line_items VALUES (?, ?, ?, ?, ?, ?)", items)


def _lifecycle(rng: random.Random, created: datetime, age: timedelta) -> tuple[Status, dict[str, datetime]]:
    """How far an order got, by its age: old orders are delivered, today's are pending; ~7% get cancelled."""
    times: dict[str, datetime] = {}
    # most customers pay by card at once; some by bank transfer, days later
    paid = created + (
        timedelta(minutes=rng.randint(1, 90)) if rng.random() < 0.7 else timedelta(hours=rng.randint(20, 150))
    )
    shipped = paid + timedelta(hours=rng.randint(20, 110))
    delivered = shipped + timedelta(days=rng.randint(2, 8), hours=rng.randint(0, 10))
    now = created + age
    if rng.random() < 0.07:
        if rng.random() < 0.5 and paid < now:
            times["paid"] = paid
        times["cancelled"] = min(now, (times.get("paid") or created) + timedelta(hours=rng.randint(1, 30)))
        return "cancelled", times
    if paid >= now:
        return "pending", times
    times["paid"] = paid
    if shipped >= now:
        return "paid", times
    times["shipped"] = shipped
    if delivered >= now:
        return "shipped", times
    times["delivered"] = delivered
    return "delivered", times


def _iso(when: datetime | None) -> str | None:
    return None if when is None else when.isoformat(timespec="seconds")


def _ascii(name: str) -> str:
    return name.translate(str.maketrans("éí", "ei"))
