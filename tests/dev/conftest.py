"""Helpers for the dev host's browser tests: serve ``pyview dev`` for a server on a free port."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from pyview.dev import dev_app
from pyview.testing import serving


@contextlib.contextmanager
def serve_dev(target: str, **options: Any) -> Iterator[tuple[str, Any]]:
    """The dev host for ``target`` (a server file, URL or command) on a free port: ``(url, DevHost)``."""
    app, dev = dev_app(target, reload=False, **options)
    with serving(app) as url:
        yield f"{url}/", dev


@pytest.fixture(scope="session")
def dev_host_server() -> Any:
    """:func:`serve_dev`, for tests: ``with dev_host_server("server.py") as (url, dev): ...``."""
    return serve_dev
