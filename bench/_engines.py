"""Benchmarks on any engine (pyview.testing's drivers: Playwright Chromium, puppeteer Firefox, Selenium WebKitGTK).

A host page served on loopback fetches a document, mounts it in ``<iframe sandbox="allow-scripts" srcdoc>`` under the
MCP Apps default CSP (plus ``'wasm-unsafe-eval'`` and the declared domains), answers ``ui/initialize`` like a host,
and the frame's boot marks (``pyviewBoot.marks``, ms since the epoch) are read back.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pyview._tooling.testing._engine import EngineName, EnginePage, launch_engine
from pyview.host import build_csp
from pyview.testing import serving, with_csp

HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bench host</title>
<style>body{margin:0} iframe{border:0;display:block;width:640px;height:480px}</style></head><body><script>
window.addEventListener("message", (event) => {
  const m = event.data;
  const now = performance.timeOrigin + performance.now();
  if (m && m.method === "ui/notifications/initialized") {
    window.__initializedAt = now;
    if (window.__benchResult) {  // result visible: the tool input and result at once
      const post = (method, params) => event.source.postMessage({ jsonrpc: "2.0", method, params }, "*");
      post("ui/notifications/tool-input", { arguments: {} });
      post("ui/notifications/tool-result", window.__benchResult);
    }
  }
  if (m && m.method === "ui/initialize") {
    const hostCapabilities = window.__benchResult ? { serverTools: {} } : {};
    event.source.postMessage({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion,
      hostInfo: { name: "bench", version: "1" }, hostCapabilities, hostContext: {} } }, "*");
  }
});
window.__mount = async (url, result) => {
  window.__benchResult = result || null;
  const html = await (await fetch(url)).text();
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.srcdoc = html;
  window.__inserted = performance.timeOrigin + performance.now();
  document.body.append(frame);
  return true;
};
</script></body></html>"""

STARTED = "() => globalThis.pyviewBoot && ('render' in pyviewBoot.marks || 'failed' in pyviewBoot.marks)"


class DocumentServer:
    """Serves the host page at ``/host`` and documents registered with :meth:`add` at ``/doc/N``."""

    def __init__(self) -> None:
        self.documents: dict[int, str] = {}
        self._ids = itertools.count(1)
        self.url = ""

    def add(self, html: str) -> str:
        number = next(self._ids)
        self.documents[number] = html
        return f"{self.url}/doc/{number}"

    def app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.requests import Request
        from starlette.responses import HTMLResponse, Response
        from starlette.routing import Route

        async def host(request: Request) -> Response:
            return HTMLResponse(HOST_PAGE, headers={"Cache-Control": "no-store"})

        async def document(request: Request) -> Response:
            text = self.documents.pop(int(request.path_params["n"]), "")  # each is read once
            return HTMLResponse(text, headers={"Cache-Control": "no-store"})

        return Starlette(routes=[Route("/host", host), Route("/doc/{n:int}", document)])


class EngineBench:
    """One engine and the document server; :meth:`run` mounts a document in a fresh page and returns its marks."""

    def __init__(self, engine: Any, documents: DocumentServer) -> None:
        self.engine = engine
        self.documents = documents

    def run(
        self, html: str, ui_csp: dict[str, list[str]] | None = None, *, extra: str | None = None, timeout: float = 240
    ) -> tuple[dict[str, float], Any]:
        """Mount ``html``; returns ``(marks relative to the frame's insertion, extra's result)``, where ``extra`` is a
        JS function run in the frame once the View rendered (e.g. to collect more timings)."""
        page: EnginePage = self.engine.new_page()
        try:
            page.goto(f"{self.documents.url}/host")
            url = self.documents.add(with_csp(html, build_csp(ui_csp, allow_wasm=True)))
            page.evaluate("(url) => window.__mount(url)", url, view=False)
            page.wait_for(STARTED, timeout=timeout)
            marks: dict[str, Any] = page.evaluate("() => pyviewBoot.marks")  # times, and the runtime's name
            if "failed" in marks:
                panel = page.evaluate("() => document.getElementById('pyview-error')?.textContent")
                raise SystemExit(f"a View failed to start on {self.engine.name}: {panel}")
            inserted = page.evaluate("() => window.__inserted", view=False)
            initialized = page.evaluate("() => window.__initializedAt || null", view=False)
            result = page.evaluate(extra) if extra else None
            relative = {key: value - inserted for key, value in marks.items() if isinstance(value, int | float)}
            relative["session"] = (initialized - inserted) if initialized else float("nan")
            relative["inserted_at"] = inserted  # the epoch time, to relate the extra's own timestamps
            return relative, result
        finally:
            page.close()

    def result_visible(
        self, html: str, ui_csp: dict[str, list[str]] | None, result: dict[str, Any], *, allow_wasm: bool,
        timeout: float = 240,
    ) -> tuple[float, float]:  # fmt: skip
        """Mount ``html`` (which stamps ``window.__resultVisible``), send ``result`` once it is initialized; returns
        ms from the frame's insertion to that stamp, and to the end of the document's parse (pyview's ``parsed``
        mark; NaN for a document without pyview's boot)."""
        page: EnginePage = self.engine.new_page()
        try:
            page.goto(f"{self.documents.url}/host")
            url = self.documents.add(with_csp(html, build_csp(ui_csp, allow_wasm=allow_wasm)))
            page.evaluate("([url, result]) => window.__mount(url, result)", [url, result], view=False)
            page.wait_for("() => window.__resultVisible", timeout=timeout)
            visible: float = page.evaluate("() => window.__resultVisible")
            parsed = page.evaluate("() => globalThis.pyviewBoot ? pyviewBoot.marks.parsed : null")
            inserted: float = page.evaluate("() => window.__inserted", view=False)
            return visible - inserted, (parsed - inserted) if parsed else float("nan")
        finally:
            page.close()


@contextmanager
def engine_bench(name: EngineName) -> Iterator[EngineBench]:
    """Start the engine and the document server for a benchmark."""
    documents = DocumentServer()
    with serving(documents.app()) as url, launch_engine(name) as engine:
        documents.url = url
        yield EngineBench(engine, documents)
