"""pyview: MCP App Views written entirely in Python.

The names below are exported lazily: importing :mod:`pyview` costs nothing inside the View, where import time is
start-up time. Browser-side names (``App``, components) import only the standard library; tooling names
(``build_view``) pull in CPython-only dependencies when first touched.

Example:
    >>> import pyview
    >>> @pyview.component
    ... def Greeting(name: str):
    ...     return pyview.h.p("Hello, ", pyview.h.strong(name))
    >>> pyview.render_to_string(Greeting(name="<Ada>"))
    '<p>Hello, <strong>&lt;Ada&gt;</strong></p>'
"""

from __future__ import annotations

from pyview._lazy import lazy_exports
from pyview._version import __version__

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # the real types, for type checkers; at run time the names load on first use
    from pyview.app import (
        PROTOCOL_VERSION,
        App,
        AppSession,
        CapabilityError,
        HostCapabilities,
        HostContext,
        HostError,
        JsonRpcError,
        RequestTimeoutError,
        ToolCancelled,
        ToolInput,
        ToolResult,
    )
    from pyview.components import (
        Action,
        Context,
        Element,
        Event,
        Ref,
        Selection,
        View,
        component,
        create_context,
        h,
        prevent_default,
        render_to_string,
        stop_propagation,
        unsafe_html,
        use_action,
        use_app,
        use_callback,
        use_context,
        use_effect,
        use_host_context,
        use_memo,
        use_ref,
        use_selected,
        use_selection,
        use_server_tool,
        use_state,
        use_tool_cancelled,
        use_tool_input,
        use_tool_input_partial,
        use_tool_result,
        use_view_state,
    )
    from pyview.packager import (
        BuildError,
        BuiltView,
        build_view,
    )
    from pyview.server import ServerView, Views

# public name -> module that defines it
_LAZY: dict[str, str] = {
    "App": "pyview.app",
    "AppSession": "pyview.app",
    "CapabilityError": "pyview.app",
    "HostCapabilities": "pyview.app",
    "HostContext": "pyview.app",
    "HostError": "pyview.app",
    "JsonRpcError": "pyview.app",
    "PROTOCOL_VERSION": "pyview.app",
    "RequestTimeoutError": "pyview.app",
    "ToolCancelled": "pyview.app",
    "ToolInput": "pyview.app",
    "ToolResult": "pyview.app",
    "Action": "pyview.components",
    "Context": "pyview.components",
    "Element": "pyview.components",
    "Event": "pyview.components",
    "Ref": "pyview.components",
    "Selection": "pyview.components",
    "View": "pyview.components",
    "component": "pyview.components",
    "create_context": "pyview.components",
    "h": "pyview.components",
    "prevent_default": "pyview.components",
    "render_to_string": "pyview.components",
    "stop_propagation": "pyview.components",
    "unsafe_html": "pyview.components",
    "use_action": "pyview.components",
    "use_server_tool": "pyview.components",
    "use_app": "pyview.components",
    "use_callback": "pyview.components",
    "use_context": "pyview.components",
    "use_effect": "pyview.components",
    "use_host_context": "pyview.components",
    "use_memo": "pyview.components",
    "use_ref": "pyview.components",
    "use_selected": "pyview.components",
    "use_selection": "pyview.components",
    "use_state": "pyview.components",
    "use_tool_cancelled": "pyview.components",
    "use_tool_input": "pyview.components",
    "use_tool_input_partial": "pyview.components",
    "use_tool_result": "pyview.components",
    "use_view_state": "pyview.components",
    "BuildError": "pyview.packager",
    "BuiltView": "pyview.packager",
    "build_view": "pyview.packager",
    "Views": "pyview.server",
    "ServerView": "pyview.server",
}

__all__ = [
    "PROTOCOL_VERSION",
    "Action",
    "App",
    "AppSession",
    "BuildError",
    "BuiltView",
    "CapabilityError",
    "Context",
    "Element",
    "Event",
    "HostCapabilities",
    "HostContext",
    "HostError",
    "JsonRpcError",
    "Ref",
    "RequestTimeoutError",
    "Selection",
    "ServerView",
    "ToolCancelled",
    "ToolInput",
    "ToolResult",
    "View",
    "Views",
    "__version__",
    "build_view",
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


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, __all__)
