"""Fixtures of the cross-engine suite: one browser per engine for the session, one example server per example.

Run one engine with its marker: ``pytest tests/engines -m webkit`` (or ``-m firefox``, ``-m chromium``). By default
Firefox and WebKit run; Chromium only when asked (see ``engine``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.testing._engine import Engine, EngineNotFound, open_engine

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


@pytest.fixture(
    scope="session",
    params=[
        pytest.param("chromium", marks=pytest.mark.chromium),
        pytest.param("firefox", marks=pytest.mark.firefox),
        pytest.param("webkit", marks=pytest.mark.webkit),
    ],
)
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """Each engine in turn (pytest runs every test of one engine before it starts the next).

    Chromium runs these tests only when asked (``-m chromium``, or ``PYVIEW_ENGINES=chromium,...``): its own full
    suite already covers them, and CI's time goes to the engines nothing else tests.
    """
    if request.param == "chromium" and not asked_for(request.config, "chromium"):
        pytest.skip("Chromium has its full suite; run the cross-engine tests on it with -m chromium")
    browser = request.getfixturevalue("pyview_browser") if request.param == "chromium" else None
    try:
        running = open_engine(request.param, browser=browser)
    except EngineNotFound as exc:
        pytest.fail(f"{request.param}: {exc}", pytrace=False)
    yield running
    running.close()


def asked_for(config: pytest.Config, name: str) -> bool:
    """Whether the run names this engine: in ``-m`` or in ``$PYVIEW_ENGINES`` (comma-separated)."""
    wanted = os.environ.get("PYVIEW_ENGINES", "").replace(" ", "").split(",")
    return name in str(config.getoption("markexpr") or "") or name in wanted


@pytest.fixture(scope="session")
def runtime_url() -> Iterator[str]:
    """The pinned runtime served over HTTP on a free loopback port (for ``runtime="url"`` builds)."""
    from starlette.applications import Starlette
    from starlette.routing import Mount

    from pyview.server import runtime_files_app
    from pyview.testing import serving

    with serving(Starlette(routes=[Mount("/pyodide", app=runtime_files_app())])) as url:
        yield f"{url}/pyodide/"


@pytest.fixture(scope="session")
def example_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Any]]:
    """``example_servers(name, runtime=None)``: the example's server module, loaded once per runtime (orders on a
    fresh database); ``runtime`` is its ``Views`` runtime (``$PYVIEW_RUNTIME`` while it loads), default ``auto``."""
    from pyview._tooling.server._server_file import load_server

    folder = tmp_path_factory.mktemp("engines")
    loaded: dict[tuple[str, str | None], Any] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYVIEW_ORDERS_DB", str(folder / "orders.sqlite3"))
        patch.setenv("PYVIEW_VIEW_CACHE", str(folder / "views"))

        def server(name: str, runtime: str | None = None) -> Any:
            if (name, runtime) not in loaded:
                with pytest.MonkeyPatch.context() as loading:
                    if runtime is not None:
                        loading.setenv("PYVIEW_RUNTIME", runtime)
                    loaded[name, runtime] = load_server(str(EXAMPLES / name / "server.py"))[0]
            return loaded[name, runtime]

        yield server
