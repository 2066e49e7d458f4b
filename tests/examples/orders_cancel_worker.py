"""Many processes cancelling the same orders through the orders server's own tool function (for
``test_orders_concurrency``).

    python orders_cancel_worker.py DATABASE PROCESSES ORDER_ID...

A fresh Python imports ``examples/orders/server.py`` once, then forks PROCESSES children (it has no other threads,
so forking is safe, and twenty children start in milliseconds instead of twenty SDK imports). Each child opens its
own SQLite connection, waits at a barrier for all the others, then calls ``server.cancel_order`` for every order,
each child in an order of its own. Prints one JSON line: ``[[child, order_id, refund_cents | null, error | null,
pid], ...]``.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import sys
from pathlib import Path
from typing import Any

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orders"


def cancel_all(database: str, targets: list[int], index: int, barrier: Any, answers: Any) -> None:
    """One child: its own connection, the barrier, then a cancel of each of ``targets``."""
    import server
    from mcp.server.mcpserver.exceptions import ToolError

    os.environ["PYVIEW_ORDERS_DB"] = database
    server.store.cache_clear()
    server.store()  # opened before the barrier: what races below is the cancels
    order = list(targets)
    random.Random(index).shuffle(order)  # each child in its own order, so they collide everywhere
    barrier.wait()
    for order_id in order:
        try:
            result = server.cancel_order(id=order_id, reason=f"Duplicate order ({index})")
        except ToolError as exc:
            answers.put((index, order_id, None, str(exc), os.getpid()))
        else:
            answers.put((index, order_id, result.refund_cents, None, os.getpid()))
    server.store().close()


def main() -> None:
    database, count, targets = sys.argv[1], int(sys.argv[2]), [int(arg) for arg in sys.argv[3:]]
    sys.path.insert(0, str(EXAMPLE))
    import server  # noqa: F401  (once, before forking)

    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(count, timeout=120)
    answers = context.Queue()
    children = [
        context.Process(target=cancel_all, args=(database, targets, index, barrier, answers)) for index in range(count)
    ]
    for child in children:
        child.start()
    found = [answers.get(timeout=120) for _ in range(count * len(targets))]
    for child in children:
        child.join(timeout=120)
    if any(child.exitcode != 0 for child in children):
        sys.exit(f"a child failed: exit codes {[child.exitcode for child in children]}")
    print(json.dumps(found))


if __name__ == "__main__":
    main()
