"""The View-side :class:`App`: handshake, session state, host notifications and handlers."""

from __future__ import annotations

import json
import logging

from pyview._core.app import _protocol as p
from pyview._core.app._errors import HostError
from pyview._core.app._getters import SessionGetters
from pyview._core.app._handlers import Dispatcher, HandlerSlot
from pyview._core.app._jsonrpc import JsonRpcPeer
from pyview._core.app._requests import HostRequests
from pyview._core.app._session import AppSession
from pyview._core.app._tools import AppTools, ToolRegistry
from pyview._core.app._types import HostContext, ToolCancelled, ToolInput, ToolResult

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    from pyview._core.app._dom import HostIntegration
    from pyview._core.app._transport import Transport

log = logging.getLogger("pyview.app")

_STORED = {"tool_input", "tool_input_partial", "tool_result", "tool_cancelled"}


class App(HostRequests, AppTools, SessionGetters):
    """The View's connection to its host (MCP Apps, spec 2026-01-26).

    Args:
        name: the View's name, sent as ``appInfo.name``.
        version: the View's version, sent as ``appInfo.version``.
        title: optional human-readable ``appInfo.title``.
        available_display_modes: display modes the View supports (``appCapabilities.availableDisplayModes``);
            ``None`` declares nothing.
        tools: declare ``appCapabilities.tools`` (View tools the host may call). ``None``: declared when a
            tool is registered with :meth:`tool` before connecting.
        experimental: ``appCapabilities.experimental``.
        auto_resize: in the browser, report the View's size to the host whenever it changes.
        apply_host_styles: in the browser, apply the host's theme, CSS variables and fonts to the document.
        request_timeout: default seconds to wait for the host's answer (``None`` or ``math.inf``: forever).
        dom: the DOM adapter for styles and resizing (default: the real document in Pyodide, none elsewhere).

    Example:
        >>> app = App("weather", "1.0.0", available_display_modes=["inline", "fullscreen"])
        >>> @app.on_tool_result
        ... def show(result):
        ...     print(result.structured_content)
        >>> app.on_tool_result.handler is show
        True
    """

    on_tool_input = HandlerSlot("tool_input")
    """Handler for ``ui/notifications/tool-input``: called with a :class:`ToolInput`."""
    on_tool_input_partial = HandlerSlot("tool_input_partial")
    """Handler for ``ui/notifications/tool-input-partial``: a :class:`ToolInput` with ``partial=True``."""
    on_tool_result = HandlerSlot("tool_result")
    """Handler for ``ui/notifications/tool-result``: called with a :class:`ToolResult`."""
    on_tool_cancelled = HandlerSlot("tool_cancelled")
    """Handler for ``ui/notifications/tool-cancelled``: called with a :class:`ToolCancelled`."""
    on_host_context_changed = HandlerSlot("host_context_changed")
    """Handler for ``ui/notifications/host-context-changed``: called with the changed fields as a
    :class:`HostContext`, after they were merged into :attr:`host_context`."""
    on_display_mode_changed = HandlerSlot("display_mode_changed")
    """Called with the new display mode (a ``str``) when the host context's ``displayMode`` changes."""
    on_safe_area_insets_changed = HandlerSlot("safe_area_insets_changed")
    """Called with the new ``safeAreaInsets`` dict when they change."""
    on_teardown = HandlerSlot("teardown")
    """Handler for ``ui/resource-teardown`` (called with its params dict); awaited before the View answers."""

    __slots__ = (
        "_app_info",
        "_declared_tools",
        "_dispatch",
        "_display_modes",
        "_dom",
        "_experimental",
        "_integration",
        "_peer",
        "_pyview_view_state",  # use_view_state's client (pyview/_core/components/_use_view_state.py), set on first use
        "_queued",
        "_tools",
        "_tools_option",
        "apply_host_styles",
        "auto_resize",
        "request_timeout",
        "session",
    )

    def __init__(
        self,
        name: str,
        version: str,
        *,
        title: str | None = None,
        available_display_modes: Iterable[str] | None = None,
        tools: bool | dict[str, Any] | None = None,
        experimental: dict[str, Any] | None = None,
        auto_resize: bool = True,
        apply_host_styles: bool = True,
        request_timeout: float | None = 60.0,
        dom: Any = None,
    ) -> None:
        self._app_info: dict[str, Any] = {"name": name, "version": version}
        if title is not None:
            self._app_info["title"] = title
        modes = None if available_display_modes is None else tuple(available_display_modes)
        for mode in modes or ():
            if (unknown := p.unknown_display_mode(mode)) is not None:
                raise ValueError(unknown)
        self._display_modes = modes
        self._tools_option = tools
        self._experimental = experimental
        self._declared_tools = False
        self.auto_resize = auto_resize
        self.apply_host_styles = apply_host_styles
        self.request_timeout = request_timeout
        self.session = AppSession()
        self._dispatch = Dispatcher()
        self._tools = ToolRegistry()
        self._queued: list[tuple[str, dict[str, Any]]] = []
        self._peer: JsonRpcPeer | None = None
        self._dom = dom
        self._integration: HostIntegration | None = None

    # -- what the View declares ------------------------------------------------------------------------------

    @property
    def app_info(self) -> dict[str, Any]:
        """``appInfo`` sent in ``ui/initialize``."""
        return dict(self._app_info)

    @property
    def app_capabilities(self) -> dict[str, Any]:
        """``appCapabilities`` sent in ``ui/initialize`` (computed now)."""
        caps: dict[str, Any] = {}
        if self._experimental:
            caps["experimental"] = self._experimental
        option = self._tools_option
        if isinstance(option, dict):
            caps["tools"] = option
        elif option or (option is None and len(self._tools)):
            caps["tools"] = {"listChanged": True}
        if self._display_modes is not None:
            caps["availableDisplayModes"] = list(self._display_modes)
        return caps

    # -- connecting ------------------------------------------------------------------------------------------

    def _open(self, transport: Transport | None) -> JsonRpcPeer:
        if self._peer is not None and not self._peer.closed:
            raise RuntimeError("this App is already connected; call close() first")
        if transport is None:  # the browser's transport: servers and tests pass their own
            from pyview._core.app._browser import PostMessageTransport

            transport = PostMessageTransport()
        peer = JsonRpcPeer(transport, on_notification=self._on_notification, request_timeout=self.request_timeout)
        peer.request_handlers[p.PING] = lambda params: {}
        peer.request_handlers[p.RESOURCE_TEARDOWN] = self._handle_teardown
        self._declared_tools = "tools" in self.app_capabilities
        if self._declared_tools:
            peer.request_handlers[p.TOOLS_LIST] = self._tools.list_result
            peer.request_handlers[p.TOOLS_CALL] = self._tools.call
        peer.on_close = self._stop_integration
        self._peer = peer
        return peer

    async def connect(self, transport: Transport | None = None, *, timeout: float | None = None) -> None:
        """Perform the ``ui/initialize`` handshake, then send ``ui/notifications/initialized``.

        Notifications that arrive before the handshake completes are held and dispatched, in order, right
        after it, so handlers registered before ``connect()`` see every notification with the session already
        set up.

        Args:
            transport: the link to the host; ``None`` is :class:`PostMessageTransport` (browser only).
            timeout: seconds to wait for the host's answer (default: ``request_timeout``).

        Raises:
            ProtocolVersionError: the host negotiated an unsupported protocol version (the link is closed).
            HostError, RequestTimeoutError, ConnectionClosedError: the handshake failed (the link is closed).

        Example:
            >>> async def main():
            ...     app = App("demo", "1.0")
            ...     await app.connect()  # in the View; tests pass an in-memory transport
            ...     print(app.host_info.name, app.host_context.theme)
        """
        if transport is None and not self.session.initialized and await self._adopt_early_session(timeout):
            return
        peer = self._open(transport)
        if self.session.initialized:  # reconnecting: start a fresh session
            self.session = AppSession()
        params = {
            "protocolVersion": p.PROTOCOL_VERSION,
            "appInfo": self.app_info,
            "appCapabilities": self.app_capabilities,
        }
        try:
            peer.start()
            result = await peer.request(p.INITIALIZE, params, timeout=timeout)
            self.session.apply_initialize_result(result)
        except BaseException:
            self._queued.clear()
            peer.close()
            raise
        self._activate(peer, send_initialized=True)

    async def _adopt_early_session(self, timeout: float | None) -> bool:
        """In the browser, take over the handshake the boot shim already did (see docs/ARCHITECTURE.md)."""
        from pyview._core.app import _browser  # the page's side: loaded only where a View connects

        if not _browser.in_browser():
            return False
        early = await _browser.early_session(self.request_timeout if timeout is None else timeout)
        if early is None:
            return False
        error = early.get("error")
        if error is not None:
            raise HostError(error.get("code", p.INTERNAL_ERROR), error.get("message", "ui/initialize failed"),
                            error.get("data"), method=p.INITIALIZE)  # fmt: skip
        self.adopt(early["result"], send_initialized=False)  # the shim sent ui/notifications/initialized
        return True

    def adopt(
        self,
        initialize_result: dict[str, Any] | AppSession,
        transport: Transport | None = None,
        *,
        queued: Iterable[dict[str, Any] | str] = (),
        send_initialized: bool = False,
    ) -> None:
        """Take over a handshake already done by someone else (e.g. the JS boot shim, before Python started).

        Args:
            initialize_result: the host's ``ui/initialize`` result, or a ready :class:`AppSession`.
            transport: the link to the host; ``None`` is :class:`PostMessageTransport` (browser only).
            queued: JSON-RPC messages (dicts or JSON strings) that arrived since the handshake, oldest first;
                they are handled before anything the transport delivers.
            send_initialized: also send ``ui/notifications/initialized`` (if the shim left it to Python).

        Raises:
            ProtocolVersionError: the result names an unsupported protocol version.
        """
        session = (
            initialize_result
            if isinstance(initialize_result, AppSession)
            else AppSession.from_initialize_result(initialize_result)
        )
        session.initialized = True
        for name in ("tool_input", "tool_input_partial", "tool_result", "tool_cancelled"):
            if getattr(session, name) is None:  # keep preloaded tool data: the View shows it already
                setattr(session, name, getattr(self.session, name))
        peer = self._open(transport)
        for message in queued:
            parsed = _parse(message)
            if parsed is not None:
                peer.receive(parsed)
        peer.start()
        self.session = session
        self._activate(peer, send_initialized=send_initialized)

    def _activate(self, peer: JsonRpcPeer, *, send_initialized: bool) -> None:
        if send_initialized:
            peer.notify(p.INITIALIZED, {})
        self._start_integration()
        self._dispatch.emit("connected", self.session)  # the handshake's context, capabilities and host info are set
        queued, self._queued = self._queued, []
        for method, params in queued:
            self._dispatch_notification(method, params)

    def preload(self, messages: Iterable[dict[str, Any] | str]) -> None:
        """Take the tool data from host messages that are still waiting to be handled, without calling handlers.

        The View's first render then already shows the tool result, so it matches (and adopts) a result the
        server rendered and the boot shim showed before Python started. The messages are handled as usual when the
        App connects; handlers and listeners run then.

        Example:
            >>> app = App("demo", "1.0")
            >>> app.preload(['{"jsonrpc": "2.0", "method": "ui/notifications/tool-result",'
            ...              ' "params": {"content": [], "structuredContent": {"t": 4}}}'])
            >>> app.tool_result.structured_content
            {'t': 4}
        """
        session = self.session
        for message in messages:
            parsed = _parse(message)
            if not isinstance(parsed, dict) or not isinstance(parsed.get("params"), dict):
                continue
            method, params = parsed.get("method"), parsed["params"]
            if method == p.TOOL_RESULT:
                session.tool_result = ToolResult(params)
            elif method == p.TOOL_INPUT:
                session.tool_input = ToolInput(params)
            elif method == p.TOOL_INPUT_PARTIAL:
                session.tool_input_partial = ToolInput(params, partial=True)
            elif method == p.TOOL_CANCELLED:
                session.tool_cancelled = ToolCancelled(params)

    def close(self) -> None:
        """Stop auto-resizing and close the link; pending requests fail. The session (and its data) stays."""
        self._stop_integration()
        if self._peer is not None:
            self._peer.close()

    @property
    def connected(self) -> bool:
        """Whether the handshake completed and the link is open."""
        return self._peer is not None and not self._peer.closed and self.session.initialized

    # -- browser integration ---------------------------------------------------------------------------------

    def _start_integration(self) -> None:
        dom = self._dom
        if dom is None:  # in the browser even with both off: the boot shim's reports and styles stop (take_over)
            from pyview._core.app._browser import JsDom, in_browser

            if in_browser():
                dom = JsDom()
        if dom is None:
            return
        from pyview._core.app._dom import HostIntegration  # only with a DOM: the browser, or a test's fake

        self._integration = HostIntegration(
            dom,
            lambda w, h: self.send_size_changed(w, h),
            auto_resize=self.auto_resize,
            apply_styles=self.apply_host_styles,
        )
        self._integration.start(self.host_context)

    def _stop_integration(self) -> None:
        integration, self._integration = self._integration, None
        if integration is not None:
            integration.stop()

    # -- incoming --------------------------------------------------------------------------------------------

    def _on_notification(self, method: str, params: dict[str, Any]) -> None:
        if not self.session.initialized:
            self._queued.append((method, params))
        else:
            self._dispatch_notification(method, params)

    def _dispatch_notification(self, method: str, params: dict[str, Any]) -> None:
        session, emit = self.session, self._dispatch.emit
        if method == p.TOOL_RESULT:
            session.tool_result = result = ToolResult(params)
            emit("tool_result", result)
        elif method == p.TOOL_INPUT:
            session.tool_input = tool_input = ToolInput(params)
            emit("tool_input", tool_input)
        elif method == p.TOOL_INPUT_PARTIAL:
            session.tool_input_partial = partial = ToolInput(params, partial=True)
            emit("tool_input_partial", partial)
        elif method == p.TOOL_CANCELLED:
            session.tool_cancelled = cancelled = ToolCancelled(params)
            emit("tool_cancelled", cancelled)
        elif method == p.HOST_CONTEXT_CHANGED:
            changed = session.merge_context(params)
            if self._integration is not None:
                self._integration.context_changed(self.host_context, changed)
            emit("host_context_changed", HostContext(params))
            if "displayMode" in changed:
                emit("display_mode_changed", self.host_context.display_mode)
            if "safeAreaInsets" in changed:
                emit("safe_area_insets_changed", self.host_context.safe_area_insets)
        else:
            log.debug("ignored notification %s", method)

    async def _handle_teardown(self, params: dict[str, Any]) -> dict[str, Any]:
        await self._dispatch.emit_and_wait("teardown", params)
        self.session.torn_down = True
        self._stop_integration()
        return {}

    # -- handlers and tools ----------------------------------------------------------------------------------

    def add_listener(self, event: str, fn: Callable[..., Any], *, replay: bool = False) -> Callable[[], None]:
        """Add one more handler for ``event`` (``"tool_result"``, ``"host_context_changed"``...: the ``on_*``
        names without ``on_``); returns a function that removes it.

        With ``replay=True``, a listener added late is called at once with the latest value the View already
        received (tool input, partial input, result or cancellation; the whole context; the display mode).

        Example:
            >>> app = App("demo", "1.0")
            >>> remove = app.add_listener("tool_result", print, replay=True)  # nothing received yet: no call
            >>> remove()
        """
        remove = self._dispatch.add(event, fn)
        if replay:
            value: object = None
            if event in _STORED:
                value = getattr(self.session, event)
            elif self.session.initialized and event == "host_context_changed":
                value = self.host_context
            elif event == "display_mode_changed":
                value = self.host_context.display_mode
            elif event == "safe_area_insets_changed":
                value = self.host_context.safe_area_insets
            if value is not None:
                self._dispatch.call(fn, value, event)
        return remove


def _parse(message: dict[str, Any] | str) -> object:
    if isinstance(message, str):
        try:
            return json.loads(message)
        except ValueError:
            log.warning("dropped a queued message that is not JSON: %.200s", message)
            return None
    return message
