"""Rendering speed: the js-framework-benchmark operations, pyview in Pyodide against vanilla JS, in one browser run.

Both apps run in a sandboxed, opaque-origin frame under the MCP Apps CSP (plus 'wasm-unsafe-eval'). Each operation
is started by a real click and timed two ways: until the DOM is updated and laid out (for pyview: the Python handler,
the batched re-render, the diff, the one JSON patch and its application by dom.js), and until the next frame is
painted, which is what the js-framework-benchmark itself reports and what its targets are stated in.

The two apps are open side by side (a page each) and take turns run by run, the one going first alternating, so a
change in the machine's speed during the bench (other processes, the CPU's clock) falls on both rather than on
whichever app ran its operations at the time.
Between runs the page goes idle (what either app deferred past the paint runs then, not in the next measurement).

    python bench/render.py [--runs 5]

Create and replace sit near their bar and move from one invocation to the next: use ``--runs 21`` for a verdict
(figures in bench/RESULTS.md). In Pyodide, create and replace run about the same Python; replace adds the DOM removal
of the old rows, as vanilla's does.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, chromium, median, run_recorded, table

from pyview.packager import build_view
from pyview.testing import SandboxedView

# (name, setup clicks, measured click, target ratio)
OPERATIONS: list[tuple[str, list[str], str, float]] = [
    ("create 1,000 rows", ["#clear"], "#run", 1.5),
    ("replace all rows", ["#run"], "#run", 1.5),
    ("partial update (every 10th)", ["#run"], "#update", 2),
    ("select row", ["#run"], "tbody tr:nth-child(5) a.lbl", 2),
    ("swap rows", ["#run"], "#swaprows", 2),
    ("remove row", ["#run"], "tbody tr:nth-child(5) span.remove", 2),
    ("create 10,000 rows", ["#clear"], "#runlots", 2),
    ("append 1,000 rows", ["#clear", "#run"], "#add", 2),
    ("clear rows", ["#run"], "#clear", 2),
]

# Clicks `selector` and resolves with the ms until the DOM was updated (the first mutation batch, observed the same
# way for both apps) and laid out. A click that changes nothing (clearing an empty table) resolves null after a second.
MEASURE = """async (selector) => {
  let observer;
  const done = new Promise((resolve) => {
    observer = new MutationObserver(() => resolve(true));
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const t0 = performance.now();
  document.querySelector(selector).click();
  const updated = await Promise.race([done, new Promise((r) => setTimeout(() => r(false), 1000))]);
  document.body.offsetHeight;
  const script = performance.now() - t0;
  observer.disconnect();
  // the frame with the change is painted (a page that gets no frames would hang here: 10 s, then it says so)
  const framed = await Promise.race([
    new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true), 0))),
    new Promise((r) => setTimeout(() => r(false), 10000)),
  ]);
  if (!framed) throw new Error("no animation frame within 10 s after clicking " + selector);
  const painted = performance.now() - t0;
  // The page settles before the next click, as in the js-framework-benchmark (which forces a GC and starts a trace
  // between the setup and the measured click): the idle work either app deferred past the paint runs first.
  await new Promise((r) => requestIdleCallback(() => r(), { timeout: 2000 }));
  await new Promise((r) => setTimeout(r, 20));
  return updated ? [script, painted] : null;
}"""


def run_ops(frames: dict[str, Any], runs: int) -> dict[str, dict[str, list[tuple[float, float]]]]:
    """Each operation's runs, the apps taking turns run by run (the one going first alternates): a drift of the
    machine's speed during the bench (another process, the CPU's clock) then falls on both apps alike."""
    times: dict[str, dict[str, list[tuple[float, float]]]] = {name: {} for name in frames}
    for op, setup, click, _ in OPERATIONS:
        print(f"  {op}", file=sys.stderr, flush=True)
        for index in range(runs + 1):
            order = list(frames) if index % 2 else list(frames)[::-1]
            for name in order:
                frame = frames[name]
                for step in setup:
                    frame.evaluate(MEASURE, step)
                measured = frame.evaluate(MEASURE, click)
                if measured is None:
                    raise SystemExit(f"{name}, {op}: clicking {click} did not update the DOM")
                if index:  # the first run warms up
                    times[name].setdefault(op, []).append((measured[0], measured[1]))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    built = build_view(REPO / "bench" / "views" / "render_view.py")
    vanilla = (REPO / "bench" / "views" / "vanilla.html").read_text()
    with chromium() as browser:
        frames = {}
        for name, html in (("pyview", built.html), ("vanilla", vanilla)):  # one page each, both open throughout
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            view = SandboxedView.mount(context.new_page(), html, width=1100, height=800)
            view.wait_until_started(timeout=120)
            frames[name] = view.frame
        results = run_ops(frames, args.runs)
    rows = []
    for name, _, _, target in OPERATIONS:
        ours = [median([t[k] for t in results["pyview"][name]]) for k in (0, 1)]
        base = [median([t[k] for t in results["vanilla"][name]]) for k in (0, 1)]
        script_ratio, paint_ratio = ours[0] / base[0], ours[1] / base[1]
        rows.append([name, base[0], ours[0], f"{script_ratio:.2f}x", base[1], ours[1], f"{paint_ratio:.2f}x",
                     f"<= {target:g}x", "yes" if paint_ratio <= target else "no"])  # fmt: skip
    print(f"js-framework-benchmark operations, median of {args.runs} runs, ms from the click")
    print("(script: DOM updated and laid out; paint: the next frame painted, the benchmark's own measure)\n")
    headers = ["operation", "vanilla script", "pyview script", "ratio", "vanilla paint", "pyview paint", "ratio"]
    print(table([*headers, "target", "met"], rows))


if __name__ == "__main__":
    run_recorded(main, __file__)
