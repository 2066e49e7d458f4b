"""A built document opened on its own (no host) says so after a few seconds instead of waiting forever."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

HELLO = Path(__file__).resolve().parents[2] / "examples" / "hello" / "hello_view.py"


@pytest.mark.browser
def test_a_document_opened_outside_a_host_says_so(pyview_tabs: Any, pyview_build: Any) -> None:
    from playwright.sync_api import expect

    page = pyview_tabs.take()
    try:
        page.set_content(pyview_build(HELLO).html)
        note = page.locator("#pyview-no-host")
        expect(note).to_contain_text("This is an MCP App View")  # waits for the state, up to expect's bound
        expect(page.locator("#pyview-error")).to_have_count(0)  # a notice, not a failure
    finally:
        pyview_tabs.give_back(page)


def test_a_view_under_a_host_never_shows_the_notice(view_pilot: Any) -> None:
    pilot = view_pilot(HELLO, tools={})
    pilot.send_tool_result("Hello, host!")
    assert pilot.text_of("h1") == "Hello, host!"
    if pilot.depth == "chromium":  # the host answered the handshake: the notice's timer was cleared
        assert pilot.handle.locator("#pyview-no-host").count() == 0
