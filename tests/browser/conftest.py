"""Fixtures for tests that run Views in headless Chromium."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest

from pyview.packager import BuiltView

VIEWS = Path(__file__).parent / "views"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def browser(pyview_browser: object) -> object:
    """The session's Chromium from pyview's pytest plugin: one Playwright per process (a second sync
    Playwright cannot start while the first runs)."""
    return pyview_browser


@pytest.fixture(scope="session")
def build(pyview_build: Callable[..., BuiltView]) -> Callable[..., BuiltView]:
    """Build a View of tests/browser/views once per option set: the suite's ``pyview_build`` (a shared core snapshot
    unless the test gives ``snapshot``; test_boot.py, about the plain start, turns it off), from the repository's
    folder, so paths show as a developer who runs it sees them."""

    def build_once(name: str, **options: object) -> BuiltView:
        with contextlib.chdir(REPO):
            return pyview_build(VIEWS / name, **options)

    return build_once
