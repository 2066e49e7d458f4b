"""``use_action``: an async handler with its pending state, result and error."""

from __future__ import annotations

from pyview._core.components._event import Event, call_handler
from pyview._core.components._hooks import use_handle

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.components._root import Root


class Action:
    """A callable (use it as an event handler) running ``fn`` as a task; re-renders when it starts and ends.

    Attributes:
        pending: True while a run is in progress.
        result: what the last successful run returned.
        error: the exception of the last run, or None.
        runs: how many runs were started.
    """

    __slots__ = ("_bump", "_root", "error", "fn", "pending", "result", "runs", "show_errors")

    def __init__(self, root: Root, bump: Callable[[], None], show_errors: bool) -> None:
        self._root = root
        self._bump = bump
        self.fn: Callable[..., object] | None = None
        self.pending = False
        self.result: Any = None
        self.error: BaseException | None = None
        self.runs = 0
        self.show_errors = show_errors

    def __call__(self, *args: Any) -> Any:
        fn = self.fn
        assert fn is not None
        self.pending = True
        self.error = None
        self.runs += 1
        self._bump()

        async def run() -> None:
            try:
                is_event = len(args) == 1 and isinstance(args[0], Event)
                result = call_handler(fn, args[0]) if is_event else fn(*args)
                if hasattr(result, "__await__"):
                    result = await result
                self.result = result
            except Exception as exc:
                self.error = exc
                self._root.report(exc, f"the action {getattr(fn, '__name__', 'action')}", show=self.show_errors)
            finally:
                self.pending = False
                self._bump()

        return self._root.spawn(run(), "an action")

    def __repr__(self) -> str:
        return f"<Action pending={self.pending} error={self.error!r}>"


def use_action(fn: Callable[..., object], *, show_errors: bool = False) -> Action:
    """Wrap an (async) function as an event handler that tracks ``pending``, ``result`` and ``error``.

    Errors are stored in ``action.error`` and reported to the error hook; ``show_errors=True`` also shows
    them in the View's error box.

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Save(app):
        ...     save = use_action(lambda: app.call_server_tool("save", {}))
        ...     return h.div(
        ...         h.button("Saving..." if save.pending else "Save", on_click=save, disabled=save.pending),
        ...         h.p(f"Failed: {save.error}", role="alert") if save.error else None,
        ...     )
    """
    action = use_handle(lambda root, rerender: Action(root, rerender, show_errors))
    action.fn = fn
    action.show_errors = show_errors
    return action
