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

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from pyview._core.components._action import Action as Action, use_action as use_action
    from pyview._core.components._app_hooks import (
        AppLike as AppLike,
        use_app as use_app,
        use_host_context as use_host_context,
        use_tool_cancelled as use_tool_cancelled,
        use_tool_input as use_tool_input,
        use_tool_input_partial as use_tool_input_partial,
        use_tool_result as use_tool_result,
    )
    from pyview._core.components._component import (
        Component as Component,
        Context as Context,
        component as component,
        create_context as create_context,
        use_context as use_context,
    )
    from pyview._core.components._element import (
        ComponentElement as ComponentElement,
        Element as Element,
        EventHandler as EventHandler,
        UnsafeAttributeError as UnsafeAttributeError,
        h as h,
        prevent_default as prevent_default,
        stop_propagation as stop_propagation,
        unsafe_html as unsafe_html,
    )
    from pyview._core.components._event import Event as Event
    from pyview._core.components._hooks import (
        Ref as Ref,
        use_callback as use_callback,
        use_effect as use_effect,
        use_memo as use_memo,
        use_ref as use_ref,
        use_state as use_state,
    )
    from pyview._core.components._html import render_to_string as render_to_string
    from pyview._core.components._root import Root as Root
    from pyview._core.components._selection import (
        Selection as Selection,
        use_selected as use_selected,
        use_selection as use_selection,
    )
    from pyview._core.components._server_tool import (
        ServerTool as ServerTool,
        ToolCallError as ToolCallError,
        use_server_tool as use_server_tool,
    )
    from pyview._core.components._use_view_state import use_view_state as use_view_state
    from pyview._core.components._view import View as View
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, "pyview._core.components")
