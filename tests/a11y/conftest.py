"""Helpers of the accessibility tests: axe-core (pinned in ``package.json``, installed by scripts/install.sh), the
examples mounted under pyview's Python host with their real servers, and theme switches by host context."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
WEATHER = REPO / "examples" / "weather"
ORDERS = REPO / "examples" / "orders"
GALLERY = REPO / "examples" / "gallery" / "view.py"

os.environ["PYVIEW_WEATHER"] = "offline"  # never the network (see tests/examples/conftest.py)

# Best-practice findings kept, and why. Everything tagged WCAG 2.0/2.1 A or AA fails the test.
KEPT: dict[str, str] = {}


@pytest.fixture(scope="session")
def axe_path() -> Path:
    if not AXE.is_file():
        pytest.fail(f"axe-core is not installed in {AXE.parents[2]}: run bash scripts/install.sh", pytrace=False)
    return AXE


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def set_theme(view: Any, theme: str) -> None:
    """Switch the host's theme (``host-context-changed``) and wait until the View shows it."""
    view.set_host_context(theme=theme)
    view.frame.wait_for_function("(t) => document.documentElement.dataset.theme === t", arg=theme)


class Auditor:
    """Runs axe over one View at each screen, in the theme it shows and then the other one; collects the reports."""

    def __init__(self, view: Any, axe: Path, name: str) -> None:
        self.view = view
        self.axe = axe
        self.name = name
        self.theme = "light"
        self.reports: list[Any] = []

    def screen(self, label: str) -> None:
        from pyview.testing import check_accessibility

        for _ in range(2):  # the current theme, then the other: each switch is one host-context-changed
            where = f"{self.name}: {label}, {self.theme}"
            self.reports.append(check_accessibility(self.view.frame, axe=self.axe, label=where))
            self.theme = "dark" if self.theme == "light" else "light"
            set_theme(self.view, self.theme)

    def assert_accessible(self) -> None:
        problems = []
        for report in self.reports:
            try:
                report.assert_accessible(allow=KEPT)
            except AssertionError as exc:
                problems.append(str(exc))
        assert not problems, "\n\n".join(problems)


def load_server(path: Path) -> Any:
    from pyview._tooling.server._cli import load_server as load

    return load(str(path))


def ensure_path(folder: Path) -> None:
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as patch:
        yield patch
