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


class _Field:
    """A read-only attribute of a payload: the field ``key`` of its ``raw`` dict, as the subclass's type (a value of
    another type, or none, reads as ``None``). A plain spec field takes one line, ``locale = _Str("locale")``, rather
    than a property each; ``doc`` is what ``help()`` shows for it."""

    def __init__(self, key: str, doc: str | None = None) -> None:
        self.key = key
        self.__doc__ = doc


class _Str(_Field):
    def __get__(self, payload: Payload, owner: object = None) -> str | None:
        return _str(payload.raw.get(self.key))


class _Dict(_Field):
    def __get__(self, payload: Payload, owner: object = None) -> dict[str, Any] | None:
        return _dict(payload.raw.get(self.key))


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

    structured_content = _Dict("structuredContent", "``structuredContent``, the machine-readable result.")
    meta = _Dict("_meta", "``_meta``.")

    @property
    def content(self) -> list[dict[str, Any]]:
        """The content blocks (empty list when absent)."""
        value = self.raw.get("content")
        return [b for b in value if isinstance(b, dict)] if isinstance(value, list) else []

    @property
    def is_error(self) -> bool:
        """True when the tool reported an error (``isError``)."""
        return self.raw.get("isError") is True

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

    reason = _Str("reason", "Why the tool call was cancelled, if the host said.")


class HostInfo(Payload):
    """The host's ``Implementation`` (``name``, ``version``, optional ``title``)."""

    __slots__ = ()

    name = _Str("name")
    version = _Str("version")
    title = _Str("title")


class HostContext(Payload):
    """``McpUiHostContext``: theme, styles, display mode, dimensions, locale...

    Example:
        >>> styles = {"variables": {"--x": "1px"}}
        >>> ctx = HostContext({"theme": "dark", "displayMode": "inline", "styles": styles})
        >>> ctx.theme, ctx.display_mode, ctx.style_variables
        ('dark', 'inline', {'--x': '1px'})
    """

    __slots__ = ()

    theme = _Str("theme", '``"light"`` or ``"dark"``.')
    display_mode = _Str("displayMode", '``"inline"``, ``"fullscreen"`` or ``"pip"``.')
    container_dimensions = _Dict("containerDimensions")
    safe_area_insets = _Dict("safeAreaInsets", "``{top, right, bottom, left}`` in pixels, on mobile hosts.")
    locale = _Str("locale")
    time_zone = _Str("timeZone")
    user_agent = _Str("userAgent")
    platform = _Str("platform", '``"web"``, ``"desktop"`` or ``"mobile"``.')
    tool_info = _Dict("toolInfo", "``{id?, tool}``: the tool call that created this View.")

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
    def device_capabilities(self) -> dict[str, Any]:
        """``{touch?, hover?}`` (empty dict when absent)."""
        return _dict(self.raw.get("deviceCapabilities")) or {}

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

    open_links = _Dict("openLinks")
    download_file = _Dict("downloadFile")
    server_tools = _Dict("serverTools")
    server_resources = _Dict("serverResources")
    logging = _Dict("logging")
    sandbox = _Dict("sandbox")
    update_model_context = _Dict("updateModelContext", "Content modalities accepted by ``ui/update-model-context``.")
    message = _Dict("message", "Content modalities accepted by ``ui/message``.")
    sampling = _Dict("sampling")
    experimental = _Dict("experimental")

    def supports(self, capability: str) -> bool:
        """Whether ``capability`` was advertised; dotted paths look inside, e.g. ``"sampling.tools"``."""
        node: Any = self.raw
        for part in capability.split("."):
            if not isinstance(node, dict) or part not in node:
                return False
            node = node[part]
        return node is not None and node is not False


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
        return self._first("text")

    @property
    def blob(self) -> str | None:
        """The base64 ``blob`` of the first binary content, if any."""
        return self._first("blob")

    def _first(self, field: str) -> str | None:
        return next((str(item[field]) for item in self.contents if isinstance(item.get(field), str)), None)
