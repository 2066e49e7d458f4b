"""Host profiles: the capability sets and the default host context the Python host advertises.

``"full"`` advertises everything pyview's host implements; ``"minimal"`` advertises nothing optional, like a
host that only renders the View (useful to check that a View feature-checks the capabilities it uses).
``"chatgpt"``, ``"claude"``, ``"copilot"``, ``"vscode"``, ``"goose"``, ``"capped"`` and ``"strict"`` copy real
hosts: their capabilities, theme variables, fonts, display modes, CSP and size limit (see
:mod:`pyview._tooling.host._host_looks`).
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pyview._tooling.host._host_looks import HOSTS
from pyview._version import __version__

Profile = Literal["full", "minimal", "chatgpt", "claude", "copilot", "vscode", "goose", "capped", "strict"]
PROFILES: tuple[Profile, ...] = (
    "full", "minimal", "chatgpt", "claude", "copilot", "vscode", "goose", "capped", "strict",
)  # fmt: skip
HOST_INFO: dict[str, str] = {"name": "pyview-host", "version": __version__}

_MODALITIES: dict[str, Any] = {"text": {}, "image": {}, "audio": {}, "resource": {}, "resourceLink": {}}
_FULL: dict[str, Any] = {
    "openLinks": {},
    "downloadFile": {},
    "serverTools": {"listChanged": True},
    "serverResources": {"listChanged": True},
    "logging": {},
    "updateModelContext": {**_MODALITIES, "structuredContent": {}},
    "message": dict(_MODALITIES),
    "sampling": {},
}

# a small, readable theme: light-dark() values follow the frame's color-scheme
STYLE_VARIABLES: dict[str, str] = {
    "--color-background-primary": "light-dark(#ffffff, #1f1f1e)",
    "--color-background-secondary": "light-dark(#f5f4ef, #2b2a27)",
    "--color-text-primary": "light-dark(#1f1e1d, #f5f4ef)",
    "--color-text-secondary": "light-dark(#5e5d59, #c2c0b6)",
    "--color-border-primary": "light-dark(#d9d7ce, #4a4945)",
    "--color-ring-primary": "light-dark(#2c84db, #5aa6f0)",
    "--font-sans": "system-ui, -apple-system, 'Segoe UI', sans-serif",
    "--font-mono": "ui-monospace, 'SFMono-Regular', Menlo, monospace",
    "--font-text-md-size": "16px",
    "--font-text-md-line-height": "1.5",
    "--border-radius-md": "8px",
    "--border-width-regular": "1px",
}


def host_capabilities(profile: Profile = "full", *, server: bool = True) -> dict[str, Any]:
    """The ``hostCapabilities`` of a profile.

    Args:
        profile: one of :data:`PROFILES`.
        server: whether an MCP server (or scripted tools) stands behind the host; without one,
            ``serverTools`` and ``serverResources`` are not advertised.

    Example:
        >>> sorted(host_capabilities("full", server=False))
        ['downloadFile', 'logging', 'message', 'openLinks', 'sampling', 'updateModelContext']
        >>> host_capabilities("minimal")
        {}
        >>> "downloadFile" in host_capabilities("chatgpt"), "downloadFile" in host_capabilities("copilot")
        (False, False)
        >>> sorted(host_capabilities("claude"))
        ['message', 'openLinks', 'serverResources', 'serverTools']
    """
    _check(profile)
    caps = {key: copy.deepcopy(value) for key, value in _FULL.items() if key in HOSTS[profile].capabilities}
    if not server and caps:
        caps.pop("serverTools", None)
        caps.pop("serverResources", None)
    return caps


def default_host_context(profile: Profile = "full") -> dict[str, Any]:
    """The ``hostContext`` a profile starts with (tests and the dev host change it with ``set_host_context``).

    Example:
        >>> default_host_context("minimal")
        {'theme': 'light', 'displayMode': 'inline', 'availableDisplayModes': ['inline']}
        >>> default_host_context()["containerDimensions"]
        {'maxHeight': 600, 'width': 640}
        >>> default_host_context("vscode")["availableDisplayModes"]
        ['inline', 'fullscreen']
    """
    _check(profile)
    if profile == "minimal":
        return {"theme": "light", "displayMode": "inline", "availableDisplayModes": ["inline"]}
    look = HOSTS[profile]
    variables = dict(STYLE_VARIABLES) if profile == "full" else dict(look.variables)
    return {
        "theme": "light",
        "styles": {"variables": variables},
        "displayMode": "inline",
        "availableDisplayModes": list(look.display_modes),
        "containerDimensions": {"maxHeight": 600, "width": 640},
        "locale": "en-US",
        "timeZone": "UTC",
        "userAgent": f"pyview-host/{__version__}",
        "platform": look.platform,
        "deviceCapabilities": {"touch": False, "hover": True},
        "safeAreaInsets": {"top": 0, "right": 0, "bottom": 0, "left": 0},
    }


def _check(profile: str) -> None:
    if profile not in PROFILES:
        raise ValueError(f"unknown host profile {profile!r}; expected one of {', '.join(PROFILES)}")
