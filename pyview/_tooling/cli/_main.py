"""The ``pyview`` command: one parser, each command registered by its own module (CPython only).

Example:
    >>> parser = command_parser()
    >>> parser.parse_args(["build", "hello_view.py", "-o", "hello.html"]).runtime
    'inline'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from pyview._tooling.cli import (
    _build_command,
    _dev_command,
    _new_command,
    _runtime_command,
    _serve_command,
    _types_command,
)
from pyview._version import __version__

Command = Callable[[argparse.Namespace], int]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pyview`` command; returns the exit status."""
    parser = command_parser()
    args = parser.parse_args(argv)
    handler: Command | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    from pyview._tooling.packager._errors import BuildError

    try:
        status = handler(args)
        sys.stdout.flush()  # a closed pipe surfaces here, not in the interpreter's exit
        return status
    except BuildError as exc:
        print(f"pyview: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `pyview build ... | head`: the reader left; say nothing more
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def command_parser() -> argparse.ArgumentParser:
    """The ``pyview`` parser with every command; a command's handler is its ``handler`` default."""
    parser = argparse.ArgumentParser(prog="pyview", description="MCP App Views written entirely in Python.")
    parser.add_argument("--version", action="version", version=f"pyview {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    _build_command.register_cli(commands)
    _dev_command.register_cli(commands)
    _serve_command.register_cli(commands)
    _new_command.register_cli(commands)
    _types_command.register_cli(commands)
    _runtime_command.register_cli(commands)
    return parser
