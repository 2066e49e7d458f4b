"""A View mounted under the Python host in headless Chromium, driven from a synchronous test."""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from pyview._tooling.host._backend import Backend
from pyview._tooling.host._host import Host
from pyview._tooling.host._profiles import Profile
from pyview._tooling.testing._server import HostServer

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage, Error, Frame, FrameLocator, Keyboard, Locator, Page

    from pyview._tooling.host._relay import RelaySession
    from pyview._tooling.testing._a11y import AxeReport
    from pyview._tooling.testing._tabs import Tabs

ERROR_LEVELS = ("error", "critical", "alert", "emergency")


class SyncHost:
    """The :class:`~pyview.host.Host` of a mounted View, from the test's thread.

    Attributes are read as snapshots (``view.host.model_context``, ``.messages``, ``.logs``, ``.traffic``...);
    the methods below wait on the host's loop.
    """

    def __init__(self, server: HostServer, host: Host) -> None:
        self._server = server
        self._host = host

    def __getattr__(self, name: str) -> Any:
        return self._server.call(lambda: copy.deepcopy(getattr(self._host, name)))

    def next_request(self, method: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next request (or notification) with ``method`` the View sent, waiting up to ``timeout`` s."""
        return self._server.run(self._host.next_request(method, timeout=timeout), timeout + 5)

    def teardown(self, reason: str | None = None, timeout: float = 10.0) -> None:
        """Send ``ui/resource-teardown`` and wait for the View's answer."""
        self._server.run(self._host.teardown(reason, timeout=timeout), timeout + 5)

    def ping(self, timeout: float = 10.0) -> None:
        """Ping the View."""
        self._server.run(self._host.ping(timeout=timeout), timeout + 5)

    def call_view_tool(self, name: str, arguments: Mapping[str, Any] | None = None) -> Any:
        """Call a tool the View registered."""
        return self._server.run(self._host.call_view_tool(name, arguments))


class HostedView:
    """The host half of a mounted View, the same in every browser: its relay ``session``, its
    :class:`~pyview.host.Host` (as ``host``, a :class:`SyncHost`) and what the host sends it."""

    def __init__(self, server: HostServer, session: RelaySession, host: Host) -> None:
        self.server = server
        self.session = session
        self.host = SyncHost(server, host)
        self._host = host

    def send_tool_input(self, arguments: Mapping[str, Any] | None = None) -> None:
        """Deliver ``ui/notifications/tool-input`` (queued until the View is initialized)."""
        self.server.call(self._host.send_tool_input, arguments)

    def send_tool_input_partial(self, arguments: Mapping[str, Any] | None = None) -> None:
        """Deliver ``ui/notifications/tool-input-partial``."""
        self.server.call(self._host.send_tool_input_partial, arguments)

    def send_tool_result(self, result: object) -> None:
        """Deliver ``ui/notifications/tool-result`` (a ``CallToolResult`` dict, text, or structured value)."""
        self.server.call(self._host.send_tool_result, result)

    def send_tool_cancelled(self, reason: str | None = None) -> None:
        """Deliver ``ui/notifications/tool-cancelled``."""
        self.server.call(self._host.send_tool_cancelled, reason)

    def set_host_context(self, changes: Mapping[str, Any] | None = None, /, **more: Any) -> dict[str, Any]:
        """Change the host context; the View gets only the difference. Returns it."""
        return self.server.call(self._host.set_host_context, changes, **more)

    def failures(self) -> list[str]:
        """Error-level logs the View sent the host (an error panel, a Python traceback)."""
        return self.server.call(lambda: [_describe(log) for log in self._host.logs if log.get("level") in ERROR_LEVELS])

    def _close_session(self) -> None:
        self.server.call(self.server.hub.close, self.session.id)


class MountedView(HostedView):
    """A View running in a sandboxed frame of a Chromium page, served by a Python host.

    Examples:
        >>> view = mount_view("views/counter.py", tools={"increment": lambda a: {"n": a["n"] + 1}})  # doctest: +SKIP
        >>> view.send_tool_result({"n": 1})  # doctest: +SKIP
        >>> view.locator("#count").wait_for()  # doctest: +SKIP
        >>> view.host.next_request("tools/call")["params"]["name"]  # doctest: +SKIP
        'increment'
    """

    def __init__(
        self, server: HostServer, session: RelaySession, host: Host, page: Page, tabs: Tabs | None = None
    ) -> None:
        super().__init__(server, session, host)
        self._page = page
        self._tabs = tabs
        self._lent = False  # the test used the page itself: it may hold what the next test must not inherit
        self.allow_errors = False
        """Set to True to let this test pass with console errors or a Python traceback in the View."""
        self.console: list[ConsoleMessage] = []
        self.page_errors: list[Error] = []
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)

    def _on_console(self, message: ConsoleMessage) -> None:
        self.console.append(message)

    def _on_page_error(self, error: Error) -> None:
        self.page_errors.append(error)

    @property
    def page(self) -> Page:
        """The Playwright page that hosts the View (a tab of its own: the next test gets a new one)."""
        self._lent = True
        return self._page

    # -- the page and the frame ------------------------------------------------------------------------------

    @property
    def frame(self) -> Frame:
        """The View's frame (waits up to 10 s for it to be attached)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for frame in self._page.main_frame.child_frames:
                return frame
            self._page.wait_for_timeout(20)
        raise TimeoutError("the View's frame was never attached")

    @property
    def frame_element(self) -> Locator:
        """The View's ``<iframe>`` in the host page, e.g. ``view.frame_element.focus()``."""
        return self._page.locator("iframe")

    @property
    def keyboard(self) -> Keyboard:
        """The page's keyboard: ``view.keyboard.press("Tab")`` types into whatever has focus, as a user would."""
        return self._page.keyboard

    @property
    def frame_locator(self) -> FrameLocator:
        """A Playwright ``FrameLocator`` for the View's iframe (follows a re-mounted frame)."""
        return self._page.frame_locator("iframe")

    def locator(self, selector: str, *, has_text: str | re.Pattern[str] | None = None) -> Locator:
        """A Playwright locator inside the View, e.g. ``view.locator("button", has_text="Save")``."""
        return self.frame_locator.locator(selector, has_text=has_text)

    def screenshot(self, path: str | None = None) -> bytes:
        """A PNG of the View's frame as it settled (also written to ``path`` if given): see
        :func:`~pyview._tooling.testing._screenshots.settled_screenshot` (animations finished, caret hidden)."""
        from pyview._tooling.testing._screenshots import settled_screenshot

        return settled_screenshot(self.frame_element, path)

    # -- waiting and checking ----------------------------------------------------------------------------------

    def wait_handshake(self, timeout: float = 60.0) -> None:
        """Wait until the View completed the ``ui/initialize`` handshake (phase 1).

        The boot shim makes the handshake itself, seconds before Python is up: a View past this phase may not yet
        render what the host sends. Most tests want :meth:`wait_ready`.
        """
        self._wait(lambda: bool(self.server.call(lambda: self._host.initialized)), "complete the handshake", timeout)

    def wait_python(self, timeout: float = 60.0) -> None:
        """Wait until Python runs in the View (phase 2: the runtime is loaded; the View is being imported)."""
        self._wait(lambda: "python" in (self._marks() or {}), "start Python", timeout)

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait until the View is live: handshake done, Python running, and the first render after connecting done
        (phase 3). What the host sends from then on is rendered as soon as it arrives; what the user does is handled.

        Raises at once if the View reported a failure instead (a boot panel or a Python traceback).
        """
        self.wait_handshake(timeout)
        # A View without pyview's boot shim (hand-written JS) is live once its handshake is done.
        self._wait(self._live, "become live (Python up, first render done)", timeout)

    def _marks(self) -> dict[str, float] | None:
        """The boot shim's marks; ``None`` for a View without pyview's shim (a hand-written JS View)."""
        from playwright.sync_api import Error as PlaywrightError

        try:
            marks: dict[str, float] | None = self.frame.evaluate(
                "() => globalThis.pyviewBoot ? pyviewBoot.marks : null"
            )
        except PlaywrightError:  # the frame is navigating or being replaced: no marks yet
            return {}
        return marks

    def _live(self) -> bool:
        marks = self._marks()
        return marks is None or "live" in marks  # without the shim, the handshake was the last step

    def _wait(self, done: Callable[[], bool], what: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if done():
                return
            failures = self.failures()
            if failures:
                raise AssertionError("the View failed to start:\n" + "\n".join(failures))
            # lets Playwright process events (time.sleep would not); each check costs the busy machine a round trip
            self._page.wait_for_timeout(100)
        raise TimeoutError(f"the View did not {what} within {timeout:g} s")

    def next_request(self, method: str, timeout: float = 10.0) -> dict[str, Any]:
        """Shortcut for ``view.host.next_request(method)``."""
        return self.host.next_request(method, timeout)

    def wait_for_log(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 60.0) -> dict[str, Any]:
        """The first ``notifications/message`` entry the host got (``{"level", "logger", "data"}``) for which
        ``predicate`` is true, waiting for it: a View may log after what it shows, e.g.
        ``view.wait_for_log(lambda log: "exploded" in str(log["data"]))``."""
        deadline = time.monotonic() + timeout
        while True:
            logs = self.host.logs
            for entry in logs:
                if predicate(entry):
                    return dict(entry)
            if time.monotonic() > deadline:
                raise TimeoutError(f"the View logged no such entry within {timeout:g} s; the host got {logs}")
            self._page.wait_for_timeout(100)

    def check_accessibility(self, **options: Any) -> AxeReport:
        """axe-core over the View as it is now (see :func:`pyview.testing.check_accessibility`), e.g.
        ``view.check_accessibility().assert_accessible()``."""
        from pyview._tooling.testing._a11y import check_accessibility

        return check_accessibility(self.frame, **options)

    def error_panel(self) -> dict[str, str] | None:
        """The boot error panel's kind, title and text, or ``None``."""
        result: dict[str, str] | None = self.frame.evaluate(
            """() => { const p = document.getElementById("pyview-error");
                return p && {kind: p.dataset.kind, title: p.querySelector("h2").textContent, text: p.innerText}; }"""
        )
        return result

    def errors(self) -> list[str]:
        """Console errors, uncaught page errors, and error logs the View sent the host (a Python traceback)."""
        if not self._page.is_closed():
            self._page.wait_for_timeout(1)  # let Playwright deliver pending console events
        found = [f"console error: {m.text}" for m in self.console if m.type == "error"]
        found += [f"uncaught: {e.message}" for e in self.page_errors]
        found += [f"View log: {text}" for text in self.failures()]
        return found

    def close(self) -> None:
        """Close the page (or give its tab back) and the host session."""
        if self._tabs is not None:
            self._page.remove_listener("console", self._on_console)
            self._page.remove_listener("pageerror", self._on_page_error)
            self._tabs.give_back(self._page, reuse=not self._lent)
        elif not self._page.is_closed():
            self._page.context.close()
        self._close_session()


class SessionOptions(TypedDict, total=False):
    """How :func:`open_session` (and ``mount``, ``mount_view``, ``EngineView.mount``) sets a View's host up.

    ``backend``, ``profile``, ``host_context``, ``tool`` and ``ui_meta`` go to the :class:`~pyview.host.Host`
    (its defaults: no backend, the ``"full"`` profile); ``allow_wasm`` (default True) lets the frame's CSP run
    WebAssembly.
    """

    backend: Backend | None
    profile: Profile
    host_context: Mapping[str, Any] | None
    tool: Mapping[str, Any] | None
    ui_meta: Mapping[str, Any] | None
    allow_wasm: bool


def mount(
    server: HostServer, page: Page, html: str, *, tabs: Tabs | None = None, **options: Unpack[SessionOptions]
) -> MountedView:
    """Mount ``html`` under a new :class:`~pyview.host.Host` on a fresh relay page; see ``mount_view``. With
    ``tabs``, closing the handle gives ``page`` back to them (unless the test used ``handle.page``)."""
    session, host = open_session(server, html, **options)
    handle = MountedView(server, session, host, page, tabs)
    page.goto(f"{server.url}{session.base}/")
    return handle


def open_session(server: HostServer, html: str, **options: Unpack[SessionOptions]) -> tuple[RelaySession, Host]:
    """A relay session showing ``html`` under a new :class:`~pyview.host.Host`; its page is at
    ``server.url + session.base + "/"`` (any browser engine may open it)."""
    meta = dict(options.get("ui_meta") or {})

    def create() -> tuple[RelaySession, Host]:
        host = Host(
            options.get("backend"), profile=options.get("profile", "full"), host_context=options.get("host_context"),
            tool=options.get("tool"), ui_meta=meta,
        )  # fmt: skip
        session = server.hub.create()
        allow_wasm = options.get("allow_wasm", True)
        session.mount(
            html, host, ui_csp=meta.get("csp"), allow_wasm=allow_wasm, prefers_border=bool(meta.get("prefersBorder"))
        )
        return session, host

    return server.call(create)


def _describe(log: Mapping[str, Any]) -> str:
    data = log.get("data")
    if isinstance(data, Mapping):
        parts = [str(data.get(key)) for key in ("title", "detail") if data.get(key)]
        return "\n".join(parts) or str(dict(data))
    return str(data)
