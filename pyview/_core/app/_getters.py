"""Read-only views of the session state, mixed into :class:`pyview.app.App`."""

from __future__ import annotations

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any

    from pyview._core.app._session import AppSession
    from pyview._core.app._types import (
        HostCapabilities,
        HostContext,
        HostInfo,
        ToolCancelled,
        ToolInput,
        ToolResult,
    )


class SessionGetters:
    """Properties over ``self.session``: host info, capabilities, context and the latest tool data."""

    __slots__ = ()

    if TYPE_CHECKING:
        session: AppSession

    @property
    def host_context(self) -> HostContext:
        """The host context: the handshake's, with every ``host-context-changed`` merged in."""
        return self.session.context

    @property
    def host_capabilities(self) -> HostCapabilities:
        """What the host advertised (empty before connecting)."""
        return self.session.capabilities

    @property
    def host_info(self) -> HostInfo:
        """The host's ``name`` and ``version``."""
        return self.session.host_info

    @property
    def host_version(self) -> str | None:
        """The host's version string."""
        return self.session.host_info.version

    @property
    def protocol_version(self) -> str | None:
        """The negotiated MCP Apps protocol version."""
        return self.session.protocol_version

    @property
    def tool_input(self) -> ToolInput | None:
        """The latest complete tool input, kept for handlers registered late (None until it arrives)."""
        return self.session.tool_input

    @property
    def tool_input_partial(self) -> ToolInput | None:
        """The latest partial tool input (preview only)."""
        return self.session.tool_input_partial

    @property
    def tool_result(self) -> ToolResult | None:
        """The latest tool result, kept for handlers registered late (None until it arrives)."""
        return self.session.tool_result

    @property
    def tool_cancelled(self) -> ToolCancelled | None:
        """The cancellation notice, if the tool call was cancelled."""
        return self.session.tool_cancelled

    @property
    def display_mode(self) -> str | None:
        """The current display mode (``host_context.display_mode``)."""
        return self.session.context.display_mode

    @property
    def safe_area_insets(self) -> dict[str, Any] | None:
        """The current safe-area insets in pixels, if the host gave them."""
        return self.session.context.safe_area_insets

    @property
    def theme(self) -> str | None:
        """The host's theme, ``"light"`` or ``"dark"``."""
        return self.session.context.theme
