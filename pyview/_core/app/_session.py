"""The state of one View session, apart from any transport.

An :class:`AppSession` holds what the ``ui/initialize`` handshake returned (protocol version, host info, host
capabilities, host context) and what the host sent since (latest tool input, partial input, result,
cancellation). It does no I/O, so it can be built from a handshake that someone else performed (e.g. the JS
boot shim, before Python started) and handed to :meth:`pyview.app.App.adopt`.
"""

from __future__ import annotations

from pyview._core.app import _protocol as p
from pyview._core.app._errors import JsonRpcError, ProtocolVersionError
from pyview._core.app._types import HostCapabilities, HostContext, HostInfo, ToolCancelled, ToolInput, ToolResult

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any


class AppSession:
    """Host info, capabilities, context and the latest tool data of one View.

    Example:
        >>> s = AppSession.from_initialize_result({
        ...     "protocolVersion": "2026-01-26", "hostInfo": {"name": "h", "version": "1"},
        ...     "hostCapabilities": {"openLinks": {}}, "hostContext": {"theme": "light"}})
        >>> s.initialized, s.host_info.name, s.context.theme
        (True, 'h', 'light')
        >>> sorted(s.merge_context({"theme": "dark"})), s.context.theme
        (['theme'], 'dark')
    """

    __slots__ = (
        "host_capabilities_raw",
        "host_context",
        "host_info_raw",
        "initialize_result",
        "initialized",
        "protocol_version",
        "tool_cancelled",
        "tool_input",
        "tool_input_partial",
        "tool_result",
        "torn_down",
    )

    def __init__(self) -> None:
        self.initialized = False
        self.protocol_version: str | None = None
        self.initialize_result: dict[str, Any] = {}
        self.host_info_raw: dict[str, Any] = {}
        self.host_capabilities_raw: dict[str, Any] = {}
        self.host_context: dict[str, Any] = {}
        self.tool_input: ToolInput | None = None
        self.tool_input_partial: ToolInput | None = None
        self.tool_result: ToolResult | None = None
        self.tool_cancelled: ToolCancelled | None = None
        self.torn_down = False

    @classmethod
    def from_initialize_result(
        cls, result: object, *, supported: tuple[str, ...] = p.SUPPORTED_PROTOCOL_VERSIONS
    ) -> AppSession:
        """A session from the ``result`` of a completed ``ui/initialize`` request.

        Raises:
            ProtocolVersionError: the negotiated ``protocolVersion`` is missing or not in ``supported``.
            JsonRpcError: ``result`` is not an object (code ``-32603``).
        """
        session = cls()
        session.apply_initialize_result(result, supported=supported)
        return session

    def apply_initialize_result(
        self, result: object, *, supported: tuple[str, ...] = p.SUPPORTED_PROTOCOL_VERSIONS
    ) -> None:
        """Store a ``ui/initialize`` result and mark the session initialized (see
        :meth:`from_initialize_result`).

        Context changes recorded before this call stay unless the result's ``hostContext`` sets the same keys.
        """
        if not isinstance(result, dict):
            raise JsonRpcError(p.INTERNAL_ERROR, f"invalid ui/initialize result: {result!r:.200}")
        version = result.get("protocolVersion")
        if version not in supported:
            raise ProtocolVersionError(version, supported)
        self.protocol_version = str(version)
        self.initialize_result = result
        self.host_info_raw = _obj(result.get("hostInfo"))
        self.host_capabilities_raw = _obj(result.get("hostCapabilities"))
        self.host_context.update(_obj(result.get("hostContext")))
        self.initialized = True

    @property
    def host_info(self) -> HostInfo:
        """The host's name and version."""
        return HostInfo(self.host_info_raw)

    @property
    def capabilities(self) -> HostCapabilities:
        """What the host advertised it supports."""
        return HostCapabilities(self.host_capabilities_raw)

    @property
    def context(self) -> HostContext:
        """The current host context (a live view: later changes show through)."""
        return HostContext(self.host_context)

    def merge_context(self, delta: dict[str, Any]) -> set[str]:
        """Merge a ``host-context-changed`` delta (top-level keys replace) and return the keys whose value
        changed."""
        changed = {k for k, v in delta.items() if k not in self.host_context or self.host_context[k] != v}
        self.host_context.update(delta)
        return changed

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot of the session (for debugging or handing over)."""
        return {
            "initialized": self.initialized,
            "protocolVersion": self.protocol_version,
            "hostInfo": self.host_info_raw,
            "hostCapabilities": self.host_capabilities_raw,
            "hostContext": self.host_context,
            "toolInput": None if self.tool_input is None else self.tool_input.raw,
            "toolInputPartial": None if self.tool_input_partial is None else self.tool_input_partial.raw,
            "toolResult": None if self.tool_result is None else self.tool_result.raw,
            "toolCancelled": None if self.tool_cancelled is None else self.tool_cancelled.raw,
        }


def _obj(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}
