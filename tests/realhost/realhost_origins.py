"""The two origins of the test host, and the example servers it connects to from the browser.

- the host page, ``http://localhost:PORT1``: ``host.html``, ``host.js`` and the official client + AppBridge bundle;
- the sandbox proxy, ``http://127.0.0.1:PORT2``: ``sandbox.html`` with the View's CSP as an HTTP header, built from
  the resource's ``_meta.ui.csp`` (the ``csp`` query parameter the host page sets), and ``sandbox.js``;
- an example's MCP server: ``python -m pyview.server EXAMPLE --http --cors http://localhost:PORT1 --runtime R``.

Example:
    >>> sandbox_csp({"connectDomains": ["http://127.0.0.1:9"]}, wasm=False, workers=False).split("; ")[-1]
    'connect-src http://127.0.0.1:9'
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
from collections.abc import Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlsplit

from pyview._tooling.testing._process import ServerProcess

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
BUNDLE = REPO / "tests" / "conformance" / "dist" / "real-host.js"
EXAMPLES = REPO / "examples"


def sandbox_csp(declared: Mapping[str, Sequence[str]], *, wasm: bool, workers: bool) -> str:
    """The MCP Apps default CSP plus the declared domains; ``'unsafe-eval'`` as the ext-apps example host adds it
    (``wasm``), and ``worker-src 'self' blob:`` (``workers``; without it blob workers are blocked, as in VS Code).
    """
    resources = [*declared.get("resourceDomains", ())]
    connect = [*declared.get("connectDomains", ())] or ["'none'"]
    script = ["'self'", "'unsafe-inline'", *(["'unsafe-eval'"] if wasm else []), *resources]
    frames = " ".join(declared.get("frameDomains", ())) or "'none'"
    directives = [
        "default-src 'none'",
        f"script-src {' '.join(script)}",
        f"style-src 'self' 'unsafe-inline' {' '.join(resources)}".rstrip(),
        f"img-src 'self' data: {' '.join(resources)}".rstrip(),
        f"font-src 'self' {' '.join(resources)}".rstrip(),
        f"media-src 'self' data: {' '.join(resources)}".rstrip(),
        f"frame-src {frames}",
        *([f"base-uri {' '.join(declared['baseUriDomains'])}"] if declared.get("baseUriDomains") else []),
        *(["worker-src 'self' blob:"] if workers else []),
        f"connect-src {' '.join(connect)}",
    ]
    for directive in directives:
        if any(ch in directive for ch in ';,\n"'):
            raise ValueError(f"not a CSP source list: {directive!r}")
    return "; ".join(directives)


class _Files(BaseHTTPRequestHandler):
    files: ClassVar[dict[str, Path]] = {}
    sandbox: ClassVar[bool] = False

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        path = self.files.get(url.path)
        if path is None or not path.is_file():
            self.send_error(404)
            return
        body = path.read_bytes()
        self.send_response(200)
        kind = "text/html" if path.suffix == ".html" else "text/javascript"
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        if self.sandbox and url.path == "/sandbox.html":
            query = parse_qs(url.query)
            declared = json.loads(query.get("csp", ["{}"])[0] or "{}")
            wasm, workers = query.get("wasm", ["1"])[0] == "1", query.get("workers", ["1"])[0] == "1"
            self.send_header("Content-Security-Policy", sandbox_csp(declared, wasm=wasm, workers=workers))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve_files(files: dict[str, Path], *, sandbox: bool = False) -> ThreadingHTTPServer:
    """A tiny static server on a free loopback port, in a daemon thread."""
    handler = type("Files", (_Files,), {"files": files, "sandbox": sandbox})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Origins:
    """The host page's origin (``localhost``) and the sandbox proxy's (``127.0.0.1``): two origins, one machine."""

    def __init__(self) -> None:
        self.page = serve_files(
            {"/host.html": HERE / "host.html", "/host.js": HERE / "host.js", "/real-host.js": BUNDLE}
        )
        self.proxy = serve_files(
            {"/sandbox.html": HERE / "sandbox.html", "/sandbox.js": HERE / "sandbox.js"}, sandbox=True
        )
        self.page_origin = f"http://localhost:{self.page.server_address[1]}"
        self.sandbox_origin = f"http://127.0.0.1:{self.proxy.server_address[1]}"

    def close(self) -> None:
        for server in (self.page, self.proxy):
            server.shutdown()
            server.server_close()


class McpProcess(ServerProcess):
    """An example's server over Streamable HTTP, with CORS for the host page's origin, in one runtime."""

    def __init__(self, example: str, runtime: str, cors: str, env: Mapping[str, str]) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}/mcp"
        command = [sys.executable, "-m", "pyview.server", str(EXAMPLES / example / "server.py"), "--http"]
        command += ["--port", str(port), "--cors", cors, "--runtime", runtime, "--snapshot", "core"]
        super().__init__(command, cwd=REPO, env={**os.environ, **env})
        self.wait_for(lambda lines: any(line.startswith("pyview: serving") for line in lines), 120, example)


# What a person sees takes seconds to come on a loaded 2-core machine (Pyodide starts in the same renderer as the
# host page): waits are bounded generously and never timed.
BOOT_MS = 120_000


class HostedView:
    """One View in the test host: the page, the View's frame (inside the sandbox proxy's), and what the host saw."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frame = page.frame_locator("#view").frame_locator("iframe")

    def view_frame(self) -> Any:
        """The View's Playwright ``Frame`` (to evaluate in it)."""
        proxy = self.page.locator("#view").element_handle().content_frame()
        return proxy.locator("iframe").element_handle().content_frame()

    def seen(self, key: str) -> Any:
        """What the host page recorded: ``calls``, ``sizes``, ``contexts``, ``downloads``, ``modes``, ``logs``..."""
        return self.page.evaluate("(key) => realHost.seen[key]", key)

    def wait_until(self, predicate: str) -> None:
        """Wait for a JS expression over ``seen`` (the host's records) and ``frame`` (the proxy's iframe element)."""
        scope = "const seen = realHost.seen; const frame = document.getElementById('view');"
        self.page.wait_for_function(f"() => {{ {scope} return {predicate}; }}", timeout=BOOT_MS)

    def wait_sized_to_report(self) -> None:
        """Until the frame's height is the View's latest size report (the host sizes it exactly)."""
        self.wait_until("seen.sizes.length > 0 && frame.clientHeight === Math.round(seen.sizes.at(-1).height)")
