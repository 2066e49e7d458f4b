"""Shared pieces of the benchmarks: a browser, a runtime server on loopback, frame mounting, statistics, results.

Every bench runs its ``main`` under :func:`run_recorded`, so what it prints also becomes its section of
``bench/RESULTS.md``: the one place measured figures live (code comments and design docs keep only the why).
"""

from __future__ import annotations

import os
import re
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from io import StringIO
from pathlib import Path
from typing import Any, TextIO

REPO = Path(__file__).resolve().parents[1]
CONFORMANCE_DIST = REPO / "tests" / "conformance" / "dist"
RESULTS = REPO / "bench" / "RESULTS.md"
RESULTS_HEAD = """# Benchmark results

Generated: each script in bench/ replaces its own section when it runs (`bench/_harness.py`'s `run_recorded`), with the
command, the date, the commit and the machine's load average at the end of the run. Do not edit by hand; run the bench
again. Figures from a loaded machine or a short run (`--runs 1`) are only comparable within one section.
"""


@contextmanager
def runtime_server() -> Iterator[str]:
    """Serve the pinned Pyodide runtime on a free loopback port; yields its base URL."""
    from starlette.applications import Starlette
    from starlette.routing import Mount

    from pyview.server import runtime_files_app
    from pyview.testing import serving

    with serving(Starlette(routes=[Mount("/pyodide", app=runtime_files_app())])) as url:
        yield f"{url}/pyodide/"


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from pyview.testing import launch_chromium

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


def wait_listening(process: subprocess.Popen[str], port: int, seconds: float = 120) -> None:
    """Return once ``process`` accepts connections on loopback ``port``; raise if it exits or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server for port {port} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing listens on port {port} after {seconds} s") from None
            time.sleep(0.1)


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table, right-aligned numbers."""
    cells = [[str(h) for h in headers], *[[_cell(v) for v in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for index, row in enumerate(cells):
        lines.append(
            "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))
        )
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.1f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def server_tree(view_file: Path, arguments: dict[str, Any], result: dict[str, Any]) -> list[Any]:
    """The View rendered in CPython for a tool result, as a pyview server puts it in ``_meta["pyview"]["tree"]``."""
    import importlib.util
    import json

    from pyview._core.components._root import Root
    from pyview._core.components._view import app_tree, as_node
    from pyview.app import ToolInput, ToolResult
    from pyview.testing import FakeApp

    spec = importlib.util.spec_from_file_location(f"_bench_{view_file.stem}", view_file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    patches: list[str] = []
    app = FakeApp(tool_input=ToolInput({"arguments": arguments}), tool_result=ToolResult(result))
    root = Root(patches.append, effects=False)
    root.mount(app_tree(root, as_node(module.view.root_component), app), hydrate=True)
    tree: list[Any] = json.loads(patches[0])[0][3]
    return tree


class _Tee:
    """Writes to the real stdout and keeps a copy, so a bench prints as before and its output is also recorded."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.copy = StringIO()

    def write(self, text: str) -> int:
        self.copy.write(text)
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding...: what loggers and servers ask stdout
        return getattr(self.out, name)


def run_recorded(main: Callable[[], None], script: str, part: str | None = None) -> None:
    """Run a bench's ``main`` and write what it printed to stdout as the script's section of ``bench/RESULTS.md``
    (``part``: a section of its own, ``script:part``, for a bench whose runs measure different things).

    Nothing is written when ``main`` raises or exits, so a failed run never replaces a good section, and
    ``--help`` (argparse exits) is not a run.

        if __name__ == "__main__":
            run_recorded(main, __file__)
    """
    tee = _Tee(sys.stdout)
    sys.stdout = tee  # type: ignore[assignment]
    try:
        main()
    finally:
        sys.stdout = tee.out
    name = Path(script).stem
    heading = name if part is None else f"{name}:{part}"
    RESULTS.write_text(results_with(_read_results(), heading, section(name, tee.copy.getvalue(), heading)),
                       encoding="utf-8")  # fmt: skip
    print(f"(recorded in {RESULTS.name}, section {heading})", file=sys.stderr)


def section(name: str, output: str, heading: str | None = None) -> str:
    """A results section: the command, when, at which commit, under which load, then the output verbatim."""
    command = " ".join(["python", f"bench/{name}.py", *sys.argv[1:]])
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return (
        f"## {heading or name}\n\n`{command}`: {stamp}, commit {_commit()}, load average {load} "
        f"on {os.cpu_count()} cores\n\n"
        f"```text\n{output.strip()}\n```\n"
    )


def results_with(text: str, name: str, new_section: str) -> str:
    """``RESULTS.md``'s text with the section ``name`` replaced (or added), sections kept in name order.

    >>> text = results_with(RESULTS_HEAD, "b", "## b\\n\\nold\\n")
    >>> text = results_with(text, "a", "## a\\n\\nfirst\\n")
    >>> results_with(text, "b", "## b\\n\\nnew\\n").split("\\n## ")[1:]
    ['a\\n\\nfirst\\n', 'b\\n\\nnew\\n']
    """
    sections = {m.group(1): m.group(0) for m in re.finditer(r"^## (\S+)\n.*?(?=^## |\Z)", text, re.M | re.S)}
    sections[name] = new_section
    return RESULTS_HEAD + "".join(f"\n{sections[key].rstrip()}\n" for key in sorted(sections))


def _read_results() -> str:
    return RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else RESULTS_HEAD


def _commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=False).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    # RESULTS.md itself does not count: two benches run one after the other would otherwise mark the second's run
    results = RESULTS.resolve()
    others = [f":!{results.relative_to(REPO)}"] if results.is_relative_to(REPO) else []
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", *others)
    return f"{head} with uncommitted changes" if changed else head
