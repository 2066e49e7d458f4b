"""The host half of MCP Apps: one :class:`Host` per mounted View, over any transport."""

from __future__ import annotations

import copy
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from pyview._core.app import _protocol as p
from pyview._core.app._errors import JsonRpcError
from pyview._core.app._jsonrpc import JsonRpcPeer
from pyview._core.app._transport import Transport
from pyview._tooling.host._backend import Backend, tool_result
from pyview._tooling.host._context import context_delta
from pyview._tooling.host._profiles import HOST_INFO, Profile, default_host_context, host_capabilities
from pyview._tooling.host._record import Direction, Inbox, RecordingTransport
from pyview._tooling.host._serving import ViewRequests

log = logging.getLogger("pyview.host")

Listener = Callable[[str, dict[str, Any]], None]
"""``listener(kind, data)``; kinds: ``traffic``, ``initialized``, ``context``, ``size``,
``teardown-requested``, ``download`` (the ``ui/download-file`` params), ``dropped`` (``{"method", "reason"}``:
a notification the link could not carry)."""


class Host(ViewRequests):
    """The host side of one View: handshake, tool data delivery, context changes, proxying, recording.

    Everything the View sends is answered here; nothing is sent to the View before it says
    ``ui/notifications/initialized`` (earlier sends are queued, in order). Methods that send are plain calls
    and must run on the event loop that runs the transport; methods that wait for the View are coroutines.

    Args:
        backend: the MCP server behind the host (``None``: no ``serverTools``/``serverResources``).
        profile: the capability set and default context (``"full"``, ``"minimal"``, ``"claude"``... see
            :data:`~pyview.host.PROFILES`).
        host_context: keys merged over the profile's default context.
        tool: the tool definition whose call this View shows (sent as ``hostContext.toolInfo``).
        ui_meta: the resource's ``_meta.ui`` (``csp`` and ``permissions`` go to ``hostCapabilities.sandbox``).
        host_info: ``hostInfo`` (default ``pyview-host``).
        request_timeout: seconds to wait for the View's answers.

    Examples:
        >>> from pyview.app import memory_transport_pair
        >>> host = Host(profile="minimal")
        >>> view_end, host_end = memory_transport_pair()
        >>> host.connect(host_end)
        >>> host.send_tool_input({"city": "Oslo"})  # queued until the View is initialized
        >>> [m["method"] for m in host.queued]
        ['ui/notifications/tool-input']
    """

    def __init__(
        self,
        backend: Backend | None = None,
        *,
        profile: Profile = "full",
        host_context: Mapping[str, Any] | None = None,
        tool: Mapping[str, Any] | None = None,
        ui_meta: Mapping[str, Any] | None = None,
        host_info: Mapping[str, Any] | None = None,
        request_timeout: float = 30.0,
    ) -> None:
        self.backend = backend
        self.profile: Profile = profile
        self.host_info = dict(host_info or HOST_INFO)
        self.capabilities = host_capabilities(profile, server=backend is not None)
        if ui_meta is not None and profile != "minimal":
            self.capabilities["sandbox"] = {
                "permissions": copy.deepcopy(ui_meta.get("permissions") or {}),
                "csp": copy.deepcopy(ui_meta.get("csp") or {}),
            }
        self.context: dict[str, Any] = {**default_host_context(profile), **(host_context or {})}
        if tool is not None:
            self.context["toolInfo"] = {"tool": dict(tool)}
        self.request_timeout = request_timeout
        self.listeners: list[Listener] = []
        self.traffic: list[dict[str, Any]] = []
        """Every message both ways: ``{"direction": "in" | "out", "message": ..., "time": epoch seconds}``."""
        self.inbox = Inbox()
        self.queued: list[dict[str, Any]] = []
        """Notifications waiting for ``ui/notifications/initialized``."""
        self.app_info: dict[str, Any] = {}
        self.app_capabilities: dict[str, Any] = {}
        self.initialize_answered = False
        self.initialized = False
        self.model_context: dict[str, Any] | None = None
        """The latest ``ui/update-model-context`` params (each replaces the previous)."""
        self.messages: list[dict[str, Any]] = []
        """``ui/message`` params, in order."""
        self.open_links: list[str] = []
        self.downloads: list[dict[str, Any]] = []
        self.samplings: list[dict[str, Any]] = []
        """``sampling/createMessage`` params, in order."""
        self.sampler: Callable[[dict[str, Any]], Any] | None = None
        """Answers the View's ``sampling/createMessage`` (sync or async); None: a simulated, labelled reply."""
        self.logs: list[dict[str, Any]] = []
        """``notifications/message`` params from the View (the boot shim reports failures here)."""
        self.sizes: list[dict[str, Any]] = []
        self.teardown_requested = False
        self.torn_down = False
        self._peer: JsonRpcPeer | None = None
        self._tools: dict[str, dict[str, Any]] | None = None

    # -- connecting ------------------------------------------------------------------------------------------

    def connect(self, transport: Transport) -> None:
        """Serve the View on ``transport`` (the host end of the link). The View speaks first."""
        peer = JsonRpcPeer(
            RecordingTransport(transport, self._record),
            on_notification=self._on_notification,
            request_timeout=self.request_timeout,
        )
        self.install_handlers(peer)
        self._peer = peer
        peer.start()

    def close(self) -> None:
        """Close the link (pending requests to the View fail)."""
        if self._peer is not None:
            self._peer.close()

    def _record(self, direction: Direction, message: dict[str, Any]) -> None:
        entry = {"direction": direction, "message": message, "time": time.time()}
        self.traffic.append(entry)
        if direction == "in" and "method" in message:
            self.inbox.add(message)
        self.emit("traffic", entry)

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        """Tell every listener (the relay page, the dev host) that something happened."""
        for listener in list(self.listeners):
            listener(kind, data)

    # -- View -> Host notifications --------------------------------------------------------------------------

    def _on_notification(self, method: str, params: dict[str, Any]) -> None:
        if method == p.INITIALIZED:
            if self.initialized:
                return
            self.initialized = True
            self.emit("initialized", {})
            queued, self.queued = self.queued, []
            for message in queued:
                self._send_notification(message["method"], message["params"])
        elif method == p.LOG_MESSAGE:
            self.logs.append(params)
        elif method == p.SIZE_CHANGED:
            self.sizes.append(params)
            self.emit("size", params)
        elif method == p.REQUEST_TEARDOWN:
            self.teardown_requested = True
            self.emit("teardown-requested", {})

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Every request the View sent (``tools/call``, ``ui/message``...), oldest first, as sent."""
        return [
            entry["message"]
            for entry in self.traffic
            if entry["direction"] == "in" and "method" in entry["message"] and "id" in entry["message"]
        ]

    @property
    def size(self) -> dict[str, Any] | None:
        """The View's latest reported size (``{width?, height?}``), if any."""
        return self.sizes[-1] if self.sizes else None

    # -- Host -> View ----------------------------------------------------------------------------------------

    def _send_notification(self, method: str, params: dict[str, Any]) -> None:
        if not self.initialized or self._peer is None:
            self.queued.append({"method": method, "params": params})
        else:
            try:
                self._peer.notify(method, params)
            except (TypeError, ValueError) as exc:  # the transport cannot carry it (e.g. nested too deeply)
                log.error("pyview host: dropped %s for the View: %s", method, exc)
                self.emit("dropped", {"method": method, "reason": str(exc)})

    def send_tool_input(self, arguments: Mapping[str, Any] | None = None) -> None:
        """``ui/notifications/tool-input`` with the complete tool arguments."""
        self._send_notification(p.TOOL_INPUT, {"arguments": dict(arguments or {})})

    def send_tool_input_partial(self, arguments: Mapping[str, Any] | None = None) -> None:
        """``ui/notifications/tool-input-partial`` (streaming preview; 0..n before the tool input)."""
        self._send_notification(p.TOOL_INPUT_PARTIAL, {"arguments": dict(arguments or {})})

    def send_tool_result(self, result: object) -> None:
        """``ui/notifications/tool-result``: a ``CallToolResult`` dict, or a value for :func:`tool_result`."""
        self._send_notification(p.TOOL_RESULT, tool_result(result))

    def send_tool_cancelled(self, reason: str | None = None) -> None:
        """``ui/notifications/tool-cancelled``."""
        self._send_notification(p.TOOL_CANCELLED, {} if reason is None else {"reason": reason})

    def set_host_context(self, changes: Mapping[str, Any] | None = None, /, **more: Any) -> dict[str, Any]:
        """Merge ``changes`` (top-level keys replace) into the context; send the View only what differs.

        Before the View asked ``ui/initialize`` nothing is sent: the handshake carries the new context.
        Returns the difference sent (or to be sent).

        Examples:
            >>> host = Host()
            >>> host.set_host_context({"theme": "dark"}, locale="en-US")  # en-US was already the locale
            {'theme': 'dark'}
        """
        new = {**self.context, **(changes or {}), **more}
        delta = context_delta(self.context, new)
        self.context = new
        if delta:
            self.emit("context", {"context": self.context, "changed": delta})
            if self.initialize_answered:
                self._send_notification(p.HOST_CONTEXT_CHANGED, delta)
        return delta

    async def teardown(self, reason: str | None = None, *, timeout: float | None = None) -> None:
        """Send ``ui/resource-teardown`` and wait for the View's answer (the View may save state first).

        A View that never completed the handshake is not asked. Raises what the request raised
        (:class:`~pyview.app.HostError`, ``RequestTimeoutError``).
        """
        if self._peer is not None and self.initialized and not self.torn_down:
            params = {} if reason is None else {"reason": reason}
            await self._peer.request(p.RESOURCE_TEARDOWN, params, timeout=timeout)
        self.torn_down = True

    async def ping(self, *, timeout: float | None = None) -> None:
        """Ping the View."""
        await self._connected().request(p.PING, {}, timeout=timeout)

    async def call_view_tool(self, name: str, arguments: Mapping[str, Any] | None = None) -> Any:
        """Call a tool the View registered (``appCapabilities.tools``, draft)."""
        return await self._connected().request(p.TOOLS_CALL, {"name": name, "arguments": dict(arguments or {})})

    async def list_view_tools(self) -> list[dict[str, Any]]:
        """The tools the View registered."""
        result = await self._connected().request(p.TOOLS_LIST, {})
        tools: list[dict[str, Any]] = result.get("tools", [])
        return tools

    def _connected(self) -> JsonRpcPeer:
        if self._peer is None or not self.initialized:
            raise JsonRpcError(p.CONNECTION_CLOSED, "the View has not completed the handshake")
        return self._peer

    # -- waiting for the View --------------------------------------------------------------------------------

    async def next_request(self, method: str, *, timeout: float = 10.0) -> dict[str, Any]:
        """The next request (or notification) with ``method`` the View sent that was not returned before.

        Examples:
            >>> call = await host.next_request("tools/call")  # doctest: +SKIP
            >>> call["params"]["name"]  # doctest: +SKIP
            'refresh'
        """
        return await self.inbox.next(method, timeout)

    async def wait_initialized(self, *, timeout: float = 30.0) -> None:
        """Wait until the View sent ``ui/notifications/initialized``."""
        if not self.initialized:
            await self.inbox.next(p.INITIALIZED, timeout)
