"""Testing Views in a real browser (CPython only): headless Chromium driven by Playwright.

The pytest plugin (:mod:`pyview.testing.plugin`, loaded automatically) gives tests the ``mount_view`` fixture;
see docs/testing.md. :func:`run` runs a View under the real App and Host without a browser (``async with
run(view, server=...) as pilot``).
"""

from __future__ import annotations

from pyview._lazy import claim
from pyview.testing._chromium import CHROMIUM_ARGS, ChromiumNotFound, chromium_executable, launch_chromium
from pyview.testing._depths import ChromiumPilot, InProcessPilot, SyncPilot
from pyview.testing._harness import MountedView, SyncHost, mount
from pyview.testing._pilot import Pilot, run
from pyview.testing._sandbox import SandboxedView, with_csp
from pyview.testing._server import HostServer, serving

__all__ = [
    "CHROMIUM_ARGS",
    "ChromiumNotFound",
    "ChromiumPilot",
    "HostServer",
    "InProcessPilot",
    "MountedView",
    "Pilot",
    "SandboxedView",
    "SyncHost",
    "SyncPilot",
    "chromium_executable",
    "launch_chromium",
    "mount",
    "run",
    "serving",
    "with_csp",
]

claim(__name__, [globals()[name] for name in __all__])  # public classes report pyview.testing
