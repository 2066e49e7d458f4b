"""Hooks that read the View's :class:`pyview.app.App` (tool input, result, host context).

The App is found through a context that :class:`~pyview.components.View` provides. Its type is :class:`AppLike`
(``pyview.app.App``'s API). The hooks themselves need only this duck-typed part of it (so tests can use
:class:`~pyview.testing.FakeApp`):

- attributes ``tool_input``, ``tool_input_partial``, ``tool_result``, ``tool_cancelled``, ``host_context``
  (the latest value, None until it arrives);
- ``add_listener(event, fn) -> remove`` for the events ``"tool_input"``, ``"tool_input_partial"``,
  ``"tool_result"``, ``"tool_cancelled"``, ``"host_context_changed"``, ``"connected"`` (after the handshake);
- optionally ``async connect()`` (awaited by ``View.start()``) and ``send_log(level, data)`` (errors are
  reported to the host through it).
"""

from __future__ import annotations

from pyview._core.components._component import create_context, use_context
from pyview._core.components._hooks import use_effect, use_ref, use_state

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Protocol, cast

    from pyview._core.app._types import ActionResult, HostContext, ResourceResult, ToolCancelled, ToolInput, ToolResult
else:
    from pyview._core._typing import Protocol, cast

APP_CONTEXT = create_context(None, "App")


class AppLike(Protocol):
    """What a component may use of its App: :class:`pyview.app.App` is one (so is the server runtime's App).

    The state the hooks read, ``add_listener``, and every View -> host request and notification of the App,
    typed exactly as on ``App`` (tests/api/test_applike.py checks that they cannot drift apart), so a component
    calls ``use_app().send_message(...)`` with no ``cast``. ``pyview.testing.FakeApp`` fakes only the
    state, ``add_listener``, ``send_log`` and ``call_server_tool``; for the requests, test against the real App
    with :func:`pyview.testing.run`.

    Example:
        >>> from pyview.app import App
        >>> def needs(app: AppLike) -> None: ...
        >>> needs(App("demo", "1.0"))  # type-checks: App satisfies the protocol
    """

    @property
    def tool_input(self) -> ToolInput | None: ...
    @property
    def tool_input_partial(self) -> ToolInput | None: ...
    @property
    def tool_result(self) -> ToolResult | None: ...
    @property
    def tool_cancelled(self) -> ToolCancelled | None: ...
    @property
    def host_context(self) -> HostContext | None: ...
    def add_listener(self, event: str, fn: Callable[..., Any], *, replay: bool = False) -> Callable[[], None]: ...

    # -- capability gates
    def supports(self, capability: str) -> bool: ...
    def can_send_message(self, kind: str = "text") -> bool: ...
    def can_update_model_context(self, kind: str = "text") -> bool: ...

    # -- requests to the server, proxied by the host
    async def call_server_tool(
        self, name: str, arguments: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> ToolResult: ...
    async def read_server_resource(self, uri: str, *, timeout: float | None = None) -> ResourceResult: ...
    async def list_server_resources(
        self, cursor: str | None = None, *, timeout: float | None = None
    ) -> dict[str, Any]: ...
    async def list_server_resource_templates(
        self, cursor: str | None = None, *, timeout: float | None = None
    ) -> dict[str, Any]: ...
    async def list_server_tools(self, cursor: str | None = None, *, timeout: float | None = None) -> dict[str, Any]: ...
    async def list_server_prompts(
        self, cursor: str | None = None, *, timeout: float | None = None
    ) -> dict[str, Any]: ...

    # -- requests to the host
    async def send_message(
        self, content: str | dict[str, Any] | list[Any], *, role: str = "user", timeout: float | None = None
    ) -> ActionResult: ...
    async def update_model_context(
        self,
        content: str | dict[str, Any] | list[Any] | None = None,
        *,
        structured_content: dict[str, Any] | None = None,
        timeout: float | None = None,
    ) -> None: ...
    async def open_link(self, url: str, *, timeout: float | None = None) -> ActionResult: ...
    async def download_file(
        self, contents: dict[str, Any] | list[dict[str, Any]], *, timeout: float | None = None
    ) -> ActionResult: ...
    async def request_display_mode(self, mode: str, *, timeout: float | None = None) -> str: ...
    async def create_sampling_message(
        self,
        messages: str | list[dict[str, Any]],
        *,
        max_tokens: int,
        system_prompt: str | None = None,
        timeout: float | None = None,
        **extra: Any,
    ) -> dict[str, Any]: ...
    async def ping(self, *, timeout: float | None = None) -> None: ...

    # -- notifications
    def send_log(self, level: str, data: Any, *, logger: str | None = None) -> bool: ...
    def request_teardown(self) -> None: ...
    def send_size_changed(self, width: int | None = None, height: int | None = None) -> None: ...


def use_app() -> AppLike | None:
    """The View's App (``pyview.app.App``), or None when the View has none (e.g. rendering at build time).

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Refresh():
        ...     app = use_app()
        ...     async def refresh():
        ...         if app is not None:
        ...             await app.call_server_tool("refresh", {})
        ...     return h.button("Refresh", on_click=refresh, disabled=app is None)
    """
    return cast("AppLike | None", use_context(APP_CONTEXT))


def _use_app_value(attribute: str, event: str, *also: str) -> Any:
    """The App's ``attribute``, re-rendering on ``event`` (and the ``also`` events)."""
    app = use_context(APP_CONTEXT)
    _, bump = use_state(0)
    value = getattr(app, attribute, None) if app is not None else None
    seen = use_ref()
    seen.current = value

    def subscribe() -> Any:
        if app is None or not hasattr(app, "add_listener"):
            return None
        removers = [app.add_listener(name, lambda *args: bump(lambda n: n + 1)) for name in (event, *also)]
        if getattr(app, attribute, None) is not seen.current:  # it changed before we listened
            bump(lambda n: n + 1)

        def remove() -> None:
            for remover in removers:
                remover()

        return remove

    use_effect(subscribe, [app])
    return value


def use_tool_input() -> ToolInput | None:
    """The tool's input (``ToolInput``, with ``.arguments``), None until the host sends it.

    The example of :func:`use_tool_result` reads both.
    """
    return cast("ToolInput | None", _use_app_value("tool_input", "tool_input"))


def use_tool_input_partial() -> ToolInput | None:
    """The partial tool input streamed while the model writes it (preview only; often never sent)."""
    return cast("ToolInput | None", _use_app_value("tool_input_partial", "tool_input_partial"))


def use_tool_result() -> ToolResult | None:
    """The tool result (``ToolResult``: ``.content``, ``.structured_content``...), None until it arrives.

    Example (with :func:`use_tool_input`; rendered here with no App, so both are None):
        >>> from pyview.components import component, h, render_to_string
        >>> @component
        ... def Weather():
        ...     tool_input, result = use_tool_input(), use_tool_result()
        ...     if result is not None:
        ...         return h.p(str(result.structured_content))
        ...     city = tool_input.arguments["city"] if tool_input is not None else "the city"
        ...     return h.p(f"Looking up {city}", aria_busy=True)
        >>> render_to_string(Weather())
        '<p aria-busy="true">Looking up the city</p>'
    """
    return cast("ToolResult | None", _use_app_value("tool_result", "tool_result"))


def use_tool_cancelled() -> ToolCancelled | None:
    """The cancellation notice if the host cancelled the tool call, else None."""
    return cast("ToolCancelled | None", _use_app_value("tool_cancelled", "tool_cancelled"))


def use_host_context() -> HostContext | None:
    """The host context (theme, locale, display mode, ...), kept current; None without an App."""
    return cast("HostContext | None", _use_app_value("host_context", "host_context_changed", "connected"))
