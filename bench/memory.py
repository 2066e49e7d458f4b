"""Renderer memory over a blank page: hello and weather (plain and from a snapshot), 10,000 rows, 1,000 updates.

Each variant runs in a fresh Chromium (so no process is shared with another variant), mounted as hosts do it
(``<iframe sandbox="allow-scripts" srcdoc>``, MCP Apps CSP plus 'wasm-unsafe-eval'). Memory is read from the
Chrome DevTools Protocol: ``SystemInfo.getProcessInfo`` lists the renderer processes, whose private memory (USS:
``Private_Clean + Private_Dirty`` from ``/proc/PID/smaps_rollup``; shared libraries, which other browsers on the
machine map too, are left out) is summed, after a forced garbage collection (``HeapProfiler.collectGarbage``);
``Performance.getMetrics`` gives the View frame's JS heap, and the frame reports the size of Pyodide's WebAssembly
memory (in the process figure, not in the JS heap). The blank page is the host page with an empty sandboxed frame.
Beside the Views, in the same run: bare Pyodide (``loadPyodide`` from the runtime server, one ``runPython``) and
vanilla JS's 10,000 rows; their sum is the floor for any Pyodide View of 10,000 rows.

    python bench/memory.py [--repeat 2] [--updates 1000]

What it showed (figures in bench/RESULTS.md): bare Pyodide plus vanilla JS's rows is a floor no Pyodide View of
10,000 rows can go below; an inline document costs more than url mode (the host page keeps the srcdoc); a restore from
a snapshot costs more than a plain start, in url mode too (so not the larger document). The updates lengthen every
tenth label (js-framework-benchmark's " !!!"), so the page grows with them whatever renders it: pyview's growth is
measured against vanilla JS's under the same clicks, and "flat" means no more than that. The renderer's private memory
moves between runs under load, so it means something only on an idle machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, chromium, run_recorded, runtime_server, table
from startup import BARE_PYODIDE

from pyview.packager import build_view
from pyview.testing import SandboxedView

MIB = 1024 * 1024
TARGET_MIB = 150
BLANK = "<!doctype html><html><head><meta charset='utf-8'></head><body><p>blank</p></body></html>"

WASM_BYTES = "() => globalThis.pyviewPyodide ? pyviewPyodide._module.HEAP8.byteLength : 0"

HANDSHAKE = """() => {
  window.addEventListener("message", (event) => {
    const m = event.data;
    if (m && m.method === "ui/initialize") {
      event.source.postMessage({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion,
        hostInfo: { name: "bench", version: "1" }, hostCapabilities: {}, hostContext: {} } }, "*");
    }
  });
}"""

# Clicks `selector` `count` times (each click is one whole update: handler, render, patch); yields to the event
# loop now and then so the page stays responsive.
CLICKS = """async ([selectors, count]) => {
  for (let i = 0; i < count; i++) {
    document.querySelector(selectors[i % selectors.length]).click();
    if (i % 50 === 49) await new Promise((r) => setTimeout(r, 0));
  }
  return document.querySelectorAll("tbody tr").length;
}"""


def _private(pid: int) -> int:
    total = 0
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            total += int(line.split()[1]) * 1024
    return total


def renderer_bytes(browser: Any) -> int:
    """Summed private memory of the browser's renderer processes (the page and any out-of-process frame)."""
    session = browser.new_browser_cdp_session()
    try:
        info = session.send("SystemInfo.getProcessInfo")
    finally:
        session.detach()
    return sum(_private(int(p["id"])) for p in info["processInfo"] if p.get("type") == "renderer")


def frame_session(view: SandboxedView) -> Any:
    """A CDP session on the View's frame (its own target when out of process, else the page's)."""
    context = view.page.context
    try:
        return context.new_cdp_session(view.frame)
    except Exception:
        return context.new_cdp_session(view.page)


def settle(view: SandboxedView, session: Any) -> dict[str, float]:
    view.page.wait_for_timeout(500)
    session.send("HeapProfiler.enable")
    session.send("HeapProfiler.collectGarbage")
    view.page.wait_for_timeout(500)
    session.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    metrics["wasm"] = view.frame.evaluate(WASM_BYTES)
    return metrics


def measure(
    html: str,
    prepare: Callable[[SandboxedView], None] | None = None,
    after: Callable[[SandboxedView], None] | None = None,
    csp: dict[str, list[str]] | None = None,
) -> list[tuple[int, float, float]]:
    """Mount ``html`` in a fresh browser; (renderer, JS heap, wasm memory) bytes once ready, and after ``after``."""
    out: list[tuple[int, float, float]] = []
    with chromium() as browser:
        page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        page.set_default_timeout(300_000)
        view = SandboxedView.mount(page, html, ui_csp=csp, width=1100, height=800)
        page.evaluate(HANDSHAKE)
        if html is not BLANK:
            marks = view.wait_until_started(timeout=300)
            if "failed" in marks:
                raise SystemExit(f"the View failed to start: {view.error_panel()}")
        if prepare is not None:
            prepare(view)
        session = frame_session(view)
        metrics = settle(view, session)
        out.append((renderer_bytes(browser), metrics.get("JSHeapUsedSize", 0.0), metrics["wasm"]))
        if after is not None:
            after(view)
            metrics = settle(view, session)
            out.append((renderer_bytes(browser), metrics.get("JSHeapUsedSize", 0.0), metrics["wasm"]))
    return out


def weather_result() -> dict[str, Any]:
    sys.path.insert(0, str(REPO / "examples" / "weather"))
    from weather_data import forecast

    weather = forecast("Oslo", "metric")
    return {"content": [{"type": "text", "text": str(weather)}], "structuredContent": weather.model_dump(mode="json")}


def spread(values: list[float]) -> str:
    """``median`` or ``median (low-high)`` of MiB figures."""
    mid = statistics.median(values)
    return f"{mid:+.1f}" if len(values) == 1 else f"{mid:+.1f} ({min(values):+.0f}..{max(values):+.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=1, help="fresh browsers per variant (report median, range)")
    args = parser.parse_args()
    hello = build_view(REPO / "bench" / "views" / "hello_view.py").html
    weather = build_view(REPO / "examples" / "weather" / "weather_view").html
    # restored from a memory snapshot, as a served View is by default (the bar holds "snapshot or not")
    hello_snapshot = build_view(REPO / "bench" / "views" / "hello_view.py", snapshot=True).html
    weather_snapshot = build_view(REPO / "examples" / "weather" / "weather_view", snapshot=True).html
    table_view = build_view(REPO / "bench" / "views" / "render_view.py").html
    vanilla = (REPO / "bench" / "views" / "vanilla.html").read_text()
    result = weather_result()

    def show_weather(view: SandboxedView) -> None:
        view.post(
            {"jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": {"arguments": {"city": "Oslo"}}}
        )
        view.post({"jsonrpc": "2.0", "method": "ui/notifications/tool-result", "params": result})
        view.frame.wait_for_selector("svg", timeout=120_000)

    def rows(selector: str, count: int) -> Callable[[SandboxedView], None]:
        def go(view: SandboxedView) -> None:
            shown = view.frame.evaluate(CLICKS, [[selector], 1])
            if shown != count:
                raise SystemExit(f"{selector}: {shown} rows, expected {count}")

        return go

    def updates(view: SandboxedView) -> None:
        # select a row, update every 10th row, select another: 1,000 renders of a 1,000-row table
        clicks = ["tbody tr:nth-child(5) a.lbl", "#update", "tbody tr:nth-child(9) a.lbl"]
        view.frame.evaluate(CLICKS, [clicks, 100])
        view.frame.evaluate(CLICKS, [clicks, args.updates])

    found: dict[str, list[list[tuple[int, float, float]]]] = {}
    with runtime_server() as base:
        origin = base.rsplit("/pyodide/", 1)[0]
        # the bare page keeps its Pyodide where WASM_BYTES looks for it
        bare = BARE_PYODIDE.format(base=base).replace("(py) => {", "(py) => { globalThis.pyviewPyodide = py;")
        url_csp = {"resourceDomains": [origin], "connectDomains": [origin]}
        hello_url = build_view(REPO / "bench" / "views" / "hello_view.py", runtime="url", runtime_url=base)
        table_url = build_view(REPO / "bench" / "views" / "render_view.py", runtime="url", runtime_url=base)
        hello_url_snapshot = build_view(
            REPO / "bench" / "views" / "hello_view.py", runtime="url", runtime_url=base, snapshot=True
        )
        variants: list[tuple[str, Callable[[], list[tuple[int, float, float]]]]] = [
            (BLANK_ROW, lambda: measure(BLANK)),
            (BARE_ROW, lambda: measure(bare, csp=url_csp)),
            (HELLO_ROW, lambda: measure(hello)),
            (HELLO_URL_ROW, lambda: measure(hello_url.html, csp=hello_url.csp)),
            (WEATHER_ROW, lambda: measure(weather, show_weather)),
            (HELLO_SNAPSHOT_ROW, lambda: measure(hello_snapshot)),
            (WEATHER_SNAPSHOT_ROW, lambda: measure(weather_snapshot, show_weather)),
            (HELLO_URL_SNAPSHOT_ROW, lambda: measure(hello_url_snapshot.html, csp=hello_url_snapshot.csp)),
            (VANILLA_ROW, lambda: measure(vanilla, rows("#runlots", 10_000))),
            (TABLE_ROW, lambda: measure(table_view, rows("#runlots", 10_000))),
            (TABLE_URL_ROW, lambda: measure(table_url.html, rows("#runlots", 10_000), csp=table_url.csp)),
            (UPDATES_ROW, lambda: measure(table_view, rows("#run", 1000), updates)),
            (VANILLA_UPDATES_ROW, lambda: measure(vanilla, rows("#run", 1000), updates)),
        ]
        for _ in range(args.repeat):  # interleaved, so drift on the machine hits every variant alike
            for name, run in variants:
                found.setdefault(name, []).append(run())
    print(report(found, args.updates))


BLANK_ROW = "blank page (empty sandboxed frame)"
BARE_ROW = "bare Pyodide (loadPyodide, one runPython)"
VANILLA_ROW = "vanilla JS, 10,000 rows"
HELLO_ROW = "hello View, inline"
HELLO_URL_ROW = "hello View, url mode"
WEATHER_ROW = "weather View, inline, result shown"
HELLO_SNAPSHOT_ROW = "hello View, inline, from its snapshot"
WEATHER_SNAPSHOT_ROW = "weather View, inline from its snapshot, result shown"
HELLO_URL_SNAPSHOT_ROW = "hello View, url mode, from its snapshot"
TABLE_ROW = "pyview, 10,000 rows, inline"
TABLE_URL_ROW = "pyview, 10,000 rows, url mode"
UPDATES_ROW = "pyview, 1,000 rows, after 100 updates"
VANILLA_UPDATES_ROW = "vanilla JS, 1,000 rows, after 100 updates"


def report(found: dict[str, list[list[tuple[int, float, float]]]], updates: int) -> str:
    """The table: MiB over the blank page (median and range over the runs), its ratio to the baseline, the bar."""
    blank = statistics.median(run[0][0] for run in found[BLANK_ROW])

    def over(name: str, index: int = 0) -> list[float]:
        return [(run[index][0] - blank) / MIB for run in found[name]]

    def heap(name: str, index: int = 0, k: int = 1) -> str:
        return f"{statistics.median(run[index][k] for run in found[name]) / MIB:.1f}"

    bare, vanilla = statistics.median(over(BARE_ROW)), statistics.median(over(VANILLA_ROW))
    floor = bare + vanilla  # what no Pyodide View of 10,000 rows goes below: Pyodide plus vanilla's DOM
    rows: list[list[object]] = [[BLANK_ROW, f"{blank / MIB:.1f} total", "", "", "", "", ""]]
    for name, baseline, label in (
        (BARE_ROW, None, ""),
        (HELLO_ROW, bare, "bare Pyodide"),
        (HELLO_URL_ROW, bare, "bare Pyodide"),
        (WEATHER_ROW, bare, "bare Pyodide"),
        (HELLO_SNAPSHOT_ROW, bare, "bare Pyodide"),
        (WEATHER_SNAPSHOT_ROW, bare, "bare Pyodide"),
        (HELLO_URL_SNAPSHOT_ROW, bare, "bare Pyodide"),
        (VANILLA_ROW, None, ""),
        (TABLE_ROW, floor, "bare Pyodide + vanilla"),
        (TABLE_URL_ROW, floor, "bare Pyodide + vanilla"),
        (UPDATES_ROW, None, ""),
        (VANILLA_UPDATES_ROW, None, ""),
    ):
        delta = over(name)
        mid = statistics.median(delta)
        ratio = f"{mid / baseline:.2f}x {label}" if baseline else ""
        pyodide = name not in (VANILLA_ROW, VANILLA_UPDATES_ROW)
        bar = f"<= +{TARGET_MIB}" if pyodide and name != BARE_ROW else ""
        met = ("yes" if mid <= TARGET_MIB else "no") if bar else ""
        rows.append([name, spread(delta), ratio, heap(name), heap(name, k=2), bar, met])
    rows.append(["  (floor: bare Pyodide + vanilla's 10,000 rows)", f"{floor:+.1f}", "", "", "", "", ""])

    def growth(name: str) -> list[float]:
        return [(run[1][0] - run[0][0]) / MIB for run in found[name]]

    # the same clicks lengthen the same labels in both: pyview's growth beyond vanilla's is what it keeps itself
    ours, theirs = growth(UPDATES_ROW), growth(VANILLA_UPDATES_ROW)
    beyond = statistics.median(ours) - statistics.median(theirs)
    rows.append([f"  pyview, after {updates:,} more updates", spread(ours) + " vs 100", "", heap(UPDATES_ROW, 1),
                 heap(UPDATES_ROW, 1, 2), "", ""])  # fmt: skip
    rows.append([f"  vanilla JS, after {updates:,} more updates", spread(theirs) + " vs 100", "",
                 heap(VANILLA_UPDATES_ROW, 1), heap(VANILLA_UPDATES_ROW, 1, 2), "", ""])  # fmt: skip
    rows.append(["  pyview's growth beyond vanilla's", f"{beyond:+.1f}", "", "", "", "flat (< +5)",
                 "yes" if beyond < 5 else "no"])  # fmt: skip
    head = (
        "Renderer memory (MiB): private memory of the renderer processes over the blank page, after a forced GC;\n"
        "the View frame's JS heap; Pyodide's WebAssembly memory (inside the renderer figure). Ratios: to bare\n"
        "Pyodide (hello, weather) and to the floor for 10,000 rows (bare Pyodide + vanilla JS's 10,000 rows).\n\n"
    )
    headers = ["variant", "over blank", "ratio", "JS heap", "wasm", "bar", "met"]
    return head + table(headers, rows)


if __name__ == "__main__":
    run_recorded(main, __file__)
