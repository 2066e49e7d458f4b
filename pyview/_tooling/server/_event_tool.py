"""The MCP side of the server runtime: the app-only ``pyview_event`` tool and ``_meta["pyview"]`` on results.

Example (``tools/list`` then has ``pyview_event``, visibility ``["app"]``; results of weather's tools carry the
rendered View):
    >>> views = Views()  # doctest: +SKIP
    >>> weather = views.add("weather", "weather_view", runtime="server")  # doctest: +SKIP
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from mcp.server.extension import ToolBinding
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, TextContent

from pyview._tooling.packager._runtime import cache_root
from pyview._tooling.server._runtime_sessions import Directory, Engine, ServedView
from pyview._tooling.server._session_state import awaitable
from pyview._tooling.server._signing import load_secret
from pyview._tooling.server._state_render import render_with_state
from pyview._tooling.server._state_store import MemoryStore, StateStore
from pyview._tooling.server._state_tool import ViewState, ViewStateError

if TYPE_CHECKING:
    from pyview._tooling.server._server_app import CallTool

logger = logging.getLogger("pyview.server")

EVENT_TOOL = "pyview_event"
_DESCRIPTION = (
    "pyview's server runtime: carries a View's DOM events to the server and its patches back "
    "(called by the View, never by the model)."
)


class ServerRuntime:
    """The server runtime of one :class:`~pyview.server.Views`: its engine (created on first use) and tool."""

    def __init__(
        self,
        directory: Directory,
        *,
        max_sessions: int = 1000,
        ttl: float = 24 * 3600,
        state_store: StateStore | None = None,
    ) -> None:
        self.directory = directory
        self.max_sessions = max_sessions
        self.ttl = ttl
        self.state_store: StateStore = state_store if state_store is not None else MemoryStore()
        self._engine: Engine | None = None

    @property
    def engine(self) -> Engine:
        """The engine; the signing secret is loaded (or created) the first time it is needed."""
        if self._engine is None:
            engine = Engine(
                self.directory, secret=load_secret(cache_root()), max_sessions=self.max_sessions, ttl=self.ttl
            )
            engine.view_state = ViewState(engine.signer, self.state_store)
            self._engine = engine
        return self._engine

    @property
    def live_sessions(self) -> int:
        """View sessions this process holds in memory now (0 before the first one: no engine is made to count)."""
        return 0 if self._engine is None else len(self._engine.sessions)

    @property
    def view_state(self) -> ViewState:
        """Signed View instance ids and the state store (``use_view_state``'s server side)."""
        view_state = self.engine.view_state
        assert view_state is not None
        return view_state

    def state_binding(self) -> ToolBinding:
        """The app-only ``pyview_state`` tool (signing secret loaded on its first call)."""
        runtime = self

        async def pyview_state(
            instance: str,
            op: str = "get",
            values: dict[str, Any] | None = None,
            delete: list[str] | None = None,
            render: dict[str, Any] | None = None,
        ) -> CallToolResult:
            arguments = {"instance": instance, "op": op, "values": values, "delete": delete, "render": render}
            if render is None and awaitable(runtime.view_state):  # Redis's asyncio client: no worker thread
                return await runtime.view_state.atool_result(arguments)
            return await anyio.to_thread.run_sync(lambda: runtime.state_result(arguments))  # a render is CPU work

        return ViewState.binding_for(pyview_state)

    def state_result(self, arguments: dict[str, Any]) -> CallToolResult:
        """One ``pyview_state`` call (blocking: the tool runs it in a worker thread). A get with ``render``
        (``{"result": the tool result, "input": its arguments}``, sent by a frame before it paints) also gets the
        View re-rendered for that result with the stored values in ``_meta["pyview"]["tree"]``, when there are any
        (without values the result's own tree is the right one)."""
        answer = self.view_state.tool_result(arguments)
        pyview = (answer.meta or {}).get("pyview") or {}
        render, token = arguments.get("render"), arguments.get("instance")
        if render is None or arguments.get("op") != "get" or not pyview.get("values") or not isinstance(token, str):
            return answer
        if not isinstance(render, dict):
            pyview["error"] = {"message": "pyview_state get: render must be an object"}
            return answer
        find = getattr(self.directory, "view_named", None)
        handle = find(str(self.engine.signer.verify(token).get("v"))) if find is not None else None
        if handle is not None:
            try:
                tree = render_with_state(self.engine, token, pyview["values"], render, handle)
            except ViewStateError as exc:
                pyview["error"] = {"message": str(exc)}
                return answer
            if tree is not None:
                pyview["tree"] = tree
        return answer

    async def attach(
        self, handle: ServedView, arguments: dict[str, Any] | None, result: CallToolResult
    ) -> CallToolResult:
        """``result`` with the View rendered for it in ``_meta["pyview"]`` (unchanged if anything goes wrong).

        The render runs in a worker thread (hook state is per context, so renders in several threads are
        independent), keeping the server's event loop free.
        """
        try:
            data = result.model_dump(by_alias=True, exclude_none=True, mode="json")
            data.get("_meta", {}).pop("pyview", None)
            server_side = bool(getattr(handle, "server_side", False))
            engine = self.engine
            meta = await anyio.to_thread.run_sync(
                lambda: engine.result_meta(handle, arguments, data, session=server_side)
            )
        except Exception:
            logger.exception("pyview: rendering View %r for a tool result failed", handle.name)
            return result
        return result.model_copy(update={"meta": {**(result.meta or {}), "pyview": meta}})

    def binding(self) -> ToolBinding:
        """The ``pyview_event`` tool (visibility ``["app"]``: hosts do not show it to the model)."""
        runtime = self

        async def pyview_event(
            ctx: Context,
            session: str | None = None,
            events: list[dict[str, Any]] | None = None,
            answers: list[dict[str, Any]] | None = None,
            notifications: list[dict[str, Any]] | None = None,
            context: dict[str, Any] | None = None,
            start: dict[str, Any] | None = None,
            capabilities: dict[str, Any] | None = None,
            handover: bool = False,
            data: str | None = None,
        ) -> CallToolResult:
            arguments: dict[str, Any] = {"session": session, "events": events, "answers": answers,
                                         "notifications": notifications, "context": context, "start": start,
                                         "capabilities": capabilities, "handover": handover, "data": data}  # fmt: skip
            answer = await runtime.engine.handle(arguments, runtime.tool_caller(ctx))
            return CallToolResult(content=[TextContent(type="text", text="ok")], _meta={"pyview": answer})

        meta = {"ui": {"visibility": ["app"]}, "openai/widgetAccessible": True}
        return ToolBinding(fn=pyview_event, meta=meta, kwargs={"name": EVENT_TOOL, "description": _DESCRIPTION})

    def tool_caller(self, ctx: Context) -> CallTool:
        """``call_server_tool`` for server-side components: the tool runs in this process, as the host would
        run it (only tools the View may call; arguments checked the same way). The request is read from ``ctx``
        when a tool is called: most events call none, and every call would pay for the reads."""
        directory = self.directory

        async def call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            server = ctx.mcp_server
            try:
                request_context = ctx.request_context
            except ValueError:
                request_context = None
            listed = {tool.name: tool for tool in await server.list_tools()}
            tool = listed.get(name)
            visibility = ((tool.meta or {}).get("ui") or {}).get("visibility") if tool is not None else None
            if tool is None or name == EVENT_TOOL or (visibility is not None and "app" not in visibility):
                return _error_result(f"Unknown tool: {name}" if tool is None else f"tool {name!r} is not app-callable")
            check = getattr(directory, "check_tool_arguments", None)
            message = check(name, arguments) if check is not None else None
            if message is not None:
                return _error_result(message)
            try:
                result = await server.call_tool(
                    name, arguments, Context(request_context=request_context, mcp_server=server)
                )
            except MCPError:
                raise
            except ToolError as exc:
                return _error_result(str(exc))
            if not isinstance(result, CallToolResult):
                return _error_result(f"tool {name!r} asked for more input, which the server runtime cannot give")
            dumped: dict[str, Any] = result.model_dump(by_alias=True, exclude_none=True, mode="json")
            return dumped

        return call_tool


def _error_result(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": True}
