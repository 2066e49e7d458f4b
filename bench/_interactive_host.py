"""The host of bench/interactive.py, on any engine (a page that mounts a View and relays its server requests), and
the watch script and JS View it measures.

The host page (served on loopback beside the documents, bench/_engines.py's ``DocumentServer``) mounts a document in
``<iframe sandbox="allow-scripts" srcdoc>``, answers ``ui/initialize``, sends the tool input and result once the View is
initialized, and relays ``tools/call`` and ``resources/read`` to a real MCP server: a ``fetch`` to ``/rpc/<server>``
here, answered by :class:`pyview.host.McpBackend` (in-memory, in the serving thread's event loop). The runtime files
and parts are served on another loopback port (the runtime URL of the url variants).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from _engines import DocumentServer
from _harness import runtime_server

HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>interactive bench host</title>
<style>body{margin:0} iframe{border:0;display:block;width:640px;height:480px}</style></head><body><script>
window.__log = []; window.__hostReads = 0; window.__hostReadBytes = 0;
window.addEventListener("message", async (event) => {
  const m = event.data;
  if (!m || m.jsonrpc !== "2.0" || !m.method) return;
  const reply = (body) => event.source.postMessage({ jsonrpc: "2.0", id: m.id, ...body }, "*");
  const post = (method, params) => event.source.postMessage({ jsonrpc: "2.0", method, params }, "*");
  if (m.method === "ui/initialize") {
    reply({ result: { protocolVersion: m.params.protocolVersion, hostInfo: { name: "bench", version: "1" },
      hostCapabilities: { serverTools: {}, serverResources: {}, logging: {} }, hostContext: {} } });
  } else if (m.method === "ui/notifications/initialized") {
    post("ui/notifications/tool-input", { arguments: {} });
    post("ui/notifications/tool-result", window.__benchResult);
  } else if (m.method === "notifications/message") {
    window.__log.push(m.params);
  } else if (m.method === "tools/call" || m.method === "resources/read") {
    const began = performance.timeOrigin + performance.now();
    window.__inflight = (window.__inflight || 0) + 1;
    const response = await fetch("/rpc/" + window.__server, { method: "POST",
      body: JSON.stringify({ method: m.method, params: m.params }) });
    const body = await response.json();
    window.__inflight -= 1;
    (window.__calls ||= []).push({ method: m.method, name: m.params.name || null, began,
      ms: performance.timeOrigin + performance.now() - began });
    if (m.method === "resources/read" && body.result) {
      window.__hostReads += 1;
      for (const item of body.result.contents || []) window.__hostReadBytes += (item.blob || item.text || "").length;
    }
    reply(body);
  } else if ("id" in m) {
    reply({ result: {} });
  }
});
window.__mount = async (url, server, result) => {
  window.__server = server;
  window.__benchResult = result;
  const html = await (await fetch(url)).text();
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.srcdoc = html;
  window.__inserted = performance.timeOrigin + performance.now();
  document.body.append(frame);
  return true;
};
</script></body></html>"""


# First thing in the View's document: the result visible, the click, the click's patch painted (epoch ms).
WATCH = """<script>(() => {
  const stamp = () => performance.timeOrigin + performance.now();
  const button = () => document.querySelector("[data-testid=count]");
  const bench = window.__bench = {};
  const observer = new MutationObserver(() => {
    const node = button();
    if (!node) return;
    if (!bench.shown && node.textContent.includes("Clicked 0")) {
      bench.shown = true;
      requestAnimationFrame(() => {
        bench.visible = stamp();
        setTimeout(() => { bench.clicked = stamp(); button().click(); }, 0);
      });
    } else if (bench.shown && !bench.patched && node.textContent.includes("Clicked 1")) {
      bench.patched = true;
      observer.disconnect();
      requestAnimationFrame(() => { bench.interactive = stamp(); });
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();</script>"""

JS_VIEW = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<div id="root">Loading…</div><script>BUNDLE</script><script>
let count = 0;
benchApp.ontoolresult = () => {
  const button = document.createElement("button");
  button.dataset.testid = "count";
  button.textContent = "Clicked 0";
  button.addEventListener("click", () => { count += 1; button.textContent = "Clicked " + count; });
  document.getElementById("root").replaceChildren(button);
};
</script></body></html>"""


class Relay:
    """MCP servers by name, connected lazily in the serving thread's loop; ``/rpc/<name>`` forwards to them."""

    def __init__(self) -> None:
        self.servers: dict[str, object] = {}
        self._backends: dict[str, Any] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock: asyncio.Lock | None = None

    async def backend(self, name: str) -> Any:
        from pyview.host import McpBackend

        self._loop = asyncio.get_running_loop()
        self._lock = self._lock or asyncio.Lock()
        async with self._lock:
            if name not in self._backends:
                backend = McpBackend(self.servers[name], timeout=600)
                await backend.start()
                self._backends[name] = backend
        return self._backends[name]

    def call(self, name: str, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """Run one request from another thread (the bench's), e.g. the tool call whose result the host sends."""
        if self._loop is None:
            raise RuntimeError("no request reached the relay yet: call it through the page first")
        return asyncio.run_coroutine_threadsafe(self.forward(name, method, params), self._loop).result(600)

    async def forward(self, name: str, method: str, params: dict[str, Any]) -> dict[str, Any]:
        backend = await self.backend(name)
        if method == "tools/call":
            result: dict[str, Any] = await backend.call_tool(params["name"], params.get("arguments") or {})
        elif method == "resources/read":
            result = await backend.read_resource(params["uri"])
        else:
            raise ValueError(f"the bench host relays tools/call and resources/read, not {method}")
        return result

    def close(self) -> None:
        if self._loop is None:
            return
        for backend in self._backends.values():
            asyncio.run_coroutine_threadsafe(backend.close(), self._loop).result(30)

    def app_routes(self) -> list[Any]:
        from starlette.requests import Request
        from starlette.responses import HTMLResponse, JSONResponse, Response
        from starlette.routing import Route

        async def host(request: Request) -> Response:
            return HTMLResponse(HOST_PAGE, headers={"Cache-Control": "no-store"})

        async def rpc(request: Request) -> Response:
            body = json.loads(await request.body())
            try:
                result = await self.forward(request.path_params["server"], body["method"], body["params"])
            except Exception as exc:  # the View gets the error as a host would pass it on
                return JSONResponse({"error": {"code": getattr(exc, "code", -32603), "message": str(exc)}})
            return JSONResponse({"result": result})

        async def hello(request: Request) -> Response:  # lets the bench thread learn the serving loop
            await self.backend(request.path_params["server"])
            return JSONResponse({})

        return [
            Route("/interactive-host", host),
            Route("/rpc/{server}", rpc, methods=["POST"]),
            Route("/connect/{server}", hello, methods=["POST"]),
        ]


@contextmanager
def interactive_host(servers: Callable[[str], dict[str, object]]) -> Iterator[tuple[Relay, DocumentServer]]:
    """Serve the host page, documents and relay, and the runtime on its own origin (a real runtime URL is the MCP
    server's, not the host's: the frame's fetches do not queue with the host's requests); ``servers(runtime_url)``
    makes the MCP servers by name. Yields ``(relay, documents)``."""
    import urllib.request

    from pyview.testing import serving

    documents = DocumentServer()
    relay = Relay()
    app = documents.app()
    app.router.routes.extend(relay.app_routes())
    with serving(app) as url, runtime_server() as runtime_url:
        documents.url = url
        relay.servers.update(servers(runtime_url))
        for name in relay.servers:  # connect each in the serving loop (the SDK builds auto Views' parts now)
            urllib.request.urlopen(urllib.request.Request(f"{url}/connect/{name}", method="POST"), timeout=900).close()
        try:
            yield relay, documents
        finally:
            relay.close()
