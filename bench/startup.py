"""Start-up of a View, cold, in a sandboxed opaque-origin frame: pyview against bare Pyodide and a JS View.

For each variant, a fresh browser context mounts the document in ``<iframe sandbox="allow-scripts" srcdoc>`` under
the MCP Apps default CSP plus ``'wasm-unsafe-eval'`` and records, from the moment the frame is inserted:
first paint (the frame's first-contentful-paint), runtime ready (Python up; for the JS View: handshake done) and the
View's first render. Prints medians (and p95) of N runs and the ratios the targets are stated in.

    python bench/startup.py [--runs 5] [--engine chromium|firefox|webkit]

``--engine`` runs the same variants on that engine through pyview.testing's drivers (bench/_engines.py), so Python
ready and first render compare with the JS View on the same engine; without it, Playwright drives Chromium directly.

Then "result visible": the host sends the tool input and result as soon as the View is initialized (pyview's with
the View the server rendered in ``_meta["pyview"]``), and the time until the result's text is in the View and the next
frame has run is measured for the JS View on the official App, pyview inline and url (Python still starting), and the
pyview server runtime (under the spec's default CSP, no ``'wasm-unsafe-eval'``).

    python bench/startup.py --only-result [--runs 5] [--engine webkit]   # just that table

Where result visible went (2026-12-01, 2 cores, load average 10-24 from other work; medians of 3-5 runs, before ->
after the boot waits for the first result's paint before starting Pyodide, and runs the Emscripten module only then):
WebKit inline 1,975 -> 433 ms (5.71x -> 2.76x the JS View), url 564 -> 91 ms (1.63x -> 0.58x); Firefox inline
4.81x -> 1.28x; Chromium inline p95 8,088 -> 1,354 ms. What is left in inline mode is the multi-MB document itself:
Chromium takes 0.5-0.9 s under load from inserting the srcdoc frame to its first script, and WebKit parses the whole
document (~0.25 s) before the host's answer can reach the frame (one main thread for both); see the marks ``boot``,
``handshake``, ``result`` and ``start``.

WebKit, inline (2026-12-01, WebKitGTK 2.50, load average 10-22, so only paired comparisons mean anything): from the
frame's insertion, ~10 ms per MB of document pass before its first script runs (7.4 MB: 50-130 ms; a tiny document:
6 ms), then the parse runs to its end (the ``parsed`` column) before the host's ``ui/initialize`` answer, the tool
result and the paint (~7-35 ms more). Making the parser yield does not help: WebKit yields only before a script
(16 ms and 256 tokens into a parse slice, for an inline script of 1 KB or more), and on the first yield it runs its
preload scanner over the whole unparsed rest at once, which took longer than parsing it (measured with 1 KB yield
scripts every 0.5 MB of blobs: one 40-130 ms stall, no earlier handshake). What helps is making the parse cheaper.
CPU time of the web processes for one load (paired runs, so the load matters less than for wall time):
- A single character above U+00FF (the loading state's "…") made WebKit decode and parse the whole document as
  16-bit text: the real inline document 475 -> 400 ms CPU once escaped (8 pairs, every one lower); the packager now
  writes documents in Latin-1 only (``_document.latin1_only``).
- One multi-MB text token costs more than many 64 KB ones: synthetic 7.4 MB, one token -> 65,535-character parts
  0.81x CPU (wall: insertion -> DOMContentLoaded 397 -> 244 ms), the real blobs' sizes (4.4 + 3.0 M characters)
  0.89x; on the real document the gain is within the noise (0.96x, 1.05x). The packager writes blobs in parts.

A smaller inline document (2026-12-01, load average 9-12 from other work, so only the paired rows mean anything): the
document carries only the standard library modules the View can import, as ``python -OO`` sees them (see
``_stdlib.py``; the row ``pyview inline, whole stdlib`` is the same View built with ``stdlib=["all"]``, as before).
Result View: 7.65 -> 5.56 MB. At load average 2-3 (after rebasing on main's dom.js work): WebKit 1.30x vs 1.62x
(15 runs; 48 vs 60 ms, JS View 37; parsed 42 vs 56 ms), Firefox 1.04x vs 1.27x, Chromium 1.06x vs 1.31x (7 runs).
Under load, result visible / JS View, trimmed vs whole stdlib, same invocation: WebKit 0.94x vs
1.38x (15 runs, load 7; parsed 55 vs 86 ms), 1.03x vs 1.47x (15 runs; parsed 69 vs 98 ms), 1.60x vs 1.83x (15 runs,
load 10; parsed 106 vs 110 ms), 1.29x vs 2.19x (5 runs; parsed 195 vs 450 ms); a 9-run invocation with a test suite
running beside it inverted (2.55x vs 1.26x, p95 4.4 s). Firefox 1.30x vs 1.72x and 1.40x vs 1.79x; Chromium 1.69x vs
2.22x and 0.80x vs 1.50x (5-7 runs each).
A denser text encoding is no lever on WebKit: the same document with its blob text cut to 0.853x the characters (what
2 characters per 15 bits would give) in a Latin-1 alphabet with characters above 0x7F took longer (median 97 ms
against 63, parsed 90 against 45; 11 paired runs, load 7); cut to 0.853x in ASCII it took 47 ms. base85 is within 2 %
of the densest ASCII encoding, so what is left is fewer bytes.

Result visible / JS View on the same engine, this machine nearly idle (2026-12-01, load average 2-4 falling to under
1; the JS View's own median moves 54-71 ms on WebKit, so a run needs 21 runs to settle): WebKit inline 1.27x and 1.38x
(21 runs each; 1.54x in a 9-run invocation), url 0.90x and 1.29x, server 0.58x both; Firefox inline 1.15x, url 0.39x,
server 0.31x (9 runs); Chromium inline 0.74x, url 0.31x, server 0.41x (3 runs). Python ready against bare
loadPyodide, Chromium, same run: inline + snapshot 0.36x, url + snapshot 0.27x; WebKit 0.23x and 0.32x (1 run).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import CONFORMANCE_DIST, REPO, chromium, median, p95, run_recorded, runtime_server, server_tree, table

from pyview._tooling.packager._document import script_text
from pyview._tooling.testing._sandbox import _HOST_PAGE as HOST_PAGE
from pyview.host import build_csp
from pyview.packager import build_view
from pyview.testing import SandboxedView, with_csp

BARE_PYODIDE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<div id="root">Loading…</div>
<script src="{base}pyodide.js"></script>
<script>
const stamp = () => performance.timeOrigin + performance.now();
globalThis.pyviewBoot = {{ marks: {{ boot: stamp() }} }};
loadPyodide({{ indexURL: "{base}" }}).then((py) => {{
  pyviewBoot.marks.python = stamp();
  py.runPython("import js; js.document.getElementById('root').textContent = 'Hello from Python'");
  pyviewBoot.marks.render = stamp();
}});
</script></body></html>"""

INLINE_SNAP = "pyview inline + snapshot"
URL_SNAP = "pyview url + snapshot"

JS_VIEW = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<div id="root">Loading…</div><script>{bundle}</script></body></html>"""

# answers the View's ui/initialize like any host, so the JS View's App can connect
HANDSHAKE = """() => {
  window.addEventListener("message", (event) => {
    const m = event.data;
    if (m && m.method === "ui/notifications/initialized") {
      window.__initializedAt = performance.timeOrigin + performance.now();
    }
    if (m && m.method === "ui/initialize") {
      event.source.postMessage({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion,
        hostInfo: { name: "bench", version: "1" }, hostCapabilities: {}, hostContext: {} } }, "*");
    }
  });
}"""

FIRST_PAINT = """() => {
  const entry = performance.getEntriesByName("first-contentful-paint")[0]
    || performance.getEntriesByName("first-paint")[0];
  return entry ? performance.timeOrigin + entry.startTime : null;
}"""


def measure(browser: Any, html: str, ui_csp: dict[str, list[str]] | None) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(HOST_PAGE)
        page.evaluate(HANDSHAKE)  # like a host, it listens before the frame exists: the shim asks at once
        document = with_csp(html, build_csp(ui_csp, allow_wasm=True))
        page.evaluate("(html) => window.__pyviewMount(html, 640, 480)", document)
        view = SandboxedView(page, [])
        marks = view.wait_until_started(timeout=120)
        if "failed" in marks:
            raise SystemExit(f"a View failed to start: {view.error_panel()}")
        paint = view.frame.evaluate(FIRST_PAINT)
        inserted = marks["inserted"]
        initialized = page.evaluate("() => window.__initializedAt || null")
        return {
            "paint": (paint - inserted) if paint else float("nan"),
            "session": (initialized - inserted) if initialized else float("nan"),
            "ready": marks["python"] - inserted,
            "render": marks["render"] - inserted,
        }
    finally:
        context.close()


Measure = Callable[[str, "dict[str, list[str]] | None"], dict[str, float]]


@contextmanager
def measurer(engine: str | None) -> Iterator[Measure]:
    """``measure(html, ui_csp)`` on Chromium through Playwright, or on ``engine`` through pyview.testing's drivers."""
    if engine is None:
        with chromium() as browser:
            yield lambda html, csp: measure(browser, html, csp)
        return
    from _engines import engine_bench

    with engine_bench(engine) as bench:  # type: ignore[arg-type]
        print(f"engine: {bench.engine.name} {bench.engine.version}")

        def on_engine(html: str, csp: dict[str, list[str]] | None) -> dict[str, float]:
            marks, paint = bench.run(html, csp, extra=FIRST_PAINT)
            return {"paint": (paint - marks["inserted_at"]) if paint else float("nan"), "session": marks["session"],
                    "ready": marks["python"], "render": marks["render"]}  # fmt: skip

        yield on_engine


@contextmanager
def engine_results(engine: str) -> Iterator[ResultMeasure]:
    """``measure(html, ui_csp, result, allow_wasm)``: result visible on ``engine`` through pyview.testing's drivers."""
    from _engines import engine_bench

    with engine_bench(engine) as bench:  # type: ignore[arg-type]
        yield lambda html, csp, result, allow_wasm: bench.result_visible(
            html.replace("<head>", "<head>" + WATCH_RESULT, 1), csp, result, allow_wasm=allow_wasm
        )


MARKER = "visible-7421"
# In the host page (not the View's frame): answer ui/initialize, then send the tool input and result at once.
RESULT_HOST = """(() => {
  window.addEventListener("message", (event) => {
    const m = event.data;
    if (m && m.method === "ui/initialize") {
      event.source.postMessage({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion,
        hostInfo: { name: "bench", version: "1" }, hostCapabilities: { serverTools: {} }, hostContext: {} } }, "*");
    }
    if (m && m.method === "ui/notifications/initialized") {
      const post = (method, params) => event.source.postMessage({ jsonrpc: "2.0", method, params }, "*");
      post("ui/notifications/tool-input", { arguments: {} });
      post("ui/notifications/tool-result", window.__benchResult);
    }
  });
})();"""
# In the View's document, first thing: stamp the frame after the result's text entered the View.
WATCH_RESULT = """<script>(() => {
  const root = () => document.getElementById("pyview-root") || document.getElementById("root");
  const observer = new MutationObserver(() => {
    const node = root();
    if (!node || !node.textContent.includes("MARKER")) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__resultVisible = performance.timeOrigin + performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();</script>""".replace("MARKER", MARKER)


def measure_result(browser: Any, html: str, csp: dict[str, list[str]] | None, result: dict[str, Any],
                   allow_wasm: bool) -> tuple[float, float]:  # fmt: skip
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(HOST_PAGE)  # the host listens before the frame exists: a small View asks at once
        page.evaluate(f"() => {{ window.__benchResult = {json.dumps(result)};\n{RESULT_HOST} }}")
        document = with_csp(html.replace("<head>", "<head>" + WATCH_RESULT, 1), build_csp(csp, allow_wasm=allow_wasm))
        page.evaluate("(html) => window.__pyviewMount(html, 640, 480)", document)
        view = SandboxedView(page, [])
        view.frame.wait_for_function("() => window.__resultVisible", timeout=120_000)
        visible: float = view.frame.evaluate("() => window.__resultVisible")
        marks = view.marks()
        parsed = marks.get("parsed")
        return visible - marks["inserted"], (parsed - marks["inserted"]) if parsed else float("nan")
    finally:
        context.close()


# (ms to the result visible, ms to the end of the document's parse)
ResultMeasure = Callable[[str, "dict[str, list[str]] | None", dict[str, Any], bool], tuple[float, float]]


def result_on_chromium(browser: Any) -> ResultMeasure:
    return lambda html, csp, result, allow_wasm: measure_result(browser, html, csp, result, allow_wasm)


def result_visible(measure_one: ResultMeasure, base: str, runs: int, engine: str = "chromium") -> None:
    view = REPO / "bench" / "views" / "result_view.py"
    structured = {"marker": MARKER}
    plain = {"content": [{"type": "text", "text": MARKER}], "structuredContent": structured}
    meta = {"pyview": {"v": 1, "view": "result_view", "tree": server_tree(view, {}, plain), "session": "bench"}}
    with_meta = {**plain, "_meta": meta}
    url = build_view(view, runtime="url", runtime_url=base)
    variants: list[tuple[str, str, dict[str, list[str]] | None, dict[str, Any], bool]] = [
        ("pyview inline", build_view(view).html, None, with_meta, True),
        # before the trimmed standard library (the paired "before" of an inline document)
        ("pyview inline, whole stdlib", build_view(view, stdlib=["all"]).html, None, with_meta, True),
        ("pyview url", url.html, url.csp, with_meta, True),
        ("pyview server", build_view(view, runtime="server").html, None, with_meta, False),
    ]
    bundle = CONFORMANCE_DIST / "js-view.js"
    if not bundle.exists():
        print(f"(no {bundle.relative_to(REPO)}: run scripts/install.sh for the JS baseline)")
        return
    variants.insert(0, ("JS View", JS_VIEW.format(bundle=script_text(bundle.read_text())), None, plain, True))
    times: dict[str, list[float]] = {}
    parsed: dict[str, list[float]] = {}
    for _ in range(runs):
        for name, html, csp, result, allow_wasm in variants:
            visible, parse_end = measure_one(html, csp, result, allow_wasm)
            times.setdefault(name, []).append(visible)
            parsed.setdefault(name, []).append(parse_end)
    rows = [[name, median(times[name]), p95(times[name]), median(parsed[name]), len(html.encode())]
            for name, html, *_ in variants]  # fmt: skip
    print(
        f"\nResult visible on {engine}, cold, {runs} runs each, ms from iframe inserted (result sent once initialized);"
        " parsed: the document's DOMContentLoaded (pyview's boot mark)"
    )
    print(table(["variant", "result visible", "p95", "parsed", "document B"], rows))
    js = median(times["JS View"])
    for name in ("pyview inline", "pyview inline, whole stdlib", "pyview url", "pyview server"):
        variant = name.removeprefix("pyview ")
        print(f"{engine}: pyview {variant} result visible / JS View result visible: {median(times[name]) / js:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-snapshot", action="store_true", help="leave out the memory-snapshot variants")
    parser.add_argument("--engine", choices=["chromium", "firefox", "webkit"], default=None)
    parser.add_argument("--only-result", action="store_true", help="measure only the result-visible table")
    args = parser.parse_args()
    if args.only_result:
        with runtime_server() as base:
            if args.engine is None:
                with chromium() as browser:
                    result_visible(result_on_chromium(browser), base, args.runs)
            else:
                with engine_results(args.engine) as on_engine:
                    result_visible(on_engine, base, args.runs, args.engine)
        return
    view = REPO / "bench" / "views" / "hello_view.py"
    with runtime_server() as base, measurer(args.engine) as measure_one:
        origin = base.rsplit("/pyodide/", 1)[0]
        url_csp = {"resourceDomains": [origin], "connectDomains": [origin]}
        slow = {"boot_timeout": 600} if args.engine else {}  # a WebKit start under load passes the default 60 s
        inline = build_view(view, **slow)
        url = build_view(view, runtime="url", runtime_url=base, **slow)
        variants: list[tuple[str, str, dict[str, list[str]] | None]] = [
            ("pyview inline", inline.html, None),
            ("pyview url", url.html, url.csp),
            ("bare loadPyodide (url)", BARE_PYODIDE.format(base=base), url_csp),
        ]
        sizes = {"pyview inline": inline.size, "pyview url": url.size}
        if not args.no_snapshot:
            inline_snap = build_view(view, snapshot=True, **slow)
            url_snap = build_view(view, runtime="url", runtime_url=base, snapshot=True, **slow)
            variants[2:2] = [(INLINE_SNAP, inline_snap.html, None), (URL_SNAP, url_snap.html, url_snap.csp)]
            sizes.update({INLINE_SNAP: inline_snap.size, URL_SNAP: url_snap.size})
        bundle = CONFORMANCE_DIST / "js-view.js"
        if bundle.exists():
            variants.append(("JS View (ext-apps App)", JS_VIEW.format(bundle=script_text(bundle.read_text())), None))
        else:
            print(f"(no {bundle.relative_to(REPO)}: run scripts/install.sh for the JS baseline)")
        results: dict[str, dict[str, list[float]]] = {}
        for _ in range(args.runs):  # interleaved, so drift on the machine hits every variant alike
            for name, html, csp in variants:
                for key, value in measure_one(html, csp).items():
                    results.setdefault(name, {}).setdefault(key, []).append(value)
    rows = []
    for name, html, _ in variants:
        r = results[name]
        rows.append([name, median(r["paint"]), median(r["session"]), median(r["ready"]), p95(r["ready"]),
                     median(r["render"]), sizes.get(name, len(html.encode()))])  # fmt: skip
    print(f"Start-up, cold, {args.runs} runs each, ms from iframe inserted (median; p95 of ready)")
    print("session: the host got ui/notifications/initialized; ready: Python (JS: the App) is up\n")
    headers = ["variant", "first paint", "session", "ready", "ready p95", "first render", "document B"]
    print(table(headers, rows))
    bare = median(results["bare loadPyodide (url)"]["ready"])
    print("\nRatios (median ready / bare loadPyodide ready):")
    targets = {"pyview inline": 1.3, "pyview url": 1.3, INLINE_SNAP: 0.5, URL_SNAP: 0.35}
    for name, target in targets.items():
        if name in results:
            ratio = median(results[name]["ready"]) / bare
            print(f"  {name:<26} {ratio:5.2f}x   (target <= {target}x: {'met' if ratio <= target else 'not met'})")
    if "JS View (ext-apps App)" in results:
        js_render = median(results["JS View (ext-apps App)"]["render"])
        for name in ("pyview inline", "pyview url"):
            print(f"  {name} first render / JS View first render: {median(results[name]['render']) / js_render:5.1f}x")
    print(f"\nTargets: first paint < 100 ms; inline hello document < 9.5 MB (now {inline.size / 1e6:.2f} MB)")
    if INLINE_SNAP in sizes:
        print(f"  with a snapshot: inline <= 16 MB (now {sizes[INLINE_SNAP] / 1e6:.2f} MB), "
              f"url <= 150 KB (now {sizes[URL_SNAP] / 1e3:.0f} KB)")  # fmt: skip
    if args.engine is None:  # result visible: Chromium only
        with runtime_server() as base, chromium() as browser:
            result_visible(result_on_chromium(browser), base, args.runs)
    else:
        with runtime_server() as base, engine_results(args.engine) as on_engine:
            result_visible(on_engine, base, args.runs, args.engine)


if __name__ == "__main__":
    run_recorded(main, __file__)
