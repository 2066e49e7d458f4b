"""Regenerate every screenshot in docs/images/ (the READMEs and docs/dev.md show them): the one script for it.

    .venv/bin/python scripts/dev_screenshots.py [--out docs/images] [--width 1280]

It serves ``pyview dev`` for the real weather and orders example servers (weather on its offline simulation at a
fixed moment, ``PYVIEW_WEATHER_NOW``; orders on a fresh copy of its seed database), opens the dev page in headless
Chromium (the machine's, see pyview.testing), calls each example's tool through the page's form as a developer
would, and writes, per theme:

- ``weather-{theme}.png`` and ``orders-{theme}.png``: the conversation column (the View in its turn);
- ``dev-host-{theme}.png``: the whole dev page with the weather View.

Each picture is checked first: the View's frame inside the viewport and the column, under no panel
(pyview._tooling.dev._shots.layout_problems); it stops with the problems otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pyview._tooling.dev._shots import call_tool, layout_problems, measure, set_theme  # noqa: E402

SHOTS = {
    "weather": (REPO / "examples" / "weather" / "server.py", "get_weather", {"city": "Paris"}, ".wx-city"),
    "orders": (REPO / "examples" / "orders" / "server.py", "list_orders", {}, "tr.o-row"),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "images", help="folder for the PNGs")
    parser.add_argument("--width", type=int, default=1280, help="the browser window's width (CSS px)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("PYVIEW_ORDERS_DB", str(Path(tempfile.mkdtemp()) / "orders.sqlite3"))
    os.environ.setdefault("PYVIEW_WEATHER", "offline")  # the simulation: no network
    # ...at a fixed moment (a clear spring morning in Paris), so the pictures change only when the code does
    os.environ.setdefault("PYVIEW_WEATHER_NOW", "2026-05-07T07:15+00:00")

    from playwright.sync_api import sync_playwright

    from pyview.testing import launch_chromium

    sys.path.insert(0, str(REPO / "tests" / "dev"))
    from conftest import serve_dev

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for name, (server, tool, arguments, ready) in SHOTS.items():
            with serve_dev(str(server)) as (url, _dev):
                page = browser.new_page(viewport={"width": args.width, "height": 900}, device_scale_factor=2)
                page.goto(url)
                view = call_tool(page, tool, arguments, wait=ready)
                for theme in ("light", "dark"):
                    set_theme(page, theme)
                    view.locator("html").first.wait_for()
                    page.wait_for_function("() => !document.querySelector('#status').textContent.includes('reload')")
                    page.wait_for_timeout(600)  # the View's own theme transition and size report settle
                    problems = layout_problems(measure(page))
                    if problems:
                        raise SystemExit(f"{name} ({theme}): " + "; ".join(problems))
                    target = args.out / f"{name}-{theme}.png"
                    page.locator("#center").screenshot(path=str(target))
                    print(f"wrote {target.relative_to(REPO) if target.is_relative_to(REPO) else target}")
                    if name == "weather":
                        whole = args.out / f"dev-host-{theme}.png"
                        page.screenshot(path=str(whole), scale="css")  # the whole page at 1x: smaller
                        print(f"wrote {whole.relative_to(REPO) if whole.is_relative_to(REPO) else whole}")
                page.close()
        browser.close()


if __name__ == "__main__":
    main()
