"""A JSON-RPC 2.0 peer over a :class:`~pyview._core.app._transport.Transport`.

The peer never raises out of :meth:`JsonRpcPeer.receive`: a malformed or unknown message is answered with the
proper JSON-RPC error when it is a request (``-32600`` invalid request, ``-32601`` unknown method,
``-32602`` bad
params, ``-32603`` handler failure) and logged and dropped otherwise. Notifications are dispatched straight
from the transport's callback, without a task per message.

Cancellation works both ways (MCP's ``notifications/cancelled``): cancelling the task that awaits
:meth:`JsonRpcPeer.request` tells the other side which request to stop (as a timeout does); a
``notifications/cancelled`` from the other side cancels the task running the handler of that request (a View-provided
tool, say), and no response is sent for it.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import math

from pyview._core.app import _protocol as p
from pyview._core.app._errors import ConnectionClosedError, HostError, JsonRpcError, RequestTimeoutError

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.app._transport import Transport

    RequestHandler = Callable[[dict[str, Any]], Any]
    NotificationHandler = Callable[[str, dict[str, Any]], None]

log = logging.getLogger("pyview.app")


def _valid_id(value: object) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)


class JsonRpcPeer:
    """Requests, responses and notifications over one transport.

    Args:
        transport: the link to the other side.
        on_notification: called as ``on_notification(method, params)`` for every valid notification.
        request_timeout: default seconds to wait for an answer; ``None`` or ``math.inf`` waits forever.

    Example:
        >>> from pyview._core.app._transport import memory_transport_pair
        >>> view_end, host_end = memory_transport_pair()
        >>> peer = JsonRpcPeer(view_end)
        >>> peer.request_handlers["echo"] = lambda params: params
        >>> replies = []
        >>> host_end.start(replies.append)
        >>> peer.start()
        >>> host_end.send({"jsonrpc": "2.0", "id": 7, "method": "echo", "params": {"x": 1}})
        >>> replies
        [{'jsonrpc': '2.0', 'id': 7, 'result': {'x': 1}}]
    """

    __slots__ = (
        "_cancelled",
        "_closed",
        "_ids",
        "_pending",
        "_running",
        "_tasks",
        "on_close",
        "on_notification",
        "request_handlers",
        "request_timeout",
        "transport",
    )

    def __init__(
        self,
        transport: Transport,
        *,
        on_notification: NotificationHandler | None = None,
        request_timeout: float | None = 60.0,
    ) -> None:
        self.transport = transport
        self.on_notification = on_notification
        self.on_close: Callable[[], None] | None = None
        self.request_timeout = request_timeout
        self.request_handlers: dict[str, RequestHandler] = {}
        self._pending: dict[int, tuple[str, asyncio.Future[Any]]] = {}
        self._tasks: set[asyncio.Future[Any]] = set()
        self._running: dict[Any, asyncio.Future[Any]] = {}  # incoming request id -> the task running its handler
        self._cancelled: set[Any] = set()  # incoming request ids the other side cancelled: never answered
        self._ids = itertools.count(1)
        self._closed = False

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called or the transport closed."""
        return self._closed

    def start(self) -> None:
        """Start receiving from the transport."""
        self.transport.start(self.receive, self._transport_closed)

    # -- sending ---------------------------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        if self._closed:
            raise ConnectionClosedError()
        self.transport.send({"jsonrpc": "2.0", **message})

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        """Send a notification (no answer expected)."""
        message: dict[str, Any] = {"method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    async def request(self, method: str, params: dict[str, Any] | None = None, *, timeout: float | None = None) -> Any:
        """Send a request and return its ``result``.

        Args:
            method: the JSON-RPC method.
            params: the params object, if any.
            timeout: seconds to wait; ``None`` uses :attr:`request_timeout`; ``math.inf`` waits forever.

        Raises:
            HostError: the other side answered with an error.
            RequestTimeoutError: no answer in time (a ``notifications/cancelled`` is sent on a best-effort
                basis).
            ConnectionClosedError: the link is closed, or closed while waiting.
            asyncio.CancelledError: the awaiting task was cancelled; the other side is sent
                ``notifications/cancelled`` for this request (except for ``ui/initialize``, never cancelled).
        """
        if timeout is None:
            timeout = self.request_timeout
        request_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        message: dict[str, Any] = {"id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self._pending[request_id] = (method, future)
        try:
            self._send(message)
            if timeout is None or math.isinf(timeout):
                return await future
            try:
                return await asyncio.wait_for(future, timeout)
            except TimeoutError:
                if future.cancelled() and not self._closed:
                    self._cancel_remote(request_id, "timeout")
                    raise RequestTimeoutError(method, timeout) from None
                raise
        except asyncio.CancelledError:
            # the caller gave up: unless the answer came already, the other side may stop working on it
            if (future.cancelled() or not future.done()) and not self._closed and method != p.INITIALIZE:
                self._cancel_remote(request_id, "cancelled")
            raise
        finally:
            self._pending.pop(request_id, None)

    def _cancel_remote(self, request_id: int, reason: str) -> None:
        try:
            self.notify(p.CANCELLED, {"requestId": request_id, "reason": reason})
        except Exception:
            log.debug("could not send notifications/cancelled", exc_info=True)

    def _respond(self, request_id: Any, result: Any = None, error: dict[str, Any] | None = None) -> None:
        if self._closed:
            log.debug("connection closed, reply to request %r dropped", request_id)
            return
        message: dict[str, Any] = {"id": request_id}
        if error is not None:
            message["error"] = error
        else:
            message["result"] = {} if result is None else result
        try:
            self._send(message)
        except ConnectionClosedError:
            log.debug("connection closed, reply to request %r dropped", request_id)
        except Exception as exc:
            if error is not None:
                log.exception("could not send the error reply to request %r", request_id)
                return
            log.exception("could not send the reply to request %r", request_id)
            self._respond(request_id, error={"code": p.INTERNAL_ERROR, "message": f"unserialisable result: {exc}"})

    # -- receiving -------------------------------------------------------------------------------------------

    def receive(self, message: object) -> None:
        """Handle one incoming message. Never raises."""
        try:
            self._receive(message)
        except Exception:
            log.exception("error while handling an incoming message")

    def _receive(self, message: object) -> None:
        if not isinstance(message, dict):
            log.warning("dropped a message that is not a JSON object: %.200r", message)
            return
        has_id = "id" in message
        msg_id = message.get("id")
        method = message.get("method")
        if message.get("jsonrpc") != "2.0":
            self._invalid(message, "jsonrpc must be '2.0'")
        elif method is not None or ("result" not in message and "error" not in message):
            if not isinstance(method, str):
                self._invalid(message, "method must be a string")
            elif not has_id:
                self._handle_notification(method, message.get("params"))
            elif not _valid_id(msg_id):
                self._respond(None, error={"code": p.INVALID_REQUEST, "message": "id must be a string or integer"})
            else:
                self._handle_request(msg_id, method, message.get("params"))
        elif not has_id:
            log.warning("dropped a response without id: %.200r", message)
        else:
            self._handle_response(msg_id, message)

    def _invalid(self, message: dict[str, Any], why: str) -> None:
        msg_id = message.get("id")
        if "method" in message and "id" in message:
            self._respond(msg_id if _valid_id(msg_id) else None, error={"code": p.INVALID_REQUEST, "message": why})
        else:
            log.warning("dropped an invalid message (%s): %.200r", why, message)

    def _handle_notification(self, method: str, params: object) -> None:
        if params is None:
            params = {}
        if not isinstance(params, dict):
            log.warning("dropped notification %s: params is not an object", method)
            return
        if method == p.CANCELLED:
            self._cancel_handler(params.get("requestId"))
        if self.on_notification is None:
            log.debug("no notification handler, dropped %s", method)
            return
        try:
            self.on_notification(method, params)
        except Exception:
            log.exception("notification handler for %s failed", method)

    def _handle_request(self, request_id: Any, method: str, params: object) -> None:
        if params is None:
            params = {}
        if not isinstance(params, dict):
            self._respond(request_id, error={"code": p.INVALID_PARAMS, "message": "params must be an object"})
            return
        handler = self.request_handlers.get(method)
        if handler is None:
            self._respond(request_id, error={"code": p.METHOD_NOT_FOUND, "message": f"Method not found: {method}"})
            return
        try:
            result = handler(params)
        except Exception as exc:
            self._respond(request_id, error=_error_object(method, exc))
            return
        if hasattr(result, "__await__"):
            task = asyncio.ensure_future(result)
            self._tasks.add(task)
            if request_id in self._running:
                log.warning("request id %.50r is reused while its first request runs; only the last can be cancelled",
                            request_id)  # fmt: skip
            self._running[request_id] = task
            task.add_done_callback(lambda t: self._finish(request_id, method, t))
        else:
            self._respond(request_id, result)

    def _cancel_handler(self, request_id: object) -> None:
        """The other side cancelled request ``request_id``: stop its handler; it gets no response."""
        task = self._running.get(request_id) if _valid_id(request_id) else None
        if task is None:  # finished already, never seen, or answered synchronously: nothing to stop
            log.debug("notifications/cancelled for a request that is not running: %.50r", request_id)
            return
        self._cancelled.add(request_id)
        task.cancel()

    def _finish(self, request_id: Any, method: str, task: asyncio.Future[Any]) -> None:
        self._tasks.discard(task)
        if self._running.get(request_id) is task:
            del self._running[request_id]
        if request_id in self._cancelled:
            self._cancelled.discard(request_id)
            if not task.cancelled() and task.exception() is not None:  # retrieved, so asyncio does not warn
                log.debug("cancelled handler for %s ended with %r", method, task.exception())
            return  # cancelled by the other side: it expects no response
        if task.cancelled():
            self._respond(request_id, error={"code": p.INTERNAL_ERROR, "message": f"{method} was cancelled"})
            return
        exc = task.exception()
        if exc is not None:
            self._respond(request_id, error=_error_object(method, exc))
        else:
            self._respond(request_id, task.result())

    def _handle_response(self, response_id: Any, message: dict[str, Any]) -> None:
        entry = self._pending.get(response_id) if _valid_id(response_id) else None
        if entry is None:
            log.warning("dropped a response to an unknown or expired request id %.50r", response_id)
            return
        method, future = entry
        if future.done():
            return
        if "error" in message:
            error = message["error"]
            if isinstance(error, dict) and isinstance(error.get("code"), int) and isinstance(error.get("message"), str):
                future.set_exception(HostError(error["code"], error["message"], error.get("data"), method=method))
            else:
                future.set_exception(
                    HostError(p.INTERNAL_ERROR, f"malformed error object: {error!r:.200}", method=method)
                )
        else:
            future.set_result(message["result"])

    # -- closing ---------------------------------------------------------------------------------------------

    def _transport_closed(self) -> None:
        self.close()

    def close(self) -> None:
        """Close the transport and fail every pending request with :class:`ConnectionClosedError`."""
        if self._closed:
            return
        self._closed = True
        for _method, future in list(self._pending.values()):
            if not future.done():
                future.set_exception(ConnectionClosedError())
        self._pending.clear()
        try:
            self.transport.close()
        except Exception:
            log.debug("transport.close() failed", exc_info=True)
        callback, self.on_close = self.on_close, None
        if callback is not None:
            callback()


def _error_object(method: str, exc: BaseException) -> dict[str, Any]:
    if isinstance(exc, JsonRpcError):
        return exc.to_error_object()
    log.error("handler for %s failed", method, exc_info=exc)
    return {"code": p.INTERNAL_ERROR, "message": f"{type(exc).__name__}: {exc}"}
