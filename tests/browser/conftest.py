"""Fixtures for tests that run Views in headless Chromium."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from pyview.packager import BuiltView, build_view

VIEWS = Path(__file__).parent / "views"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def browser(pyview_browser: object) -> object:
    """The session's Chromium from pyview's pytest plugin: one Playwright per process (a second sync
    Playwright cannot start while the first runs)."""
    return pyview_browser


@pytest.fixture(scope="session")
def build() -> Callable[..., BuiltView]:
    """Build a test View once per option set; paths are shown relative to the repository, as a developer runs it.

    Like the suite's ``pyview_build`` (tests/conftest.py), a View restores the shared core snapshot unless the test
    gives ``snapshot``; modules about the plain start itself override this fixture (test_boot.py)."""
    cache: dict[tuple[object, ...], BuiltView] = {}

    def build_once(name: str, **options: object) -> BuiltView:
        if options.get("runtime") != "server" and not options.get("packages"):
            options.setdefault("snapshot", "core")
        key = (name, *sorted((k, str(v)) for k, v in options.items()))
        if key not in cache:
            here = os.getcwd()
            os.chdir(REPO)
            try:
                cache[key] = build_view(VIEWS / name, **options)  # type: ignore[arg-type]
            finally:
                os.chdir(here)
        return cache[key]

    return build_once
