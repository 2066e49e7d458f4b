"""The OpenAI Apps SDK keys (ChatGPT), derived from the same declaration as ``_meta.ui``.

ChatGPT reads ``openai/*`` keys beside the MCP Apps ones: a tool names its widget with ``openai/outputTemplate``
and says whether the widget may call it with ``openai/widgetAccessible``; the widget's resource carries
``openai/widgetCSP`` and ``openai/widgetDescription``.

Example:
    >>> tool_meta("ui://w/view-1.html", ["model", "app"])
    {'openai/outputTemplate': 'ui://w/view-1.html', 'openai/widgetAccessible': True}
    >>> resource_meta({"csp": {"connectDomains": ["https://api.example.com"]}}, "Weather")
    {'openai/widgetCSP': {'connect_domains': ['https://api.example.com'], 'resource_domains': []}, \
'openai/widgetDescription': 'Weather'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def tool_meta(uri: str, visibility: Sequence[str] | None) -> dict[str, Any]:
    """``openai/outputTemplate`` (the View's URI) and ``openai/widgetAccessible`` (the View may call the tool)."""
    return {"openai/outputTemplate": uri, "openai/widgetAccessible": visibility is None or "app" in visibility}


def resource_meta(ui: dict[str, Any], description: str | None) -> dict[str, Any]:
    """``openai/widgetCSP`` from ``_meta.ui.csp``'s domains, and ``openai/widgetDescription``."""
    csp = ui.get("csp") or {}
    widget_csp: dict[str, Any] = {
        "connect_domains": list(csp.get("connectDomains", [])),
        "resource_domains": list(csp.get("resourceDomains", [])),
    }
    if csp.get("frameDomains"):
        widget_csp["frame_domains"] = list(csp["frameDomains"])
    out: dict[str, Any] = {"openai/widgetCSP": widget_csp}
    if description:
        out["openai/widgetDescription"] = description
    return out
