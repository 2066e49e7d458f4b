"""Interactive: from the View's frame inserted to the patch of its first click painted, pyview against a JS View.

A host page (bench/_interactive_host.py) mounts each document in ``<iframe sandbox="allow-scripts" srcdoc>`` under
the MCP Apps CSP the View's resource declares (plus ``'wasm-unsafe-eval'``, except for the server runtime), answers
``ui/initialize``, sends the tool input and the tool result a real ``pyview.server`` made (the server-rendered tree and,
for the server-side runtimes, the session in ``_meta["pyview"]``), and relays the View's ``tools/call``
(``pyview_event``) and ``resources/read`` (runtime parts, the bridge path) to that real server. The View is a counter
(bench/views/interactive_view.py); the JS View is the official ext-apps ``App`` with a local click handler.

In the frame, a script watches for the button "Clicked 0" (the result visible: the next frame after it entered the
View), clicks it at once, and stamps the next frame after it reads "Clicked 1" (interactive). Then the bench waits
for Python: ``python`` (Pyodide up) for url and inline; for auto, ``live`` after the hand-over to Python.

Variants: ``auto`` (the default: server runtime from the first paint, Python fetched as runtime parts through the
host's ``resources/read`` and handed the View), ``auto, url path`` (the same with a runtime URL the frame may
fetch), ``url`` and ``inline + snapshot`` (Pyodide; a click made before Python is up is kept and replayed), ``server``.
Each run pairs every variant with a JS View run, the one going first alternating run by run (as bench/render.py).

    python bench/interactive.py [--runs 3] [--engine chromium|firefox|webkit] [--only auto] [--trace]

Only the paired ratios mean anything on a loaded machine (figures in bench/RESULTS.md). Auto's runtime parts are
read through the host one chunk at a time, so the click's ``pyview_event`` waits behind one chunk at most
(``--trace`` shows it; two at a time brought Python a little sooner and the click's answer later).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import CONFORMANCE_DIST, REPO, median, run_recorded, table
from _interactive_host import JS_VIEW, WATCH, Relay, interactive_host

from pyview._tooling.packager._document import script_text
from pyview._tooling.testing._engine import EngineName, launch_engine
from pyview.host import build_csp
from pyview.testing import with_csp

VIEW = REPO / "bench" / "views" / "interactive_view.py"

# (label, server, View name, 'wasm-unsafe-eval' allowed)
VARIANTS: list[tuple[str, str, str, bool]] = [
    ("auto", "bridge", "auto", True),
    ("auto, url path", "web", "auto", True),
    ("url", "web", "url", True),
    ("inline + snapshot", "bridge", "inline", True),
    ("server", "bridge", "server", False),
]
RATIO_VARIANTS = ("auto", "url", "inline + snapshot", "server")

DONE = "() => window.__bench && window.__bench.interactive || globalThis.pyviewBoot?.marks.failed"
# Python up (url, inline), handed the View (auto), or staying on the server (auto: why is in the host log)
# (the server runtime marks ``live`` first; Python marks it again once the hand-over is done)
READY = """() => { const m = globalThis.pyviewBoot.marks;
  return m.failed || m.stayed || (m.runtime === "python" && m.live > (m.handover || 0)) }"""


@dataclass
class Variant:
    label: str
    server: str
    view: str
    allow_wasm: bool
    html: str = ""
    csp: dict[str, list[str]] | None = None
    times: dict[str, list[float]] = field(default_factory=dict)
    paired_js: list[float] = field(default_factory=list)
    notes: set[str] = field(default_factory=set)

    def add(self, key: str, value: float) -> None:
        self.times.setdefault(key, []).append(value)


def make_servers(uris: dict[tuple[str, str], str]) -> Callable[[str], dict[str, object]]:
    """The two MCP servers: "bridge" (no runtime URL: auto reads its parts through the host) and "web" (with one)."""

    def servers(runtime_url: str) -> dict[str, object]:
        from mcp.server.mcpserver import MCPServer

        from pyview.server import Views

        def show() -> str:
            """Show the counter."""
            return "counter"

        made: dict[str, object] = {}
        for server, url, kinds in (
            ("bridge", None, [("auto", "auto", None), ("inline", "inline", "on"), ("server", "server", None)]),
            ("web", runtime_url, [("auto", "auto", None), ("url", "url", None)]),
        ):
            views = Views(runtime_url=url)
            for name, runtime, snapshot in kinds:
                handle = views.add(f"{server}-{name}", VIEW, runtime=runtime, snapshot=snapshot)  # type: ignore[arg-type]
                views.tool(handle, name=f"show_{name}")(show)
                uris[server, name] = handle.uri
            made[server] = MCPServer(f"interactive-{server}", extensions=[views])
        return made

    return servers


def measure(
    engine: Any, relay: Relay, documents: Any, variant: Variant | None, timeout: float, trace: bool = False
) -> dict[str, Any]:
    """One cold mount; ``variant`` None is the JS View. Returns ms from the frame's insertion, and the host log."""
    server = variant.server if variant else "bridge"
    result = relay.call(server, "tools/call", {"name": f"show_{variant.view if variant else 'auto'}", "arguments": {}})
    if variant is None:
        bundle = script_text((CONFORMANCE_DIST / "js-view.js").read_text())
        html, csp, allow_wasm = JS_VIEW.replace("BUNDLE", bundle), None, True
    else:
        html, csp, allow_wasm = variant.html, variant.csp, variant.allow_wasm
    page = engine.new_page()
    try:
        page.goto(f"{documents.url}/interactive-host")
        url = documents.add(
            with_csp(html.replace("<head>", "<head>" + WATCH, 1), build_csp(csp, allow_wasm=allow_wasm))
        )
        page.evaluate(
            "([url, server, result]) => window.__mount(url, server, result)", [url, server, result], view=False
        )
        page.wait_for(DONE, timeout=timeout)
        bench = page.evaluate("() => window.__bench")
        if "interactive" not in bench:
            panel = page.evaluate("() => document.getElementById('pyview-error')?.textContent")
            raise SystemExit(f"{variant.label if variant else 'JS View'} failed to start on {engine.name}: {panel}")
        inserted: float = page.evaluate("() => window.__inserted", view=False)
        out: dict[str, Any] = {"visible": bench["visible"] - inserted, "interactive": bench["interactive"] - inserted}
        if variant is not None and variant.allow_wasm:
            page.wait_for(READY, timeout=timeout)
            marks = page.evaluate("() => pyviewBoot.marks")
            ready = marks.get("live") if variant.view == "auto" else marks.get("python")
            out["ready"] = (ready - inserted) if marks.get("runtime") == "python" and ready else float("nan")
            out["runtime"] = marks.get("runtime")
            if "snapshot" in marks:
                out["snapshot"] = marks["snapshot"] - inserted
        if trace:
            print(f"  {variant.label if variant else 'JS View'}: {trace_line(page, bench, inserted)}", file=sys.stderr)
        log = page.evaluate("() => window.__log", view=False)
        python = [
            entry["data"] for entry in log if isinstance(entry.get("data"), dict) and "hostBytes" in entry["data"]
        ]
        if python:
            out["via"], out["host_bytes"] = python[-1].get("via"), python[-1]["hostBytes"]
            out["host_reads"] = page.evaluate("() => window.__hostReads", view=False)
        stayed = [
            entry["data"]["python"]
            for entry in log
            if isinstance(entry.get("data"), dict) and "python" in entry["data"]
        ]
        if stayed:
            out["stayed"] = stayed[-1]
        return out
    finally:
        page.close()


def trace_line(page: Any, bench: dict[str, float], inserted: float) -> str:
    """The run's stamps and boot marks, and the host's relayed requests (method, tool, sent at, took), ms."""
    marks = page.evaluate("() => globalThis.pyviewBoot ? pyviewBoot.marks : {}")
    calls = page.evaluate("() => window.__calls || []", view=False)
    stamps = {**bench, **{k: v for k, v in marks.items() if isinstance(v, int | float) and v > 1e12}}
    when = {k: round(v - inserted) for k, v in sorted(stamps.items(), key=lambda kv: kv[1]) if not isinstance(v, bool)}
    relayed = [(c["method"], c["name"], round(c["began"] - inserted), round(c["ms"])) for c in calls]
    return f"{when} {relayed}"


def run(engine_name: EngineName, runs: int, timeout: float, only: list[str] | None = None, trace: bool = False) -> None:
    uris: dict[tuple[str, str], str] = {}
    variants = [Variant(*spec) for spec in VARIANTS if only is None or spec[0] in only]
    js_all: list[float] = []
    js_visible: list[float] = []
    with interactive_host(make_servers(uris)) as (relay, documents), launch_engine(engine_name) as engine:
        print(f"engine: {engine.name} {engine.version}", file=sys.stderr, flush=True)
        for variant in variants:
            read = relay.call(variant.server, "resources/read", {"uri": uris[variant.server, variant.view]})
            content = read["contents"][0]
            variant.html = content["text"]
            variant.csp = ((content.get("_meta") or {}).get("ui") or {}).get("csp")
        for index in range(runs):
            for variant in variants:
                order: list[Variant | None] = [None, variant] if index % 2 == 0 else [variant, None]
                for which in order:
                    measured = measure(engine, relay, documents, which, timeout, trace)
                    if which is None:
                        variant.paired_js.append(measured["interactive"])
                        js_all.append(measured["interactive"])
                        js_visible.append(measured["visible"])
                        continue
                    for key in ("visible", "interactive", "ready", "host_bytes"):
                        if key in measured:
                            variant.add(key, float(measured[key]))
                    variant.add("snapshot", 1.0 if "snapshot" in measured else 0.0)
                    if "via" in measured:
                        reads = f", {measured['host_reads']} resources/read" if measured["host_reads"] else ""
                        variant.notes.add(f"Python's runtime parts came via {measured['via']}{reads}")
                    if "stayed" in measured:
                        variant.notes.add(f"stayed on the server: {measured['stayed']}")
                print(f"  run {index + 1}/{runs}: {variant.label}", file=sys.stderr, flush=True)
    report(engine_name, runs, variants, js_all, js_visible, len(JS_VIEW.replace("BUNDLE", "")) + _bundle_size())


def _bundle_size() -> int:
    return len(script_text((CONFORMANCE_DIST / "js-view.js").read_text()).encode())


def report(engine: str, runs: int, variants: list[Variant], js_all: list[float], js_visible: list[float],
           js_size: int) -> None:  # fmt: skip
    def med(values: list[float] | None) -> float | str:
        return median(values) if values else "-"

    rows: list[list[object]] = [["JS View (ext-apps App)", js_size, median(js_visible), median(js_all), "-", "-"]]
    for v in variants:
        host_bytes: object = "-"
        if v.times.get("host_bytes"):
            host_bytes = int(median(v.times["host_bytes"]))
        rows.append([f"pyview {v.label}", len(v.html.encode()), med(v.times["visible"]), med(v.times["interactive"]),
                     med(v.times.get("ready")), host_bytes])  # fmt: skip
    print(f"\nInteractive on {engine}, cold, {runs} runs each, median ms from iframe inserted")
    print("interactive: the patch of a click sent as soon as the result is visible, painted; Python ready: Pyodide up")
    print("(url, inline), the hand-over done (auto); resources/read B: runtime parts read through the host (decoded)\n")
    headers = ["variant", "document B", "result visible", "interactive", "Python ready", "resources/read B"]
    print(table(headers, rows))
    for v in variants:
        if v.allow_wasm:
            restored = v.times.get("snapshot", [])
            v.notes.add(f"Python restored from a memory snapshot in {int(sum(restored))} of {len(restored)} runs")
        for note in sorted(v.notes):
            print(f"  pyview {v.label}: {note}")
    by_label = {v.label: v for v in variants}
    for label in [*RATIO_VARIANTS, "auto, url path"]:
        if label not in by_label:
            continue
        v = by_label[label]
        ratio = median(v.times["interactive"]) / median(v.paired_js)
        line = f"{engine}: pyview {label} interactive / JS View interactive: {ratio:.2f}x"
        print(line if label in RATIO_VARIANTS else f"({line})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engine", choices=["chromium", "firefox", "webkit"], default="chromium")
    parser.add_argument(
        "--only", action="append", choices=[spec[0] for spec in VARIANTS], help="measure only this variant (repeatable)"
    )
    parser.add_argument("--trace", action="store_true", help="print each run's marks and relayed requests")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for one View (a loaded WebKit)")
    args = parser.parse_args()
    if not (CONFORMANCE_DIST / "js-view.js").exists():
        raise SystemExit(f"no {(CONFORMANCE_DIST / 'js-view.js').relative_to(REPO)}: run scripts/install.sh")
    run(args.engine, args.runs, args.timeout, args.only, args.trace)


if __name__ == "__main__":
    run_recorded(main, __file__)
