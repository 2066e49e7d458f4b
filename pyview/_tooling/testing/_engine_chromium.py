"""The ``chromium`` engine of :mod:`pyview._tooling.testing._engine`: Playwright and the machine's Chromium."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from pyview._tooling.testing._engine import EngineName, EngineNotFound

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Frame, Page, Playwright


class ChromiumPage:
    """A Playwright page in its own browser context."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.page: Page = context.new_page()

    def _target(self, view: bool) -> Frame:
        if not view:
            return self.page.main_frame
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for frame in self.page.main_frame.child_frames:
                if not frame.is_detached():
                    return frame
            self.page.wait_for_timeout(25)  # lets Playwright process frame events (time.sleep would not)
        raise TimeoutError("the View's frame was never attached")

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def evaluate(self, script: str, arg: object = None, *, view: bool = True) -> Any:
        return self._target(view).evaluate(script, arg)

    def wait_for(self, script: str, arg: object = None, *, view: bool = True, timeout: float = 30.0) -> Any:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            handle = self._target(view).wait_for_function(script, arg=arg, timeout=timeout * 1000, polling=50)
        except PlaywrightTimeout:
            raise TimeoutError(f"not true within {timeout:g} s: {script}") from None
        return handle.json_value()

    def click(self, selector: str) -> None:
        self._target(True).locator(selector).first.click()

    def close(self) -> None:
        self.context.close()


class ChromiumEngine:
    """Chromium through Playwright; ``start(browser)`` reuses a running Playwright ``Browser`` (one sync Playwright
    per process: the pytest plugin's ``pyview_browser``), else starts its own."""

    name: EngineName = "chromium"

    def __init__(self, browser: Browser, playwright: Playwright | None) -> None:
        self.browser = browser
        self.version = browser.version
        self._playwright = playwright

    @classmethod
    def start(cls, browser: Browser | None = None) -> ChromiumEngine:
        if browser is not None:
            return cls(browser, None)
        from playwright.sync_api import sync_playwright

        from pyview._tooling.testing._chromium import ChromiumNotFound, launch_chromium

        playwright = sync_playwright().start()
        try:
            return cls(launch_chromium(playwright), playwright)
        except ChromiumNotFound as exc:
            playwright.stop()
            raise EngineNotFound(str(exc)) from None
        except BaseException:
            playwright.stop()
            raise

    def new_page(self) -> ChromiumPage:
        return ChromiumPage(self.browser.new_context(viewport={"width": 900, "height": 900}))

    def close(self) -> None:
        if self._playwright is not None:  # only what this engine started
            self.browser.close()
            self._playwright.stop()
