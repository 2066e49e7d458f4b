"""The examples end to end in the dev host as the hardest hosts serve them: one that reads no resource over 1 MiB and
ignores `_meta.ui.csp` domains (the View's runtime URL is blocked, so Python comes as runtime parts through the
host), and one whose CSP blocks WebAssembly (the View stays on the server runtime and says why)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def call_tool(page: Any, tool: str, fields: dict[str, str]) -> Any:
    page.locator(f"#tools button[data-tool={tool}]").click(timeout=60_000)
    for name, value in fields.items():
        page.locator(f"#form input[name={name}]").fill(value)
    page.locator("#form button[type=submit]").click()
    return page.frame_locator("#stage iframe")


def view_frame(page: Any) -> Any:
    for _ in range(1200):
        frames = [frame for frame in page.frames[1:] if not frame.is_detached()]
        if frames:
            return frames[0]
        page.wait_for_timeout(50)
    raise AssertionError("the dev host mounted no View")


@pytest.mark.parametrize("profile", ["capped", "strict"])
def test_weather_works_in_the_hardest_hosts(
    pyview_browser: Any, dev_host_server: Any, monkeypatch: pytest.MonkeyPatch, profile: str
) -> None:
    monkeypatch.setenv("PYVIEW_WEATHER", "offline")
    with dev_host_server(str(EXAMPLES / "weather" / "server.py"), profile=profile) as (url, _dev):
        page = pyview_browser.new_context().new_page()
        page.goto(url)
        view = call_tool(page, "get_weather", {"city": "Oslo"})
        view.get_by_role("button", name="°F").click(timeout=120_000)  # whichever runtime answers it
        view.locator(".wx-stats").filter(has_text="mph").wait_for(timeout=120_000)
        frame = view_frame(page)
        if profile == "capped":  # Python arrived through the host, in chunks the cap lets through, and took over
            frame.wait_for_function("() => pyviewBoot.marks.live > pyviewBoot.marks.handover", timeout=180_000)
            view.get_by_role("button", name="°C").click()
            view.locator(".wx-stats").filter(has_text="km/h").wait_for(timeout=60_000)
        else:  # no WebAssembly: the server runtime goes on, and nothing was fetched for nothing
            frame.wait_for_function("() => 'stayed' in pyviewBoot.marks", timeout=60_000)
            assert "fetch" not in frame.evaluate("() => pyviewBoot.marks")
        assert frame.locator("#pyview-error").count() == 0
        page.context.close()


@pytest.mark.parametrize("profile", ["capped", "strict"])
def test_orders_works_in_the_hardest_hosts(
    pyview_browser: Any, dev_host_server: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, profile: str
) -> None:
    monkeypatch.setenv("PYVIEW_ORDERS_DB", str(tmp_path / "orders.sqlite3"))
    with dev_host_server(str(EXAMPLES / "orders" / "server.py"), profile=profile) as (url, _dev):
        page = pyview_browser.new_context().new_page()
        page.goto(url)
        view = call_tool(page, "list_orders", {})
        view.locator("tr.o-row").first.wait_for(timeout=120_000)
        frame = view_frame(page)
        if profile == "capped":
            frame.wait_for_function("() => pyviewBoot.marks.live > pyviewBoot.marks.handover", timeout=180_000)
        view.locator("th:nth-child(5) button.o-sort").click()  # by total
        view.locator("th[aria-sort=descending]", has_text="Total").wait_for(timeout=60_000)
        assert frame.evaluate("() => pyviewBoot.marks.runtime") == ("python" if profile == "capped" else "server")
        assert frame.locator("#pyview-error").count() == 0
        page.context.close()
