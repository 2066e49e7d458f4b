"""``pyview dev`` in headless Chromium against hostile input: HTML in a server's tool names, descriptions and
results is shown as text (nothing runs), and a page of another origin cannot call a tool (the token, the
Origin check and the JSON-only rule refuse what once cancelled an order)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

from pyview.dev import DevHost, dev_app
from pyview.testing import serving

pytestmark = pytest.mark.browser
HOSTILE = Path(__file__).parent / "servers" / "hostile_server.py"
SERVERS = Path(__file__).parents[1] / "host" / "servers"


@pytest.fixture
def dev_server(request: pytest.FixtureRequest) -> Iterator[tuple[str, DevHost]]:
    """The dev host on a free loopback port for the server file given by ``request.param``."""
    app, dev = dev_app(str(request.param), reload=False)
    with serving(app) as url:
        yield f"{url}/", dev


@pytest.mark.parametrize("dev_server", [HOSTILE], indirect=True)
def test_html_from_the_server_is_text_in_the_dev_page(pyview_browser: Any, dev_server: tuple[str, DevHost]) -> None:
    url, _dev = dev_server
    page = pyview_browser.new_context().new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)

    page.wait_for_function("document.querySelectorAll('#tools button').length === 2", timeout=20_000)
    hostile = page.locator("#tools button").first
    name = "<img src=x onerror=\"window.__pwned='tool name'\">"
    assert page.evaluate("document.querySelectorAll('#tools img').length") == 0
    assert hostile.evaluate("b => b.firstChild.nodeValue") == name  # the name is a text node
    assert hostile.get_attribute("title") == "<img src=x onerror=\"window.__pwned='description'\">"
    assert page.locator("#server").text_content() == "<img src=x onerror=\"window.__pwned='server name'\">"
    hostile.click()
    page.locator("#form button[type=submit]").click()  # "Call <img ...>": text too
    page.locator("#resultText").filter(has_text="<script>").wait_for(timeout=10_000)
    page.locator("#status").filter(has_text="has no View").wait_for(timeout=10_000)

    page.locator("#tools button").filter(has_text="plain").click()
    page.locator("#form button[type=submit]").click()  # the default argument is HTML as well
    page.locator("#resultText").filter(has_text="<svg").wait_for(timeout=10_000)

    # structural proof: no element was ever created from the server's text, so no handler can run
    assert page.evaluate("document.querySelectorAll('img, svg, script:not([src])').length") == 0
    assert page.evaluate("window.__pwned") is None
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("dev_server", [SERVERS / "counter_server.py"], indirect=True)
def test_a_page_of_another_origin_cannot_call_a_tool(pyview_browser: Any, dev_server: tuple[str, DevHost]) -> None:
    """The attack of issue 11: a page elsewhere POSTs text/plain (no CORS preflight) to /api/call."""
    url, dev = dev_server
    deadline = time.monotonic() + 30
    while not dev.tools:  # the server connects in the background
        assert time.monotonic() < deadline, dev.status
        time.sleep(0.02)

    async def evil(request: Any) -> HTMLResponse:
        return HTMLResponse("<!doctype html><title>evil</title><p>hello</p>")

    with serving(Starlette(routes=[Route("/", evil)])) as evil_url:
        page = pyview_browser.new_context().new_page()
        page.goto(evil_url + "/")
        statuses = page.evaluate(
            """async (target) => {
                const body = JSON.stringify({name: "show_counter", arguments: {start: 66}});
                const out = [];
                // the classic: a simple request, no preflight, response unreadable but the side effect happens
                await fetch(target + "api/call", {method: "POST", mode: "no-cors", body,
                    headers: {"Content-Type": "text/plain"}}).then(() => out.push("sent"));
                // a CORS request with the token header guessed: the preflight is refused
                await fetch(target + "api/call", {method: "POST", body, headers: {"Content-Type": "application/json",
                    "X-Pyview-Token": "guess"}}).then((r) => out.push(r.status), () => out.push("blocked"));
                // reading the state cross-origin
                await fetch(target + "api/state").then((r) => out.push(r.status), () => out.push("blocked"));
                // a form POST navigation
                const form = Object.assign(document.createElement("form"),
                    {method: "POST", action: target + "api/call", enctype: "text/plain"});
                form.append(Object.assign(document.createElement("input"), {name: body.slice(0, -1), value: "}"}));
                document.body.append(form);
                return out;
            }""",
            url,
        )
        assert statuses == ["sent", "blocked", "blocked"]
        with page.expect_navigation():
            page.evaluate("document.querySelector('form').submit()")
        assert "refused" in page.locator("body").inner_text()  # the dev host's 403, shown to the user
        page.context.close()
    assert dev.current is None  # no tool was called

    page = pyview_browser.new_context().new_page()  # while the dev page itself works
    page.goto(url)
    page.locator("#tools button[data-tool=show_counter]").click(timeout=10_000)
    page.locator("#form button[type=submit]").click()
    page.frame_locator("#stage iframe").locator("#count").filter(has_text="0").wait_for(timeout=10_000)
    assert dev.current is not None and dev.current["arguments"]["start"] == 0
    page.context.close()
