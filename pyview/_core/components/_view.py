"""``View``: the object a View module exposes as ``view`` (see docs/ARCHITECTURE.md)."""

from __future__ import annotations

import sys

from pyview._core.components import _browser_root as browser
from pyview._core.components._app_hooks import APP_CONTEXT
from pyview._core.components._component import Component
from pyview._core.components._element import ComponentElement, Element
from pyview._core.components._errors import ErrorShell, describe
from pyview._core.components._html import render_to_string
from pyview._core.components._root import Root

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.components._app_hooks import AppLike


def as_node(root: object) -> object:
    """A component (called without arguments), an element, or a function returning elements."""
    if isinstance(root, Component):
        return root()
    if isinstance(root, (Element, ComponentElement, str)):
        return root
    if callable(root):
        return Component(root, memo=False)()
    raise TypeError(f"View needs a component or an element, not {type(root).__name__}")


def app_tree(root: Root | None, node: object, app: object) -> object:
    """The tree a View mounts: the App context around the error shell around the developer's root."""
    inner = node if root is None else ErrorShell(root, node)
    return APP_CONTEXT.provider(app, inner)


class View:
    """A View: a root component and, optionally, the :class:`pyview.app.App` it talks to the host with.

    Expose it as a module-level ``view``: the build calls ``view.render_html()`` for the first paint, the boot
    calls ``await view.start()`` in the browser.

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Hello():
        ...     return h.h1("Hello")
        >>> view = View(Hello)
        >>> view.render_html()
        '<h1>Hello</h1>'
    """

    def __init__(
        self,
        root: Component | Element | ComponentElement | str | Callable[[], object],
        app: AppLike | None = None,
        *,
        on_error: Callable[[BaseException, str], object] | None = None,
        container_id: str = "pyview-root",
    ) -> None:
        self.root_component = root
        self.app = app
        self.on_error = on_error
        self.container_id = container_id
        self.root: Root | None = None
        self._stopped: Any = None
        self._proxy: Any = None

    def render_html(self) -> str:
        """The HTML of the initial render (no tool data yet), for the build's first paint."""
        return render_to_string(app_tree(None, as_node(self.root_component), None))

    def report(self, exc: BaseException, where: str) -> None:
        """Report an error: the ``on_error`` callback, else stderr; and the host's log if possible."""
        if self.on_error is not None:
            self.on_error(exc, where)
        else:
            print(f"pyview: error in {where}:\n{describe(exc)}", file=sys.stderr)
        send_log = getattr(self.app, "send_log", None)
        if send_log is not None:
            try:  # noqa: SIM105 (contextlib would cost import time)
                send_log("error", {"where": where, "error": f"{type(exc).__name__}: {exc}"})
            except Exception:
                pass

    async def start(self) -> None:
        """Render into ``#pyview-root`` (adopting the pre- or server-rendered DOM), connect the App, keep running.

        Tool data the host already sent (held by the boot shim) is given to the App first (``App.preload``), so the
        first render matches a result the server rendered and the shim showed while Python started.
        """
        import asyncio  # only a running View needs it: the build's render_html does not (import time)

        loop = asyncio.get_running_loop()
        root = self.root = Root(on_error=self.report)
        root.loop = loop
        self._proxy = browser.install(root, self.container_id)
        preload = getattr(self.app, "preload", None)
        if preload is not None:  # the first render shows the tool result already there: it adopts a server-rendered one
            preload(browser.buffered_messages())
        handover = browser.handover()
        if handover is not None:  # the server runtime ran this View until now: go on from its state, on its nodes
            # only a hand-over needs the hook-state codec: a View that starts afresh never loads it
            from pyview._core.components._hook_state import Seeder

            seeder = root.seed = Seeder(handover.get("state") or {}, self.app)
        root.mount(app_tree(root, as_node(self.root_component), self.app), hydrate=True)
        if handover is not None and seeder.unused():
            self.report(RuntimeError(f"{seeder.unused()} saved value(s) found no component"), "taking the View over")
        connect = getattr(self.app, "connect", None)
        if connect is not None:
            try:
                await connect()
            except Exception as exc:
                root.report(exc, "connecting to the host")
        if root.dirty and not root.rendering:  # what the connection changed (the host's capabilities, its context)
            root.flush()  # is on screen before the events held during the hand-over are replayed onto it
        browser.view_is_live()
        self._stopped = loop.create_future()
        await self._stopped

    def stop(self) -> None:
        """Unmount (effects are cleaned up) and let ``start()`` return."""
        if self.root is not None:
            self.root.unmount()
        if self._stopped is not None and not self._stopped.done():
            self._stopped.set_result(None)
