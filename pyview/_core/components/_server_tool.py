"""``use_server_tool``: call one of the MCP server's tools from a component, with its state."""

from __future__ import annotations

from pyview._core.components._app_hooks import use_app
from pyview._core.components._hooks import use_effect, use_handle

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from asyncio import Task
    from collections.abc import Callable, Mapping
    from typing import Any, Generic, TypeVar, cast, overload

    from pyview._core.app._types import ToolResult
    from pyview._core.components._root import Root

    T = TypeVar("T")
else:
    from pyview._core._typing import Generic, T, cast


class ToolCallError(Exception):
    """The server's tool answered with ``isError``; ``result`` is that answer, the message its text."""

    def __init__(self, result: ToolResult) -> None:
        super().__init__(result.text or "the tool failed")
        self.result = result


class ServerTool(Generic[T]):
    """The state of calls to one server tool; re-renders its component when a call starts and ends.

    Attributes:
        name: the tool's name.
        result: the last answer (``ToolResult``), None before the first one arrived.
        data: the last answer's ``structuredContent`` (typed ``T`` with ``output=``), None without one.
        pending: True while a call runs.
        error: what the last call raised (a :class:`ToolCallError` for a tool error), or None.
        arguments: the arguments of the last call.

    Calling it (``on_click=greet``) calls the tool again with the last arguments, like :meth:`refetch`.
    """

    __slots__ = ("_app", "_bump", "_root", "_task", "arguments", "data", "error", "name", "pending", "result")

    def __init__(self, root: Root, bump: Callable[[], None], name: str) -> None:
        self._root = root
        self._bump = bump
        self._app: Any = None
        self._task: Task[None] | None = None
        self.name = name
        self.result: ToolResult | None = None
        self.data: T | None = None
        self.pending = False
        self.error: BaseException | None = None
        self.arguments: dict[str, Any] | None = None

    def call(self, arguments: Mapping[str, Any] | None = None) -> Task[None]:
        """Call the tool with ``arguments`` (a call still running is cancelled: the newest call wins)."""
        self.cancel()
        self.arguments = dict(arguments) if arguments is not None else None
        self.pending = True
        self.error = None
        self._bump()
        task: Task[None] = self._root.spawn(self._run(self.arguments), f"the server tool {self.name}")
        self._task = task
        return task

    async def _run(self, arguments: dict[str, Any] | None) -> None:
        import asyncio  # asyncio only once something runs: a render alone never imports it (import time)

        try:
            app = self._app
            if app is None:
                raise RuntimeError(f"use_server_tool({self.name!r}) needs a View with an App")
            if getattr(app, "connected", True) is False and hasattr(app, "add_listener"):
                await _connected(app)  # a call made while mounting waits for the handshake
            result: ToolResult = await app.call_server_tool(self.name, arguments)
            if result.is_error:
                raise ToolCallError(result)
            self.result = result
            self.data = cast("T | None", result.structured_content)  # typed by output=, not checked
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.error = exc
        finally:
            if self._task is asyncio.current_task():
                self._task = None
                self.pending = False
                self._bump()

    def refetch(self) -> Task[None]:
        """Call the tool again with the last arguments."""
        return self.call(self.arguments)

    def cancel(self) -> None:
        """Cancel the running call, if any (the host is sent ``notifications/cancelled``)."""
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            self.pending = False

    def __call__(self, *_event: object) -> Task[None]:
        return self.refetch()

    def __repr__(self) -> str:
        return f"<ServerTool {self.name!r} pending={self.pending} error={self.error!r}>"


async def _connected(app: Any) -> None:
    import asyncio  # asyncio only once something runs: a render alone never imports it (import time)

    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connected(*_: object) -> None:
        if not done.done():
            done.set_result(None)

    remove = app.add_listener("connected", connected)
    try:
        await done
    finally:
        remove()


if TYPE_CHECKING:  # the overloads are for type checkers: ``output`` types ``data``

    @overload
    def use_server_tool(name: str, arguments: Mapping[str, Any] | None = None) -> ServerTool[Any]: ...
    @overload
    def use_server_tool(name: str, arguments: Mapping[str, Any] | None = None, *, output: type[T]) -> ServerTool[T]: ...


def use_server_tool(
    name: str, arguments: Mapping[str, Any] | None = None, *, output: type[Any] | None = None
) -> ServerTool[Any]:
    """Call the MCP server's tool ``name`` from a component: ``data``, ``pending``, ``error``, ``call``/``refetch``.

    With ``arguments`` the tool is called when the component mounts and again whenever they change; without,
    only when you call ``tool.call(args)``. A call still running when the component unmounts is cancelled (the
    host is told with ``notifications/cancelled``). ``output`` (e.g. a ``TypedDict`` written by ``pyview
    types``) only types ``data`` for mypy; nothing is checked at run time.

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Greeting():
        ...     greet = use_server_tool("greet")
        ...     return h.div(
        ...         h.p(greet.result.text if greet.result else "Not greeted yet"),
        ...         h.p(f"Failed: {greet.error}", role="alert") if greet.error else None,
        ...         h.button("…" if greet.pending else "Greet", on_click=lambda: greet.call({"name": "Ada"})),
        ...     )
    """
    tool: ServerTool[Any] = use_handle(lambda root, rerender: ServerTool(root, rerender, name))
    tool.name = name
    tool._app = use_app()
    use_effect(lambda: tool.cancel, [])  # unmounting cancels a running call
    key = None if arguments is None else repr(sorted(arguments.items()))

    def fetch() -> None:
        if arguments is not None:
            tool.call(arguments)

    use_effect(fetch, [name, key])
    return tool
