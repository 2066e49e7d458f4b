"""The ``pyview`` command line (CPython only); each command lives in its own module of ``pyview._tooling.cli``.

Example:
    $ pyview dev examples/weather/server.py
    $ pyview build examples/hello/hello_view.py -o hello.html
    $ pyview serve server.py --http
    $ pyview runtime fetch
    $ pyview new my-app
    $ pyview types server.py -o my_view/_types.py
"""

from __future__ import annotations

from pyview._tooling.cli._main import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
