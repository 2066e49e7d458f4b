"""The server runtime, measured: a click's round trip to the patch painted, against a bare ``tools/call``, and the
memory an idle View instance costs the server.

The View (bench/views/clicker_view.py, runtime="server") runs under the spec's default CSP in Chromium, inside the
Python host's page (pyview.testing); the host reaches the MCP server over Streamable HTTP on loopback. In the frame,
each click waits for its patch, then for the next frame; the bare round trip is the View's own ``tools/call`` of an
app-only tool that returns "pong". Memory: N results rendered in process, each made live by an empty event, then
idle (tracemalloc, after a full collection, per instance; bench/server_runtime_http.py measures the examples).

    python bench/server_runtime.py [--clicks 200] [--instances 200]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, chromium, median, p95, run_recorded, table

VIEW = REPO / "bench" / "views" / "clicker_view.py"

# The button is looked up afresh for every click, and the whole body observed: an answer may replace the tree (a
# session's first event can come back as a reset), and a stale button would wait forever. A click with no patch in
# 30 s fails the run with its number instead of hanging it.
CLICKS = """async (n) => {
  const button = () => document.querySelector("[data-testid=click]");
  const applied = [], painted = [];
  for (let i = 0; i < n; i++) {
    const before = button().textContent;
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (!button() || button().textContent === before) return;
        observer.disconnect();
        clearTimeout(timer);
        applied.push(performance.now() - t0);
        requestAnimationFrame(() => { painted.push(performance.now() - t0); resolve(); });
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error("click " + i + ": no patch in 30 s"));
      }, 30000);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      button().click();
    });
  }
  return { applied, painted };
}"""

BARE = """async (n) => {
  const out = [];
  for (let i = 0; i < n; i++) {
    const id = "bench-" + i;
    const t0 = performance.now();
    await new Promise((resolve) => {
      const on = (event) => {
        if (event.data && event.data.id === id) { window.removeEventListener("message", on); resolve(); }
      };
      window.addEventListener("message", on);
      window.parent.postMessage({ jsonrpc: "2.0", id, method: "tools/call",
        params: { name: "ping", arguments: {} } }, "*");
    });
    out.push(performance.now() - t0);
  }
  return out;
}"""


def make_server() -> Any:
    from mcp.server.mcpserver import MCPServer

    from pyview.server import Views

    try:
        views = Views(runtime="server")  # type: ignore[call-arg]
    except TypeError:
        raise SystemExit("this pyview has no server runtime (Views(runtime=...)): nothing to measure") from None
    clicker = views.add("clicker", str(VIEW))

    @views.tool(clicker)
    def show_clicker() -> str:
        """Show the clicker."""
        return "clicker"

    @views.tool(clicker, visibility="app")
    def ping() -> str:
        """Answer pong (the bare round trip)."""
        return "pong"

    return MCPServer("clicker", extensions=[views])


def clicks(browser: Any, count: int) -> tuple[list[float], list[float], list[float]]:
    from pyview.host import McpBackend
    from pyview.packager import build_view
    from pyview.server import http_app
    from pyview.testing import HostServer, mount, serving

    server = make_server()
    with serving(http_app(server, runtime_path=None)) as url:
        host_server = HostServer.start()
        backend = McpBackend(f"{url}/mcp")
        host_server.run(backend.start())
        try:
            page = browser.new_context().new_page()
            view = mount(host_server, page, build_view(VIEW, runtime="server").html, backend=backend, allow_wasm=False)
            view.wait_ready(60)
            result = host_server.run(backend.call_tool("show_clicker", {}))
            view.send_tool_result(result)
            view.locator("[data-testid=click]").wait_for()
            frame = view.frame
            frame.evaluate(CLICKS, 10)  # warm up both paths
            frame.evaluate(BARE, 10)
            measured = frame.evaluate(CLICKS, count)
            bare = frame.evaluate(BARE, count)
            page.context.close()
        finally:
            host_server.run(backend.close())
            host_server.stop()
    return measured["applied"], measured["painted"], bare


async def idle_memory(instances: int) -> float:
    from mcp import Client

    server = make_server()
    async with Client(server) as client:
        metas = [(await client.call_tool("show_clicker", {})).meta["pyview"] for _ in range(instances + 1)]
        tokens = [(meta["session"], meta["data"]) for meta in metas]
        del metas
        token, data = tokens.pop()
        await client.call_tool("pyview_event", {"session": token, "data": data, "events": [], "answers": []})  # imports
        await asyncio.sleep(0.2)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for token, data in tokens:  # each result's first event makes its instance live in the cache (then it idles)
            await client.call_tool("pyview_event", {"session": token, "data": data, "events": [], "answers": []})
        await asyncio.sleep(0.2)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    return (after - before) / instances


def main() -> None:
    import logging

    logging.getLogger("httpx").setLevel(logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--instances", type=int, default=200)
    args = parser.parse_args()
    with chromium() as browser:
        applied, painted, bare = clicks(browser, args.clicks)
    per_instance = asyncio.run(idle_memory(args.instances))
    print(f"Server runtime, {args.clicks} clicks, ms (host page -> loopback Streamable HTTP -> MCP server)\n")
    rows = [
        ["bare tools/call round trip", median(bare), p95(bare)],
        ["click -> patch applied", median(applied), p95(applied)],
        ["click -> patch painted", median(painted), p95(painted)],
    ]
    print(table(["path", "median", "p95"], rows))
    overhead = median(applied) - median(bare)
    print(f"\nclick -> patch applied, over the bare round trip: {overhead:+.1f} ms (goal <= 15 ms)")
    print(f"click -> patch painted, over the bare round trip: {median(painted) - median(bare):+.1f} ms median, "
          f"{p95(painted) - p95(bare):+.1f} ms p95 (goal <= 15 ms)")  # fmt: skip
    print(f"memory per idle View instance: {per_instance / 1024:.1f} KB (goal <= 200 KB; {args.instances} instances)")


if __name__ == "__main__":
    run_recorded(main, __file__)
