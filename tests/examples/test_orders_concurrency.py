"""Many orders servers on one database file, as a host that starts a stdio server per conversation runs them.

- 12 real servers (``python examples/orders/server.py``, driven by the real ``mcp`` client over stdio) on a database
  file that does not exist yet, released at once after the MCP handshake: it is created and seeded once, and no
  first call sees an error.
- 20 processes, each with its own connection, calling the server's ``cancel_order`` tool function on the same
  orders at once (released by a barrier): each order is cancelled, and refunded, exactly once; everybody else is
  told it is already cancelled; ``PRAGMA integrity_check`` is ``ok``. (``orders_cancel_worker.py`` imports the
  server once and forks them: twenty stdio servers would spend ~30 s of CPU just importing the SDK.)

No timing is asserted; the timeouts only turn a hang into a failure.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orders"
SERVER_FILE = EXAMPLE / "server.py"
WORKER = Path(__file__).resolve().parent / "orders_cancel_worker.py"
sys.path.insert(0, str(EXAMPLE))

from orders_store import OrderStore  # noqa: E402

HANG = 240  # seconds before a stuck run fails (12 Python processes on 2 busy cores take a while to start)
PROCESSES = 20

Work = Callable[[Client, int], Awaitable[list[Any]]]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def view_cache(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One View cache for every server, filled once: the servers' warm-up then reads it instead of building."""
    from pyview._tooling.server._server_file import load_server

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


@pytest.mark.anyio
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


def test_twenty_processes_cancelling_the_same_orders_cancel_each_once(tmp_path: Path) -> None:
    database = tmp_path / "orders.sqlite3"
    seeded = OrderStore(database)  # created before the processes start: the race is the cancel, not the seed
    targets = {o.id: o for status in ("paid", "pending") for o in seeded.list_orders(status=status, page_size=8).orders}
    seeded.close()
    assert len(targets) >= 10
    run = subprocess.run(
        [sys.executable, str(WORKER), str(database), str(PROCESSES), *map(str, targets)],
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout)
    assert len({pid for *_, pid in found}) == PROCESSES  # 20 OS processes, each with its own connection
    done = [(order_id, refund) for _, order_id, refund, error, _ in found if error is None]
    refused = [error for _, _, _, error, _ in found if error is not None]
    assert sorted(order_id for order_id, _ in done) == sorted(targets)  # each order cancelled exactly once
    for order_id, refund in done:  # and refunded once, if it was paid
        assert refund == (targets[order_id].total_cents if targets[order_id].status == "paid" else 0)
    assert len(refused) == (PROCESSES - 1) * len(targets)
    assert all("is already cancelled" in text for text in refused), refused[:3]
    with sqlite3.connect(database) as db:
        marks = ",".join("?" * len(targets))
        rows = db.execute(f"SELECT id, status FROM orders WHERE id IN ({marks})", list(targets)).fetchall()
    assert {status for _, status in rows} == {"cancelled"} and len(rows) == len(targets)
    assert integrity(database) == "ok"
