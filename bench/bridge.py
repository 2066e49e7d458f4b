"""The View <-> host bridge: pyview's Python App against the official JS App (ext-apps 2.0.4), in one harness.

Both Views run in a sandboxed, opaque-origin frame; the host page answers ``tools/call`` at once. Measured inside
the View: ``call_server_tool`` round trips (median, p95), and throughput both ways: log notifications View -> host,
``tool-input-partial`` notifications host -> View (counted by the View's handler).

    python bench/bridge.py [--calls 300] [--flood 2000]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import CONFORMANCE_DIST, REPO, chromium, median, p95, run_recorded, table

from pyview._tooling.packager._document import script_text
from pyview.packager import build_view
from pyview.testing import SandboxedView

HOST = """() => {
  window.__logs = 0;
  window.addEventListener("message", (event) => {
    const m = event.data, reply = (result) => event.source.postMessage({ jsonrpc: "2.0", id: m.id, result }, "*");
    if (!m || !m.method) return;
    if (m.method === "ui/initialize") {
      reply({ protocolVersion: m.params.protocolVersion, hostInfo: { name: "bench", version: "1" },
              hostCapabilities: { serverTools: {}, logging: {} }, hostContext: {} });
    } else if (m.method === "tools/call") {
      reply({ content: [{ type: "text", text: "ok" }], structuredContent: m.params.arguments });
    } else if (m.method === "notifications/message") {
      window.__logs += 1;
      if (window.__logs === window.__logTarget) window.__logsDoneAt = performance.timeOrigin + performance.now();
    }
  });
  window.__flood = (count) => {
    const frame = document.querySelector("iframe").contentWindow;
    const start = performance.timeOrigin + performance.now();
    for (let i = 0; i < count; i++) {
      const message = { jsonrpc: "2.0", method: "ui/notifications/tool-input-partial", params: { arguments: { i } } };
      frame.postMessage(message, "*");
    }
    return start;
  };
}"""

JS_VIEW = """<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div>
<script>{bundle}</script>
<script>
const received = globalThis.bridgeCount = {{ count: 0, target: -1, doneAt: 0 }};
benchApp.ontoolinputpartial = () => {{
  received.count += 1;
  if (received.count === received.target) received.doneAt = performance.timeOrigin + performance.now();
}};
globalThis.bench = {{
  expect(target) {{ Object.assign(received, {{ count: 0, target, doneAt: 0 }}); }},
  async roundTrips(count) {{
    const times = [];
    for (let i = 0; i < count; i++) {{
      const start = performance.now();
      await benchApp.callServerTool({{ name: "echo", arguments: {{ i }} }});
      times.push(performance.now() - start);
    }}
    return times;
  }},
  flood(count) {{ for (let i = 0; i < count; i++) benchApp.sendLog({{ level: "info", data: {{ i }} }}); }},
  doneAt() {{ return received.doneAt; }},
}};
</script></body></html>"""

PY = {
    "expect": "(n) => pyviewPyodide.runPython(`import bridge_view; bridge_view.expect(${n})`)",
    "roundTrips": "async (n) => JSON.parse(await pyviewPyodide.runPythonAsync("
    "`import bridge_view\\nawait bridge_view.round_trips(${n})`))",
    "flood": "(n) => pyviewPyodide.runPython(`import bridge_view; bridge_view.flood(${n})`)",
    "doneAt": "() => pyviewPyodide.runPython(`import bridge_view; bridge_view.received['done_at']`)",
}  # fmt: skip
JS = {
    "expect": "(n) => bench.expect(n)",
    "roundTrips": "(n) => bench.roundTrips(n)",
    "flood": "(n) => bench.flood(n)",
    "doneAt": "() => bench.doneAt()",
}


def run(browser: Any, html: str, calls: dict[str, str], n_calls: int, n_flood: int) -> dict[str, Any]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<!doctype html><html><body></body></html>")
        page.evaluate(HOST)
        view = SandboxedView(page, [])
        page.evaluate(
            "(html) => { const f = document.createElement('iframe'); f.setAttribute('sandbox', 'allow-scripts');"
            " f.srcdoc = html; document.body.append(f); }",
            html,
        )
        view.frame.wait_for_function("() => globalThis.pyviewBoot && 'render' in pyviewBoot.marks", timeout=120_000)
        frame = view.frame
        frame.evaluate(calls["roundTrips"], 20)  # warm up
        times = frame.evaluate(calls["roundTrips"], n_calls)
        # View -> host
        page.evaluate("(n) => { window.__logs = 0; window.__logTarget = n; window.__logsDoneAt = 0; }", n_flood)
        start = frame.evaluate("() => performance.timeOrigin + performance.now()")
        frame.evaluate(calls["flood"], n_flood)
        page.wait_for_function("() => window.__logsDoneAt > 0", timeout=60_000)
        up = n_flood / ((page.evaluate("() => window.__logsDoneAt") - start) / 1000)
        # host -> View
        frame.evaluate(calls["expect"], n_flood)
        start = page.evaluate("(n) => window.__flood(n)", n_flood)
        frame.wait_for_function(f"() => ({calls['doneAt']})() > 0", timeout=60_000)
        down = n_flood / ((frame.evaluate(calls["doneAt"]) - start) / 1000)
        return {"times": times, "up": up, "down": down}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--flood", type=int, default=2000)
    args = parser.parse_args()
    bundle = CONFORMANCE_DIST / "js-view.js"
    if not bundle.exists():
        raise SystemExit(f"{bundle} is missing: run scripts/install.sh first")
    python_html = build_view(REPO / "bench" / "views" / "bridge_view.py").html
    js_html = JS_VIEW.format(bundle=script_text(bundle.read_text()))
    with chromium() as browser:
        results = {
            "pyview (Python App)": run(browser, python_html, PY, args.calls, args.flood),
            "ext-apps (JS App)": run(browser, js_html, JS, args.calls, args.flood),
        }
    rows = [
        [name, median(r["times"]), p95(r["times"]), round(r["up"]), round(r["down"])] for name, r in results.items()
    ]
    print(f"call_server_tool round trip ({args.calls} sequential calls) and notifications/s ({args.flood} each way)\n")
    print(table(["View", "median ms", "p95 ms", "View->host msg/s", "host->View msg/s"], rows))
    py, js = results["pyview (Python App)"], results["ext-apps (JS App)"]
    added = median(py["times"]) - median(js["times"])
    print(f"\nPython adds {added:.2f} ms at the median (target < 2 ms)")
    print(json.dumps({"added_median_ms": round(added, 3)}))


if __name__ == "__main__":
    run_recorded(main, __file__)
