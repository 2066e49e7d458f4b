"""Where a View's start-up goes, per engine: parsing the srcdoc, the WebAssembly, CPython's init, the View.

One inline hello View per run and engine, with a probe first in its document that stamps the phases and wraps
``WebAssembly.instantiate*`` (Pyodide's own call: streaming gunzip + compile + instantiate). After the View rendered,
the same wasm blob is decoded, gunzipped and compiled again on its own, so each step has its own time.
``--jsc-no-omg`` sets ``JSC_useOMGJIT=false`` for WebKit (a diagnostic only: JSC's optimising wasm tier off).

    python bench/boot_phases.py [--engine chromium --engine firefox --engine webkit] [--runs 3] [--jsc-no-omg]

What it showed (figures in bench/RESULTS.md): WebKit's extra time is CPython's own start running in wasm, not the
document or the wasm pipeline; with ``--jsc-no-omg`` that start is much shorter, because JSC's optimising tier
compiling Pyodide's hot functions competes with the interpreter for the cores.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _engines import engine_bench
from _harness import REPO, median, run_recorded, table

from pyview.packager import build_view

PROBE = """<script>(() => {
  const now = () => performance.timeOrigin + performance.now();
  const probe = globalThis.pyviewProbe = { head: now(), wasm: [] };
  document.addEventListener("DOMContentLoaded", () => {
    probe.parsed = now();
    const node = document.getElementById("pyview-blob:pyodide.asm.wasm");
    probe.text = node ? globalThis.pyviewBlobNodes(node).map((part) => part.textContent).join("") : "";
    probe.gzip = !!node && node.dataset.encoding === "gzip";
    probe.bytes = node ? Number(node.dataset.bytes) : 0;
  });
  for (const name of ["instantiate", "instantiateStreaming", "compile", "compileStreaming"]) {
    const real = WebAssembly[name];
    if (typeof real !== "function") continue;
    WebAssembly[name] = function (...args) {
      const start = now();
      const result = real.apply(this, args);
      result.then(() => probe.wasm.push([name, start, now()]), () => {});
      return result;
    };
  }
})();</script>"""

# run in the frame after the View rendered: the in-document stamps, then the wasm's steps again, one at a time
COLLECT = """async () => {
  const probe = globalThis.pyviewProbe;
  const now = () => performance.now();
  let t = now();
  // the blob's base85 (the same loop as boot.js)
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%.()*+-;,=/?@^_:{|}~";
  const digit = new Uint8Array(128);
  for (let i = 0; i < 85; i++) digit[alphabet.charCodeAt(i)] = i;
  const text = probe.text;
  let bytes = new Uint8Array(text.length / 5 * 4);
  for (let i = 0, o = 0; i < text.length; i += 5, o += 4) {
    const v = (((digit[text.charCodeAt(i)] * 85 + digit[text.charCodeAt(i + 1)]) * 85 +
      digit[text.charCodeAt(i + 2)]) * 85 + digit[text.charCodeAt(i + 3)]) * 85 + digit[text.charCodeAt(i + 4)];
    bytes[o] = v / 16777216; bytes[o + 1] = v >>> 16; bytes[o + 2] = v >>> 8; bytes[o + 3] = v;
  }
  bytes = bytes.subarray(0, probe.bytes);
  const decode = now() - t;
  t = now();
  const wasm = probe.gzip ? new Uint8Array(await new Response(new Blob([bytes]).stream()
    .pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()) : bytes;
  const gunzip = now() - t;
  t = now();
  await WebAssembly.compile(wasm);
  const compile = now() - t;
  probe.text = "";
  return { head: probe.head, parsed: probe.parsed, wasm: probe.wasm, decode, gunzip, compile, size: wasm.length };
}"""

PHASES = [
    ("srcdoc: insert -> first script", "head"),
    ("srcdoc: rest of the parse (DOMContentLoaded)", "parse"),
    ("Pyodide's wasm instantiate (gunzip+compile+instantiate)", "instantiate"),
    ("CPython/Pyodide init (after instantiate)", "init"),
    ("import the View, first render", "view"),
    ("total: insert -> first render", "render"),
    ("alone: base85 decode of the wasm", "decode"),
    ("alone: gunzip (DecompressionStream)", "gunzip"),
    ("alone: WebAssembly.compile", "compile"),
]


def phases(marks: dict[str, float], probe: dict[str, Any]) -> dict[str, float]:
    inserted = marks["inserted_at"]
    instantiate = [entry for entry in probe["wasm"] if entry[0].startswith("instantiate")]
    start, end = (instantiate[-1][1], instantiate[-1][2]) if instantiate else (float("nan"), float("nan"))
    return {
        "head": probe["head"] - inserted,
        "parse": probe["parsed"] - probe["head"],
        "instantiate": end - start,
        "init": marks["python"] + inserted - end,
        "view": marks["render"] - marks["python"],
        "render": marks["render"],
        "decode": probe["decode"],
        "gunzip": probe["gunzip"],
        "compile": probe["compile"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="append", choices=["chromium", "firefox", "webkit"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jsc-no-omg", action="store_true", help="WebKit with JSC_useOMGJIT=false (diagnostic)")
    args = parser.parse_args()
    engines = args.engine or ["chromium", "firefox", "webkit"]
    if args.jsc_no_omg:
        os.environ["JSC_useOMGJIT"] = "false"  # noqa: SIM112 (JSC's own spelling)
    # a generous boot timeout: a WebKit start under load can pass the default 60 s, and this measures, not judges
    html = build_view(REPO / "bench" / "views" / "hello_view.py", boot_timeout=600).html
    html = html.replace("<head>", "<head>" + PROBE, 1)
    columns: dict[str, dict[str, list[float]]] = {}
    versions = []
    for name in engines:
        with engine_bench(name) as bench:  # type: ignore[arg-type]
            versions.append(f"{name} {bench.engine.version}")
            for _ in range(args.runs):
                marks, probe = bench.run(html, None, extra=COLLECT)
                for key, value in phases(marks, probe).items():
                    columns.setdefault(name, {}).setdefault(key, []).append(value)
    print(f"Boot phases of the inline hello View, ms, median of {args.runs} run(s): {', '.join(versions)}")
    if args.jsc_no_omg:
        print("(JSC_useOMGJIT=false: a diagnostic, not a setting pyview uses)")
    rows = [[label, *(median(columns[name][key]) for name in engines)] for label, key in PHASES]
    print(table(["phase", *engines], rows))


if __name__ == "__main__":
    run_recorded(main, __file__)
