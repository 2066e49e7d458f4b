"""Testing Views in a real browser (CPython only): headless Chromium driven by Playwright."""

from __future__ import annotations

from pyview.testing._chromium import CHROMIUM_ARGS, ChromiumNotFound, chromium_executable, launch_chromium
from pyview.testing._sandbox import SandboxedView, with_csp

__all__ = [
    "CHROMIUM_ARGS",
    "ChromiumNotFound",
    "SandboxedView",
    "chromium_executable",
    "launch_chromium",
    "with_csp",
]
