"""A View mounted under the Python host in any engine's page (:mod:`pyview._tooling.testing._engine`).

The host side is the same as ``mount_view``'s (the relay page served by :class:`HostServer`, the Python
:class:`~pyview.host.Host`); the page side is an :class:`EnginePage`, so one test body runs on every engine:

    >>> view = EngineView.mount(server, engine.new_page(), built.html, backend=backend)  # doctest: +SKIP
    >>> view.wait_ready()  # doctest: +SKIP
    >>> view.send_tool_result({"content": [{"type": "text", "text": "Hello"}]})  # doctest: +SKIP
    >>> view.wait_text("h1", "Hello")  # doctest: +SKIP
    >>> view.click("button")  # doctest: +SKIP
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Unpack

from pyview._tooling.testing._harness import HostedView, SessionOptions, open_session

if TYPE_CHECKING:
    from pyview._tooling.host._host import Host
    from pyview._tooling.host._relay import RelaySession
    from pyview._tooling.testing._engine import EnginePage
    from pyview._tooling.testing._server import HostServer

_TEXT = """([selector, text]) => { const found = document.querySelector(selector);
    return !!found && (text === null || found.textContent.includes(text)); }"""
_PANEL = """() => { const p = document.getElementById("pyview-error");
    return p && {kind: p.dataset.kind, title: p.querySelector("h2").textContent, text: p.textContent}; }"""


class EngineView(HostedView):
    """A View in one engine's page, served by a Python host (see the module's example)."""

    def __init__(self, server: HostServer, session: RelaySession, host: Host, page: EnginePage) -> None:
        super().__init__(server, session, host)
        self.page = page

    @classmethod
    def mount(cls, server: HostServer, page: EnginePage, html: str, **options: Unpack[SessionOptions]) -> EngineView:
        """Mount ``html`` on a fresh relay session and open its page in ``page``."""
        session, host = open_session(server, html, **options)
        view = cls(server, session, host, page)
        page.goto(f"{server.url}{session.base}/")
        return view

    # -- waiting and reading -----------------------------------------------------------------------------------

    def wait_failure(self, timeout: float = 30.0) -> list[str]:
        """Wait until the View reported a failure to the host (its log message travels through the relay)."""
        deadline = time.monotonic() + timeout
        while not (failures := self.failures()):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the View reported no failure within {timeout:g} s")
            time.sleep(0.025)
        return failures

    def wait_ready(self, timeout: float = 90.0) -> None:
        """Wait until the View completed the handshake; raise at once if it reported a failure instead."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.server.call(lambda: self._host.initialized):
                return
            failures = self.failures()
            if failures:
                raise AssertionError("the View failed to start:\n" + "\n".join(failures))
            time.sleep(0.025)
        raise TimeoutError(f"the View did not complete the handshake within {timeout:g} s")

    def wait_text(self, selector: str, text: str | None = None, timeout: float = 90.0) -> None:
        """Wait until the first element matching ``selector`` exists (and contains ``text``)."""
        self.page.wait_for(_TEXT, [selector, text], timeout=timeout)

    def text(self, selector: str) -> str:
        """The text of the first element matching ``selector`` in the View ('' if there is none)."""
        found: str = self.page.evaluate("(s) => document.querySelector(s)?.textContent ?? ''", selector)
        return found

    def count(self, selector: str) -> int:
        """How many elements match ``selector`` in the View."""
        found: int = self.page.evaluate("(s) => document.querySelectorAll(s).length", selector)
        return found

    def click(self, selector: str) -> None:
        """Click the first element matching ``selector`` in the View (the engine's real input)."""
        self.page.click(selector)

    def marks(self) -> dict[str, float]:
        """The boot's timestamps (ms since the epoch), plus ``inserted``: when the relay inserted the frame."""
        marks: dict[str, float] = self.page.evaluate("() => globalThis.pyviewBoot ? pyviewBoot.marks : {}")
        marks["inserted"] = self.page.evaluate("() => window.pyviewInserted", view=False)
        return marks

    def error_panel(self, timeout: float | None = None) -> dict[str, str] | None:
        """The boot error panel's kind, title and text; with ``timeout``, wait up to that long for it first."""
        if timeout is not None:
            panel: dict[str, str] = self.page.wait_for(_PANEL, timeout=timeout)
            return panel
        found: dict[str, str] | None = self.page.evaluate(_PANEL)
        return found

    def close(self) -> None:
        """Blank the page and close the host session."""
        self.page.close()
        self._close_session()
