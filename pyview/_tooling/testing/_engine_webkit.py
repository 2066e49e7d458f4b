"""The ``webkit`` engine of :mod:`pyview._tooling.testing._engine`: Selenium, WebKitWebDriver and the packaged
MiniBrowser.

WebKitGTK needs a display: unless ``$PYVIEW_WEBKIT_DISPLAY`` names one, the engine starts its own ``Xvfb`` on a free
display number and stops it on close. Binaries: ``$PYVIEW_WEBKIT_DRIVER`` (else ``WebKitWebDriver``),
``$PYVIEW_MINIBROWSER`` (else the MiniBrowser of ``libwebkit2gtk-4.1``), ``Xvfb``; Debian:
``apt-get install webkit2gtk-driver xvfb``. Selenium is given the driver's path, so Selenium Manager never runs.
"""

from __future__ import annotations

import glob
import os
import subprocess
import time
from typing import TYPE_CHECKING, Any

from pyview._tooling.testing._engine import EngineName, EngineNotFound, which

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

HINT = "Install them with: apt-get install -y webkit2gtk-driver xvfb"
_MINIBROWSERS = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"), reverse=True)


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """An ``Xvfb`` on a free display number (``-displayfd``); returns the process and its ``DISPLAY``."""
    xvfb = which("PYVIEW_XVFB", "Xvfb", hint=HINT)
    read, write = os.pipe()
    process = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=[write],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    text = b""
    try:  # read up to the newline: closing the pipe before Xvfb wrote it kills Xvfb (SIGPIPE)
        while not text.endswith(b"\n") and (chunk := os.read(read, 64)):
            text += chunk
    finally:
        os.close(read)
    number = text.decode().strip()
    if not number:
        process.kill()
        raise EngineNotFound(f"Xvfb did not start (exit code {process.wait()}). {HINT}")
    return process, f":{number}"


class WebKitPage:
    """The engine's one window (WebKitWebDriver drives one MiniBrowser); ``close`` leaves it blank."""

    def __init__(self, driver: WebDriver) -> None:
        self.driver = driver

    def _enter(self, view: bool) -> None:
        from selenium.webdriver.common.by import By

        self.driver.switch_to.default_content()
        if view:
            self.driver.switch_to.frame(self.driver.find_element(By.CSS_SELECTOR, "iframe"))

    def goto(self, url: str) -> None:
        self.driver.switch_to.default_content()
        self.driver.get(url)

    def evaluate(self, script: str, arg: object = None, *, view: bool = True) -> Any:
        self._enter(view)
        return self.driver.execute_script(f"return ({script})(arguments[0]);", arg)

    def wait_for(self, script: str, arg: object = None, *, view: bool = True, timeout: float = 30.0) -> Any:
        from selenium.common.exceptions import (
            NoSuchElementException,
            NoSuchFrameException,
            StaleElementReferenceException,
        )

        deadline = time.monotonic() + timeout
        last: object = None
        while True:
            try:
                last = self.evaluate(script, arg, view=view)
                if last:
                    return last
            except (NoSuchElementException, NoSuchFrameException, StaleElementReferenceException) as exc:
                last = exc  # the frame is not (or no longer) there: it is being mounted
            if time.monotonic() > deadline:
                raise TimeoutError(f"not true within {timeout:g} s (last: {last!r:.300}): {script}")
            time.sleep(0.05)

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self._enter(True)
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def close(self) -> None:
        self.goto("about:blank")


class WebKitEngine:
    """WebKitGTK's MiniBrowser in automation mode, driven by Selenium through WebKitWebDriver."""

    name: EngineName = "webkit"

    def __init__(self, driver: WebDriver, xvfb: subprocess.Popen[bytes] | None) -> None:
        self.driver = driver
        self.version = str(driver.capabilities.get("browserVersion", "?"))
        self._xvfb = xvfb

    @classmethod
    def start(cls) -> WebKitEngine:
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError:
            raise EngineNotFound("pyview's WebKit tests need selenium: pip install -e '.[test]'") from None
        driver_path = which("PYVIEW_WEBKIT_DRIVER", "WebKitWebDriver", hint=HINT)
        options = Options()
        options.binary_location = which("PYVIEW_MINIBROWSER", *_MINIBROWSERS, "MiniBrowser", hint=HINT)
        options.add_argument("--automation")
        display = os.environ.get("PYVIEW_WEBKIT_DISPLAY")
        xvfb = None
        if not display:
            xvfb, display = start_xvfb()
        env = {**os.environ, "DISPLAY": display}
        try:
            driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=driver_path, env=env))
        except BaseException:
            if xvfb is not None:
                xvfb.kill()
            raise
        driver.set_script_timeout(120)
        return cls(driver, xvfb)

    def new_page(self) -> WebKitPage:
        return WebKitPage(self.driver)

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            if self._xvfb is not None:
                self._xvfb.terminate()
                self._xvfb.wait(10)
