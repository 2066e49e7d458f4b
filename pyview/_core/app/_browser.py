"""Everything that touches JavaScript: the postMessage transport and the DOM adapter.

Nothing here imports ``js`` or ``pyodide`` at import time; each browser-only function imports them itself.
"""

from __future__ import annotations

import json
import logging
import sys

from pyview._core.app import _protocol as p
from pyview._core.app._errors import ConnectionClosedError, RequestTimeoutError
from pyview._core.app._transport import MAX_DEPTH, Transport, too_deep

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.app._transport import CloseCallback, MessageCallback

log = logging.getLogger("pyview.app")

FONTS_STYLE_ID = "pyview-host-fonts"


def in_browser() -> bool:
    """True inside Pyodide (``sys.platform == "emscripten"``)."""
    return sys.platform == "emscripten"


async def early_session(timeout: float | None) -> dict[str, Any] | None:
    """The handshake the boot shim did before Python started: ``{"result": ...}`` or ``{"error": ...}``, or None.

    Raises:
        RequestTimeoutError: the host did not answer the shim's ``ui/initialize`` within ``timeout`` seconds.
    """
    import asyncio

    import js

    session = getattr(js.pyviewHost, "session", None)
    promise: Any = session() if session is not None else None
    if not hasattr(promise, "then"):  # no early handshake (None; a JS null arrives as JsNull)
        return None

    async def settle() -> Any:
        return await promise

    try:
        text = await asyncio.wait_for(settle(), timeout)
    except TimeoutError:
        raise RequestTimeoutError(p.INITIALIZE, timeout or 0) from None
    answer: dict[str, Any] = json.loads(str(text))
    return answer


class PostMessageTransport(Transport):
    """The transport to the host window, through the boot shim's ``globalThis.pyviewHost``.

    Messages cross as JSON strings both ways: ``pyviewHost.post(text)`` sends to the parent window;
    ``pyviewHost.subscribe(fn)`` calls ``fn(text)`` for each message from the parent (earlier ones first, in
    order); ``pyviewHost.unsubscribe()`` stops. One proxy is created for the listener, destroyed on close.

    A message from the host that is not JSON, or nests more than ``MAX_DEPTH`` levels (checked before parsing:
    in Pyodide a very deep one overflows the JS stack and kills the interpreter), is dropped with a logged
    warning, and nothing escapes into the JS event handler; :meth:`send` raises ``ValueError`` for a message
    that cannot be encoded, nesting too deep included.

    Args:
        host: the ``pyviewHost`` object (default: ``js.pyviewHost``; tests pass a fake).
        proxy_factory: wraps the listener for JS (default: ``pyodide.ffi.create_proxy``).

    Example:
        >>> class FakeHost:
        ...     def __init__(self): self.posted, self.fn = [], None
        ...     def post(self, text): self.posted.append(text)
        ...     def subscribe(self, fn): self.fn = fn
        ...     def unsubscribe(self): self.fn = None
        >>> fake, got = FakeHost(), []
        >>> t = PostMessageTransport(fake, proxy_factory=lambda fn: fn)
        >>> t.start(got.append)
        >>> fake.fn('{"jsonrpc": "2.0", "method": "x"}'); got
        [{'jsonrpc': '2.0', 'method': 'x'}]
        >>> t.send({"jsonrpc": "2.0", "method": "y"}); fake.posted
        ['{"jsonrpc":"2.0","method":"y"}']
    """

    __slots__ = ("_closed", "_host", "_on_close", "_proxy", "_proxy_factory")

    def __init__(self, host: Any = None, *, proxy_factory: Callable[[Callable[..., Any]], Any] | None = None) -> None:
        self._host = host
        self._proxy_factory = proxy_factory
        self._proxy: Any = None
        self._on_close: CloseCallback | None = None
        self._closed = False

    def _get_host(self) -> Any:
        if self._host is None:
            import js

            self._host = js.pyviewHost
        return self._host

    def start(self, on_message: MessageCallback, on_close: CloseCallback | None = None) -> None:
        self._on_close = on_close
        factory = self._proxy_factory
        if factory is None:
            from pyodide.ffi import create_proxy

            factory = create_proxy

        def listener(text: Any) -> None:
            raw = str(text)
            if too_deep(raw):  # checked first: in Pyodide, json.loads of 10,000 levels is a fatal stack overflow
                log.warning("dropped a message from the host: nested more than %d levels deep", MAX_DEPTH)
                return
            try:
                message = json.loads(raw)
            except RecursionError:
                log.warning("dropped a message from the host: nested too deeply to decode (%d chars)", len(raw))
                return
            except ValueError:
                log.warning("dropped a message from the host that is not JSON: %.200s", raw)
                return
            on_message(message)

        self._proxy = factory(listener)
        self._get_host().subscribe(self._proxy)

    def send(self, message: dict[str, Any]) -> None:
        if self._closed:
            raise ConnectionClosedError()
        try:
            text = json.dumps(message, separators=(",", ":"), allow_nan=False)
        except RecursionError:
            text = ""
        if not text or too_deep(text):  # checked, not left to the recursion limit (a library may raise it)
            raise ValueError("the message is nested too deeply to send as JSON")
        self._get_host().post(text)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        proxy, self._proxy = self._proxy, None
        if proxy is not None:
            try:
                self._get_host().unsubscribe()
            finally:
                destroy = getattr(proxy, "destroy", None)
                if destroy is not None:
                    destroy()
        callback, self._on_close = self._on_close, None
        if callback is not None:
            callback()


class JsDom:
    """The DOM adapter of :mod:`pyview._core.app._dom` over the real document (browser only)."""

    __slots__ = ("_js",)

    def __init__(self) -> None:
        import js

        self._js = js

    @property
    def _root(self) -> Any:
        return self._js.document.documentElement

    def set_css_variable(self, name: str, value: str) -> None:
        self._root.style.setProperty(name, value)

    def remove_css_variable(self, name: str) -> None:
        self._root.style.removeProperty(name)

    def set_fonts_css(self, css: str) -> None:
        document = self._js.document
        element = document.getElementById(FONTS_STYLE_ID)
        if not css:
            if element is not None:
                element.remove()
            return
        if element is None:
            element = document.createElement("style")
            element.id = FONTS_STYLE_ID
            document.head.appendChild(element)
        element.textContent = css

    def set_theme(self, theme: str | None) -> None:
        root = self._root
        if theme is None:
            root.removeAttribute("data-theme")
            root.style.removeProperty("color-scheme")
        else:
            root.setAttribute("data-theme", theme)
            root.style.setProperty("color-scheme", theme)

    def set_display_mode(self, mode: str | None) -> None:
        if mode is None:
            self._root.removeAttribute("data-display-mode")
        else:
            self._root.setAttribute("data-display-mode", mode)

    def measure(self) -> tuple[float, float]:
        """Width of the viewport and the document element's height at its content's height (``max-content``).

        That height includes a first or last child's margin that collapses through ``<body>`` and not the
        iframe's own height, so the host resizing the iframe to the report does not change the next measurement.
        The boot shim measures the same way (``pyviewFrame.measure`` in ``runtime/host_frame.js``).
        """
        js = self._js
        root = self._root
        saved = root.style.height
        root.style.height = "max-content"
        height = float(root.getBoundingClientRect().height)
        root.style.height = saved
        return (float(js.window.innerWidth), height)

    def take_over(self) -> tuple[int, int] | None:
        """Stop the boot shim's host context and size reports (Python's App does them from now on); the size the
        shim sent last, so an unchanged size is not sent again."""
        frame = getattr(self._js, "pyviewFrame", None)
        if frame is None:
            return None
        last = frame.handOver()
        if not isinstance(last, str):
            return None
        width, height = json.loads(last)
        return (int(width), int(height))

    def schedule(self, callback: Callable[..., None]) -> None:
        from pyodide.ffi import create_once_callable

        self._js.window.requestAnimationFrame(create_once_callable(callback))

    def observe_resize(self, callback: Callable[..., None]) -> Callable[[], None]:
        from pyodide.ffi import create_proxy

        js = self._js
        proxy = create_proxy(callback)
        observer = js.ResizeObserver.new(proxy)
        observer.observe(js.document.documentElement)
        if js.document.body is not None:
            observer.observe(js.document.body)

        def stop() -> None:
            observer.disconnect()
            proxy.destroy()

        return stop
