"""dom.js's share of bench/render's "create 1,000 rows" and "replace all rows": the recorded patches, replayed.

The js-framework-benchmark View (bench/views/render_view.py) is rendered by pyview's renderer in CPython (the same
code as in Pyodide, so the same JSON texts Python hands to ``pyviewDom.apply`` in the browser) for its first paint,
create 1,000 rows, replace them all and clear. A blank page in Chromium then replays them many times, each on a
fresh container, alternating the order: this tree's dom.js, the one at ``--baseline`` (a git revision), and vanilla
JS building the same rows the way bench/views/vanilla.html does (a template row, ``cloneNode(true)``, two texts set,
one fragment appended; its rows' ids and labels are taken from the patch beforehand, so it parses no JSON). Times
are ms for the call (``apply`` parses the JSON too), min and median of ``--runs``, which stays readable on a loaded
machine where bench/render.py's whole-View times do not; and, as bench/render.py's paint, until a timer after the
next frame (layout, paint, and what dom.js defers past the paint: forgetting removed nodes).

    python bench/dom_apply.py [--runs 40] [--baseline 62f451c]

Use the min: on a loaded machine the medians are the load's. Vanilla JS parses no JSON, which is part of the gap to
dom.js; clear is the browser's removal for all three.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, chromium, run_recorded, table

from pyview.testing import render

RUNTIME = REPO / "pyview" / "_core" / "runtime"
OPERATIONS = ("create", "replace", "clear")

# Replays the patches `runs` times for each implementation (a pyviewDom, or "vanilla"), each on a fresh container.
REPLAY = """async ({ names, patches, runs }) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const rows = (json) => {  // [id, label] of each row of an insert, as vanilla's handler would have them
    const ops = JSON.parse(json), insert = ops[ops.length - 1];
    return insert[insert.length - 1].map((tr) => [tr[2][0][2][0], tr[2][1][2][0][2][0]]);
  };
  const template = document.createElement("tr");
  template.innerHTML = '<td class="col-md-1"></td><td class="col-md-4"><a class="lbl"></a></td>' +
    '<td class="col-md-1"><a><span class="remove">x</span></a></td><td class="col-md-6"></td>';
  const vanilla = (tbody, data) => {
    const fragment = document.createDocumentFragment();
    for (const [id, label] of data) {
      const tr = template.cloneNode(true);
      tr.firstChild.textContent = id;
      tr.childNodes[1].firstChild.textContent = label;
      fragment.append(tr);
    }
    tbody.append(fragment);
  };
  const data = { create: rows(patches.create[0]), replace: rows(patches.replace[0]), clear: [] };
  const out = {};
  for (let run = 0; run < runs; run++) {
    for (const name of run % 2 ? names.slice().reverse() : names) {
      const box = document.createElement("div");
      document.body.append(box);
      let step;
      if (name === "vanilla") {
        box.innerHTML = '<table class="table"><tbody></tbody></table>';
        const tbody = box.querySelector("tbody");
        step = (op) => { if (op !== "create") tbody.textContent = ""; vanilla(tbody, data[op]); };
      } else {
        const dom = globalThis.__impls[name];
        dom.mount(box);
        for (const json of patches.initial) dom.apply(json);
        step = (op) => { for (const json of patches[op]) dom.apply(json); };
      }
      await frame();
      for (const op of ["create", "replace", "clear"]) {
        const t0 = performance.now();
        step(op);
        const t1 = performance.now();
        await frame();
        const t2 = performance.now();
        ((out[name] ||= {})[op] ||= []).push([t1 - t0, t2 - t0]);
      }
      box.remove();
      await frame();
    }
  }
  return out;
}"""


def record() -> dict[str, list[str]]:
    """The JSON texts dom.js is given for the first paint and each operation. The renderer is the same Python code
    in CPython as in Pyodide, so they are the texts the View sends in the browser (checked: byte for byte)."""
    spec = importlib.util.spec_from_file_location("_bench_render_view", REPO / "bench" / "views" / "render_view.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    screen = render(module.Bench())
    patches = {"initial": list(screen.patches)}
    for op, button in (("create", "Create 1,000 rows"), ("replace", "Create 1,000 rows"), ("clear", "Clear")):
        count = len(screen.patches)
        screen.click(button)
        patches[op] = list(screen.patches[count:])
    return patches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--baseline", default="62f451c", help="a git revision's dom.js to compare with ('' for none)")
    args = parser.parse_args()
    implementations = {"dom.js": (RUNTIME / "dom.js").read_text()}
    if args.baseline:
        source = subprocess.run(["git", "show", f"{args.baseline}:pyview/_core/runtime/dom.js"], cwd=REPO,
                                capture_output=True, text=True, check=True).stdout  # fmt: skip
        implementations[f"dom.js at {args.baseline}"] = source
    patches = record()
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.set_content("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
        page.add_script_tag(content=(RUNTIME / "policy.js").read_text())
        page.evaluate("() => { globalThis.__impls = {}; }")
        for name, source in implementations.items():
            page.add_script_tag(content=source)
            page.evaluate("(name) => { __impls[name] = globalThis.pyviewDom; }", name)
        names = [*implementations, "vanilla"]
        times = page.evaluate(REPLAY, {"names": names, "patches": patches, "runs": args.runs})
    rows = []
    for name in names:
        row: list[object] = [name]
        for op in OPERATIONS:
            calls = [t[0] for t in times[name][op]]
            frames = [t[1] for t in times[name][op]]
            row += [min(calls), statistics.median(calls), statistics.median(frames)]
        rows.append(row)
    print(f"dom.js apply of bench/render's recorded patches: ms, min / median of {args.runs} runs")
    print("(frame: median ms until a timer after the next frame: layout, paint and dom.js's deferred work)\n")
    headers = [f"{op} {what}" for op in OPERATIONS for what in ("min", "median", "frame")]
    print(table(["implementation", *headers], rows))


if __name__ == "__main__":
    run_recorded(main, __file__)
