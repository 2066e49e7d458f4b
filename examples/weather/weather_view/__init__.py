"""The weather View: a Python MCP App View, run in the host's iframe by Pyodide.

The package is what ``views.add("weather", "weather_view")`` in server.py builds into one HTML document:

- ``components.py``: the UI, as function components with hooks (start there);
- ``chart.py``: the 24-hour SVG chart; ``icons.py``: weather icons as SVG; ``styles.py``: the stylesheet;
- ``format.py``: times, days and temperatures as text.

Only the standard library and pyview are available here (no pydantic): the forecast arrives as the tool result's
``structuredContent``, a plain dict shaped like ``weather_data.Weather`` on the server.

The boot calls ``view.start()``: render into the page, connect the App to the host (the ``ui/initialize``
handshake), then re-render whenever the host sends something. At build time ``view.render_html()`` renders the same
tree without any data, the skeleton card, which the document shows before Python has started.
"""

from __future__ import annotations

from pyview.app import App
from pyview.components import View
from weather_view.components import WeatherView

# The App declares the display modes the View can use; the host lists the ones it offers in its context.
app = App("weather", "1.0.0", available_display_modes=["inline", "fullscreen"])
view = View(WeatherView, app)

__all__ = ["app", "view"]
