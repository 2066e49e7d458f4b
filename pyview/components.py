"""Components for pyview Views: function components with hooks, element builders, a diffing renderer.

Browser core: standard library only, and light to import (names are loaded on first use).

Example:
    >>> from pyview.components import component, h, use_state, render_to_string
    >>> @component
    ... def Counter(start: int = 0):
    ...     count, set_count = use_state(start)
    ...     return h.button(f"Count: {count}", on_click=lambda: set_count(count + 1))
    >>> render_to_string(Counter(start=2))
    '<button>Count: 2</button>'
"""

from __future__ import annotations

from pyview._lazy import lazy_exports

# module -> the public names it defines: what this facade exports (the imports below repeat it for type checkers)
_LAZY: dict[str, tuple[str, ...]] = {
    "_action": ("Action", "use_action"),
    "_app_hooks": (
        "AppLike",
        "use_app",
        "use_host_context",
        "use_tool_cancelled",
        "use_tool_input",
        "use_tool_input_partial",
        "use_tool_result",
    ),
    "_component": ("Component", "Context", "component", "create_context", "use_context"),
    "_element": (
        "ComponentElement",
        "Element",
        "EventHandler",
        "UnsafeAttributeError",
        "h",
        "prevent_default",
        "stop_propagation",
        "unsafe_html",
    ),
    "_event": ("Event",),
    "_hooks": ("Ref", "use_callback", "use_effect", "use_memo", "use_ref", "use_state"),
    "_html": ("render_to_string",),
    "_root": ("Root",),
    "_selection": ("Selection", "use_selected", "use_selection"),
    "_server_tool": ("ServerTool", "ToolCallError", "use_server_tool"),
    "_use_view_state": ("use_view_state",),
    "_view": ("View",),
}

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from pyview._core.components._action import Action as Action
    from pyview._core.components._action import use_action as use_action
    from pyview._core.components._app_hooks import AppLike as AppLike
    from pyview._core.components._app_hooks import use_app as use_app
    from pyview._core.components._app_hooks import use_host_context as use_host_context
    from pyview._core.components._app_hooks import use_tool_cancelled as use_tool_cancelled
    from pyview._core.components._app_hooks import use_tool_input as use_tool_input
    from pyview._core.components._app_hooks import use_tool_input_partial as use_tool_input_partial
    from pyview._core.components._app_hooks import use_tool_result as use_tool_result
    from pyview._core.components._component import Component as Component
    from pyview._core.components._component import Context as Context
    from pyview._core.components._component import component as component
    from pyview._core.components._component import create_context as create_context
    from pyview._core.components._component import use_context as use_context
    from pyview._core.components._element import ComponentElement as ComponentElement
    from pyview._core.components._element import Element as Element
    from pyview._core.components._element import EventHandler as EventHandler
    from pyview._core.components._element import UnsafeAttributeError as UnsafeAttributeError
    from pyview._core.components._element import h as h
    from pyview._core.components._element import prevent_default as prevent_default
    from pyview._core.components._element import stop_propagation as stop_propagation
    from pyview._core.components._element import unsafe_html as unsafe_html
    from pyview._core.components._event import Event as Event
    from pyview._core.components._hooks import Ref as Ref
    from pyview._core.components._hooks import use_callback as use_callback
    from pyview._core.components._hooks import use_effect as use_effect
    from pyview._core.components._hooks import use_memo as use_memo
    from pyview._core.components._hooks import use_ref as use_ref
    from pyview._core.components._hooks import use_state as use_state
    from pyview._core.components._html import render_to_string as render_to_string
    from pyview._core.components._root import Root as Root
    from pyview._core.components._selection import Selection as Selection
    from pyview._core.components._selection import use_selected as use_selected
    from pyview._core.components._selection import use_selection as use_selection
    from pyview._core.components._server_tool import ServerTool as ServerTool
    from pyview._core.components._server_tool import ToolCallError as ToolCallError
    from pyview._core.components._server_tool import use_server_tool as use_server_tool
    from pyview._core.components._use_view_state import use_view_state as use_view_state
    from pyview._core.components._view import View as View
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, "pyview._core.components")
