"""Thin typed views over protocol payloads.

Each wrapper keeps the plain dict it was built from in ``.raw`` (unknown fields included, nothing copied or
validated) and adds snake_case properties for the fields the spec defines. Missing fields read as ``None`` (or
an empty container where noted). Wrappers compare equal to each other and to dicts with the same content.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any


def _dict(value: object) -> dict[str, Any] | None:
    return value if isinstance(value, dict) else None


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


class Payload:
    """Base of the wrapper types: a read-only view of a dict, available as ``.raw``.

    Example:
        >>> Payload({"a": 1}).get("a"), Payload({"a": 1})["a"], "a" in Payload({"a": 1})
        (1, 1, True)
    """

    __slots__ = ("raw",)

    def __init__(self, raw: dict[str, Any] | None = None) -> None:
        self.raw: dict[str, Any] = raw if isinstance(raw, dict) else {}

    def get(self, key: str, default: Any = None) -> Any:
        """``raw.get(key, default)``."""
        return self.raw.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    def __contains__(self, key: object) -> bool:
        return key in self.raw

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Payload):
            return self.raw == other.raw
        if isinstance(other, dict):
            return self.raw == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.raw!r})"


class ToolResult(Payload):
    """A ``CallToolResult``: from ``ui/notifications/tool-result`` or :meth:`App.call_server_tool`.

    Example:
        >>> r = ToolResult({"content": [{"type": "text", "text": "21 °C"}], "structuredContent": {"t": 21}})
        >>> r.text, r.structured_content, r.is_error
        ('21 °C', {'t': 21}, False)
    """

    __slots__ = ()

    @property
    def content(self) -> list[dict[str, Any]]:
        """The content blocks (empty list when absent)."""
        value = self.raw.get("content")
        return [b for b in value if isinstance(b, dict)] if isinstance(value, list) else []

    @property
    def structured_content(self) -> dict[str, Any] | None:
        """``structuredContent``, the machine-readable result."""
        return _dict(self.raw.get("structuredContent"))

    @property
    def is_error(self) -> bool:
        """True when the tool reported an error (``isError``)."""
        return self.raw.get("isError") is True

    @property
    def meta(self) -> dict[str, Any] | None:
        """``_meta``."""
        return _dict(self.raw.get("_meta"))

    @property
    def text(self) -> str:
        """The ``text`` of all text blocks joined with newlines ("" when there is none)."""
        return "\n".join(b["text"] for b in self.content if b.get("type") == "text" and isinstance(b.get("text"), str))


class ToolInput(Payload):
    """The params of ``ui/notifications/tool-input`` (``partial=False``) or ``tool-input-partial``
    (``partial=True``).

    Example:
        >>> ToolInput({"arguments": {"city": "Oslo"}}).arguments
        {'city': 'Oslo'}
    """

    __slots__ = ("partial",)

    def __init__(self, raw: dict[str, Any] | None = None, *, partial: bool = False) -> None:
        super().__init__(raw)
        self.partial = partial

    @property
    def arguments(self) -> dict[str, Any]:
        """The tool arguments (empty dict when absent). Partial arguments are healed JSON: preview only."""
        return _dict(self.raw.get("arguments")) or {}


class ToolCancelled(Payload):
    """The params of ``ui/notifications/tool-cancelled``."""

    __slots__ = ()

    @property
    def reason(self) -> str | None:
        """Why the tool call was cancelled, if the host said."""
        return _str(self.raw.get("reason"))


class HostInfo(Payload):
    """The host's ``Implementation`` (``name``, ``version``, optional ``title``)."""

    __slots__ = ()

    @property
    def name(self) -> str | None:
        return _str(self.raw.get("name"))

    @property
    def version(self) -> str | None:
        return _str(self.raw.get("version"))

    @property
    def title(self) -> str | None:
        return _str(self.raw.get("title"))


class HostContext(Payload):
    """``McpUiHostContext``: theme, styles, display mode, dimensions, locale...

    Example:
        >>> styles = {"variables": {"--x": "1px"}}
        >>> ctx = HostContext({"theme": "dark", "displayMode": "inline", "styles": styles})
        >>> ctx.theme, ctx.display_mode, ctx.style_variables
        ('dark', 'inline', {'--x': '1px'})
    """

    __slots__ = ()

    @property
    def theme(self) -> str | None:
        """``"light"`` or ``"dark"``."""
        return _str(self.raw.get("theme"))

    @property
    def display_mode(self) -> str | None:
        """``"inline"``, ``"fullscreen"`` or ``"pip"``."""
        return _str(self.raw.get("displayMode"))

    @property
    def available_display_modes(self) -> list[str]:
        """Display modes the host supports (empty when not advertised)."""
        value = self.raw.get("availableDisplayModes")
        return [m for m in value if isinstance(m, str)] if isinstance(value, list) else []

    @property
    def styles(self) -> dict[str, Any]:
        """``styles`` (empty dict when absent)."""
        return _dict(self.raw.get("styles")) or {}

    @property
    def style_variables(self) -> dict[str, str]:
        """``styles.variables``: CSS custom properties, only string values."""
        variables = _dict(self.styles.get("variables")) or {}
        return {k: v for k, v in variables.items() if isinstance(v, str)}

    @property
    def fonts_css(self) -> str | None:
        """``styles.css.fonts``: ``@font-face``/``@import`` rules."""
        return _str((_dict(self.styles.get("css")) or {}).get("fonts"))

    @property
    def container_dimensions(self) -> dict[str, Any] | None:
        return _dict(self.raw.get("containerDimensions"))

    @property
    def safe_area_insets(self) -> dict[str, Any] | None:
        """``{top, right, bottom, left}`` in pixels, on mobile hosts."""
        return _dict(self.raw.get("safeAreaInsets"))

    @property
    def locale(self) -> str | None:
        return _str(self.raw.get("locale"))

    @property
    def time_zone(self) -> str | None:
        return _str(self.raw.get("timeZone"))

    @property
    def user_agent(self) -> str | None:
        return _str(self.raw.get("userAgent"))

    @property
    def platform(self) -> str | None:
        """``"web"``, ``"desktop"`` or ``"mobile"``."""
        return _str(self.raw.get("platform"))

    @property
    def device_capabilities(self) -> dict[str, Any]:
        """``{touch?, hover?}`` (empty dict when absent)."""
        return _dict(self.raw.get("deviceCapabilities")) or {}

    @property
    def tool_info(self) -> dict[str, Any] | None:
        """``{id?, tool}``: the tool call that created this View."""
        return _dict(self.raw.get("toolInfo"))

    @property
    def tool_name(self) -> str | None:
        """Shortcut for ``toolInfo.tool.name``."""
        return _str((_dict((self.tool_info or {}).get("tool")) or {}).get("name"))


class HostCapabilities(Payload):
    """``McpUiHostCapabilities``. Each property is the advertised object, or ``None`` when not advertised.

    Example:
        >>> caps = HostCapabilities({"openLinks": {}, "message": {"text": {}}})
        >>> caps.open_links, caps.download_file, caps.supports("message.text")
        ({}, None, True)
    """

    __slots__ = ()

    def supports(self, capability: str) -> bool:
        """Whether ``capability`` was advertised; dotted paths look inside, e.g. ``"sampling.tools"``."""
        node: Any = self.raw
        for part in capability.split("."):
            if not isinstance(node, dict) or part not in node:
                return False
            node = node[part]
        return node is not None and node is not False

    def _cap(self, key: str) -> dict[str, Any] | None:
        return _dict(self.raw.get(key))

    @property
    def open_links(self) -> dict[str, Any] | None:
        return self._cap("openLinks")

    @property
    def download_file(self) -> dict[str, Any] | None:
        return self._cap("downloadFile")

    @property
    def server_tools(self) -> dict[str, Any] | None:
        return self._cap("serverTools")

    @property
    def server_resources(self) -> dict[str, Any] | None:
        return self._cap("serverResources")

    @property
    def logging(self) -> dict[str, Any] | None:
        return self._cap("logging")

    @property
    def sandbox(self) -> dict[str, Any] | None:
        return self._cap("sandbox")

    @property
    def update_model_context(self) -> dict[str, Any] | None:
        """Content modalities accepted by ``ui/update-model-context``."""
        return self._cap("updateModelContext")

    @property
    def message(self) -> dict[str, Any] | None:
        """Content modalities accepted by ``ui/message``."""
        return self._cap("message")

    @property
    def sampling(self) -> dict[str, Any] | None:
        return self._cap("sampling")

    @property
    def experimental(self) -> dict[str, Any] | None:
        return self._cap("experimental")


class ActionResult(Payload):
    """The answer to ``ui/message``, ``ui/open-link`` or ``ui/download-file``: ``{isError?}``.

    Example:
        >>> ActionResult({"isError": True}).ok
        False
    """

    __slots__ = ()

    @property
    def is_error(self) -> bool:
        """True when the host refused or failed (e.g. the user cancelled)."""
        return self.raw.get("isError") is True

    @property
    def ok(self) -> bool:
        """``not is_error``."""
        return not self.is_error


class ResourceResult(Payload):
    """A ``ReadResourceResult``: ``{contents: [{uri, mimeType?, text? | blob?}]}``.

    Example:
        >>> ResourceResult({"contents": [{"uri": "ui://a", "text": "hi"}]}).text
        'hi'
    """

    __slots__ = ()

    @property
    def contents(self) -> list[dict[str, Any]]:
        value = self.raw.get("contents")
        return [c for c in value if isinstance(c, dict)] if isinstance(value, list) else []

    @property
    def text(self) -> str | None:
        """The ``text`` of the first text content, if any."""
        for item in self.contents:
            if isinstance(item.get("text"), str):
                return str(item["text"])
        return None

    @property
    def blob(self) -> str | None:
        """The base64 ``blob`` of the first binary content, if any."""
        for item in self.contents:
            if isinstance(item.get("blob"), str):
                return str(item["blob"])
        return None
