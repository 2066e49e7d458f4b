"""Testing Views in a real browser (CPython only): headless Chromium driven by Playwright.

The pytest plugin (:mod:`pyview._tooling.testing.plugin`, loaded automatically) gives tests the ``mount_view`` fixture;
see docs/testing.md.
Components render without a browser too: :func:`render` gives a :class:`Screen` to click and
read. :func:`run` runs a View under the real App and Host without a browser (``async with
run(view, server=...) as pilot``).
"""

from __future__ import annotations

from pyview._lazy import claim
from pyview._tooling.testing._a11y import (
    AXE_TAGS,
    WCAG_TAGS,
    AxeNotFound,
    AxeReport,
    Finding,
    check_accessibility,
    find_axe,
)
from pyview._tooling.testing._chromium import CHROMIUM_ARGS, ChromiumNotFound, chromium_executable, launch_chromium
from pyview._tooling.testing._depths import ChromiumPilot, InProcessPilot, SyncPilot
from pyview._tooling.testing._harness import MountedView, SyncHost, mount
from pyview._tooling.testing._pilot import Pilot, run
from pyview._tooling.testing._sandbox import SandboxedView, with_csp, with_script
from pyview._tooling.testing._screen import FakeApp, MElement, Screen, as_delivered, render
from pyview._tooling.testing._server import HostServer, serving

__all__ = [
    "AXE_TAGS",
    "CHROMIUM_ARGS",
    "WCAG_TAGS",
    "AxeNotFound",
    "AxeReport",
    "ChromiumNotFound",
    "ChromiumPilot",
    "FakeApp",
    "Finding",
    "HostServer",
    "InProcessPilot",
    "MElement",
    "MountedView",
    "Pilot",
    "SandboxedView",
    "Screen",
    "SyncHost",
    "SyncPilot",
    "as_delivered",
    "check_accessibility",
    "chromium_executable",
    "find_axe",
    "launch_chromium",
    "mount",
    "render",
    "run",
    "serving",
    "with_csp",
    "with_script",
]

# public classes report pyview.testing
claim(__name__, [globals()[name] for name in __all__], "pyview._tooling.testing")
