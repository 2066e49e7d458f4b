"""``pyview dev``: a local host page for developing an MCP server's Views (CPython only).

Example:
    $ pyview dev examples/weather/server.py --port 8765
"""

from __future__ import annotations

from pyview._lazy import claim
from pyview.dev._app import dev_app, dev_routes, run_dev
from pyview.dev._cli import register_cli
from pyview.dev._devhost import DevHost, clip
from pyview.dev._watch import snapshot, watch

__all__ = ["DevHost", "clip", "dev_app", "dev_routes", "register_cli", "run_dev", "snapshot", "watch"]

claim(__name__, [globals()[name] for name in __all__])  # public classes report pyview.dev
