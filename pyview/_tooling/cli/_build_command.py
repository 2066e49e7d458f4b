"""``pyview build VIEW -o OUT.html``: build a View into one ``text/html;profile=mcp-app`` document.

Example:
    >>> parser = argparse.ArgumentParser(prog="pyview")
    >>> register_cli(parser.add_subparsers())
    >>> parser.parse_args(["build", "hello_view.py", "-o", "hello.html", "--runtime", "auto"]).runtime
    'auto'
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register_cli(commands: Any) -> None:
    """Add ``pyview build`` to the ``pyview`` command line."""
    build = commands.add_parser("build", help="build a View into one text/html;profile=mcp-app document")
    build.add_argument("view", help="the View: a Python file or a package folder")
    build.add_argument("-o", "--output", required=True, help="the HTML file to write")
    add_runtime_arguments(
        build, default="inline",
        help="inline: embed Pyodide, no request leaves the frame (default); url: load it from --runtime-url; "
        "server: no Python in the document, the components run in the MCP server (no WebAssembly needed); "
        "auto: the server runtime's small document, with Python fetched after the first paint as runtime parts "
        "(from --runtime-url, or as ui:// resources of the MCP server) and taking over where it can run",
    )  # fmt: skip
    build.add_argument(
        "--package", action="append", default=[], metavar="REQ",
        help="a requirement to embed as wheels and install at boot (repeatable), e.g. --package pydantic",
    )  # fmt: skip
    build.add_argument(
        "--snapshot", action="store_true",
        help="bake a memory snapshot (Python started, pyview and the View imported; made with Node): a much faster "
        "start; several MB more inline, or a file beside the runtime in url mode, or a runtime part in auto mode",
    )  # fmt: skip
    build.add_argument(
        "--stdlib", action="append", default=[], metavar="MODULE",
        help="inline, auto: a standard library module to carry beyond those the View imports (repeatable; a package "
        "brings its submodules), e.g. one imported by name at run time; --stdlib all keeps the whole standard library",
    )  # fmt: skip
    build.add_argument("--title", help="the document title (default: the View's module name)")
    build.add_argument("--boot-timeout", type=float, metavar="SECONDS", help="show the timeout panel after this long")
    build.set_defaults(handler=run_build)


# the packager's RuntimeMode, written out so the command line registers without importing the packager
RUNTIME_MODES = ("inline", "url", "server", "auto")


def add_runtime_arguments(parser: argparse.ArgumentParser, *, default: str | None, help: str) -> None:
    """``--runtime`` (one of :data:`RUNTIME_MODES`; ``help`` says what each does for the command) and
    ``--runtime-url``, as ``pyview build`` and ``pyview serve`` take them."""
    parser.add_argument("--runtime", choices=RUNTIME_MODES, default=default, help=help)
    parser.add_argument("--runtime-url", metavar="BASE", help="base URL serving the Pyodide runtime files")


def run_build(args: argparse.Namespace) -> int:
    """The ``pyview build`` handler: build the document, write it, print its sizes and what the host must allow."""
    from pyview._tooling.packager._packager import DEFAULT_BOOT_TIMEOUT, build_view

    built = build_view(
        args.view,
        runtime=args.runtime,
        runtime_url=args.runtime_url,
        packages=args.package,
        title=args.title,
        boot_timeout=args.boot_timeout or DEFAULT_BOOT_TIMEOUT,
        snapshot=args.snapshot,
        stdlib=args.stdlib,
    )
    target = built.write(args.output)
    print(f"pyview: built {built.entry} -> {target} ({'pre-rendered' if built.prerendered else 'no pre-render'})")
    print(built.size_table())
    for note in built.notes:
        print(f"note: {note}")
    for warning in built.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if built.csp:
        print("The resource must declare this _meta.ui.csp so hosts let the frame load the runtime:")
        for key, domains in built.csp.items():
            print(f"  {key}: {', '.join(domains)}")
    return 0
