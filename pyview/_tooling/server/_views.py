"""``Views``: the MCP Apps extension for pyview, declaring Views and the tools that show them."""

from __future__ import annotations

import inspect
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

from mcp.server.apps import EXTENSION_ID, Apps, ResourceCsp, ResourcePermissions, Visibility
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.extension import Extension, ResourceBinding, ToolBinding
from mcp.server.mcpserver.tools import Tool
from mcp_types import CallToolRequestParams, CallToolResult, TextContent, ToolAnnotations
from pydantic import ValidationError

from pyview._tooling.server import _openai
from pyview._tooling.server._control_chars import control_character_errors
from pyview._tooling.server._event_tool import EVENT_TOOL, ServerRuntime
from pyview._tooling.server._part_resources import chunk_resources
from pyview._tooling.server._results import TextFn, argument_errors, wrap_tool
from pyview._tooling.server._state_store import StateStore
from pyview._tooling.server._state_tool import STATE_TOOL
from pyview._tooling.server._view_resource import (
    SNAPSHOT_MODES,
    VIEW_RUNTIMES,
    Permission,
    ServerView,
    SnapshotMode,
    ViewRuntime,
    default_cache_dir,
)

_F = TypeVar("_F", bound=Callable[..., Any])
_DEFAULT: Any = object()


class Views(Extension):
    """The MCP Apps extension (``io.modelcontextprotocol/ui``) for pyview Views, built on the SDK's ``Apps``.

    Declare Views with :meth:`add` and tools with :meth:`tool`, then pass the instance to
    ``MCPServer(name, extensions=[views])`` (declare everything before that line: the server reads the tools
    once). Tools declared here also get readable text for pydantic results and clear argument errors.

    Args:
        runtime: the default of :meth:`add`'s ``runtime``: ``"auto"`` (a small document whose View runs in this
            server from the first paint, while the frame fetches Python in the background as runtime parts and
            hands the View over to it where the host allows WebAssembly), ``"server"`` (always in this server, no
            WebAssembly), ``"inline"`` (Pyodide embedded in each document) or ``"url"`` (Pyodide loaded from
            ``runtime_url``). Default: ``$PYVIEW_RUNTIME``, else ``"auto"`` (``pyview serve --runtime`` sets it).
            An auto View's parts are ``ui://pyview-runtime/...`` resources of this server, built when the server
            reads this extension (``MCPServer(...)``: a build per new View version, from the cache after that),
            and are also fetched from ``runtime_url`` when one is given and the host's CSP allows it.
        runtime_url: the base URL serving the runtime files and parts (see :func:`pyview.server.http_app`).
        cache_dir: where built documents are cached by content hash; ``None`` disables it. Default:
            ``$PYVIEW_VIEW_CACHE``, else ``~/.cache/pyview/views``.
        max_sessions: server-runtime View instances kept live in memory (least recently used evicted first; an
            evicted one is restored from its signed token on its next event).
        session_ttl: seconds a server-runtime session token stays valid after its last event.
        snapshot: the default of :meth:`add`'s ``snapshot``: ``"auto"`` (an auto or url View carries a memory
            snapshot beside its document, as a runtime part or file, when Node can make one here: Python is ready
            several times sooner; never inline), ``"core"`` (as ``"auto"``, one snapshot of pyview's core shared by
            every View, the View imported at boot; ``pyview dev``'s default), ``"on"`` (inline too: the document
            grows by several MB) or ``"off"``. Default: ``$PYVIEW_SNAPSHOT``, else ``"auto"`` (``pyview serve
            --snapshot`` sets it). See
            docs/ARCHITECTURE.md, "Memory snapshots".
        state_store: where ``use_view_state`` values live (:class:`~pyview.server.MemoryStore` in this process by
            default; :class:`~pyview.server.RedisStateStore` for several processes or machines). Every store has
            a TTL and a size bound (see docs/server.md, "View state").

    Example:
        >>> views = Views()
        >>> weather = views.add("weather", "weather_view.py", prefers_border=True)  # doctest: +SKIP
        >>> @views.tool(weather, read_only=True)  # doctest: +SKIP
        ... def forecast(city: str) -> Forecast:
        ...     return Forecast(city=city, celsius=21.5)
        >>> server = MCPServer("weather", extensions=[views])  # doctest: +SKIP
    """

    identifier = EXTENSION_ID

    def __init__(
        self,
        *,
        runtime: ViewRuntime | None = None,
        runtime_url: str | None = None,
        cache_dir: Path | None = _DEFAULT,
        max_sessions: int = 1000,
        session_ttl: float = 24 * 3600,
        state_store: StateStore | None = None,
        snapshot: SnapshotMode | None = None,
    ) -> None:
        runtime_url = runtime_url or os.environ.get("PYVIEW_RUNTIME_URL") or None
        chosen_snapshot = snapshot or os.environ.get("PYVIEW_SNAPSHOT") or "auto"
        if chosen_snapshot not in SNAPSHOT_MODES:
            raise ValueError(f"snapshot must be one of {', '.join(SNAPSHOT_MODES)}, not {chosen_snapshot!r}")
        self.snapshot: SnapshotMode = chosen_snapshot  # type: ignore[assignment]
        chosen = runtime or os.environ.get("PYVIEW_RUNTIME") or "auto"
        if chosen not in VIEW_RUNTIMES:
            raise ValueError(f"runtime must be one of {', '.join(VIEW_RUNTIMES)}, not {chosen!r}")
        self.runtime: ViewRuntime = chosen  # type: ignore[assignment]
        self.runtime_url = runtime_url
        self.cache_dir: Path | None = default_cache_dir() if cache_dir is _DEFAULT else cache_dir
        self.apps = Apps()
        """The SDK extension underneath, e.g. for hand-written HTML (``views.apps.add_html_resource``)."""
        self._views: dict[str, ServerView] = {}
        self._plain_tools: list[ToolBinding] = []
        self._checks: dict[str, Tool] = {}
        self._consumed = False
        self._tool_views: dict[str, ServerView] = {}
        self.server_runtime = ServerRuntime(self, max_sessions=max_sessions, ttl=session_ttl, state_store=state_store)
        """The server runtime (sessions of Views whose components run here; see docs/server.md)."""

    @property
    def views(self) -> list[ServerView]:
        """The declared Views, in declaration order."""
        return list(self._views.values())

    def add(
        self,
        name: str,
        path: str | os.PathLike[str],
        *,
        title: str | None = None,
        description: str | None = None,
        packages: Sequence[str] = (),
        csp: ResourceCsp | None = None,
        permissions: Sequence[Permission] | ResourcePermissions | None = None,
        domain: str | None = None,
        prefers_border: bool | None = None,
        runtime: ViewRuntime | None = None,
        snapshot: SnapshotMode | None = None,
        stdlib: Sequence[str] = (),
    ) -> ServerView:
        """Declare a View: its document is a ``ui://`` resource, built from ``path`` on the first read.

        Args:
            name: a short name, the host part of the URI (letters, digits, ``.``, ``_``, ``-``).
            path: the View's Python file or package folder; a relative path is resolved against the folder of
                the file that calls ``add`` (the server file), so the server runs from any working folder.
            title: the resource and document title.
            description: the resource description.
            packages: requirements embedded as wheels, e.g. ``["pydantic"]``.
            csp: more domains the View needs (``ResourceCsp(connect_domains=[...])``), beside the runtime's.
            permissions: iframe permissions, e.g. ``["clipboard-write"]`` or a ``ResourcePermissions``.
            domain: a dedicated sandbox origin, for hosts that support it.
            prefers_border: whether the host should draw a border around the View.
            runtime: where the View's Python runs: ``"auto"``, ``"server"``, ``"inline"`` or ``"url"`` (see
                :class:`Views`; default: the ``Views``' own). ``"server"`` and ``"auto"`` register the app-only
                ``pyview_event`` tool that carries the View's events to this server.
            snapshot: whether the document carries a memory snapshot: ``"auto"``, ``"core"``, ``"on"`` or ``"off"`` (see
                :class:`Views`; default: the ``Views``' own).
            stdlib: standard library modules an inline document carries beyond those the View imports, e.g.
                ``["zoneinfo"]``; ``["all"]`` keeps all of it (``pyview build --stdlib``; unused by other runtimes).

        Raises:
            BuildError: the View does not exist or has a syntax error.
            ValueError: a bad name, a name declared twice, or an unknown permission.

        Example:
            >>> chart = views.add("chart", "chart_view.py", permissions=["clipboard-write"])  # doctest: +SKIP
        """
        self._check_open()
        if name in self._views:
            raise ValueError(f"a View named {name!r} is declared already")
        location = Path(path)
        if not location.is_absolute():
            caller = inspect.currentframe()
            caller_file = caller.f_back.f_globals.get("__file__") if caller and caller.f_back else None
            location = (Path(caller_file).resolve().parent if caller_file else Path.cwd()) / location
        chosen = runtime or self.runtime
        if chosen not in VIEW_RUNTIMES:
            raise ValueError(f"runtime must be one of {', '.join(VIEW_RUNTIMES)}, not {chosen!r}")
        handle = ServerView(
            name, location, runtime=chosen, runtime_url=self.runtime_url, packages=packages,
            title=title, description=description, csp=csp, permissions=permissions, domain=domain,
            prefers_border=prefers_border, cache_dir=self.cache_dir, snapshot=snapshot or self.snapshot,
            stdlib=stdlib,
        )  # fmt: skip
        self._views[name] = handle
        self.apps.add_resource(handle.resource())
        return handle

    def tool(
        self,
        view: ServerView | str | None = None,
        *,
        name: str | None = None,
        title: str | None = None,
        description: str | None = None,
        visibility: Literal["model", "app", "both"] | Sequence[Visibility] | None = None,
        read_only: bool | None = None,
        destructive: bool | None = None,
        idempotent: bool | None = None,
        open_world: bool | None = None,
        annotations: ToolAnnotations | None = None,
        text: TextFn | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Callable[[_F], _F]:
        """Decorator declaring a tool, shown with ``view`` (a handle from :meth:`add`, or its name) if given.

        The tool's ``_meta.ui.resourceUri`` (and the legacy ``_meta["ui/resourceUri"]``) point at the View. A
        tool returning a pydantic model gets it as ``structuredContent``, its schema as ``outputSchema``, and
        readable text ``content`` (from ``text(result)``, else the model's ``__str__`` if it has one, else a
        ``key: value`` outline), so clients without the View still get a useful answer.

        Args:
            view: the View that shows this tool's results; ``None`` for a tool without UI.
            name: the tool name (default: the function name). ``description`` defaults to the docstring.
            title: a human-readable title.
            visibility: who may call it: ``"model"``, ``"app"`` (only the View), or ``"both"`` (the default).
            read_only: ``annotations.readOnlyHint``; likewise ``destructive``, ``idempotent``, ``open_world``.
            annotations: full ``ToolAnnotations``; the flags above override its fields.
            text: turns the pydantic result into the text ``content``.
            meta: extra ``_meta`` keys.

        Example:
            >>> @views.tool(weather, visibility="app", idempotent=True)  # doctest: +SKIP
            ... async def refresh(city: str) -> Forecast: ...
        """
        self._check_open()
        handle = self._resolve(view)
        chosen = _visibility(visibility)
        hints = {"read_only_hint": read_only, "destructive_hint": destructive, "idempotent_hint": idempotent,
                 "open_world_hint": open_world}  # fmt: skip
        flags = {key: value for key, value in hints.items() if value is not None}
        if flags or annotations is not None:
            annotations = (annotations or ToolAnnotations()).model_copy(update=flags)

        def decorator(fn: _F) -> _F:
            tool_name = name or fn.__name__
            if tool_name in self._checks:
                raise ValueError(f"a tool named {tool_name!r} is declared already")
            wrapped = wrap_tool(fn, tool_name, text)
            kwargs: dict[str, Any] = {"name": tool_name, "title": title, "description": description}
            if annotations is not None:
                kwargs["annotations"] = annotations
            # the SDK's own registration, made here too: checks the signature now and the arguments later
            self._checks[tool_name] = Tool.from_function(wrapped, name=tool_name, description=description or "")
            if tool_name in (EVENT_TOOL, STATE_TOOL):
                raise ValueError(f"the tool name {tool_name!r} is pyview's own (the server runtime's or View state's)")
            if handle is None:  # no View, but the same visibility rule: "app" keeps it from the model
                self._plain_tools.append(ToolBinding(fn=wrapped, meta=_with_visibility(meta, chosen), kwargs=kwargs))
            else:
                openai = _openai.tool_meta(handle.uri, chosen)
                self.apps.tool(
                    resource_uri=handle.uri,
                    visibility=chosen,
                    meta={**openai, **(meta or {}), "ui/resourceUri": handle.uri},
                    **kwargs,
                )(wrapped)
                if chosen != ["app"]:  # an app-only tool answers its View: no new View shows it
                    self._tool_views[tool_name] = handle
            return fn

        return decorator

    def warm_up(self) -> threading.Thread:
        """Build every View in a background thread now, so the first ``resources/read`` does not wait.

        Returns the (daemon) thread; a View that fails to build reports its error on read.
        """

        def build_all() -> None:
            for handle in self.views:
                try:
                    handle.html()
                except Exception:  # reported again, readably, when the resource is read
                    continue

        thread = threading.Thread(target=build_all, name="pyview-warm-up", daemon=True)
        thread.start()
        return thread

    # --- the Extension interface the server consumes ---

    def settings(self) -> dict[str, Any]:
        return self.apps.settings()

    def tools(self) -> Sequence[ToolBinding]:
        self._consumed = True
        extra = [self.server_runtime.binding()] if self.server_views() else []
        if self._tool_views:  # results shown by Views carry instance ids: use_view_state reads and writes through it
            extra.append(self.server_runtime.state_binding())
        return [*self.apps.tools(), *self._plain_tools, *extra]

    def resources(self) -> Sequence[ResourceBinding]:
        """The Views' documents, and the chunks of the auto Views' runtime parts (those Views are built now)."""
        self._consumed = True
        return [*self.apps.resources(), *chunk_resources(self.views)]

    async def intercept_tool_call(
        self, params: CallToolRequestParams, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        """Reject bad arguments to this extension's tools naming each one, else call the tool; a tool shown by a
        View gets the View rendered with its result in ``_meta["pyview"]``."""
        tool = self._checks.get(params.name)
        if tool is not None:
            message = _check_arguments(tool, params.arguments or {})
            if message is not None:
                return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)
        result = await call_next(ctx)
        handle = self._tool_views.get(params.name)
        if handle is not None and isinstance(result, CallToolResult):
            result = await self.server_runtime.attach(handle, params.arguments, result)
        return result

    # --- the server runtime's directory of Views ---

    def server_view(self, name: str) -> ServerView | None:
        """The View ``name`` if it may run on the server (runtime ``"server"`` or ``"auto"``)."""
        handle = self._views.get(name)
        return handle if handle is not None and handle.server_side else None

    def server_view_for_tool(self, tool: str) -> ServerView | None:
        """The server-runtime View that shows ``tool``'s results."""
        handle = self._tool_views.get(tool)
        return handle if handle is not None and handle.server_side else None

    def view_named(self, name: str) -> ServerView | None:
        """The View ``name``, whatever its runtime (``pyview_state`` re-renders a result with restored state)."""
        return self._views.get(name)

    def server_views(self) -> list[ServerView]:
        """Every View that may run on the server."""
        return [handle for handle in self._views.values() if handle.server_side]

    def check_tool_arguments(self, name: str, arguments: dict[str, Any]) -> str | None:
        """The argument error message for one of this extension's tools, or None when they are fine."""
        tool = self._checks.get(name)
        return None if tool is None else _check_arguments(tool, arguments)

    def _resolve(self, view: ServerView | str | None) -> ServerView | None:
        if view is None or isinstance(view, ServerView):
            return view
        if view not in self._views:
            raise ValueError(f"no View named {view!r}; declare it with views.add({view!r}, 'view.py') first")
        return self._views[view]

    def _check_open(self) -> None:
        if self._consumed:
            raise RuntimeError(
                "this Views was already given to an MCPServer, which reads its tools and Views once: "
                "declare every View and tool before MCPServer(..., extensions=[views])"
            )


def _visibility(
    visibility: Literal["model", "app", "both"] | Sequence[Visibility] | None,
) -> list[Visibility] | None:
    if visibility is None:
        return None
    if visibility == "both":
        return ["model", "app"]
    if visibility == "model" or visibility == "app":
        return [visibility]
    chosen = list(visibility)
    for item in chosen:
        if item not in ("model", "app"):
            raise ValueError(f"visibility is 'model', 'app' or 'both' (or a list of 'model', 'app'), not {item!r}")
    return chosen


def _with_visibility(meta: dict[str, Any] | None, visibility: list[Visibility] | None) -> dict[str, Any] | None:
    """``meta`` with ``ui.visibility`` set, for a tool without a View (the SDK's ``Apps.tool`` does it for the rest).

    Example:
        >>> _with_visibility({"x": 1}, ["app"])
        {'x': 1, 'ui': {'visibility': ['app']}}
    """
    if visibility is None:
        return meta
    ui = (meta or {}).get("ui")
    return {**(meta or {}), "ui": {**(ui if isinstance(ui, dict) else {}), "visibility": visibility}}


def _check_arguments(tool: Tool, arguments: dict[str, Any]) -> str | None:
    known = list(tool.parameters.get("properties", {}))
    unknown = [key for key in arguments if key not in known]
    try:
        tool.fn_metadata.validate_arguments(arguments)
    except ValidationError as exc:
        return argument_errors(tool.name, exc, unknown=unknown, known=known)
    except Exception:  # a crashing validator: the SDK's own call reports it
        return None
    if unknown:
        return argument_errors(tool.name, None, unknown=unknown, known=known)
    return control_character_errors(tool.name, arguments)
