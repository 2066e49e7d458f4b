"""A package View reads its own data files in the browser, as it did when pre-rendered in CPython."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pyview.packager import BuiltView
from pyview.testing import SandboxedView

pytestmark = pytest.mark.browser

LINE = "Grüße aus labels.json | blob 25283cf4bc82 (269 bytes) | "


def test_a_package_view_reads_its_json_and_binary_files_in_the_browser(
    page: Any, build: Callable[..., BuiltView]
) -> None:
    built = build("labels_view")
    assert LINE + "linux" in built.html  # the first paint, rendered in CPython from the same files

    view = SandboxedView.mount(page, built.html)
    view.wait_until_started()

    assert view.error_panel() is None
    view.frame.locator("#labels").filter(has_text=LINE + "emscripten").wait_for(timeout=30_000)
    assert view.console_errors() == []
