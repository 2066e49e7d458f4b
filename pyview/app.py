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

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from pyview._core.app._app import App as App
    from pyview._core.app._browser import PostMessageTransport as PostMessageTransport
    from pyview._core.app._errors import (
        CapabilityError as CapabilityError,
        ConnectionClosedError as ConnectionClosedError,
        HostError as HostError,
        JsonRpcError as JsonRpcError,
        ProtocolVersionError as ProtocolVersionError,
        RequestTimeoutError as RequestTimeoutError,
    )
    from pyview._core.app._jsonrpc import JsonRpcPeer as JsonRpcPeer
    from pyview._core.app._protocol import PROTOCOL_VERSION as PROTOCOL_VERSION
    from pyview._core.app._session import AppSession as AppSession
    from pyview._core.app._shapes import (
        MapOf as MapOf,
        Maybe as Maybe,
        NonEmpty as NonEmpty,
        shape_problem as shape_problem,
    )
    from pyview._core.app._transport import (
        BufferedTransport as BufferedTransport,
        MemoryTransport as MemoryTransport,
        Transport as Transport,
        memory_transport_pair as memory_transport_pair,
    )
    from pyview._core.app._types import (
        ActionResult as ActionResult,
        HostCapabilities as HostCapabilities,
        HostContext as HostContext,
        HostInfo as HostInfo,
        Payload as Payload,
        ResourceResult as ResourceResult,
        ToolCancelled as ToolCancelled,
        ToolInput as ToolInput,
        ToolResult as ToolResult,
    )
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, "pyview._core.app")
