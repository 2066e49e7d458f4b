"""The View side of MCP Apps: :class:`App` connects a Python View to its host.

Names are exported lazily: importing :mod:`pyview.app` imports nothing else until a name is used.

Example:
    >>> from pyview.app import App
    >>> app = App("weather", "1.0.0")
    >>> @app.on_tool_result
    ... def show(result):
    ...     print(result.text)
"""

from __future__ import annotations

from pyview._lazy import lazy_exports

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.app._app import App
    from pyview._core.app._browser import PostMessageTransport
    from pyview._core.app._errors import (
        CapabilityError,
        ConnectionClosedError,
        HostError,
        JsonRpcError,
        ProtocolVersionError,
        RequestTimeoutError,
    )
    from pyview._core.app._jsonrpc import JsonRpcPeer
    from pyview._core.app._protocol import PROTOCOL_VERSION
    from pyview._core.app._session import AppSession
    from pyview._core.app._shapes import MapOf, Maybe, NonEmpty, shape_problem
    from pyview._core.app._transport import BufferedTransport, MemoryTransport, Transport, memory_transport_pair
    from pyview._core.app._types import (
        ActionResult,
        HostCapabilities,
        HostContext,
        HostInfo,
        Payload,
        ResourceResult,
        ToolCancelled,
        ToolInput,
        ToolResult,
    )

# public name -> private module that defines it
_LAZY: dict[str, str] = {
    "App": "_app",
    "AppSession": "_session",
    "PostMessageTransport": "_browser",
    "Transport": "_transport",
    "BufferedTransport": "_transport",
    "MemoryTransport": "_transport",
    "memory_transport_pair": "_transport",
    "JsonRpcPeer": "_jsonrpc",
    "PROTOCOL_VERSION": "_protocol",
    "JsonRpcError": "_errors",
    "HostError": "_errors",
    "RequestTimeoutError": "_errors",
    "ConnectionClosedError": "_errors",
    "CapabilityError": "_errors",
    "ProtocolVersionError": "_errors",
    "Payload": "_types",
    "ToolResult": "_types",
    "ToolInput": "_types",
    "ToolCancelled": "_types",
    "HostContext": "_types",
    "HostCapabilities": "_types",
    "HostInfo": "_types",
    "ActionResult": "_types",
    "ResourceResult": "_types",
    "shape_problem": "_shapes",
    "Maybe": "_shapes",
    "NonEmpty": "_shapes",
    "MapOf": "_shapes",
}

__all__ = [
    "PROTOCOL_VERSION",
    "ActionResult",
    "App",
    "AppSession",
    "BufferedTransport",
    "CapabilityError",
    "ConnectionClosedError",
    "HostCapabilities",
    "HostContext",
    "HostError",
    "HostInfo",
    "JsonRpcError",
    "JsonRpcPeer",
    "MapOf",
    "Maybe",
    "MemoryTransport",
    "NonEmpty",
    "Payload",
    "PostMessageTransport",
    "ProtocolVersionError",
    "RequestTimeoutError",
    "ResourceResult",
    "ToolCancelled",
    "ToolInput",
    "ToolResult",
    "Transport",
    "memory_transport_pair",
    "shape_problem",
]


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, __all__, "pyview._core.app")
