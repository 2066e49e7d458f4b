"""Many orders servers on one database file, as a host that starts a stdio server per conversation runs them.

Every server here is a real process (``python examples/orders/server.py``) driven by the real ``mcp`` client over
stdio. They are started together and released at once (a barrier after the MCP handshake), so their first tool
calls land on the database at the same moment:

- 12 servers on a database file that does not exist yet: it is created and seeded once, nobody sees an error;
- 20 servers cancelling the same orders at once: each order is cancelled (and refunded) exactly once, everybody
  else is told it is already cancelled, and ``PRAGMA integrity_check`` is ``ok``.

No timing is asserted; ``fail_after`` only turns a hang into a failure.
"""

from __future__ import annotations

import os
import random
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orders"
SERVER_FILE = EXAMPLE / "server.py"
sys.path.insert(0, str(EXAMPLE))

from orders_store import OrderStore  # noqa: E402

pytestmark = pytest.mark.anyio
HANG = 240  # seconds before a stuck run fails (20 Python processes on 2 busy cores take a while to start)

Work = Callable[[Client, int], Awaitable[list[Any]]]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def view_cache(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One View cache for every server, filled once: the servers' warm-up then reads it instead of building."""
    from pyview.server._cli import load_server

    folder = tmp_path_factory.mktemp("views")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYVIEW_VIEW_CACHE", str(folder))
        patch.setenv("PYVIEW_ORDERS_DB", str(folder / "unused.sqlite3"))
        module, _ = load_server(str(SERVER_FILE))
        for handle in module.views.views:
            handle.html()
    return str(folder)


async def fleet(count: int, database: Path, view_cache: str, work: Work) -> list[Any]:
    """Start ``count`` stdio servers on ``database``; once all are connected, run ``work`` on each at once."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYVIEW_RUNTIME")}
    env.update(PYVIEW_ORDERS_DB=str(database), PYVIEW_VIEW_CACHE=view_cache)
    target = StdioServerParameters(command=sys.executable, args=[str(SERVER_FILE)], env=env, cwd=str(EXAMPLE))
    connected = 0
    go = anyio.Event()
    results: list[Any] = []

    async def one(index: int) -> None:
        nonlocal connected
        async with Client(target) as client:  # type: ignore[arg-type]
            connected += 1
            if connected == count:
                go.set()
            await go.wait()
            results.extend(await work(client, index))

    with anyio.fail_after(HANG):
        async with anyio.create_task_group() as group:
            for index in range(count):
                group.start_soon(one, index)
    return results


def integrity(database: Path) -> str:
    with sqlite3.connect(database) as db:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])


async def test_twelve_servers_starting_together_seed_a_new_database_once(tmp_path: Path, view_cache: str) -> None:
    database = tmp_path / "new" / "orders.sqlite3"
    assert not database.exists()

    async def first_call(client: Client, index: int) -> list[Any]:
        return [await client.call_tool("list_orders", {"page_size": 5})]

    results = await fleet(12, database, view_cache, first_call)
    assert len(results) == 12
    errors = [r.content[0].text for r in results if r.is_error]
    assert errors == []  # before: 10 of 12 answered "internal error (IntegrityError)"
    assert {r.structured_content["total"] for r in results} == {200}
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM orders").fetchone()[0] == 200
        assert db.execute("SELECT COUNT(*) FROM customers").fetchone()[0] == 48
    assert integrity(database) == "ok"


async def test_twenty_servers_cancelling_the_same_orders_cancel_each_once(tmp_path: Path, view_cache: str) -> None:
    database = tmp_path / "orders.sqlite3"
    seeded = OrderStore(database)  # created before the servers start: the race is the cancel, not the seed
    targets = {o.id: o for status in ("paid", "pending") for o in seeded.list_orders(status=status, page_size=8).orders}
    seeded.close()
    assert len(targets) >= 10

    async def cancel_all(client: Client, index: int) -> list[Any]:
        order = list(targets)
        random.Random(index).shuffle(order)  # each server in its own order, so they collide everywhere
        found: list[Any] = []

        async def cancel(order_id: int) -> None:
            result = await client.call_tool("cancel_order", {"id": order_id, "reason": f"Duplicate order ({index})"})
            found.append((order_id, result))

        async with anyio.create_task_group() as group:  # and several calls at once within each server
            for order_id in order:
                group.start_soon(cancel, order_id)
        return found

    results = await fleet(20, database, view_cache, cancel_all)
    assert len(results) == 20 * len(targets)
    done = [(order_id, r.structured_content) for order_id, r in results if not r.is_error]
    refused = [r.content[0].text for _, r in results if r.is_error]
    assert sorted(order_id for order_id, _ in done) == sorted(targets)  # each order cancelled exactly once
    for order_id, answer in done:
        paid = targets[order_id].status == "paid"
        assert answer["refund_cents"] == (targets[order_id].total_cents if paid else 0)  # refunded once, if paid
    assert len(refused) == 19 * len(targets)
    assert all("is already cancelled" in text for text in refused), refused[:3]
    with sqlite3.connect(database) as db:
        rows = db.execute(
            f"SELECT id, status, cancel_reason FROM orders WHERE id IN ({','.join('?' * len(targets))})",
            list(targets),
        ).fetchall()
    assert {status for _, status, _ in rows} == {"cancelled"}
    winners = {order_id: answer["order"]["cancel_reason"] for order_id, answer in done}
    assert {order_id: reason for order_id, _, reason in rows} == winners  # the stored reason is the winner's
    assert integrity(database) == "ok"
