"""The relay in headless Chromium: a message the host cannot encode is dropped and the View keeps receiving;
a message the View's Python cannot decode (real Pyodide) is dropped and the View keeps working."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pyview.testing import MountedView

pytestmark = pytest.mark.browser
COUNTER = (Path(__file__).parent / "servers" / "counter_view.html").read_text()


def deep(depth: int) -> Any:
    value: Any = {"leaf": 1}
    for _ in range(depth):
        value = [value]
    return value


def test_a_result_too_deep_to_encode_is_dropped_and_the_next_one_arrives(
    mount_view: Callable[..., MountedView], caplog: pytest.LogCaptureFixture
) -> None:
    view = mount_view(COUNTER, wait=False)  # a hand-written JS View: no Python to wait for
    view.wait_handshake()
    reconnects: list[str] = []
    view.page.on("request", lambda r: reconnects.append(r.url) if "/events" in r.url else None)
    view.send_tool_result({"content": [], "structuredContent": {"count": 1}})
    view.locator("#count").filter(has_text="1").wait_for(timeout=10_000)

    with caplog.at_level(logging.ERROR, "pyview.host"):
        view.send_tool_result({"content": [], "structuredContent": {"count": 2, "deep": deep(1000)}})
    # before: the event stream died on that message and replayed it forever, so nothing after it arrived
    view.send_tool_result({"content": [], "structuredContent": {"count": 3}})
    view.locator("#count").filter(has_text="3").wait_for(timeout=10_000)
    view.host.ping()  # the link works both ways
    assert reconnects == []  # the page's event stream never had to reconnect
    assert "dropped ui/notifications/tool-result for the View: cannot be sent as JSON: nested too deeply" in (
        caplog.text
    )


def test_a_message_too_deep_for_the_views_python_is_dropped(mount_view: Callable[..., MountedView]) -> None:
    """Before, a 10,000-deep message overflowed the JS stack inside Pyodide's ``json.loads``: a fatal error that
    killed the View's Python. PostMessageTransport now checks the depth first and drops it."""
    view = mount_view("views/harness_view.py")
    view.send_tool_result("first")
    view.locator("#result").filter(has_text="first").wait_for(timeout=10_000)
    make = """(depth) => {
        let value = {leaf: 1};
        for (let d = 0; d < depth; d++) value = [value];
        return {jsonrpc: "2.0", method: "ui/notifications/tool-result",
            params: {content: [{type: "text", text: "deep " + depth}], structuredContent: {deep: value}}};
    }"""
    # postMessage's structured clone carries ~4,000 levels; a message event made in the frame carries any depth
    view.page.evaluate(f"""() => document.querySelector("iframe").contentWindow.postMessage(({make})(3000), "*")""")
    view.frame.evaluate(
        f"""() => window.dispatchEvent(new MessageEvent("message", {{data: ({make})(20000), source: window.parent}}))"""
    )
    view.send_tool_result("after")
    view.locator("#result").filter(has_text="after").wait_for(timeout=10_000)
    view.send_tool_result("and again")  # Python is alive
    view.locator("#result").filter(has_text="and again").wait_for(timeout=10_000)
    assert view.errors() == []


def test_a_slow_frame_load_never_lands_over_a_newer_frame(mount_view: Callable[..., MountedView]) -> None:
    """Two mounts in a row (the dev host re-mounts on a profile change while a tool call mounts its View): the
    first frame's document loads last. Before, it then replaced the newer frame, and the page showed a stale View
    whose messages the host dropped (tests/dev: test_a_profile_brings_its_context_csp_and_modes timed out)."""
    from pyview.host import Host

    view = mount_view(COUNTER, wait=False)
    view.wait_handshake()
    first = view.session.frame
    held: list[Any] = []  # the older frame's document request, held until the newer frame is mounted
    view.page.route(re.compile(rf"/frame\?n={first + 1}$"), lambda route: held.append(route))

    def two_mounts() -> None:
        for text in ("older", "newer"):
            view.session.mount(f"<!doctype html><html><head></head><body><p id=which>{text}</p></body></html>", Host())

    view.server.call(two_mounts)
    deadline = time.monotonic() + 30
    while not held and time.monotonic() < deadline:  # wait for the page to ask for the older document
        view.page.wait_for_timeout(20)
    assert held, "the page never asked for the older frame's document"
    with view.page.expect_response(re.compile(rf"/frame\?n={first + 1}$")) as answer:
        held[0].continue_()
    assert answer.value.status == 204  # the server no longer serves a replaced frame's document
    view.page.evaluate("() => pyviewRelay.mounting")  # every mount the page was told of has run
    frames = view.page.locator("#stage iframe")
    assert frames.count() == 1 and frames.get_attribute("data-frame") == str(first + 2)
    assert view.locator("#which").inner_text() == "newer"
    assert view.errors() == []
