"""``pyview.testing.run``: a View under the real App, the real Python Host and real server tools, no browser.

The View's own :class:`~pyview.app.App` does the ``ui/initialize`` handshake with a :class:`~pyview.host.Host`
over an in-memory link on the test's event loop; the Host forwards the View's server requests to an MCP server
(an ``MCPServer`` object in process, a server file run over stdio, a URL) or to scripted tools. The View renders
into a model DOM built from the same patch stream dom.js applies, so ``pilot.click("Again")`` runs the real
handler and ``pilot.call_tool("greet", {...})`` does what a host does when the model calls the tool.

Example:
    >>> async def test_hello():  # doctest: +SKIP
    ...     async with run("hello_view.py", server="server.py") as pilot:
    ...         await pilot.call_tool("greet", {"name": "Ada"})
    ...         assert pilot.find("h1").text == "Hello, Ada!"
    ...         await pilot.click("Again")
    ...         assert pilot.host.requests[-1]["params"]["name"] == "greet"
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import types
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyview._core.app._app import App
from pyview._core.app._session import AppSession
from pyview._core.app._transport import memory_transport_pair
from pyview._core.app._types import ToolResult
from pyview._core.components._root import Root
from pyview._core.components._use_view_state import forget_state_client
from pyview._core.components._view import View, app_tree, as_node
from pyview._tooling.host._backend import Backend, ScriptedBackend, tool_result
from pyview._tooling.host._host import Host
from pyview._tooling.host._mcp import McpBackend
from pyview._tooling.host._profiles import Profile
from pyview._tooling.testing._minidom import MElement, MiniDom
from pyview._tooling.testing._screen import Screen

__all__ = ["Pilot", "run"]


class _LiveScreen(Screen):
    """A :class:`Screen` on the running loop: acting renders at once; :meth:`Pilot.settle` waits for tasks."""

    def __init__(self, node: object, app: object) -> None:  # no own loop: the test's loop runs everything
        self.dom = MiniDom(None)
        self.patches = []
        self.reported = []
        self.check = True
        self.app = app
        self.root = Root(self._apply, on_error=lambda exc, where: self.reported.append((exc, where)))
        self.root.loop = asyncio.get_running_loop()
        self.dom.dispatcher = self.root.dispatch
        self.root.mount(app_tree(self.root, node, app))
        self.flush_now()

    def settle(self, timeout: float = 2.0) -> None:
        self.flush_now()

    def flush(self) -> None:
        self.flush_now()

    def flush_now(self) -> None:
        if self.root.scheduled or self.root.dirty:
            self.root.flush()
        self.verify()

    def close(self) -> None:
        pass


@dataclass(eq=False, repr=False)  # a live harness: compared by identity, its parts' reprs are noise
class Pilot:
    """Drives a View run by :func:`run`: call tools as the model would, click, type, read the DOM and the host.

    Every acting method returns once the View is quiet again: renders done, effects run, handler tasks (and the
    server calls they made) finished.

    Attributes:
        app: the View's App (connected to :attr:`host`).
        host: the :class:`~pyview.host.Host`; ``host.requests`` lists what the View asked it, in order.
        view: the :class:`~pyview.components.View` under test.
    """

    view: View
    app: App
    host: Host
    screen: _LiveScreen
    timeout: float
    allow_errors: bool = field(default=False, init=False)

    # -- reading ---------------------------------------------------------------------------------------------
    @property
    def html(self) -> str:
        """The rendered HTML inside ``#pyview-root``."""
        return self.screen.html

    @property
    def text(self) -> str:
        """All rendered text, whitespace collapsed."""
        return self.screen.text

    @property
    def errors(self) -> list[BaseException]:
        """Errors the View reported (render, handler, effect); any left at the end fail the test."""
        return self.screen.errors

    def find_all(self, selector: str | None = None, **criteria: Any) -> list[MElement]:
        """Elements by CSS selector and ``text=``, ``role=``, ``name=`` (accessible name), ``test_id=``."""
        return self.screen.find_all(selector, **criteria)

    def find(self, selector: str | None = None, **criteria: Any) -> MElement:
        """The first match of :meth:`find_all`; ``LookupError`` (showing the HTML) if there is none."""
        return self.screen.find(selector, **criteria)

    def query(self, selector: str | None = None, **criteria: Any) -> MElement | None:
        """The first match, or None."""
        return self.screen.query(selector, **criteria)

    def target(self, what: MElement | str) -> MElement:
        """An element by its text, its accessible name (label, ``aria-label``), a role, or a CSS selector."""
        if isinstance(what, MElement):
            return what
        screen = self.screen
        found = screen.query(text=what) or screen.query(name=what)
        if found is None and what.isalpha():
            found = screen.query(role=what)
        found = found or screen.find(what)
        if found.tag == "label":  # a label stands for its control, as a click on it does in a browser
            control = found.attrs.get("for")
            inner = screen.query(f"#{control}") if control else None
            inner = inner or next((n for n in found.walk() if n.tag in ("input", "select", "textarea")), None)
            return inner or found
        return found

    # -- acting ----------------------------------------------------------------------------------------------
    async def click(self, target: MElement | str, *, settle: bool = True) -> None:
        """Click an element given by text, label, role or selector (checkboxes toggle, forms submit).

        ``settle=False`` returns once the click's render is done, without waiting for the tasks it started
        (to see a pending state)."""
        self.screen.click(self.target(target))
        if settle:
            await self.settle()
        else:
            await asyncio.sleep(0)
            self.screen.flush_now()

    async def type(self, target: MElement | str, text: str, *, clear: bool = True) -> None:
        """Type ``text`` into an input or textarea given by label, placeholder-free selector, or element."""
        self.screen.type(self.target(target), text, clear=clear)
        await self.settle()

    async def select(self, target: MElement | str, value: str) -> None:
        """Choose ``value`` in a select."""
        self.screen.select(self.target(target), value)
        await self.settle()

    async def press(self, target: MElement | str, key: str, **modifiers: bool) -> None:
        """Press a key on an element (``keydown`` then ``keyup``)."""
        self.screen.press(self.target(target), key, **modifiers)
        await self.settle()

    async def call_tool(self, name: str, arguments: Mapping[str, Any] | None = None) -> ToolResult:
        """What a host does when the model calls ``name``: send the View the input, call the server's tool,
        send the View the result. Returns the result (a tool error is a result with ``is_error``)."""
        args = dict(arguments or {})
        self.host.send_tool_input(args)
        await self.settle()
        backend = self.host.backend
        if backend is None:
            raise RuntimeError("call_tool needs a server= or tools= behind the host")
        result = await backend.call_tool(name, args)
        self.host.send_tool_result(result)
        await self.settle()
        return ToolResult(tool_result(result))

    async def send_tool_input(self, arguments: Mapping[str, Any] | None = None) -> None:
        """Send the View ``ui/notifications/tool-input`` only."""
        self.host.send_tool_input(arguments)
        await self.settle()

    async def send_tool_result(self, result: object) -> None:
        """Send the View a tool result (a ``CallToolResult`` dict, a string, or structured content)."""
        self.host.send_tool_result(result)
        await self.settle()

    async def set_host_context(self, changes: Mapping[str, Any] | None = None, /, **more: Any) -> dict[str, Any]:
        """Change the host context (theme, display mode...); the View gets the difference."""
        delta = self.host.set_host_context(changes, **more)
        await self.settle()
        return delta

    async def settle(self) -> None:
        """Wait until the View is quiet: messages delivered, renders and effects done, handler tasks finished."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        root, quiet = self.screen.root, 0
        while quiet < 3:
            await asyncio.sleep(0)
            busy = bool(root.scheduled or root.dirty or root.tasks)
            self.screen.flush_now()
            if root.tasks:
                remaining = deadline - loop.time()
                if remaining <= 0:
                    raise TimeoutError(f"the View is still busy after {self.timeout} s: {root.tasks!r}")
                await asyncio.wait(set(root.tasks), timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
            quiet = 0 if busy else quiet + 1


def _view_of(target: object) -> View:
    if isinstance(target, View):
        return target
    if isinstance(target, (str, os.PathLike)):
        from pyview._tooling.packager._loader import load_view_module
        from pyview._tooling.packager._sources import load_view_sources

        target = load_view_module(load_view_sources(Path(target)))
    if isinstance(target, types.ModuleType):
        view = getattr(target, "view", None)
        if not isinstance(view, View):
            raise TypeError(f"{target.__name__} has no module-level `view = View(...)`")
        return view
    if not callable(target):
        raise TypeError(f"run() needs a View, a View module or file, or a component, not {type(target).__name__}")
    return View(target)  # a component or a function returning elements


def _backend(server: object, tools: Mapping[str, object] | None, backend: Backend | None) -> Backend | None:
    if backend is not None:
        return backend
    if isinstance(server, types.ModuleType):  # a server module: its MCPServer
        server = getattr(server, "server", None) or getattr(server, "mcp", None)
        if server is None:
            raise TypeError("the server module has no `server` (or `mcp`) object")
    if server is not None:
        return McpBackend(server)
    if tools is not None:
        return ScriptedBackend(tools)
    return None


@contextlib.asynccontextmanager
async def run(
    view: object,
    *,
    server: object = None,
    tools: Mapping[str, object] | None = None,
    backend: Backend | None = None,
    profile: Profile = "full",
    host_context: Mapping[str, Any] | None = None,
    tool: Mapping[str, Any] | None = None,
    timeout: float = 30.0,
) -> AsyncIterator[Pilot]:
    """Run ``view`` under the real App and Host on this event loop, and yield its :class:`Pilot`.

    Args:
        view: a ``View``, a View module (its ``view``), a ``.py`` file or package folder, or a component.
        server: the MCP server behind the host: an ``MCPServer`` or a module defining ``server`` (in process), a
            Python file (stdio), a URL, a command line.
        tools: scripted tool answers instead (``{name: value or fn(args)}``, as ``mount_view``).
        backend: any :class:`~pyview.host.Backend` instead.
        profile: the host's capability set (``"full"`` or ``"minimal"``).
        host_context: keys over the profile's default host context.
        tool: the tool definition sent as ``hostContext.toolInfo``.
        timeout: seconds any one wait may take before it fails the test.

    On exit the View is unmounted and the link closed; errors the View reported fail the test unless
    ``pilot.allow_errors`` is set.
    """
    the_view = _view_of(view)
    app = the_view.app if isinstance(the_view.app, App) else App("pyview-test", "0")
    # A View module is loaded once: a run never sees the data of an earlier run, nor its use_view_state client (bound
    # to that run's event loop).
    app.session = AppSession()
    forget_state_client(app)
    behind = _backend(server, tools, backend)
    if behind is not None:
        await behind.start()
    host = Host(behind, profile=profile, host_context=host_context, tool=tool, request_timeout=timeout)
    view_end, host_end = memory_transport_pair()
    host.connect(host_end)
    screen = _LiveScreen(as_node(the_view.root_component), app)
    pilot = Pilot(the_view, app, host, screen, timeout)
    try:
        await asyncio.wait_for(app.connect(view_end), timeout)
        await pilot.settle()
        yield pilot
        await pilot.settle()
    finally:
        screen.root.unmount()
        for task in list(screen.root.tasks):
            task.cancel()
        app.close()
        host.close()
        if behind is not None:
            await behind.close()
    if pilot.errors and not pilot.allow_errors:
        raise AssertionError(f"the View reported errors: {pilot.errors!r}")
