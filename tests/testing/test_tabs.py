"""pyview_tabs: a tab given back clean is the next one taken, and nothing a test set on it reaches the next test."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.testing._documents import document_url, icons_asked
from pyview._tooling.testing._tabs import DEFAULT_VIEWPORT, Tabs

pytestmark = pytest.mark.browser
HELLO = Path(__file__).resolve().parents[2] / "examples" / "hello" / "hello_view.py"


@pytest.fixture
def tabs(pyview_browser: Any) -> Any:
    tabs = Tabs(pyview_browser)
    yield tabs
    tabs.close()


def test_a_tab_given_back_is_taken_again_blank_routeless_and_at_the_size_asked(
    tabs: Tabs, pyview_host_server: Any
) -> None:
    page = tabs.take({"width": 500, "height": 600})
    page.set_content("<p id=old>the last test's page</p>")
    page.route("**/*", lambda route: route.abort())  # what the last test left: every request refused
    tabs.give_back(page)

    again = tabs.take()
    assert again is page
    assert again.url.startswith("http://127.0.0.1:") and again.locator("#old").count() == 0
    fetched = again.evaluate("(url) => fetch(url).then((answer) => answer.text())", document_url("<p>fetched</p>"))
    assert fetched == "<p>fetched</p>"  # from about:blank, Chromium would refuse a request to loopback
    assert again.viewport_size == DEFAULT_VIEWPORT
    answer = again.goto(f"{pyview_host_server.url}/no-such-page")  # aborted while the old route was there
    assert answer is not None and answer.status == 403  # the server's own answer: no token


def test_a_tab_given_back_leaves_no_console_error_for_the_next_test(tabs: Tabs) -> None:
    """Chromium asks the empty page's server for ``/favicon.ico`` once the page has loaded; a 404 was logged as a
    console error on the tab late enough to reach the next test that borrowed it, and fail that test."""
    page = tabs.take()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    before = icons_asked()
    tabs.give_back(page)
    again = tabs.take()
    assert again is page
    deadline = time.monotonic() + 60
    while icons_asked() == before:  # the icon was asked for and answered
        assert time.monotonic() < deadline, "the empty page never asked for its icon"
        again.wait_for_timeout(20)
    # a round trip over the same network stack after that answer: a console error for it would be in by now
    assert again.evaluate("(url) => fetch(url).then((answer) => answer.text())", document_url("<p>x</p>")) == "<p>x</p>"
    assert errors == []


def test_a_tab_the_lender_says_is_spent_is_closed(tabs: Tabs) -> None:
    page = tabs.take()
    page.expose_function("leftBehind", lambda: 1)  # a binding: no navigation clears it
    tabs.give_back(page, reuse=False)
    assert page.is_closed()
    assert tabs.take() is not page


def test_a_tab_whose_context_opened_another_is_closed(tabs: Tabs) -> None:
    page = tabs.take()
    page.context.new_page()  # e.g. a popup the View opened
    tabs.give_back(page)
    assert page.is_closed()


def test_a_view_whose_test_used_its_page_gives_no_tab_back(
    tabs: Tabs, pyview_host_server: Any, pyview_build: Any
) -> None:
    from pyview.testing import mount

    html = pyview_build(HELLO).html
    first = mount(pyview_host_server, tabs.take(), html, tabs=tabs)
    first.wait_handshake()
    first.keyboard.press("Tab")  # the keyboard and the frame leave nothing on the tab
    first.close()
    second = mount(pyview_host_server, tabs.take(), html, tabs=tabs)
    second.wait_handshake()
    assert second.frame_element.page is first.frame_element.page  # the tab the first View gave back
    page = second.page  # the test reaches for the page itself: it may add what outlives it
    second.close()
    assert page.is_closed() and tabs.take() is not page
