"""An in-memory fake MCP Apps host for the App tests: answers ui/initialize, records everything."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyview.app import App, memory_transport_pair

FULL_CAPABILITIES: dict[str, Any] = {
    "openLinks": {},
    "downloadFile": {},
    "serverTools": {"listChanged": True},
    "serverResources": {"listChanged": True},
    "logging": {},
    "updateModelContext": {"text": {}, "structuredContent": {}},
    "message": {"text": {}, "image": {}, "resourceLink": {}},
    "sampling": {"tools": {}},
}

NO_REPLY = object()


class HostRpcError(Exception):
    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.error = {"code": code, "message": message}
        if data is not None:
            self.error["data"] = data


class FakeHost:
    """The host end of an in-memory link. ``handlers[method] = fn(params)`` answers View requests."""

    def __init__(
        self,
        *,
        capabilities: dict[str, Any] | None = None,
        context: dict[str, Any] | None = None,
        protocol_version: str = "2026-01-26",
        host_info: dict[str, Any] | None = None,
    ) -> None:
        self.view_transport, self.transport = memory_transport_pair()
        self.received: list[dict[str, Any]] = []
        self.responses: dict[Any, dict[str, Any]] = {}
        self._waiting: dict[Any, asyncio.Future[dict[str, Any]]] = {}
        self._next_id = 100
        self.init_result: dict[str, Any] = {
            "protocolVersion": protocol_version,
            "hostInfo": host_info or {"name": "fake-host", "version": "0.1"},
            "hostCapabilities": FULL_CAPABILITIES if capabilities is None else capabilities,
            "hostContext": {"theme": "light", "displayMode": "inline"} if context is None else context,
        }
        self.handlers: dict[str, Callable[[dict[str, Any]], Any]] = {
            "ui/initialize": lambda params: self.init_result,
        }
        self.before_init_reply: Callable[[], None] | None = None
        self.transport.start(self._on_message)

    # -- receiving from the View ---------------------------------------------------------------------------

    def _on_message(self, message: Any) -> None:
        self.received.append(message)
        if not isinstance(message, dict):
            return
        if "method" in message and "id" in message:
            self._answer(message)
        elif "id" in message:
            self.responses[message["id"]] = message
            future = self._waiting.pop(message["id"], None)
            if future is not None and not future.done():
                future.set_result(message)

    def _answer(self, message: dict[str, Any]) -> None:
        method = message["method"]
        handler = self.handlers.get(method)
        if handler is None:
            self._send({"id": message["id"], "error": {"code": -32601, "message": f"Method not found: {method}"}})
            return
        if method == "ui/initialize" and self.before_init_reply is not None:
            self.before_init_reply()
        try:
            result = handler(message.get("params", {}))
        except HostRpcError as exc:
            self._send({"id": message["id"], "error": exc.error})
            return
        if result is not NO_REPLY:
            self._send({"id": message["id"], "result": result})

    def _send(self, message: dict[str, Any]) -> None:
        self.transport.send({"jsonrpc": "2.0", **message})

    # -- what the View sent -------------------------------------------------------------------------------

    def requests(self, method: str) -> list[dict[str, Any]]:
        return [m for m in self.received if m.get("method") == method and "id" in m]

    def notifications(self, method: str) -> list[dict[str, Any]]:
        return [m.get("params") for m in self.received if m.get("method") == method and "id" not in m]

    def methods(self) -> list[str]:
        return [m["method"] for m in self.received if "method" in m]

    # -- sending to the View ------------------------------------------------------------------------------

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        message: dict[str, Any] = {"method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    def send_request(self, method: str, params: dict[str, Any] | None = None) -> int:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)
        return self._next_id

    async def request(self, method: str, params: dict[str, Any] | None = None, timeout: float = 2.0) -> dict[str, Any]:
        """Send a request to the View and return its whole response message."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[self._next_id + 1] = future
        self.send_request(method, params)
        return await asyncio.wait_for(future, timeout)


async def settle(rounds: int = 5) -> None:
    """Let queued deliveries and tasks run."""
    for _ in range(rounds):
        await asyncio.sleep(0)


async def connected_app(host: FakeHost | None = None, **app_options: Any) -> tuple[App, FakeHost]:
    host = host or FakeHost()
    app_options.setdefault("auto_resize", False)
    app = App("test-view", "1.2.3", **app_options)
    await app.connect(host.view_transport)
    return app, host
