"""The ``pyview`` command line (CPython only).

Example:
    $ pyview dev examples/weather/server.py
    $ pyview build examples/hello/hello_view.py -o hello.html
    $ pyview serve server.py --http
    $ pyview runtime fetch
    $ pyview new my-app
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from pyview._version import __version__

Command = Callable[[argparse.Namespace], int]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pyview`` command; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    handler: Command | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    from pyview.packager import BuildError

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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyview", description="MCP App Views written entirely in Python.")
    parser.add_argument("--version", action="version", version=f"pyview {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    build = commands.add_parser("build", help="build a View into one text/html;profile=mcp-app document")
    build.add_argument("view", help="the View: a Python file or a package folder")
    build.add_argument("-o", "--output", required=True, help="the HTML file to write")
    build.add_argument(
        "--runtime", choices=("inline", "url", "server", "auto"), default="inline",
        help="inline: embed Pyodide, no request leaves the frame (default); url: load it from --runtime-url; "
        "server: no Python in the document, the components run in the MCP server (no WebAssembly needed); "
        "auto: the server runtime's small document, with Python fetched after the first paint as runtime parts "
        "(from --runtime-url, or as ui:// resources of the MCP server) and taking over where it can run",
    )  # fmt: skip
    build.add_argument("--runtime-url", metavar="BASE", help="base URL serving the Pyodide runtime files")
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
    build.set_defaults(handler=_build)

    from pyview._tooling._new import register_cli as register_new
    from pyview._tooling._typegen import register_cli as register_types
    from pyview._tooling.server._cli import register_cli as register_serve
    from pyview.dev import register_cli as register_dev

    register_dev(commands)
    register_serve(commands)
    register_new(commands)
    register_types(commands)

    runtime = commands.add_parser("runtime", help="manage the pinned Pyodide runtime")
    runtime_commands = runtime.add_subparsers(title="runtime commands", metavar="ACTION")
    fetch = runtime_commands.add_parser("fetch", help="fetch the runtime through npm into the per-user cache")
    fetch.set_defaults(handler=_runtime_fetch)
    where = runtime_commands.add_parser("path", help="print the folder that holds the runtime files")
    where.set_defaults(handler=_runtime_path)
    return parser


def _build(args: argparse.Namespace) -> int:
    from pyview.packager import DEFAULT_BOOT_TIMEOUT, build_view

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


def _runtime_fetch(args: argparse.Namespace) -> int:
    from pyview.packager import PYODIDE_VERSION, ensure_runtime

    dist = ensure_runtime()
    print(f"pyview: Pyodide {PYODIDE_VERSION} is in {dist.directory}")
    return 0


def _runtime_path(args: argparse.Namespace) -> int:
    from pyview.packager import ensure_runtime

    print(ensure_runtime().directory)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
