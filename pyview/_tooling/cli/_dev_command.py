"""``pyview dev SERVER``: a local host page for an MCP server's Views (the page itself: ``_tooling/dev``)."""

from __future__ import annotations

import argparse

from pyview._tooling.host._profiles import PROFILES


def register_cli(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``dev`` command to the ``pyview`` command's subparsers.

    Example:
        >>> parser = argparse.ArgumentParser(prog="pyview")
        >>> dev = register_cli(parser.add_subparsers())
        >>> parser.parse_args(["dev", "server.py", "--port", "9000", "--no-browser"]).port
        9000
        >>> parser.parse_args(["dev", "server.py", "--profile", "claude"]).profile
        'claude'
    """
    dev = subparsers.add_parser(
        "dev",
        help="run a local host page for an MCP server's Views (tools, controls, live JSON-RPC log)",
        description="Serve a local page that lists the server's tools, calls them, renders their Views under a "
        "Python MCP Apps host, and reloads when the server's or the Views' files change.",
    )
    dev.add_argument("server", help="a Python file defining an MCPServer, an http(s):// URL, or a command line")
    dev.add_argument("--port", type=int, default=8765, help="the port to listen on (default 8765; 0: any free one)")
    dev.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1); requests must name it or a loopback host",
    )
    dev.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also accept requests for this host name (e.g. a tunnel's); repeatable",
    )
    dev.add_argument("--no-browser", action="store_true", help="do not open a browser")
    dev.add_argument("--no-reload", action="store_true", help="do not watch the files for changes")
    dev.add_argument(
        "--strict-csp", action="store_true", help="behave like a host without 'wasm-unsafe-eval' (Python Views fail)"
    )
    dev.add_argument(
        "--profile",
        choices=PROFILES,
        default="full",
        help="the host to behave like at start (its look, capabilities, display modes, CSP and size limit); "
        "the page can switch it (default: full)",
    )
    dev.set_defaults(handler=run)
    return dev


def run(args: argparse.Namespace) -> int:
    """The ``pyview dev`` handler."""
    from pyview._tooling.dev._dev_app import run_dev

    problem = check_server_file(args.server)
    if problem is not None:
        import sys

        print(f"pyview: error: {problem}", file=sys.stderr)
        return 1

    import os

    # every edit is a new View version: a snapshot of each (seconds in Node) would slow the loop down, so the frames
    # restore one snapshot of pyview's core, made once, and import the edited View at boot
    os.environ.setdefault("PYVIEW_SNAPSHOT", "core")
    return run_dev(
        args.server,
        host=args.host,
        port=args.port,
        open_browser=not args.no_browser,
        reload=not args.no_reload,
        allow_wasm=not args.strict_csp,
        allow_hosts=args.allow_host,
        profile=args.profile,
    )


def check_server_file(server: str) -> str | None:
    """What is wrong with a server given as a ``.py`` file (missing, not a file, a syntax error), else None.

    URLs and command lines are not checked here (the dev page shows their failures).

    Example:
        >>> check_server_file("no/such/server.py")
        'server file not found: no/such/server.py'
        >>> check_server_file("http://127.0.0.1:8000/mcp") is None
        True
    """
    from pathlib import Path

    if server.startswith(("http://", "https://")) or not server.endswith(".py"):
        return None
    path = Path(server)
    if not path.is_file():
        return f"server file not found: {server}"
    try:
        compile(path.read_bytes(), server, "exec")
    except SyntaxError as exc:
        return f"{server}:{exc.lineno}: SyntaxError: {exc.msg}"
    return None
