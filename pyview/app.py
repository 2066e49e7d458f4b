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

# module -> the public names it defines: what this facade exports (the imports below repeat it for type checkers)
_LAZY: dict[str, tuple[str, ...]] = {
    "_app": ("App",),
    "_browser": ("PostMessageTransport",),
    "_errors": (
        "CapabilityError",
        "ConnectionClosedError",
        "HostError",
        "JsonRpcError",
        "ProtocolVersionError",
        "RequestTimeoutError",
    ),
    "_jsonrpc": ("JsonRpcPeer",),
    "_protocol": ("PROTOCOL_VERSION",),
    "_session": ("AppSession",),
    "_shapes": ("MapOf", "Maybe", "NonEmpty", "shape_problem"),
    "_transport": ("BufferedTransport", "MemoryTransport", "Transport", "memory_transport_pair"),
    "_types": (
        "ActionResult",
        "HostCapabilities",
        "HostContext",
        "HostInfo",
        "Payload",
        "ResourceResult",
        "ToolCancelled",
        "ToolInput",
        "ToolResult",
    ),
}

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from pyview._core.app._app import App as App
    from pyview._core.app._browser import PostMessageTransport as PostMessageTransport
    from pyview._core.app._errors import CapabilityError as CapabilityError
    from pyview._core.app._errors import ConnectionClosedError as ConnectionClosedError
    from pyview._core.app._errors import HostError as HostError
    from pyview._core.app._errors import JsonRpcError as JsonRpcError
    from pyview._core.app._errors import ProtocolVersionError as ProtocolVersionError
    from pyview._core.app._errors import RequestTimeoutError as RequestTimeoutError
    from pyview._core.app._jsonrpc import JsonRpcPeer as JsonRpcPeer
    from pyview._core.app._protocol import PROTOCOL_VERSION as PROTOCOL_VERSION
    from pyview._core.app._session import AppSession as AppSession
    from pyview._core.app._shapes import MapOf as MapOf
    from pyview._core.app._shapes import Maybe as Maybe
    from pyview._core.app._shapes import NonEmpty as NonEmpty
    from pyview._core.app._shapes import shape_problem as shape_problem
    from pyview._core.app._transport import BufferedTransport as BufferedTransport
    from pyview._core.app._transport import MemoryTransport as MemoryTransport
    from pyview._core.app._transport import Transport as Transport
    from pyview._core.app._transport import memory_transport_pair as memory_transport_pair
    from pyview._core.app._types import ActionResult as ActionResult
    from pyview._core.app._types import HostCapabilities as HostCapabilities
    from pyview._core.app._types import HostContext as HostContext
    from pyview._core.app._types import HostInfo as HostInfo
    from pyview._core.app._types import Payload as Payload
    from pyview._core.app._types import ResourceResult as ResourceResult
    from pyview._core.app._types import ToolCancelled as ToolCancelled
    from pyview._core.app._types import ToolInput as ToolInput
    from pyview._core.app._types import ToolResult as ToolResult
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, "pyview._core.app")
