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

# module -> the public names it defines: what this facade exports (the imports below repeat it for type checkers)
_LAZY: dict[str, tuple[str, ...]] = {
    "pyview.app": (
        "PROTOCOL_VERSION",
        "App",
        "AppSession",
        "CapabilityError",
        "HostCapabilities",
        "HostContext",
        "HostError",
        "JsonRpcError",
        "RequestTimeoutError",
        "ToolCancelled",
        "ToolInput",
        "ToolResult",
    ),
    "pyview.components": (
        "Action",
        "Context",
        "Element",
        "Event",
        "Ref",
        "Selection",
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
    ),
    "pyview.packager": ("BuildError", "BuiltView", "build_view"),
    "pyview.server": ("ServerView", "Views"),
}

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from pyview.app import PROTOCOL_VERSION as PROTOCOL_VERSION
    from pyview.app import App as App
    from pyview.app import AppSession as AppSession
    from pyview.app import CapabilityError as CapabilityError
    from pyview.app import HostCapabilities as HostCapabilities
    from pyview.app import HostContext as HostContext
    from pyview.app import HostError as HostError
    from pyview.app import JsonRpcError as JsonRpcError
    from pyview.app import RequestTimeoutError as RequestTimeoutError
    from pyview.app import ToolCancelled as ToolCancelled
    from pyview.app import ToolInput as ToolInput
    from pyview.app import ToolResult as ToolResult
    from pyview.components import Action as Action
    from pyview.components import Context as Context
    from pyview.components import Element as Element
    from pyview.components import Event as Event
    from pyview.components import Ref as Ref
    from pyview.components import Selection as Selection
    from pyview.components import View as View
    from pyview.components import component as component
    from pyview.components import create_context as create_context
    from pyview.components import h as h
    from pyview.components import prevent_default as prevent_default
    from pyview.components import render_to_string as render_to_string
    from pyview.components import stop_propagation as stop_propagation
    from pyview.components import unsafe_html as unsafe_html
    from pyview.components import use_action as use_action
    from pyview.components import use_app as use_app
    from pyview.components import use_callback as use_callback
    from pyview.components import use_context as use_context
    from pyview.components import use_effect as use_effect
    from pyview.components import use_host_context as use_host_context
    from pyview.components import use_memo as use_memo
    from pyview.components import use_ref as use_ref
    from pyview.components import use_selected as use_selected
    from pyview.components import use_selection as use_selection
    from pyview.components import use_server_tool as use_server_tool
    from pyview.components import use_state as use_state
    from pyview.components import use_tool_cancelled as use_tool_cancelled
    from pyview.components import use_tool_input as use_tool_input
    from pyview.components import use_tool_input_partial as use_tool_input_partial
    from pyview.components import use_tool_result as use_tool_result
    from pyview.components import use_view_state as use_view_state
    from pyview.packager import BuildError as BuildError
    from pyview.packager import BuiltView as BuiltView
    from pyview.packager import build_view as build_view
    from pyview.server import ServerView as ServerView
    from pyview.server import Views as Views
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, own=["__version__"])
