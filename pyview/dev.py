"""``pyview dev``: a local host page for developing an MCP server's Views (CPython only).

Example:
    $ pyview dev examples/weather/server.py --port 8765
"""

from __future__ import annotations

from pyview._lazy import claim
from pyview._tooling.cli._dev_command import register_cli
from pyview._tooling.dev._dev_app import dev_app, dev_routes, run_dev
from pyview._tooling.dev._devhost import DevHost, clip
from pyview._tooling.dev._watch import snapshot, watch

__all__ = ["DevHost", "clip", "dev_app", "dev_routes", "register_cli", "run_dev", "snapshot", "watch"]

# public classes report pyview.dev
claim(__name__, [globals()[name] for name in __all__], "pyview._tooling.dev")
