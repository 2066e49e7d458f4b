"""Constants of the MCP Apps protocol (spec 2026-01-26) and of JSON-RPC 2.0.

The one table of method names, error codes and display modes: the App (``pyview.app``), the Python host
(``pyview.host``) and the server runtime name methods through it, never as string literals; every method name in
pyview's JavaScript (the runtime shim, the dev host) is one of its values (tests/api/test_protocol_constants.py).
"""

from __future__ import annotations

PROTOCOL_VERSION = "2026-01-26"
"""The MCP Apps protocol revision this package speaks."""

SUPPORTED_PROTOCOL_VERSIONS: tuple[str, ...] = (PROTOCOL_VERSION,)
"""Revisions a host may negotiate; anything else fails :meth:`App.connect`."""

DISPLAY_MODES: tuple[str, ...] = ("inline", "fullscreen", "pip")


def unknown_display_mode(mode: object) -> str | None:
    """Why ``mode`` is not a display mode, or None if it is one (the App and the Python host word it the same way).

    Example:
        >>> unknown_display_mode("pip") is None
        True
        >>> unknown_display_mode("tab")
        "unknown display mode 'tab'; expected one of inline, fullscreen, pip"
    """
    if mode in DISPLAY_MODES:
        return None
    return f"unknown display mode {mode!r}; expected one of {', '.join(DISPLAY_MODES)}"


# JSON-RPC 2.0 error codes
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
# MCP SDK conventions
CONNECTION_CLOSED = -32000
REQUEST_TIMEOUT = -32001

# View -> Host requests
INITIALIZE = "ui/initialize"
PING = "ping"
TOOLS_CALL = "tools/call"
TOOLS_LIST = "tools/list"
RESOURCES_READ = "resources/read"
RESOURCES_LIST = "resources/list"
RESOURCES_TEMPLATES_LIST = "resources/templates/list"
PROMPTS_LIST = "prompts/list"
MESSAGE = "ui/message"
UPDATE_MODEL_CONTEXT = "ui/update-model-context"
OPEN_LINK = "ui/open-link"
DOWNLOAD_FILE = "ui/download-file"
REQUEST_DISPLAY_MODE = "ui/request-display-mode"
SAMPLING_CREATE_MESSAGE = "sampling/createMessage"

# View -> Host notifications
INITIALIZED = "ui/notifications/initialized"
LOG_MESSAGE = "notifications/message"
SIZE_CHANGED = "ui/notifications/size-changed"
REQUEST_TEARDOWN = "ui/notifications/request-teardown"
TOOLS_LIST_CHANGED = "notifications/tools/list_changed"
CANCELLED = "notifications/cancelled"

# Host -> View
RESOURCE_TEARDOWN = "ui/resource-teardown"
TOOL_INPUT = "ui/notifications/tool-input"
TOOL_INPUT_PARTIAL = "ui/notifications/tool-input-partial"
TOOL_RESULT = "ui/notifications/tool-result"
TOOL_CANCELLED = "ui/notifications/tool-cancelled"
HOST_CONTEXT_CHANGED = "ui/notifications/host-context-changed"

LOG_LEVELS: tuple[str, ...] = (
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
)
