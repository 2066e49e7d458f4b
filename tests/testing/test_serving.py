"""``pyview.testing.serving``: the one way the suite serves an ASGI app in a thread."""

from __future__ import annotations

from typing import Any

import pytest


def test_serving_fails_when_its_server_thread_stops_before_serving() -> None:
    """``pyview.testing.serving`` (the test suite's one way to serve an ASGI app) says so instead of yielding a URL
    nothing answers."""
    from pyview.testing import serving

    async def broken(scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await receive()
            await send({"type": "lifespan.startup.failed", "message": "no database"})

    with pytest.raises(RuntimeError, match=r"stopped before it served \(see the log\), exit code 3"), serving(broken):
        pass
