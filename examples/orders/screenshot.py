"""Screenshots of the orders View for the docs: ``docs/images/orders-light.png`` and ``orders-dark.png``.

    python examples/orders/screenshot.py [--out docs/images]

It runs the real thing: the server on a fresh database, its View built by pyview, mounted under pyview's Python
host in headless Chromium (the machine's Chromium, see pyview.testing), and given the result of ``list_orders``
as a host would after the model called it. Light: the table inline. Dark: an order open in fullscreen.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WIDTH = 760


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "images")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PYVIEW_ORDERS_DB"] = str(Path(folder) / "orders.sqlite3")  # the seed data, untouched
        shoot(args.out)


def shoot(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    from pyview.host import McpBackend
    from pyview.testing import HostServer, launch_chromium, mount

    sys.path.insert(0, str(HERE))
    import server as orders  # this folder's server.py

    html = orders.orders_view.html()  # the View as the server serves it (built once, cached on disk)
    arguments = {"page_size": 12}
    first_page = orders.list_orders(**arguments)
    host_server = HostServer.start()
    backend = McpBackend(orders.server)
    host_server.run(backend.start())
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for theme in ("light", "dark"):
                page = browser.new_context(viewport={"width": WIDTH + 40, "height": 900}, device_scale_factor=2)
                tab = page.new_page()
                context = {"theme": theme, "containerDimensions": {"width": WIDTH, "maxHeight": 1400}}
                view = mount(host_server, tab, html, backend=backend, host_context=context)
                view.wait_ready(90)
                view.send_tool_input(arguments)
                view.send_tool_result(result_of(first_page))
                view.locator("tr.o-row").first.wait_for(timeout=30_000)
                if theme == "dark":
                    view.set_host_context(displayMode="fullscreen")
                    tab.set_viewport_size({"width": 1180, "height": 760})
                    view.locator("tr.o-row").nth(1).click()
                    view.locator(".o-detail h2").wait_for(timeout=30_000)
                settle(view)
                target = out / f"orders-{theme}.png"
                if theme == "dark":
                    tab.screenshot(path=str(target))
                else:
                    view.screenshot(str(target))
                print(f"wrote {target.relative_to(REPO) if target.is_relative_to(REPO) else target}")
                problems = view.errors()
                if problems:
                    raise SystemExit("the View reported errors:\n" + "\n".join(problems))
                view.close()
            browser.close()
    finally:
        host_server.run(backend.close())
        host_server.stop()


def result_of(model: Any) -> dict[str, Any]:
    """A ``CallToolResult`` as the host received it from the server: readable text plus structured content."""
    return {"content": [{"type": "text", "text": str(model)}], "structuredContent": model.model_dump(mode="json")}


def settle(view: Any) -> None:
    """Let the last size report reach the host and the frame re-layout, and animations finish."""
    view.page.wait_for_timeout(700)


if __name__ == "__main__":
    main()
