"""Exceptions raised by :mod:`pyview.app`.

Every error carries a JSON-RPC style ``code``, ``message`` and optional ``data`` so one ``except JsonRpcError``
handles all of them.
"""

from __future__ import annotations

from pyview._core.app import _protocol as p

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any


class JsonRpcError(Exception):
    """A JSON-RPC error: ``code`` (int), ``message`` (str) and ``data`` (any JSON value or None).

    Raise it from a request handler to answer the host with exactly this error.

    Example:
        >>> err = JsonRpcError(-32602, "bad mode", {"mode": "tiny"})
        >>> (err.code, err.message, err.data)
        (-32602, 'bad mode', {'mode': 'tiny'})
    """

    #: whether ``str()`` names the code: an error from the host does; one pyview raises itself reads as its message
    _coded = True

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def __str__(self) -> str:
        return f"{self.message} (code {self.code})" if self._coded else self.message

    def to_error_object(self) -> dict[str, Any]:
        """The JSON-RPC ``error`` member for this exception."""
        obj: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            obj["data"] = self.data
        return obj


class HostError(JsonRpcError):
    """The host answered a request with a JSON-RPC error; ``method`` names the request.

    Example:
        >>> str(HostError(-32601, "Method not found", method="ui/open-link"))
        'ui/open-link failed: Method not found (code -32601)'
    """

    def __init__(self, code: int, message: str, data: Any = None, *, method: str = "") -> None:
        super().__init__(code, message, data)
        self.method = method

    def __str__(self) -> str:
        prefix = f"{self.method} failed: " if self.method else ""
        return f"{prefix}{self.message} (code {self.code})"


class _FieldsError(JsonRpcError):
    """An error pyview raises itself about a request: its ``data`` holds its fields, each also an attribute."""

    _coded = False

    def __init__(self, code: int, message: str, **fields: Any) -> None:
        super().__init__(code, message, fields)
        for name, value in fields.items():
            setattr(self, name, value)


class RequestTimeoutError(_FieldsError, TimeoutError):
    """The host did not answer ``method`` within ``timeout`` seconds. Also a builtin :class:`TimeoutError`.

    Example:
        >>> err = RequestTimeoutError("tools/call", 2.5)
        >>> str(err), err.timeout, err.data
        ('no answer from the host to tools/call within 2.5 s', 2.5, {'method': 'tools/call', 'timeout': 2.5})
    """

    method: str
    timeout: float

    def __init__(self, method: str, timeout: float) -> None:
        text = f"no answer from the host to {method} within {timeout:g} s"
        super().__init__(p.REQUEST_TIMEOUT, text, method=method, timeout=timeout)


class ConnectionClosedError(JsonRpcError, ConnectionError):
    """The connection to the host is closed (or was never opened); pending requests fail with this."""

    _coded = False

    def __init__(self, message: str = "the connection to the host is closed") -> None:
        super().__init__(p.CONNECTION_CLOSED, message)


class CapabilityError(_FieldsError):
    """The host did not advertise ``capability``, which ``method`` needs. Raised before anything is sent.

    Example:
        >>> str(CapabilityError("ui/download-file", "downloadFile"))
        "the host does not support ui/download-file (it did not advertise the 'downloadFile' capability)"
    """

    method: str
    capability: str

    def __init__(self, method: str, capability: str, detail: str = "") -> None:
        reason = detail or f"it did not advertise the {capability!r} capability"
        text = f"the host does not support {method} ({reason})"
        super().__init__(p.METHOD_NOT_FOUND, text, method=method, capability=capability)


class ProtocolVersionError(JsonRpcError):
    """The host negotiated an MCP Apps protocol revision this package does not speak."""

    _coded = False

    def __init__(self, negotiated: object, supported: tuple[str, ...]) -> None:
        super().__init__(
            p.INVALID_REQUEST,
            f"the host negotiated MCP Apps protocol version {negotiated!r}; pyview supports {', '.join(supported)}",
            {"negotiated": negotiated, "supported": list(supported)},
        )
        self.negotiated = negotiated
        self.supported = supported
