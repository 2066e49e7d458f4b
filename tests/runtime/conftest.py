"""Fixtures for the issue 12 browser side: server-rendered results, the server runtime, auto, window.openai."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from server_engine import Engine

from pyview.packager import BuiltView, build_view

VIEWS = Path(__file__).parent / "views"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def build_rt() -> Callable[..., BuiltView]:
    """Build a test View once per option set; Python's documents restore the suite's shared core snapshot unless
    the test chooses (tests/conftest.py says why)."""
    cache: dict[tuple[object, ...], BuiltView] = {}

    def build_once(name: str, **options: Any) -> BuiltView:
        if options.get("runtime") != "server":
            options.setdefault("snapshot", "core")
        key = (name, *sorted((k, str(v)) for k, v in options.items()))
        if key not in cache:
            here = os.getcwd()
            os.chdir(REPO)
            try:
                cache[key] = build_view(VIEWS / name, **options)
            finally:
                os.chdir(here)
        return cache[key]

    return build_once


@pytest.fixture
def engine() -> Iterator[Engine]:
    """The stand-in server engine for tests/runtime/views/server_view.py."""
    found = Engine(VIEWS / "server_view.py")
    yield found
    found.close()
