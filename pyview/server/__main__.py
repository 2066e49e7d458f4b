"""``python -m pyview.server SERVER.py [--http] [--port N] [--runtime url]``: the same as ``pyview serve``."""

from pyview.server._cli import main

raise SystemExit(main())
