"""The Python side of bench/render.py in CPython: the same app and clicks, no browser, no DOM.

The browser benchmark's ratios are noisy on a loaded machine; this isolates what Python does for each operation
(the handler, the re-render, the diff and the JSON patch). ``--callgrind OP`` counts the instructions of one
operation under valgrind, which repeats exactly under any load: the way to prove a Python-side change.

    python bench/render_python.py [--runs 5]
    python bench/render_python.py --callgrind "create 1,000 rows"     # needs valgrind
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "views"))

from _harness import run_recorded, table
from render import OPERATIONS

from pyview._core.components._root import Root

_IDS = {"#run": "run", "#runlots": "runlots", "#add": "add", "#update": "update", "#clear": "clear",
        "#swaprows": "swaprows"}  # fmt: skip


class App:
    """The bench app mounted on a Root whose patches are only measured; clicks call the handlers by id."""

    def __init__(self) -> None:
        import render_view

        self.buttons: dict[str, int] = {}
        self.idle: list[Any] = []
        self.patch_bytes = 0
        self.root = Root(self._sink, schedule=lambda fn: None)
        self.root.idle = self.idle.append  # as in the browser: removed rows are freed after the frame
        self.root.mount(render_view.Bench())

    def _sink(self, text: str) -> None:
        self.patch_bytes += len(text)
        if not self.buttons:
            for op in json.loads(text):
                self._find_buttons(op[-1])

    def _find_buttons(self, trees: list[Any]) -> None:
        for tree in trees:
            if isinstance(tree, list):
                attrs = tree[1] if len(tree) > 1 else {}
                if "id" in attrs and "@click" in attrs:
                    self.buttons[attrs["id"]] = attrs["@click"]
                self._find_buttons(tree[2] if len(tree) > 2 else [])

    def click(self, selector: str) -> None:
        """Click a button or the fifth row's label or remove link (``#none``: nothing); then let the page go idle."""
        if selector != "#none":
            self._dispatch(selector)
        while self.idle:
            self.idle.pop(0)()

    def _dispatch(self, selector: str) -> None:
        if selector in _IDS:
            hid = self.buttons[_IDS[selector]]
            self.root.dispatch(hid[0] if isinstance(hid, list) else hid, "")
            return
        row = self.root.container.kids[0].kids[0].kids[1].kids[0].kids[4]  # Bench > div > table > tbody > 5th
        cells = row.kids[0].kids  # Row > tr > td
        link = cells[1].kids[0] if "lbl" in selector else cells[2].kids[0]
        self.root.dispatch(link.hids[1], "")


def timed(runs: int) -> list[list[object]]:
    app = App()
    rows: list[list[object]] = []
    for name, setup, click, _ in OPERATIONS:
        times = []
        for _ in range(runs + 1):
            for step in setup:
                app.click(step)
            gc.collect()
            start = time.perf_counter()
            app._dispatch(click)
            times.append((time.perf_counter() - start) * 1000)
            app.click("#none")  # the idle callbacks: removed rows freed, the collector back on
        rows.append([name, min(times[1:])])
    return rows


def count(name: str) -> None:
    """Run one operation with os.getpid()/os.getppid() around it: callgrind zeroes and dumps there."""
    setup, click = next((s, c) for n, s, c, _ in OPERATIONS if n == name)
    app = App()
    for step in setup:
        app.click(step)
    gc.collect()
    os.getpid()
    app._dispatch(click)
    os.getppid()


def callgrind(name: str) -> int:
    out = Path(f"/tmp/pyview-callgrind.{os.getpid()}")
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--zero-before=os_getpid",
               "--dump-before=os_getppid", sys.executable, __file__, "--count", name]  # fmt: skip
    subprocess.run(command, check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    try:
        text = Path(f"{out}.1").read_text()
        return int(next(line for line in text.splitlines() if line.startswith("summary:")).split()[1])
    finally:
        for path in out.parent.glob(out.name + "*"):
            path.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--callgrind", metavar="OP", help="count the instructions of one operation (valgrind)")
    parser.add_argument("--count", metavar="OP", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.count:
        count(args.count)
    elif args.callgrind:
        version = sys.version.split()[0]
        print(f"{args.callgrind}: {callgrind(args.callgrind) / 1e6:.1f}M instructions (CPython {version})")
    else:
        print(f"The bench app's Python per operation in CPython {sys.version.split()[0]}, best of {args.runs} runs\n")
        print(table(["operation", "Python ms"], timed(args.runs)))


if __name__ == "__main__":
    if "--count" in sys.argv:  # the run valgrind counts (started by --callgrind): it prints nothing to record
        main()
    else:  # instruction counts in a section of their own: they do not replace the timed table
        run_recorded(main, __file__, "callgrind" if any(a.startswith("--callgrind") for a in sys.argv) else None)
