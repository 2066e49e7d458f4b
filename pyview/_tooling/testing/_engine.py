"""One small driver abstraction over the three browser engines hosts run Views on.

- ``chromium``: Playwright driving the machine's Chromium (``executable_path``, the flags in ``CHROMIUM_ARGS``);
- ``firefox``: puppeteer-core over WebDriver BiDi driving the machine's Firefox ESR, from a small Node script;
- ``webkit``: Selenium's ``WebKitGTK`` driving WebKitWebDriver and the packaged MiniBrowser, on an Xvfb display.

None of them ever downloads a browser or a driver: they come from Debian (``scripts/install.sh``). A test body written
against :class:`EnginePage` runs unchanged on all three:

    >>> with launch_engine("firefox") as engine:  # doctest: +SKIP
    ...     page = engine.new_page()
    ...     page.goto(url_of_a_relay_page)
    ...     page.wait_for("() => document.querySelector('h1')?.textContent")
    ...     page.click("button")

Scripts are the source of a JavaScript function of one JSON argument; ``view=True`` (the default) runs them in the
View's frame, the first ``<iframe>`` of the host page, ``view=False`` in the page itself.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from playwright.sync_api import Browser

EngineName = Literal["chromium", "firefox", "webkit"]
ENGINES: tuple[EngineName, ...] = ("chromium", "firefox", "webkit")


class EngineNotFound(RuntimeError):
    """An engine's browser, driver or automation library is missing; the message says how to install it."""


class EnginePage(Protocol):
    """A host page in one engine, and the View's frame inside it."""

    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its ``load`` event."""

    def evaluate(self, script: str, arg: object = None, *, view: bool = True) -> Any:
        """Call the JS function ``script`` with ``arg`` (JSON) and return its (awaited, JSON) result."""

    def wait_for(self, script: str, arg: object = None, *, view: bool = True, timeout: float = 30.0) -> Any:
        """Call ``script`` until it returns a truthy value and return that; ``TimeoutError`` after ``timeout`` s."""

    def click(self, selector: str) -> None:
        """Click the first element matching the CSS ``selector`` in the View, with the engine's real input."""

    def close(self) -> None:
        """Close the page (the engine stays up)."""


class Engine(Protocol):
    """A running browser of one engine."""

    name: EngineName
    version: str

    def new_page(self) -> EnginePage:
        """A fresh, blank page."""

    def close(self) -> None:
        """Quit the browser and its driver."""


def which(env: str, *names: str, hint: str) -> str:
    """``$env`` if set (it must be a file), else the first of ``names`` that is a file or on ``PATH``.

    Example:
        >>> which("PYVIEW_NO_SUCH_VAR", "sh", hint="apt-get install dash").endswith("sh")
        True
    """
    explicit = os.environ.get(env)
    if explicit:
        if not os.path.isfile(explicit):
            raise EngineNotFound(f"{env}={explicit} is not a file. {hint}")
        return explicit
    for name in names:
        found = name if os.path.isabs(name) and os.path.isfile(name) else shutil.which(name)
        if found:
            return found
    raise EngineNotFound(f"none of {', '.join(names)} was found. {hint}")


@contextmanager
def launch_engine(name: EngineName, *, browser: Browser | None = None) -> Iterator[Engine]:
    """Start one engine (for ``chromium``, ``browser`` reuses a running Playwright Chromium) and quit it after."""
    engine = open_engine(name, browser=browser)
    try:
        yield engine
    finally:
        engine.close()


def open_engine(name: EngineName, *, browser: Browser | None = None) -> Engine:
    """Start one engine; the caller closes it. Raises :class:`EngineNotFound` with the install command."""
    if name == "chromium":
        from pyview._tooling.testing._engine_chromium import ChromiumEngine

        return ChromiumEngine.start(browser)
    if name == "firefox":
        from pyview._tooling.testing._engine_firefox import FirefoxEngine

        return FirefoxEngine.start()
    if name == "webkit":
        from pyview._tooling.testing._engine_webkit import WebKitEngine

        return WebKitEngine.start()
    raise ValueError(f"unknown engine {name!r}: choose one of {', '.join(ENGINES)}")
