"""The orders View: a sortable, filterable, paginated orders table with a detail panel, in Python.

This package runs in the host's iframe under Pyodide, so it uses only the standard library and pyview. The boot
imports it and starts ``view``; at build time pyview imports it in CPython and embeds ``view.render_html()``
(the table's skeleton) as the first paint, so the frame is never blank while Python starts.
"""

from __future__ import annotations

from orders_view.screen import OrdersScreen
from pyview.app import App
from pyview.components import View

# The App is the View's link to the host. Declaring "fullscreen" lets the detail panel ask for more room.
app = App("orders", "1.0.0", available_display_modes=["inline", "fullscreen"])
view = View(OrdersScreen, app)

__all__ = ["OrdersScreen", "app", "view"]
