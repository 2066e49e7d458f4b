"""Fixtures for the issue 12 browser side: server-rendered results, the server runtime, auto, window.openai."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from server_engine import Engine

from pyview.packager import BuiltView

VIEWS = Path(__file__).parent / "views"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def build_rt(pyview_build: Callable[..., BuiltView]) -> Callable[..., BuiltView]:
    """Build a View of tests/runtime/views once per option set: the suite's ``pyview_build`` (Python's documents
    restore the shared core snapshot unless the test chooses), from the repository's folder."""

    def build_once(name: str, **options: Any) -> BuiltView:
        with contextlib.chdir(REPO):
            return pyview_build(VIEWS / name, **options)

    return build_once


@pytest.fixture
def engine() -> Iterator[Engine]:
    """The stand-in server engine for tests/runtime/views/server_view.py."""
    found = Engine(VIEWS / "server_view.py")
    yield found
    found.close()
