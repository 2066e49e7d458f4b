"""Handing a View document to a host page over loopback HTTP instead of through Playwright.

A document given to ``page.evaluate`` travels as JSON through Playwright's driver pipe, which costs seconds for the
megabytes of an inline runtime; fetched by the host page from a loopback server it costs milliseconds. The page still
puts it into its frame itself, so the View's own frame makes no request.

The test hosts give it to a ``blob:`` URL rather than ``srcdoc`` (``sandboxedFrame``): the document, its opaque
origin and its CSP are the same, but the ``<iframe>`` element stays small. Playwright reads the frame element's
attributes for each action in the frame (a click, a bounding box), so a multi-MB ``srcdoc`` made each one slow
(bench/harness_frames.py). The real-host tests keep the hosts' own code (``srcdoc``, ``document.write``).

Example:
    >>> url = document_url("<!doctype html><p>hi</p>")
    >>> import urllib.request
    >>> urllib.request.urlopen(url).read()
    b'<!doctype html><p>hi</p>'
"""

from __future__ import annotations

import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

__all__ = ["HOST_PAGE_JS", "document_url", "icons_asked"]

#: A test host page's helpers (add it with ``page.add_script_tag(content=...)``):
#: ``fetchDocument(url)``, the text of a :func:`document_url`, and ``sandboxedFrame(html, style)``, a new
#: ``<iframe sandbox="allow-scripts">`` showing it (from a ``blob:`` URL) with ``style`` applied, to be inserted.
HOST_PAGE_JS = """window.fetchDocument = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error("the View document is not served: " + response.status);
  return response.text();
};
window.sandboxedFrame = (html, style = {}) => {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  Object.assign(frame.style, style);
  frame.src = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
  return frame;
};"""


class _Handler(BaseHTTPRequestHandler):
    server: _DocumentServer

    def do_GET(self) -> None:
        if self.path == "/favicon.ico":
            # Chromium asks a page's server for its icon once the page has loaded, and logs a 404 as a console error
            # on the tab: on a loaded machine that came late enough to fail the next test that borrowed the tab.
            self.send_response(204)
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.server.icon_asked()
            return
        body = self.server.take(self.path.lstrip("/"))
        self.send_response(200 if body is not None else 404)
        self.send_header("Access-Control-Allow-Origin", "*")  # host pages are about:blank or another origin
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body or b"")))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body or b"")

    def log_message(self, format: str, *args: object) -> None:
        pass


class _DocumentServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.documents: dict[str, bytes] = {}
        self.lock = threading.Lock()
        self.icons = 0  # how many times a page asked for its icon (tests wait on it)

    def icon_asked(self) -> None:
        with self.lock:
            self.icons += 1

    def put(self, html: str) -> str:
        token = secrets.token_urlsafe(16)
        with self.lock:
            self.documents[token] = html.encode()
        return f"http://127.0.0.1:{self.server_address[1]}/{token}"

    def take(self, token: str) -> bytes | None:
        with self.lock:  # each URL serves once: a test process mounts hundreds of documents
            return self.documents.pop(token, None)


_server: _DocumentServer | None = None
_starting = threading.Lock()


def document_url(html: str) -> str:
    """A loopback URL that serves ``html`` once, to any origin (the server starts with the first call)."""
    global _server
    with _starting:
        if _server is None:
            _server = _DocumentServer()
            threading.Thread(target=_server.serve_forever, name="pyview-documents", daemon=True).start()
    return _server.put(html)


def icons_asked() -> int:
    """How many times a page the document server served asked it for ``/favicon.ico`` (answered 204, no content)."""
    return 0 if _server is None else _server.icons
