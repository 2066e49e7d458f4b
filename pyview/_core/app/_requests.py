"""View -> Host requests and notifications of :class:`pyview.app.App` (a mixin; state lives in
``_app.py``)."""

from __future__ import annotations

from pyview._core.app import _protocol as p
from pyview._core.app._capabilities import check_request, modality_key
from pyview._core.app._errors import ConnectionClosedError
from pyview._core.app._types import ActionResult, ResourceResult, ToolResult

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any

    from pyview._core.app._jsonrpc import JsonRpcPeer
    from pyview._core.app._session import AppSession


def content_blocks(content: object) -> list[dict[str, Any]]:
    """``str`` -> one text block; a dict -> ``[dict]``; a list -> each ``str`` item wrapped, dicts kept.

    Example:
        >>> content_blocks("hi")
        [{'type': 'text', 'text': 'hi'}]
    """
    items = content if isinstance(content, (list, tuple)) else [content]
    blocks: list[dict[str, Any]] = []
    for item in items:
        if isinstance(item, str):
            blocks.append({"type": "text", "text": item})
        elif isinstance(item, dict):
            blocks.append(item)
        else:
            raise TypeError(f"a content block must be a str or a dict, not {type(item).__name__}")
    return blocks


class HostRequests:
    """Everything the View can ask of the host. Mixed into :class:`pyview.app.App`."""

    __slots__ = ()

    if TYPE_CHECKING:
        session: AppSession
        _peer: JsonRpcPeer | None
        _display_modes: tuple[str, ...] | None

    # -- plumbing ------------------------------------------------------------------------------------------

    def _live_peer(self) -> JsonRpcPeer:
        peer = self._peer
        if peer is None or peer.closed or not self.session.initialized:
            raise ConnectionClosedError("not connected to a host: call `await app.connect()` first")
        return peer

    async def _request(self, method: str, params: dict[str, Any], timeout: float | None) -> Any:
        peer = self._live_peer()
        check_request(method, params, self.session.capabilities, self.session.context)
        return await peer.request(method, params, timeout=timeout)

    def _obj(self, method: str, result: object) -> dict[str, Any]:
        return result if isinstance(result, dict) else {}

    # -- capability gates ----------------------------------------------------------------------------------

    def supports(self, capability: str) -> bool:
        """Whether the host advertised ``capability`` (a ``hostCapabilities`` key; dotted paths look inside).

        Example:
            >>> from pyview.app import App
            >>> app = App("demo", "1.0")
            >>> app.supports("downloadFile")  # not connected: nothing advertised
            False
        """
        return self.session.capabilities.supports(capability)

    def can_send_message(self, kind: str = "text") -> bool:
        """Whether ``ui/message`` accepts content of ``kind`` (``"text"``, ``"image"``,
        ``"resource_link"``...)."""
        return self.supports("message." + modality_key(kind))

    def can_update_model_context(self, kind: str = "text") -> bool:
        """Whether ``ui/update-model-context`` accepts content of ``kind``."""
        return self.supports("updateModelContext." + modality_key(kind))

    # -- requests to the server, proxied by the host -------------------------------------------------------

    async def call_server_tool(
        self, name: str, arguments: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> ToolResult:
        """Call a tool of the MCP server (``tools/call``; needs ``serverTools``).

        A tool failure comes back as a result with ``is_error`` True; a protocol failure raises
        :class:`HostError`. ``timeout`` is in seconds (default: the App's ``request_timeout``; ``math.inf``
        waits forever).

        Example:
            >>> async def refresh(app):
            ...     result = await app.call_server_tool("get_weather", {"city": "Oslo"})
            ...     return result.structured_content
        """
        if not isinstance(name, str):
            raise TypeError(f"call_server_tool() needs the tool name as a str, not {type(name).__name__}")
        params: dict[str, Any] = {"name": name}
        if arguments is not None:
            params["arguments"] = arguments
        return ToolResult(self._obj(p.TOOLS_CALL, await self._request(p.TOOLS_CALL, params, timeout)))

    async def read_server_resource(self, uri: str, *, timeout: float | None = None) -> ResourceResult:
        """Read a resource of the MCP server (``resources/read``; needs ``serverResources``)."""
        return ResourceResult(await self._request(p.RESOURCES_READ, {"uri": uri}, timeout))

    async def _list(self, method: str, cursor: str | None, timeout: float | None) -> dict[str, Any]:
        params: dict[str, Any] = {} if cursor is None else {"cursor": cursor}
        return self._obj(method, await self._request(method, params, timeout))

    async def list_server_resources(self, cursor: str | None = None, *, timeout: float | None = None) -> dict[str, Any]:
        """``resources/list`` of the MCP server (needs ``serverResources``): ``{"resources": [...],
        "nextCursor"?}``."""
        return await self._list(p.RESOURCES_LIST, cursor, timeout)

    async def list_server_resource_templates(
        self, cursor: str | None = None, *, timeout: float | None = None
    ) -> dict[str, Any]:
        """``resources/templates/list`` of the MCP server (needs ``serverResources``)."""
        return await self._list(p.RESOURCES_TEMPLATES_LIST, cursor, timeout)

    async def list_server_tools(self, cursor: str | None = None, *, timeout: float | None = None) -> dict[str, Any]:
        """``tools/list`` of the MCP server (draft; needs ``serverTools``): ``{"tools": [...]}``."""
        return await self._list(p.TOOLS_LIST, cursor, timeout)

    async def list_server_prompts(self, cursor: str | None = None, *, timeout: float | None = None) -> dict[str, Any]:
        """``prompts/list`` of the MCP server (draft). No host capability advertises it: a host without it
        answers with an error, raised as :class:`HostError`."""
        return await self._list(p.PROMPTS_LIST, cursor, timeout)

    # -- requests to the host ------------------------------------------------------------------------------

    async def send_message(
        self, content: str | dict[str, Any] | list[Any], *, role: str = "user", timeout: float | None = None
    ) -> ActionResult:
        """Add a message to the conversation (``ui/message``; needs ``message``).

        ``content`` is a list of content blocks; a ``str`` (or a list item that is a ``str``) becomes a text
        block.

        Example:
            >>> async def ask(app):
            ...     if app.can_send_message("text"):
            ...         await app.send_message("Show me the details of item 42")
        """
        params = {"role": role, "content": content_blocks(content)}
        return ActionResult(await self._request(p.MESSAGE, params, timeout))

    async def update_model_context(
        self,
        content: str | dict[str, Any] | list[Any] | None = None,
        *,
        structured_content: dict[str, Any] | None = None,
        timeout: float | None = None,
    ) -> None:
        """Replace what the View contributes to the model's context (``ui/update-model-context``)."""
        params: dict[str, Any] = {}
        if content is not None:
            params["content"] = content_blocks(content)
        if structured_content is not None:
            params["structuredContent"] = structured_content
        await self._request(p.UPDATE_MODEL_CONTEXT, params, timeout)

    async def open_link(self, url: str, *, timeout: float | None = None) -> ActionResult:
        """Ask the host to open ``url`` (``ui/open-link``; needs ``openLinks``). ``.ok`` is False if it
        refused."""
        return ActionResult(await self._request(p.OPEN_LINK, {"url": url}, timeout))

    async def download_file(
        self, contents: dict[str, Any] | list[dict[str, Any]], *, timeout: float | None = None
    ) -> ActionResult:
        """Ask the host to download files (``ui/download-file``; needs ``downloadFile``).

        ``contents`` is one or a list of ``EmbeddedResource`` (``{"type": "resource", "resource": {...}}``) or
        ``ResourceLink`` blocks.
        """
        items = [contents] if isinstance(contents, dict) else list(contents)
        return ActionResult(await self._request(p.DOWNLOAD_FILE, {"contents": items}, timeout))

    async def request_display_mode(self, mode: str, *, timeout: float | None = None) -> str:
        """Ask for ``"inline"``, ``"fullscreen"`` or ``"pip"``; returns the mode the host actually set.

        Raises :class:`CapabilityError` if the host context lists ``availableDisplayModes`` without ``mode``,
        and :class:`ValueError` if ``mode`` is unknown or not among the App's own ``available_display_modes``.
        """
        if (unknown := p.unknown_display_mode(mode)) is not None:
            raise ValueError(unknown)
        if self._display_modes is not None and mode not in self._display_modes:
            raise ValueError(f"display mode {mode!r} is not declared in App(available_display_modes=...)")
        result = self._obj(p.REQUEST_DISPLAY_MODE, await self._request(p.REQUEST_DISPLAY_MODE, {"mode": mode}, timeout))
        actual = result.get("mode")
        return actual if isinstance(actual, str) else mode

    async def create_sampling_message(
        self,
        messages: str | list[dict[str, Any]],
        *,
        max_tokens: int,
        system_prompt: str | None = None,
        timeout: float | None = None,
        **extra: Any,
    ) -> dict[str, Any]:
        """Ask the host's model for a completion (``sampling/createMessage``; draft; needs ``sampling``).

        ``messages`` may be a ``str`` (one user text message). ``extra`` keys are sent as is (``temperature``,
        ``tools``...; ``tools`` needs ``sampling.tools``). Returns the raw ``CreateMessageResult``.
        """
        if isinstance(messages, str):
            messages = [{"role": "user", "content": {"type": "text", "text": messages}}]
        params: dict[str, Any] = {"messages": messages, "maxTokens": max_tokens, **extra}
        if system_prompt is not None:
            params["systemPrompt"] = system_prompt
        return self._obj(p.SAMPLING_CREATE_MESSAGE, await self._request(p.SAMPLING_CREATE_MESSAGE, params, timeout))

    async def ping(self, *, timeout: float | None = None) -> None:
        """Check that the host answers (``ping``)."""
        await self._request(p.PING, {}, timeout)

    # -- notifications -------------------------------------------------------------------------------------

    def send_log(self, level: str, data: Any, *, logger: str | None = None) -> bool:
        """Send a log entry (``notifications/message``). Returns False, sending nothing, when not connected or
        when the host did not advertise ``logging``; raises :class:`ValueError` for an unknown ``level``."""
        if level not in p.LOG_LEVELS:
            raise ValueError(f"unknown log level {level!r}; expected one of {', '.join(p.LOG_LEVELS)}")
        peer = self._peer
        if peer is None or peer.closed or not self.session.initialized or not self.supports("logging"):
            return False
        params: dict[str, Any] = {"level": level, "data": data}
        if logger is not None:
            params["logger"] = logger
        peer.notify(p.LOG_MESSAGE, params)
        return True

    def request_teardown(self) -> None:
        """Ask the host to close this View (``ui/notifications/request-teardown``, draft). If it agrees,
        the host
        sends ``ui/resource-teardown`` and the ``on_teardown`` handler runs."""
        self._live_peer().notify(p.REQUEST_TEARDOWN, {})

    def send_size_changed(self, width: int | None = None, height: int | None = None) -> None:
        """Report the View's size in pixels (``ui/notifications/size-changed``). Done automatically in the
        browser unless ``auto_resize=False``."""
        params: dict[str, Any] = {}
        if width is not None:
            params["width"] = width
        if height is not None:
            params["height"] = height
        self._live_peer().notify(p.SIZE_CHANGED, params)
