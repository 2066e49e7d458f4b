"""The shop's seed data: 48 customers and 200 orders over 120 days, the same on every fresh database.

Generated from a fixed random seed and fixed dates, so screenshots, tests and a newcomer's first run all see
the same shop. ``orders_store.OrderStore`` calls :func:`seed` inside the transaction that creates the tables.

Example:
    >>> from orders_store import OrderStore
    >>> OrderStore(":memory:").list_orders().total  # a new database is created and seeded
    200
"""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta

SEED_ORDERS = 200
FIRST_ORDER_ID = 1001

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
    customers: list[tuple[int, str, str, str, str, str, str]] = []
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


def _lifecycle(rng: random.Random, created: datetime, age: timedelta) -> tuple[str, dict[str, datetime]]:
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
