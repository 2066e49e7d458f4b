"""Finding and launching the machine's Chromium for Playwright (Playwright's own browser download is never used)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

# flags for a quiet, reproducible headless browser on a machine with no outside network
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
# Below this much free space in /dev/shm, Chromium keeps its shared memory in /tmp instead: a renderer that cannot
# get shared memory crashes ("Page crashed") even with RAM to spare. Debian's launcher means to do the same
# (/etc/chromium.d/dev-shm), but its check breaks when /dev/shm is mounted twice, as in some containers.
SMALL_DEV_SHM = 4 * 1024**3
_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL_HINT = "Install it with: apt-get install -y chromium   (or set PYVIEW_CHROMIUM to a Chromium/Chrome binary)"


class ChromiumNotFound(RuntimeError):
    """No Chromium binary was found; the message gives the install command."""


def chromium_executable() -> str:
    """The Chromium binary: ``$PYVIEW_CHROMIUM``, else chromium, chromium-browser or google-chrome on PATH."""
    explicit = os.environ.get("PYVIEW_CHROMIUM")
    if explicit:
        if not Path(explicit).is_file():
            raise ChromiumNotFound(f"PYVIEW_CHROMIUM={explicit} is not a file. {INSTALL_HINT}")
        return explicit
    for name in _CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    raise ChromiumNotFound(f"pyview's browser tests need Chromium, and none was found. {INSTALL_HINT}")


def launch_chromium(playwright: Playwright) -> Browser:
    """Launch headless Chromium; Playwright gives every launch a fresh, temporary ``--user-data-dir``.

    Example:
        >>> from playwright.sync_api import sync_playwright
        >>> with sync_playwright() as p:  # doctest: +SKIP
        ...     browser = launch_chromium(p)
    """
    return playwright.chromium.launch(executable_path=chromium_executable(), args=chromium_args())


def chromium_args() -> list[str]:
    """:data:`CHROMIUM_ARGS`, plus ``--disable-dev-shm-usage`` where ``/dev/shm`` is small or missing."""
    try:
        stat = os.statvfs("/dev/shm")
        small = stat.f_bavail * stat.f_frsize < SMALL_DEV_SHM
    except OSError:
        small = True
    return [*CHROMIUM_ARGS, "--disable-dev-shm-usage"] if small else list(CHROMIUM_ARGS)
