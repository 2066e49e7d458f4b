"""Browser tabs that tests borrow and give back.

Why: a View mounted in a new browser context costs Chromium several new renderer processes (the host page, the
host's frames, the spare it keeps warm) on top of the View's own frame; in a tab that showed another page before, only
the View's frame is new. On a two-core machine that is a large part of a browser test (bench/harness_tabs.py). A tab
is taken back only when nothing the test set on it can outlive the test: the lender says so (``reuse=False`` after
``expose_function``, ``add_init_script`` or listeners of its own), and the tab's routes go and it is navigated to an
empty page before the next test gets it.

The empty page is served from loopback, not ``about:blank``: a tab navigated to ``about:blank`` is a context that is
not secure, and Chromium's Private Network Access then refuses its requests to loopback servers (a document a test
fetches into the page), which a new tab's first ``about:blank`` may still make.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

# Playwright's own default for a new context: a reused tab starts from the same size as a new one
DEFAULT_VIEWPORT: ViewportSize = {"width": 1280, "height": 720}
EMPTY_PAGE = "<!doctype html><title>pyview: a tab between tests</title>"


class Tabs:
    """The tabs of one browser that mounts share: :meth:`take` one, :meth:`give_back` it when the test ends.

    Example:
        >>> tabs = Tabs(browser)  # doctest: +SKIP
        >>> page = tabs.take({"width": 800, "height": 900})  # doctest: +SKIP
        >>> page.goto(url)  # doctest: +SKIP
        >>> tabs.give_back(page)  # doctest: +SKIP
    """

    def __init__(self, browser: Browser, *, keep: int = 2) -> None:
        self._browser = browser
        self._keep = keep
        self._parked: list[Page] = []

    def take(self, viewport: ViewportSize | None = None) -> Page:
        """A tab showing an empty page in a context of its own, ``viewport`` in size (Playwright's default size
        if not given): one given back earlier, else a new one."""
        size = viewport or DEFAULT_VIEWPORT
        while self._parked:
            page = self._parked.pop()
            if not page.is_closed():
                page.set_viewport_size(size)
                return page
        return self._browser.new_context(viewport=size).new_page()

    def give_back(self, page: Page, *, reuse: bool = True) -> None:
        """End a test's use of ``page``: kept for the next :meth:`take` when ``reuse`` and it is its context's only
        tab, else its context is closed. ``reuse=False`` for a tab that holds what a navigation does not clear:
        bindings (``expose_function``), init scripts, or listeners the caller cannot remove."""
        from playwright.sync_api import Error

        from pyview._tooling.testing._documents import document_url

        context = page.context
        if reuse and len(self._parked) < self._keep and not page.is_closed() and context.pages == [page]:
            try:
                page.unroute_all(behavior="ignoreErrors")
                page.goto(document_url(EMPTY_PAGE))
            except Error:
                pass
            else:
                self._parked.append(page)
                return
        with contextlib.suppress(Error):  # the browser is already gone (the session is ending)
            context.close()

    def close(self) -> None:
        """Close the tabs kept for reuse."""
        while self._parked:
            self.give_back(self._parked.pop(), reuse=False)
