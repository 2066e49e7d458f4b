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

_LAZY: dict[str, str] = {
    "h": "_element",
    "Element": "_element",
    "ComponentElement": "_element",
    "EventHandler": "_element",
    "UnsafeAttributeError": "_element",
    "prevent_default": "_element",
    "stop_propagation": "_element",
    "unsafe_html": "_element",
    "component": "_component",
    "Component": "_component",
    "Context": "_component",
    "create_context": "_component",
    "use_context": "_component",
    "use_state": "_hooks",
    "use_effect": "_hooks",
    "use_memo": "_hooks",
    "use_callback": "_hooks",
    "use_ref": "_hooks",
    "Ref": "_hooks",
    "use_selection": "_selection",
    "use_selected": "_selection",
    "Selection": "_selection",
    "use_action": "_action",
    "use_server_tool": "_server_tool",
    "ServerTool": "_server_tool",
    "ToolCallError": "_server_tool",
    "Action": "_action",
    "Event": "_event",
    "render_to_string": "_html",
    "Root": "_root",
    "View": "_view",
    "use_app": "_app_hooks",
    "AppLike": "_app_hooks",
    "use_tool_input": "_app_hooks",
    "use_tool_input_partial": "_app_hooks",
    "use_tool_result": "_app_hooks",
    "use_tool_cancelled": "_app_hooks",
    "use_host_context": "_app_hooks",
    "use_view_state": "_use_view_state",
}

__all__ = [
    "Action",
    "AppLike",
    "Component",
    "ComponentElement",
    "Context",
    "Element",
    "Event",
    "EventHandler",
    "Ref",
    "Root",
    "Selection",
    "ServerTool",
    "ToolCallError",
    "UnsafeAttributeError",
    "View",
    "component",
    "create_context",
    "h",
    "prevent_default",
    "render_to_string",
    "stop_propagation",
    "unsafe_html",
    "use_action",
    "use_app",
    "use_callback",
    "use_context",
    "use_effect",
    "use_host_context",
    "use_memo",
    "use_ref",
    "use_selected",
    "use_selection",
    "use_server_tool",
    "use_state",
    "use_tool_cancelled",
    "use_tool_input",
    "use_tool_input_partial",
    "use_tool_result",
    "use_view_state",
]

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.components._action import Action, use_action
    from pyview._core.components._app_hooks import (
        AppLike,
        use_app,
        use_host_context,
        use_tool_cancelled,
        use_tool_input,
        use_tool_input_partial,
        use_tool_result,
    )
    from pyview._core.components._component import Component, Context, component, create_context, use_context
    from pyview._core.components._element import (
        ComponentElement,
        Element,
        EventHandler,
        UnsafeAttributeError,
        h,
        prevent_default,
        stop_propagation,
        unsafe_html,
    )
    from pyview._core.components._event import Event
    from pyview._core.components._hooks import Ref, use_callback, use_effect, use_memo, use_ref, use_state
    from pyview._core.components._html import render_to_string
    from pyview._core.components._root import Root
    from pyview._core.components._selection import Selection, use_selected, use_selection
    from pyview._core.components._server_tool import ServerTool, ToolCallError, use_server_tool
    from pyview._core.components._use_view_state import use_view_state
    from pyview._core.components._view import View


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, __all__, "pyview._core.components")
