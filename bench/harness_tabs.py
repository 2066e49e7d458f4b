"""What a mount costs the test machine: in a new browser context (a tab of its own) against a tab given back by the
test before (``pyview_tabs``, which ``mount_view`` and the suite's own fixtures use).

Each variant mounts the same document N times under the Python host, one after the other, as consecutive tests do:
the pyview hello View (the suite's shared core snapshot; the host sends a result and the heading must show it) and,
as the baseline, bench/views/vanilla.html (no Python: what the browser's own processes cost). It reports the whole
machine's CPU time per mount (every process: Chromium's, Playwright's driver, the host) and the wall time, because on a
two-core machine running the suite in two workers, CPU time is what the suite's length follows.

    python bench/harness_tabs.py [--mounts 8]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, chromium, run_recorded, table

from pyview.packager import build_view

HELLO = REPO / "examples" / "hello" / "hello_view.py"
VANILLA = REPO / "bench" / "views" / "vanilla.html"


def machine_cpu() -> float:
    """CPU seconds the whole machine has spent (user, nice and system) since it started."""
    with open("/proc/stat") as stat:
        fields = stat.readline().split()
    return (int(fields[1]) + int(fields[2]) + int(fields[3])) / os.sysconf("SC_CLK_TCK")


def mount_all(server: Any, tabs: Any, html: str, mounts: int, python: bool) -> tuple[float, float]:
    """Mount ``html`` ``mounts`` times in turn; the CPU and wall seconds per mount."""
    from pyview._tooling.testing._harness import mount

    cpu, wall = machine_cpu(), time.monotonic()
    for _ in range(mounts):
        view = mount(server, tabs.take(), html, tabs=tabs)
        if python:
            view.wait_ready(120)
            view.send_tool_result({"content": [{"type": "text", "text": "Hi"}]})
            view.locator("h1", has_text="Hi").wait_for(timeout=60_000)
        else:
            view.locator("#run").wait_for(timeout=60_000)
        view.close()
    return (machine_cpu() - cpu) / mounts, (time.monotonic() - wall) / mounts


class FreshContexts:
    """The harness before ``pyview_tabs``: every mount in a new context, closed at the end."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def take(self) -> Any:
        return self.browser.new_context().new_page()

    def give_back(self, page: Any, *, reuse: bool = True) -> None:
        page.context.close()


def main() -> None:
    from pyview._tooling.testing._server import HostServer
    from pyview._tooling.testing._tabs import Tabs

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mounts", type=int, default=8)
    args = parser.parse_args()
    documents = {"pyview hello": (build_view(HELLO, snapshot="core").html, True)}
    documents["vanilla JS page"] = (VANILLA.read_text(encoding="utf-8"), False)
    server = HostServer.start()
    rows = []
    try:
        with chromium() as browser:
            for name, (html, python) in documents.items():
                mount_all(server, Tabs(browser), html, 1, python)  # warm: the first mount pays for what stays
                fresh = mount_all(server, FreshContexts(browser), html, args.mounts, python)
                tabs = Tabs(browser)
                reused = mount_all(server, tabs, html, args.mounts, python)
                tabs.close()
                rows.append([name, f"{fresh[0]:.2f}", f"{reused[0]:.2f}", f"{reused[0] / fresh[0]:.2f}",
                             f"{fresh[1]:.2f}", f"{reused[1]:.2f}"])  # fmt: skip
    finally:
        server.stop()
    print(f"Machine CPU and wall seconds per mount, {args.mounts} mounts in a row ({os.cpu_count()} cores)\n")
    headers = ["document", "CPU new context", "CPU reused tab", "ratio", "wall new context", "wall reused tab"]
    print(table(headers, rows))


if __name__ == "__main__":
    run_recorded(main, __file__)
