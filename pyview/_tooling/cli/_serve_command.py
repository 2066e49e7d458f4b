"""``pyview serve SERVER.py``: run an MCP server file over stdio or Streamable HTTP.

Example:
    $ pyview serve server.py                        # stdio, for a host that launches the command
    $ pyview serve server.py --http --port 8000     # http://127.0.0.1:8000/mcp
    $ pyview serve server.py --http --runtime url   # Views load Pyodide from this server (/pyodide/)
    $ pyview serve server.py --http --cors http://localhost:8080   # for a host page that connects from a browser

Over ``--http`` an auto View (the default) fetches its runtime parts from this server too (``/pyodide/parts/``),
where the host's CSP lets the frame; over stdio every View is built at start-up, and one whose document would pass
10 MiB stops the server with the fix (``pyview/_tooling/server/_part_resources.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyview._tooling.cli._build_command import add_runtime_arguments
from pyview._tooling.server._server_file import DEFAULT_PATH, DEFAULT_RUNTIME_PATH, load_server

if TYPE_CHECKING:  # imported when the command runs: registering it costs nothing
    from mcp.server.mcpserver import MCPServer

    from pyview._tooling.server._views import Views


def register_cli(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` command to ``pyview``'s subcommands (``parser.add_subparsers()``); returns it.

    The command's handler is stored as ``handler`` (``args.handler(args) -> int``).

    Example:
        >>> parser = argparse.ArgumentParser(prog="pyview")
        >>> _ = register_cli(parser.add_subparsers())
        >>> parser.parse_args(["serve", "server.py", "--http"]).http
        True
    """
    serve_parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run an MCP server file (an MCPServer with pyview Views) over stdio or HTTP"
    )
    add_serve_arguments(serve_parser)
    return serve_parser


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``serve`` arguments, on any parser."""
    parser.add_argument("server", help="the server file, optionally with the object's name: server.py[:NAME]")
    parser.add_argument("--http", action="store_true", help="serve Streamable HTTP instead of stdio")
    parser.add_argument("--host", default="127.0.0.1", help="HTTP interface (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port (default 8000)")
    parser.add_argument("--path", default=DEFAULT_PATH, help=f"HTTP endpoint path (default {DEFAULT_PATH})")
    parser.add_argument(
        "--cors", metavar="ORIGINS",
        help="let host pages on these origins (comma-separated, e.g. http://localhost:8080) call the endpoint from "
        "a browser: CORS with mcp-session-id exposed (off by default)",
    )  # fmt: skip
    add_runtime_arguments(
        parser, default=None,
        help="auto (default): a small document, the View runs in this server from the first paint and in the "
        "frame once Python (fetched in the background: from this server with --http, else as ui:// resources) is "
        "up; server: Views run in this server (no WebAssembly); inline: each View embeds Pyodide; url: Views load "
        "it from --runtime-url, or from this server with --http",
    )  # fmt: skip
    parser.add_argument(
        "--snapshot", choices=("auto", "core", "on", "off"),
        help="memory snapshots for Pyodide Views (Python ready several times sooner): auto (default) when Node "
        "can make one here, beside the document (a runtime part, or a file beside the url runtime), never inline; "
        "core: as auto, one snapshot of pyview's core shared by every View (the View imported at boot); "
        "on: inline Views embed it too (the document grows by several MB)",
    )  # fmt: skip
    parser.add_argument("--no-warm-up", action="store_true", help="build Views on first read, not at start-up")
    parser.add_argument(
        "--shutdown-timeout", type=int, default=10, metavar="SECONDS",
        help="HTTP: on SIGTERM, stop accepting at once, answer the requests in flight, and exit at the latest after "
        "this many seconds (default 10)",
    )  # fmt: skip
    parser.set_defaults(handler=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Handle ``pyview serve``: set the runtime, import the server file, print what it serves, serve it."""
    from pyview._tooling.packager._errors import BuildError
    from pyview._tooling.server._cors import parse_origins
    from pyview._tooling.server._http import Transport, runtime_url_for, serve
    from pyview._tooling.server._views import Views

    origins: tuple[str, ...] | None = None
    if args.cors is not None:
        if not args.http:
            raise BuildError("--cors applies to --http only (a stdio server has no browser clients)")
        try:
            origins = parse_origins(args.cors)
        except ValueError as exc:
            raise BuildError(str(exc)) from None
    if args.runtime_url and args.runtime in ("inline", "server"):
        raise BuildError("--runtime-url is only used with --runtime url or auto")
    if args.runtime == "url" or args.runtime_url:
        url = args.runtime_url
        if url is None:
            if not args.http:
                raise BuildError("--runtime url over stdio needs --runtime-url (or use --http to serve the runtime)")
            url = runtime_url_for(args.host, args.port, DEFAULT_RUNTIME_PATH)
        os.environ["PYVIEW_RUNTIME"] = args.runtime or "url"  # read by Views() when the server file creates it
        os.environ["PYVIEW_RUNTIME_URL"] = url
    elif args.runtime is not None:
        os.environ["PYVIEW_RUNTIME"] = args.runtime
    if args.http and args.runtime in (None, "auto") and not args.runtime_url:
        # auto Views (the default) may fetch their runtime parts from this server, where the host's CSP allows it
        os.environ["PYVIEW_RUNTIME_URL"] = runtime_url_for(args.host, args.port, DEFAULT_RUNTIME_PATH)
    if args.snapshot is not None:
        os.environ["PYVIEW_SNAPSHOT"] = args.snapshot  # read by Views() too
    module, server = load_server(args.server)
    views = [value for value in vars(module).values() if isinstance(value, Views)]
    if not args.no_warm_up:
        for extension in views:
            extension.warm_up()
    transport: Transport = "http" if args.http else "stdio"

    async def ready(where: str) -> None:
        summary = await describe(server, views, where)
        if origins:
            summary += f"\n  CORS: host pages on {', '.join(origins)} may call it from a browser"
        print(summary, file=sys.stderr, flush=True)

    try:
        serve(server, transport, host=args.host, port=args.port, path=args.path, cors=origins, on_ready=ready,
              shutdown_timeout=args.shutdown_timeout)  # fmt: skip
    except OSError as exc:
        print(f"pyview: error: {exc}", file=sys.stderr)
        return 1
    return 0


async def describe(server: MCPServer[Any], views: Sequence[Views], where: str) -> str:
    """The start-up summary: the endpoint, the tools (with the View each one shows), and the Views."""
    tools = await server.list_tools()
    handles = [handle for extension in views for handle in extension.views]
    by_uri = {handle.uri: handle.name for handle in handles}
    lines = [f"pyview: serving MCP server {server.name!r} on {where}"]
    lines.append(f"  tools ({len(tools)}):")
    for tool in tools:
        ui = (tool.meta or {}).get("ui", {})
        shows = f"  -> View {by_uri.get(ui.get('resourceUri'), ui.get('resourceUri'))}" if ui else ""
        only = f" [{'/'.join(ui['visibility'])} only]" if ui.get("visibility") and len(ui["visibility"]) == 1 else ""
        lines.append(f"    {tool.name}{only}{shows}")
    lines.append(f"  Views ({len(handles)}):")
    for handle in handles:
        runtime = _runtime_label(handle.runtime, handle.runtime_url) + (", memory snapshot" if handle.snapshot else "")
        size = f", document {len(handle.html().encode()):,} B" if handle.is_built else ""
        lines.append(f"    {handle.name}: {handle.uri}  ({handle.path.name}, {runtime}{size})")
    return "\n".join(lines)


def _runtime_label(runtime: str, runtime_url: str | None) -> str:
    pyodide = f"runtime from {runtime_url}" if runtime_url else "inline runtime"
    if runtime == "server":
        return "server runtime"
    if runtime == "auto":
        where = f"from {runtime_url} or as ui:// resources" if runtime_url else "as ui:// resources"
        return f"auto: server runtime, Python fetched after the first paint {where}"
    return pyodide


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pyview.server SERVER.py [options]``: the same as ``pyview serve``."""
    parser = argparse.ArgumentParser(prog="python -m pyview.server", description="Run an MCP server with pyview Views.")
    add_serve_arguments(parser)
    args = parser.parse_args(argv)
    from pyview._tooling.packager._errors import BuildError

    try:
        return run_serve(args)
    except BuildError as exc:
        print(f"pyview: error: {exc}", file=sys.stderr)
        return 1
