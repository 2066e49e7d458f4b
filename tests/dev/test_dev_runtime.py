"""The dev host's "block WebAssembly" switch re-mounts the View under the spec's default CSP."""

from __future__ import annotations

import time
from typing import Any

import pytest
from test_dev_page import dev_server

pytestmark = pytest.mark.browser
__all__ = ["dev_server"]
WASM_COMPILES = """() => { try { new WebAssembly.Module(Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0)); return true; }
  catch { return false; } }"""


def view_compiles_wasm(page: Any) -> bool | None:
    """Whether the View's current frame may compile WebAssembly (None while no View frame is there)."""
    for frame in page.frames:
        if frame.parent_frame is not None and not frame.is_detached():
            try:
                result: bool = frame.evaluate(WASM_COMPILES)
            except Exception:  # the frame went away while asking
                return None
            return result
    return None


def wait_until(page: Any, wanted: bool) -> None:
    deadline = time.monotonic() + 30
    while view_compiles_wasm(page) is not wanted:
        assert time.monotonic() < deadline, f"the View's frame never had WebAssembly {'on' if wanted else 'off'}"
        page.wait_for_timeout(50)


def test_block_webassembly_remounts_under_the_default_csp(pyview_browser: Any, dev_server: tuple[str, Any]) -> None:
    url, _folder = dev_server
    page = pyview_browser.new_context().new_page()
    page.goto(url)
    page.locator("#tools button[data-tool=show_counter]").click(timeout=10_000)
    page.locator("#form button[type=submit]").click()
    page.frame_locator("#stage iframe").locator("#count").wait_for(timeout=10_000)
    wait_until(page, True)
    assert page.locator("#runtime").inner_text() == "runtime: –"

    page.locator("#blockWasm").check()
    wait_until(page, False)  # re-mounted under the strict CSP
    page.frame_locator("#stage iframe").locator("#count").wait_for(timeout=10_000)
    page.reload()  # the switch is part of the dev host's state
    page.locator("#blockWasm").wait_for()
    page.wait_for_function("() => document.getElementById('blockWasm').checked")
    page.context.close()
