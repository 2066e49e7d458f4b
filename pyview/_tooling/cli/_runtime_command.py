"""``pyview runtime fetch|path``: the pinned Pyodide runtime in the per-user cache.

Example:
    >>> parser = argparse.ArgumentParser(prog="pyview")
    >>> register_cli(parser.add_subparsers())
    >>> parser.parse_args(["runtime", "path"]).handler.__name__
    'runtime_path'
"""

from __future__ import annotations

import argparse
from typing import Any


def register_cli(commands: Any) -> None:
    """Add ``pyview runtime`` and its actions to the ``pyview`` command line."""
    runtime = commands.add_parser("runtime", help="manage the pinned Pyodide runtime")
    actions = runtime.add_subparsers(title="runtime commands", metavar="ACTION")
    fetch = actions.add_parser("fetch", help="fetch the runtime through npm into the per-user cache")
    fetch.set_defaults(handler=runtime_fetch)
    where = actions.add_parser("path", help="print the folder that holds the runtime files")
    where.set_defaults(handler=runtime_path)


def runtime_fetch(args: argparse.Namespace) -> int:
    """The ``pyview runtime fetch`` handler."""
    from pyview._tooling.packager._runtime import PYODIDE_VERSION, ensure_runtime

    dist = ensure_runtime()
    print(f"pyview: Pyodide {PYODIDE_VERSION} is in {dist.directory}")
    return 0


def runtime_path(args: argparse.Namespace) -> int:
    """The ``pyview runtime path`` handler."""
    from pyview._tooling.packager._runtime import ensure_runtime

    print(ensure_runtime().directory)
    return 0
