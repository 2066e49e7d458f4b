"""Fixtures shared by the example apps' tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The weather example asks Open-Meteo when online (PYVIEW_WEATHER=auto). Tests never touch the network: every server
# they load or start (in-process, stdio, HTTP, under the browser host) simulates, and the online path is tested by
# replaying recordings through httpx2.MockTransport (test_weather_sources.py).
os.environ["PYVIEW_WEATHER"] = "offline"

ORDERS_SERVER = Path(__file__).resolve().parents[2] / "examples" / "orders" / "server.py"


@pytest.fixture(scope="module")
def orders(tmp_path_factory: pytest.TempPathFactory, monkeypatch_module: pytest.MonkeyPatch) -> Iterator[Any]:
    """The orders example's server module, on a fresh database (and a private View cache) for the test module."""
    from pyview._tooling.server._server_file import load_server

    folder = tmp_path_factory.mktemp("orders")
    monkeypatch_module.setenv("PYVIEW_ORDERS_DB", str(folder / "orders.sqlite3"))
    monkeypatch_module.setenv("PYVIEW_VIEW_CACHE", str(folder / "views"))
    module, _ = load_server(str(ORDERS_SERVER))
    module.store.cache_clear()
    yield module
    module.store.cache_clear()


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    """A monkeypatch whose changes last for one test module."""
    with pytest.MonkeyPatch.context() as patch:
        yield patch
