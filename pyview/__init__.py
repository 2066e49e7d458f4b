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
from pyview._version import __version__ as __version__

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

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from pyview.app import (
        PROTOCOL_VERSION as PROTOCOL_VERSION,
        App as App,
        AppSession as AppSession,
        CapabilityError as CapabilityError,
        HostCapabilities as HostCapabilities,
        HostContext as HostContext,
        HostError as HostError,
        JsonRpcError as JsonRpcError,
        RequestTimeoutError as RequestTimeoutError,
        ToolCancelled as ToolCancelled,
        ToolInput as ToolInput,
        ToolResult as ToolResult,
    )
    from pyview.components import (
        Action as Action,
        Context as Context,
        Element as Element,
        Event as Event,
        Ref as Ref,
        Selection as Selection,
        View as View,
        component as component,
        create_context as create_context,
        h as h,
        prevent_default as prevent_default,
        render_to_string as render_to_string,
        stop_propagation as stop_propagation,
        unsafe_html as unsafe_html,
        use_action as use_action,
        use_app as use_app,
        use_callback as use_callback,
        use_context as use_context,
        use_effect as use_effect,
        use_host_context as use_host_context,
        use_memo as use_memo,
        use_ref as use_ref,
        use_selected as use_selected,
        use_selection as use_selection,
        use_server_tool as use_server_tool,
        use_state as use_state,
        use_tool_cancelled as use_tool_cancelled,
        use_tool_input as use_tool_input,
        use_tool_input_partial as use_tool_input_partial,
        use_tool_result as use_tool_result,
        use_view_state as use_view_state,
    )
    from pyview.packager import BuildError as BuildError, BuiltView as BuiltView, build_view as build_view
    from pyview.server import ServerView as ServerView, Views as Views
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, own=["__version__"])
