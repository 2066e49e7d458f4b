"""Screenshots of the weather View for the docs: docs/images/weather-light.png and weather-dark.png.

    python examples/weather/screenshot.py [--out docs/images] [--city Oslo] [--mode fullscreen|inline]

It builds the View (the same document the server serves), mounts it under pyview's Python host in headless Chromium
(the machine's Chromium, see pyview.testing), sends a realistic tool result from the offline generator for a fixed
date, and writes one PNG per theme. The date is fixed so the pictures only change when the code does.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

from weather_data import Units, forecast  # noqa: E402

# A fixed moment: a clear spring morning in Paris, with showers later in the week.
MOMENT = datetime(2026, 5, 7, 7, 15, tzinfo=UTC)
# The host's look in each theme (what a chat client would send in styles.variables, trimmed).
PAGE_BACKGROUND = {"light": "#f7f7f5", "dark": "#1b1b1a"}


def tool_result(city: str, units: Units = "metric") -> dict[str, Any]:
    """The ``CallToolResult`` the server would send for ``get_weather(city, units)`` at ``MOMENT``."""
    report = forecast(city, units, now=MOMENT)
    return {
        "content": [{"type": "text", "text": str(report)}],
        "structuredContent": report.model_dump(mode="json"),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "images", help="folder for the PNGs")
    parser.add_argument("--city", default="Paris")
    parser.add_argument("--mode", choices=["fullscreen", "inline"], default="fullscreen")
    parser.add_argument("--width", type=int, default=760, help="CSS pixels")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    from pyview.build import build_view
    from pyview.host import ScriptedBackend
    from pyview.testing import HostServer, launch_chromium, mount

    built = build_view(HERE / "weather_view", title="Weather")
    args.out.mkdir(parents=True, exist_ok=True)
    server = HostServer.start()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for theme in ("light", "dark"):
                backend = ScriptedBackend(tools={"refresh_weather": lambda a: tool_result(a["city"], a["units"])})
                server.run(backend.start())
                page = browser.new_page(
                    viewport={"width": args.width, "height": 900}, device_scale_factor=2, color_scheme=theme
                )
                handle = mount(
                    server,
                    page,
                    built.html,
                    backend=backend,
                    host_context={
                        "theme": theme,
                        "displayMode": args.mode,
                        "availableDisplayModes": ["inline", "fullscreen"],
                        "containerDimensions": {"width": args.width - 40, "maxHeight": 2000},
                        "locale": "en-GB",
                    },
                )
                handle.wait_ready(90)
                page.evaluate(f"document.body.style.background = '{PAGE_BACKGROUND[theme]}'")
                handle.send_tool_input({"city": args.city})
                handle.send_tool_result(tool_result(args.city))
                ready = "[data-testid=daily]" if args.mode == "fullscreen" else "[data-testid=current]"
                handle.locator(ready).wait_for(timeout=20_000)
                page.wait_for_timeout(400)  # fonts and the size report settle
                height = handle.frame.evaluate("() => document.documentElement.scrollHeight")
                page.set_viewport_size({"width": args.width, "height": int(height)})
                page.wait_for_timeout(200)
                target = args.out / f"weather-{theme}.png"
                if args.mode == "fullscreen":
                    page.screenshot(path=str(target))
                else:
                    handle.screenshot(str(target))
                problems = handle.errors()
                handle.close()
                server.run(backend.close())
                if problems:
                    raise SystemExit("the View reported errors:\n" + "\n".join(problems))
                print(f"wrote {target.relative_to(REPO) if target.is_relative_to(REPO) else target}")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
