"""Host profiles that copy the hosts people use: their look, display modes, CSP and resource size limit.

Each :class:`HostLook` is what the dev host (and the test harness) needs to behave like that host: the
capabilities and host context it sends (theme variables, fonts, platform, display modes), the extra CSP it
applies to a View's frame (``'wasm-unsafe-eval'``, ``worker-src``), the largest View document it accepts, and the
page chrome the dev page draws around the View (colours, the width of the conversation column).

The values are taken from what those hosts are reported to send (public trackers and simulators, late 2026);
re-check before relying on one. The capability sets follow the ext-apps host-probe presets: Claude Desktop has
only tools, resources, links and messages; Copilot everything but file downloads; VS Code 1.133's webviews have
no ``worker-src`` (blob workers are blocked). ``copilot`` borrows pyview's own look (only its capabilities are
known). ``strict`` is the MCP Apps specification's default: no WebAssembly, no workers. ``capped`` is the
strictest host a View must still work in: every resource at most 1 MiB (Qwen Code's cap) and its `_meta.ui.csp`
domains ignored (as Claude is reported to do), so a View's runtime URL is blocked.

Example:
    >>> HOSTS["claude"].max_resource_bytes
    5000000
    >>> HOSTS["strict"].allow_wasm, HOSTS["vscode"].workers
    (False, False)
    >>> HOSTS["claude"].capabilities
    ('openLinks', 'serverTools', 'serverResources', 'message')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# theme variables every look shares (spec names; each look overrides what differs)
_TYPE: dict[str, str] = {
    "--font-weight-normal": "400",
    "--font-weight-medium": "500",
    "--font-weight-semibold": "600",
    "--font-weight-bold": "700",
    "--font-text-xs-size": "12px",
    "--font-text-sm-size": "14px",
    "--font-text-md-size": "16px",
    "--font-text-lg-size": "18px",
    "--font-text-md-line-height": "1.5",
    "--border-radius-xs": "4px",
    "--border-radius-sm": "6px",
    "--border-radius-md": "8px",
    "--border-radius-lg": "10px",
    "--border-radius-xl": "12px",
    "--border-radius-full": "9999px",
    "--border-width-regular": "1px",
}


def _theme(bg: tuple[str, str], bg2: tuple[str, str], text: tuple[str, str], text2: tuple[str, str],
           border: tuple[str, str], ring: tuple[str, str], **more: str) -> dict[str, str]:  # fmt: skip
    pairs = {
        "--color-background-primary": bg,
        "--color-background-secondary": bg2,
        "--color-text-primary": text,
        "--color-text-secondary": text2,
        "--color-border-primary": border,
        "--color-ring-primary": ring,
    }
    variables = {key: f"light-dark({light}, {dark})" for key, (light, dark) in pairs.items()}
    return {**_TYPE, **variables, **{f"--{key.replace('_', '-')}": value for key, value in more.items()}}


SYSTEM_SANS = 'ui-sans-serif, -apple-system, system-ui, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif'
SYSTEM_MONO = 'ui-monospace, "SFMono-Regular", Menlo, Monaco, Consolas, "Liberation Mono", monospace'


@dataclass(frozen=True)
class HostLook:
    """What one host profile looks and behaves like (see the module docstring).

    Attributes:
        name: the profile name (``--profile``, the dev page's host select).
        label: what the dev page shows.
        capabilities: the optional ``hostCapabilities`` keys it advertises (``serverTools``... ``sampling``).
        display_modes: its ``availableDisplayModes``.
        platform: ``web`` or ``desktop`` (a phone-sized device sends ``mobile``).
        variables: ``styles.variables`` (``light-dark()`` values follow the frame's colour scheme).
        allow_wasm: whether its CSP has ``'wasm-unsafe-eval'`` (Python Views need it).
        workers: whether its CSP allows ``worker-src 'self' blob:`` (without it, workers fall back to
            ``script-src`` and blob workers are blocked).
        max_resource_bytes: the largest resource it reads for a View, its document or anything the View reads with
            ``resources/read`` (``None``: no limit known).
        csp_domains: whether it adds a resource's ``_meta.ui.csp`` domains to the frame's CSP.
        chrome: the dev page's colours around the View: ``page``, ``panel``, ``text``, ``muted``, ``accent``,
            ``bubble`` as ``[light, dark]`` pairs, and ``thread`` (the conversation column's width, px).
    """

    name: str
    label: str
    capabilities: tuple[str, ...]
    display_modes: tuple[str, ...]
    platform: str
    variables: dict[str, str]
    allow_wasm: bool = True
    workers: bool = True
    max_resource_bytes: int | None = None
    csp_domains: bool = True
    chrome: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        """The profile as JSON for the dev page.

        Example:
            >>> HOSTS["chatgpt"].describe()["displayModes"]
            ['inline', 'fullscreen', 'pip']
        """
        return {
            "name": self.name,
            "label": self.label,
            "displayModes": list(self.display_modes),
            "platform": self.platform,
            "allowWasm": self.allow_wasm,
            "workers": self.workers,
            "maxResourceBytes": self.max_resource_bytes,
            "cspDomains": self.csp_domains,
            "font": self.variables.get("--font-sans", SYSTEM_SANS),
            "chrome": dict(self.chrome),
        }


ALL = ("openLinks", "downloadFile", "serverTools", "serverResources", "logging", "updateModelContext", "message",
       "sampling")  # fmt: skip

_PYVIEW = _theme(
    ("#ffffff", "#1f1f1e"), ("#f5f4ef", "#2b2a27"), ("#1f1e1d", "#f5f4ef"), ("#5e5d59", "#c2c0b6"),
    ("#d9d7ce", "#4a4945"), ("#2c84db", "#5aa6f0"),
    font_sans="system-ui, -apple-system, 'Segoe UI', sans-serif", font_mono=SYSTEM_MONO,
)  # fmt: skip
_CHATGPT = _theme(
    ("#ffffff", "#212121"), ("#f9f9f9", "#181818"), ("#0d0d0d", "#ffffff"), ("#5d5d5d", "#afafaf"),
    ("rgba(0,0,0,.15)", "rgba(255,255,255,.2)"), ("rgba(13,13,13,.7)", "rgba(255,255,255,.7)"),
    font_sans=SYSTEM_SANS, font_mono=SYSTEM_MONO, font_heading_md_size="20px",
)  # fmt: skip
_CLAUDE = _theme(
    ("#ffffff", "#30302e"), ("#f5f4ed", "#262624"), ("#141413", "#faf9f5"), ("#3d3d3a", "#c2c0b6"),
    ("rgba(31,30,29,.4)", "rgba(222,220,209,.4)"), ("rgba(20,20,19,.7)", "rgba(250,249,245,.7)"),
    font_sans='"Anthropic Sans", sans-serif', font_mono="ui-monospace, monospace", font_text_lg_size="20px",
    border_width_regular="0.5px",
)  # fmt: skip
_VSCODE = _theme(
    ("#ffffff", "#1f1f1f"), ("#f8f8f8", "#181818"), ("#3b3b3b", "#cccccc"), ("#616161", "#9d9d9d"),
    ("#e5e5e5", "#2b2b2b"), ("#005fb8", "#0078d4"),
    font_sans='-apple-system, BlinkMacSystemFont, "Segoe WPC", "Segoe UI", Ubuntu, "Droid Sans", sans-serif',
    font_mono='Menlo, Monaco, Consolas, "Droid Sans Mono", "Courier New", monospace', font_text_md_size="13px",
    border_radius_md="4px",
)  # fmt: skip
_GOOSE = _theme(
    ("#ffffff", "#22252a"), ("#f4f6f7", "#1a1c20"), ("#3f434b", "#e3e6ea"), ("#878787", "#a7b0b9"),
    ("#e3e6ea", "#3f434b"), ("#13bbaf", "#13bbaf"), font_sans=SYSTEM_SANS, font_mono=SYSTEM_MONO,
)  # fmt: skip


def _chrome(page: tuple[str, str], panel: tuple[str, str], text: tuple[str, str], muted: tuple[str, str],
            accent: str, bubble: tuple[str, str], thread: int) -> dict[str, Any]:  # fmt: skip
    return {
        "page": list(page),
        "panel": list(panel),
        "text": list(text),
        "muted": list(muted),
        "accent": accent,
        "bubble": list(bubble),
        "thread": thread,
    }


_PYVIEW_CHROME = _chrome(("#f7f7f5", "#1b1b1a"), ("#ffffff", "#242423"), ("#1f1e1d", "#f5f4ef"),
                         ("#6b6a66", "#a09e96"), "#2c84db", ("#ecebe6", "#2f2e2b"), 760)  # fmt: skip

HOSTS: dict[str, HostLook] = {
    look.name: look
    for look in (
        HostLook(
            "full", "pyview (everything)", ALL, ("inline", "fullscreen", "pip"), "web", _PYVIEW, chrome=_PYVIEW_CHROME
        ),
        HostLook("minimal", "minimal (renders only)", (), ("inline",), "web", {}, chrome=_PYVIEW_CHROME),
        HostLook(
            "chatgpt",
            "ChatGPT",
            ("openLinks", "serverTools", "serverResources", "updateModelContext", "message"),
            ("inline", "fullscreen", "pip"),
            "web",
            _CHATGPT,
            chrome=_chrome(
                ("#ffffff", "#212121"),
                ("#f9f9f9", "#181818"),
                ("#0d0d0d", "#ffffff"),
                ("#5d5d5d", "#afafaf"),
                "#0d0d0d",
                ("#f4f4f4", "#303030"),
                768,
            ),
        ),
        HostLook(
            "claude",
            "Claude",
            ("openLinks", "serverTools", "serverResources", "message"),  # the ext-apps host-probe's Claude Desktop
            ("inline", "fullscreen", "pip"),
            "desktop",
            _CLAUDE,
            max_resource_bytes=5_000_000,
            chrome=_chrome(
                ("#f9f7f3", "#262625"),
                ("#f5f4ed", "#1f1e1d"),
                ("#141413", "#faf9f5"),
                ("#73726c", "#9c9a92"),
                "#d97757",
                ("#f0eee6", "#141413"),
                768,
            ),
        ),
        HostLook(
            "vscode",
            "VS Code",
            ("openLinks", "serverTools", "serverResources", "logging", "updateModelContext", "message", "sampling"),
            ("inline", "fullscreen"),
            "desktop",
            _VSCODE,
            workers=False,
            chrome=_chrome(
                ("#f8f8f8", "#181818"),
                ("#ffffff", "#1f1f1f"),
                ("#3b3b3b", "#cccccc"),
                ("#616161", "#9d9d9d"),
                "#005fb8",
                ("#e8e8e8", "#2b2b2b"),
                560,
            ),
        ),
        HostLook(
            "copilot",
            "Copilot",
            ("openLinks", "serverTools", "serverResources", "logging", "updateModelContext", "message"),  # no downloads
            ("inline", "fullscreen"),
            "web",
            _PYVIEW,
            chrome=_PYVIEW_CHROME,
        ),
        HostLook(
            "goose",
            "Goose",
            ("openLinks", "serverTools", "serverResources", "logging", "updateModelContext", "message"),
            ("inline", "fullscreen"),
            "desktop",
            _GOOSE,
            chrome=_chrome(
                ("#ffffff", "#22252a"),
                ("#f4f6f7", "#1a1c20"),
                ("#3f434b", "#e3e6ea"),
                ("#878787", "#a7b0b9"),
                "#13bbaf",
                ("#f4f6f7", "#32353b"),
                720,
            ),
        ),
        HostLook(
            "capped",
            "capped (1 MiB per resource, no CSP domains)",
            ALL,
            ("inline", "fullscreen"),
            "web",
            _PYVIEW,
            max_resource_bytes=1_048_576,
            csp_domains=False,
            chrome=_PYVIEW_CHROME,
        ),
        HostLook(
            "strict",
            "strict (spec default CSP)",
            ALL,
            ("inline", "fullscreen"),
            "web",
            _PYVIEW,
            allow_wasm=False,
            workers=False,
            chrome=_PYVIEW_CHROME,
        ),
    )
}
"""Every host profile by name."""


def size_problem(document: str, look: HostLook) -> str | None:
    """Why ``look``'s host would refuse a View document this large, or ``None``.

    Example:
        >>> size_problem("x" * 6_000_000, HOSTS["claude"])
        'the View is 6.0 MB; Claude shows resources up to 5.0 MB (profile claude)'
        >>> size_problem("small", HOSTS["claude"]) is None
        True
    """
    return too_large(len(document.encode("utf-8")), look)


def too_large(size: int, look: HostLook) -> str | None:
    """Why ``look``'s host would refuse a resource of ``size`` bytes, or ``None``.

    Example:
        >>> too_large(2_000_000, HOSTS["capped"])
        'the View is 2.0 MB; capped (1 MiB per resource, no CSP domains) shows resources up to 1.0 MB (profile capped)'
    """
    limit = look.max_resource_bytes
    if limit is None or size <= limit:
        return None
    shown = f"{look.label} shows resources up to {limit / 1e6:.1f} MB"
    return f"the View is {size / 1e6:.1f} MB; {shown} (profile {look.name})"
