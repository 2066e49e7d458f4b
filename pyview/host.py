"""The host half of the MCP Apps protocol in Python, for the dev host and the test harness (CPython only).

:class:`Host` speaks to one View over any :class:`pyview.app.Transport` (an in-memory pair in unit tests, a
browser relay page in the harness and ``pyview dev``); a :class:`Backend` stands behind it: a real MCP server
(:class:`McpBackend`) or canned answers (:class:`ScriptedBackend`).

Example:
    >>> from pyview.host import Host, ScriptedBackend
    >>> host = Host(ScriptedBackend(tools={"refresh": {"temp": 4}}), profile="full")
    >>> host.capabilities["serverTools"]
    {'listChanged': True}
"""

from __future__ import annotations

from pyview._core.app._protocol import DISPLAY_MODES  # one table for the App and the host
from pyview._lazy import claim
from pyview._tooling.host._backend import Backend, ScriptedBackend, tool_result
from pyview._tooling.host._context import context_delta, resource_ui_meta, tool_resource_uri, tool_visibility
from pyview._tooling.host._csp import build_csp
from pyview._tooling.host._host import Host, Listener
from pyview._tooling.host._mcp import McpBackend, server_target, wire_result
from pyview._tooling.host._profiles import (
    HOST_INFO,
    PROFILES,
    Profile,
    default_host_context,
    host_capabilities,
)
from pyview._tooling.host._record import Inbox, RecordingTransport

__all__ = [
    "DISPLAY_MODES",
    "HOST_INFO",
    "PROFILES",
    "Backend",
    "Host",
    "Inbox",
    "Listener",
    "McpBackend",
    "Profile",
    "RecordingTransport",
    "ScriptedBackend",
    "build_csp",
    "context_delta",
    "default_host_context",
    "host_capabilities",
    "resource_ui_meta",
    "server_target",
    "tool_resource_uri",
    "tool_result",
    "tool_visibility",
    "wire_result",
]

# public classes report pyview.host
claim(__name__, [globals()[name] for name in __all__], "pyview._tooling.host")
