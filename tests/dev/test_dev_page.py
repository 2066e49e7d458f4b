"""``pyview dev`` in headless Chromium: the page lists tools, calls one, renders its View, and reloads."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview.dev import dev_app
from pyview.testing import serving

pytestmark = pytest.mark.browser
SERVERS = Path(__file__).parents[1] / "host" / "servers"


@pytest.fixture
def dev_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The dev host on a free port for a copy of the counter server (so the test may edit its files)."""
    for name in ("counter_server.py", "counter_view.html"):
        shutil.copy(SERVERS / name, tmp_path / name)
    app, _dev = dev_app(str(tmp_path / "counter_server.py"))
    with serving(app) as url:
        yield f"{url}/", tmp_path


def log_lines(page: Any) -> list[dict[str, Any]]:
    texts = page.locator("#log div").all_inner_texts()
    return [json.loads(text) for text in texts]


def test_dev_page_end_to_end(pyview_browser: Any, dev_server: tuple[str, Path]) -> None:
    url, folder = dev_server
    page = pyview_browser.new_context().new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)

    page.locator("#tools button[data-tool=show_counter]").click(timeout=30_000)
    assert "app only" in page.locator("#tools button[data-tool=increment]").inner_text()
    page.locator("#form input[name=start]").fill("5")
    page.locator("#form button[type=submit]").click()

    view = page.frame_locator("#stage iframe")
    view.locator("#count").filter(has_text="5").wait_for(timeout=30_000)
    assert json.loads(view.locator("#input").inner_text()) == {"start": 5, "label": "clicks"}
    assert "count" in (page.locator("#resultText").text_content() or "")  # inside the closed <details>

    view.locator("#inc").click()  # tools/call through the host to the real server
    view.locator("#count").filter(has_text="6").wait_for(timeout=30_000)
    view.locator("#ctx").click()
    page.locator("#modelContext").filter(has_text='"count": 6').wait_for(timeout=30_000)
    view.locator("#msg").click()
    page.locator("#messages").filter(has_text="count is 6").wait_for(timeout=30_000)
    view.locator("#secret").click()  # model-only: the host refuses
    view.locator("#error").filter(has_text="not available to apps").wait_for(timeout=30_000)

    page.locator("#theme").select_option("dark")
    view.locator("#theme").filter(has_text="dark").wait_for(timeout=30_000)
    changes = [m["params"] for m in log_lines(page) if m.get("method") == "ui/notifications/host-context-changed"]
    assert changes == [{"theme": "dark"}]  # only the difference
    page.locator("#displayMode").select_option("fullscreen")
    page.wait_for_function("() => document.querySelector('#stage iframe').dataset.mode === 'fullscreen'")
    page.locator("#displayMode").select_option("inline")

    result = {"content": [{"type": "text", "text": "42"}], "structuredContent": {"count": 42}}
    page.locator("#toolResult").fill(json.dumps(result))
    page.locator("#sendResult").click()
    view.locator("#count").filter(has_text="42").wait_for(timeout=30_000)

    html = folder / "counter_view.html"  # a change reloads the server and re-mounts with the same tool data
    html.write_text(html.read_text().replace(">Counter<", ">Counter v2<"))
    view.locator("#title").filter(has_text="Counter v2").wait_for(timeout=30_000)
    view.locator("#count").filter(has_text="42").wait_for(timeout=30_000)
    assert json.loads(view.locator("#input").inner_text()) == {"start": 5, "label": "clicks"}
    assert view.locator("#theme").inner_text() == "dark"  # the controls' context survives the reload
    assert errors == []
    page.context.close()
