"""What driving a View's frame costs a test, by how the host page put the document into the frame: a ``srcdoc``
attribute (as real hosts' sandbox proxies may) or a ``blob:`` URL (``sandboxedFrame``, which the test hosts and the
relay use).

Playwright reads the frame element's attributes for each action in the frame, so the size of ``srcdoc`` counts. For
each document the bench mounts it both ways in a sandboxed frame and times Playwright clicks in it (the median of
``--clicks``): the pyview hello View built inline (its runtime embedded, the suite's core snapshot) and, as the
baseline, bench/views/vanilla.html (a few kB of JS).

    python bench/harness_frames.py [--clicks 10]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, chromium, median, run_recorded, table

from pyview.packager import build_view

HELLO = REPO / "examples" / "hello" / "hello_view.py"
VANILLA = REPO / "bench" / "views" / "vanilla.html"
MOUNT = {
    "srcdoc": """async (url) => {
      const frame = document.createElement("iframe");
      frame.setAttribute("sandbox", "allow-scripts");
      frame.srcdoc = await fetchDocument(url);
      document.body.append(frame);
    }""",
    "blob: URL": """async (url) => document.body.append(sandboxedFrame(await fetchDocument(url)))""",
}


def click_ms(tabs: Any, html: str, how: str, clicks: int) -> float:
    """Mount ``html`` as ``how`` says and click its frame ``clicks`` times; the median click, in ms."""
    from pyview._tooling.testing._documents import HOST_PAGE_JS, document_url

    page = tabs.take()
    try:
        page.set_content("<!doctype html><html><body></body></html>")
        page.add_script_tag(content=HOST_PAGE_JS)
        page.evaluate(MOUNT[how], document_url(html))
        frame = page.frame_locator("iframe")
        frame.locator("body").wait_for(state="attached", timeout=60_000)
        times = []
        for _ in range(clicks):
            start = time.perf_counter()
            frame.locator("body").click(position={"x": 2, "y": 2})
            times.append((time.perf_counter() - start) * 1000)
        return median(times)
    finally:
        tabs.give_back(page, reuse=False)


def main() -> None:
    from pyview._tooling.testing._tabs import Tabs

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=10)
    args = parser.parse_args()
    documents = {
        "pyview hello (inline)": build_view(HELLO, snapshot="core").html,
        "vanilla JS page": VANILLA.read_text(encoding="utf-8"),
    }
    rows = []
    with chromium() as browser:
        tabs = Tabs(browser)
        for name, html in documents.items():
            srcdoc, blob = (click_ms(tabs, html, how, args.clicks) for how in MOUNT)
            size = len(html.encode()) / 1e6
            rows.append([name, f"{size:.2f}", f"{srcdoc:.0f}", f"{blob:.0f}", f"{srcdoc / blob:.1f}"])
        tabs.close()
    print(f"Median Playwright click in the View's frame, ms ({args.clicks} clicks per document and way)\n")
    print(table(["document", "MB", "srcdoc", "blob: URL", "srcdoc / blob"], rows))


if __name__ == "__main__":
    run_recorded(main, __file__)
