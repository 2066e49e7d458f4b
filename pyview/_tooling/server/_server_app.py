"""The App a View's components talk to when they run on the server: the same API as :class:`pyview.app.App`.

It *is* a ``pyview.app.App`` whose JSON-RPC link is a :class:`RelayTransport`: the View requests its components
make (``send_message``, ``update_model_context``, ``request_display_mode``, ``open_link``, ``download_file``,
``send_log``...) are collected as ``requests`` for the browser shim, which performs them over ``postMessage`` and
sends the host's answers back with the next ``pyview_event`` call, where they resolve the waiting coroutines.
``call_server_tool`` runs the tool in this process instead of going round through the host.

Example:
    >>> app = ServerApp(None, tool_result={"content": [{"type": "text", "text": "hi"}]})
    >>> app.tool_result.text, app.supports("serverTools")
    ('hi', True)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from pyview._core.app import _protocol as p
from pyview._core.app._app import App
from pyview._core.app._errors import HostError
from pyview._core.app._session import AppSession
from pyview._core.app._transport import Transport
from pyview._core.app._types import ToolCancelled, ToolInput, ToolResult

logger = logging.getLogger("pyview.server")

CallTool = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
"""Runs a server tool in-process: ``await call_tool(name, arguments) -> CallToolResult dict``."""


class RelayTransport(Transport):
    """Keeps what the App sends (requests and notifications) until the engine collects it with :meth:`take`."""

    __slots__ = ("_on_close", "_on_message", "asked", "outbox", "signal")

    def __init__(self) -> None:
        self.outbox: list[dict[str, Any]] = []
        self.asked = 0
        """The highest request id sent (ids count up from 1 per App)."""
        self.signal: Callable[[], None] | None = None
        """Called when a request is sent (the engine stops waiting for handlers that now wait for the host)."""
        self._on_message: Callable[[object], None] | None = None
        self._on_close: Callable[[], None] | None = None

    def start(self, on_message: Callable[[object], None], on_close: Callable[[], None] | None = None) -> None:
        self._on_message = on_message
        self._on_close = on_close

    def send(self, message: dict[str, Any]) -> None:
        if "method" in message:  # requests and notifications; the View answers nothing on the server
            out = {"method": message["method"], "params": message.get("params", {})}
            if "id" in message:
                out["id"] = message["id"]
                if isinstance(message["id"], int):
                    self.asked = max(self.asked, message["id"])
            self.outbox.append(out)
            if self.signal is not None:
                self.signal()

    def deliver(self, message: dict[str, Any]) -> None:
        """An answer from the host (relayed by the shim): resolves the request it answers."""
        if self._on_message is not None:
            self._on_message(message)

    def take(self) -> list[dict[str, Any]]:
        """The requests and notifications made since the last call."""
        out, self.outbox = self.outbox, []
        return out

    def close(self) -> None:
        callback, self._on_close = self._on_close, None
        if callback is not None:
            callback()


class ServerApp(App):
    """A ``pyview.app.App`` for one View instance running on the server (see the module docs).

    Args:
        like: the View module's own App (``view.app``), whose name, version and display modes are copied.
        tool_input: the tool call's ``arguments`` (a dict), or None.
        tool_result: the ``CallToolResult`` as a dict, or None.
        host_context: the host context the shim reported, or None.
        tool_cancelled: the params of the host's ``ui/notifications/tool-cancelled``, or None.
        capabilities: the host's capabilities the shim reported (``serverTools`` is always there: the server
            runtime itself runs over ``tools/call``).
        call_tool: runs a server tool in-process (else ``call_server_tool`` goes through the host like any
            other request).
        request_timeout: seconds a component waits for the host's answer.
    """

    def __init__(
        self,
        like: object,
        *,
        tool_input: dict[str, Any] | None = None,
        tool_result: dict[str, Any] | None = None,
        host_context: dict[str, Any] | None = None,
        tool_cancelled: dict[str, Any] | None = None,
        capabilities: dict[str, Any] | None = None,
        call_tool: CallTool | None = None,
        request_timeout: float | None = 600.0,
    ) -> None:
        info = getattr(like, "app_info", None)
        info = info if isinstance(info, dict) else {}
        modes = getattr(like, "_display_modes", None)
        super().__init__(
            str(info.get("name", "view")),
            str(info.get("version", "0")),
            available_display_modes=modes,
            auto_resize=False,
            apply_host_styles=False,
            request_timeout=request_timeout,
        )
        self._call_tool = call_tool
        session = AppSession()
        session.initialized = True
        session.protocol_version = p.PROTOCOL_VERSION
        session.host_capabilities_raw = {**(capabilities or {}), "serverTools": {}}
        session.host_context = dict(host_context or {})
        session.tool_input = None if tool_input is None else ToolInput({"arguments": tool_input})
        session.tool_result = None if tool_result is None else ToolResult(tool_result)
        session.tool_cancelled = None if tool_cancelled is None else ToolCancelled(tool_cancelled)
        self.relay = RelayTransport()
        self.session = session
        peer = self._open(self.relay)
        peer.start()

    @property
    def data(self) -> dict[str, Any]:
        """The tool data and host state a restore needs (what the session token's ``t`` holds)."""
        tool_input = self.session.tool_input
        tool_result = self.session.tool_result
        cancelled = self.session.tool_cancelled
        data = {
            "input": None if tool_input is None else tool_input.arguments,
            "result": None if tool_result is None else tool_result.raw,
            "context": self.session.host_context,
            "capabilities": {k: v for k, v in self.session.host_capabilities_raw.items() if k != "serverTools"},
        }
        if cancelled is not None:  # only then: tokens of calls that were not cancelled stay as they were
            data["cancelled"] = cancelled.raw
        return data

    def merge_host_context(self, delta: dict[str, Any]) -> None:
        """Apply a host-context delta from the shim, as ``ui/notifications/host-context-changed`` would."""
        self._dispatch_notification(p.HOST_CONTEXT_CHANGED, delta)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        """A host notification about the tool call (input, partial input, cancellation), relayed by the shim."""
        self._dispatch_notification(method, params)

    def set_capabilities(self, capabilities: dict[str, Any]) -> None:
        """The host capabilities the shim learned in its handshake."""
        self.session.host_capabilities_raw = {**capabilities, "serverTools": {}}

    def answer(self, answer: dict[str, Any]) -> bool:
        """Resolve the request ``answer["id"]`` with its ``result`` or ``error``.

        An answer to a request this App made but no longer waits for (its handler was cancelled, say an effect's
        task on cleanup) is dropped quietly, as the browser's App does. Returns False only for an answer to a
        request this App never made (one made before a restore: its awaiting handler is gone).
        """
        peer = self._peer
        request_id = answer.get("id")
        if peer is None or not isinstance(request_id, int) or not 0 < request_id <= self.relay.asked:
            return False
        if request_id not in peer._pending:
            logger.debug("pyview: dropped the answer to request %s, which nothing waits for any more", request_id)
            return True
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id}
        if isinstance(answer.get("error"), dict):
            message["error"] = answer["error"]
        else:
            message["result"] = answer.get("result") if isinstance(answer.get("result"), dict) else {}
        self.relay.deliver(message)
        return True

    @property
    def waiting(self) -> int:
        """How many requests wait for the host's answer."""
        return 0 if self._peer is None else len(self._peer._pending)

    async def call_server_tool(
        self, name: str, arguments: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> ToolResult:
        """Run a server tool in this process (only tools the View may call: visibility includes ``"app"``)."""
        if self._call_tool is None:
            return await super().call_server_tool(name, arguments, timeout=timeout)
        if not isinstance(name, str):
            raise TypeError(f"call_server_tool() needs the tool name as a str, not {type(name).__name__}")
        try:
            return ToolResult(await self._call_tool(name, dict(arguments or {})))
        except HostError:
            raise
        except Exception as exc:
            logger.exception("pyview: in-process call of tool %r failed", name)
            raise HostError(
                p.INTERNAL_ERROR, f"{p.TOOLS_CALL} {name} failed: {type(exc).__name__}", method=p.TOOLS_CALL
            ) from exc
