"""One synchronous test body at two depths: in process (:func:`pyview.testing.run`) or in Chromium (``mount_view``).

The ``view_pilot`` fixture (see :mod:`pyview._tooling.testing.plugin`) is parametrised over both: a test written once
against :class:`SyncPilot`'s methods runs under the real App, host and server in CPython in milliseconds, and again as
the built document with Pyodide in a sandboxed frame of headless Chromium.

Example:
    >>> def test_greets(view_pilot):  # doctest: +SKIP
    ...     pilot = view_pilot("hello_view.py", server=server)
    ...     pilot.call_tool("greet", {"name": "Ada"})
    ...     assert pilot.text_of("h1") == "Hello, Ada!"
    ...     pilot.click("Again")
    ...     assert pilot.text_of("h1") == "Hello, again!"
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from pyview._core.app._types import ToolResult
from pyview._tooling.host._backend import tool_result
from pyview._tooling.testing._loop_thread import LoopThread

if TYPE_CHECKING:
    from pyview._tooling.testing._harness import MountedView
    from pyview._tooling.testing._pilot import Pilot
    from pyview._tooling.testing._server import HostServer

T = TypeVar("T")

# Python in the page: is every mounted View's root quiet (no render pending, no handler task running)?
_QUIET = """
import sys
from pyview.components import View
_roots = [v.root for m in list(sys.modules.values()) for v in [getattr(m, "view", None)]
          if isinstance(v, View) and v.root is not None]
bool(_roots) and all(not (r.tasks or r.scheduled or r.dirty) for r in _roots)
"""


class SyncPilot:
    """What a depth-independent test uses: ``call_tool``, ``send_tool_result``, ``click``, ``type``, ``text_of``,
    ``text``, ``requests`` (the View's requests to the host). Every action returns when the View is quiet."""

    depth = ""

    def call_tool(self, name: str, arguments: Mapping[str, Any] | None = None) -> ToolResult:
        raise NotImplementedError

    def send_tool_result(self, result: object) -> None:
        raise NotImplementedError

    def click(self, target: str) -> None:
        raise NotImplementedError

    def type(self, target: str, text: str) -> None:
        raise NotImplementedError

    def text_of(self, selector: str) -> str:
        """The text of the first element matching the CSS ``selector``, whitespace collapsed."""
        raise NotImplementedError

    @property
    def text(self) -> str:
        raise NotImplementedError

    @property
    def requests(self) -> list[dict[str, Any]]:
        raise NotImplementedError


class InProcessPilot(SyncPilot):
    """:class:`~pyview.testing.Pilot` driven from a synchronous test: its event loop runs in a thread."""

    depth = "python"

    def __init__(self, view: object, **options: Any) -> None:
        from pyview._tooling.testing._pilot import run

        self._runner = LoopThread("pyview-pilot")
        self._stack = contextlib.AsyncExitStack()
        self.pilot: Pilot = self._run(self._stack.enter_async_context(run(view, **options)))

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self._runner.run(coro)

    def _call(self, fn: Callable[[], T]) -> T:
        async def call() -> T:
            return fn()

        return self._run(call())

    def call_tool(self, name: str, arguments: Mapping[str, Any] | None = None) -> ToolResult:
        return self._run(self.pilot.call_tool(name, arguments))

    def send_tool_result(self, result: object) -> None:
        self._run(self.pilot.send_tool_result(result))

    def click(self, target: str) -> None:
        self._run(self.pilot.click(target))

    def type(self, target: str, text: str) -> None:
        self._run(self.pilot.type(target, text))

    def text_of(self, selector: str) -> str:
        return self._call(lambda: " ".join(self.pilot.find(selector).text.split()))

    @property
    def text(self) -> str:
        return self._call(lambda: self.pilot.text)

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self._call(lambda: self.pilot.host.requests)

    def close(self) -> None:
        try:
            self._run(self._stack.aclose())
        finally:
            self._runner.close()


class ChromiumPilot(SyncPilot):
    """The same methods over a View mounted in Chromium (a ``mount_view`` handle)."""

    depth = "chromium"

    def __init__(self, handle: MountedView, server: HostServer) -> None:
        self.handle = handle
        self.server = server

    def settle(self) -> None:
        """Wait until the View handled what was sent (a ping answered after it) and Python is quiet."""
        self.handle.host.ping()
        self.handle.frame.wait_for_function(f"() => pyviewPyodide.runPython({_QUIET!r})", timeout=60_000)

    def _locate(self, target: str) -> Any:
        frame = self.handle.frame_locator
        for locator in (
            frame.get_by_text(target, exact=True),
            frame.get_by_label(target, exact=True),
            frame.get_by_role(target),  # type: ignore[arg-type]
        ):
            with contextlib.suppress(Exception):
                if locator.count():
                    return locator.first
        return frame.locator(target).first

    def call_tool(self, name: str, arguments: Mapping[str, Any] | None = None) -> ToolResult:
        args = dict(arguments or {})
        self.handle.send_tool_input(args)
        backend = self.handle._host.backend
        if backend is None:
            raise RuntimeError("call_tool needs a server= or tools= behind the host")
        result = self.server.run(backend.call_tool(name, args))
        self.handle.send_tool_result(result)
        self.settle()
        return ToolResult(tool_result(result))

    def send_tool_result(self, result: object) -> None:
        self.handle.send_tool_result(result)
        self.settle()

    def click(self, target: str) -> None:
        self._locate(target).click()
        self.settle()

    def type(self, target: str, text: str) -> None:
        self._locate(target).fill(text)
        self.settle()

    def text_of(self, selector: str) -> str:
        return " ".join(self.handle.locator(selector).first.inner_text().split())

    @property
    def text(self) -> str:
        return " ".join(self.handle.locator("#pyview-root").inner_text().split())

    @property
    def requests(self) -> list[dict[str, Any]]:
        requests: list[dict[str, Any]] = self.handle.host.requests
        return requests
