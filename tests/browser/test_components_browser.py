"""The renderer in a real browser: events, controlled inputs, async handlers, errors, hydration, forms in a sandbox."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser
VIEW = Path(__file__).parent / "views" / "events_view.py"


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


EARLY_CLICK = """document.addEventListener("DOMContentLoaded", () => {
  const button = document.querySelector("[data-testid=count]");
  if (button) { button.click(); window.earlyClickAt = performance.timeOrigin + performance.now(); }
});"""


@pytest.fixture(scope="module")
def events(pyview_browser: Any, pyview_host_server: Any, pyview_build: Any) -> Iterator[Any]:
    """One View for the module; it is mounted before Python starts so the tests can see the pre-rendered DOM."""
    from pyview.testing import mount, with_script

    page = pyview_browser.new_context().new_page()
    # the user clicks the pre-rendered button as soon as it is there, long before Python is up
    handle = mount(pyview_host_server, page, with_script(pyview_build(VIEW).html, EARLY_CLICK))
    heading = handle.frame.locator("h1")
    heading.wait_for()
    heading.evaluate("(node) => { node.prerendered = true; }")  # the server-rendered node, before Python runs
    handle.wait_ready(90)
    yield handle
    unexpected = [error for error in handle.errors() if "the handler exploded" not in error]
    handle.close()
    assert not unexpected, "the View reported errors:\n" + "\n".join(unexpected)


def test_prerendered_dom_is_adopted_not_replaced(events: Any) -> None:
    assert events.locator("h1").evaluate("(node) => node.prerendered === true")
    expect(events.locator("[data-testid=count]")).to_have_text("Clicked 1")  # the click made before Python was up
    marks = events.frame.evaluate("() => pyviewBoot.marks")
    clicked_at = events.frame.evaluate("() => window.earlyClickAt")
    assert clicked_at < marks["python"] <= marks["live"]  # it was kept, then replayed once the View was live
    events.locator("[data-testid=count]").click()
    expect(events.locator("[data-testid=count]")).to_have_text("Clicked 2")  # the adopted nodes are live


def test_controlled_input_keeps_the_caret(events: Any) -> None:
    field = events.locator("[data-testid=text]")
    field.click()
    field.press("End")
    field.press("ArrowLeft")
    field.press("ArrowLeft")
    field.type("x")  # typed in the middle; the handler upper-cases the value
    expect(events.locator("[data-testid=mirror]")).to_have_text("HELXLO")
    expect(field).to_have_value("HELXLO")
    field.type("y")  # the caret stayed after the X, not at the end
    expect(field).to_have_value("HELXYLO")


def test_checkbox_change(events: Any) -> None:
    events.locator("text=Tick").click()
    expect(events.locator("[data-testid=checked]")).to_have_text("True")


def test_keys_focus_and_blur(events: Any) -> None:
    keys = events.locator("[data-testid=keys]")
    keys.focus()
    keys.press("a")
    keys.press("Enter")
    events.locator("h1").click()
    log = events.locator("[data-testid=log]")
    expect(log).to_contain_text("focus")
    expect(log.locator("li")).to_contain_text(["focus", "key:a", "key:Enter", "blur"])


def test_prevent_default_keeps_the_link_from_navigating(events: Any) -> None:
    document = events.frame.url
    events.locator("text=Elsewhere").click()
    expect(events.locator("[data-testid=log] li").last).to_have_text("link")
    assert events.frame.url == document
    assert document.startswith("blob:")  # the relay's: no link ever replaced it


def test_form_submits_in_a_frame_without_allow_forms(events: Any) -> None:
    events.locator("button").filter(has_text="Send").click()
    expect(events.locator("[data-testid=submitted]")).to_have_text("{'city': 'Oslo'}")
    events.locator("input[name=city]").fill("Bergen")
    events.locator("input[name=city]").press("Enter")
    expect(events.locator("[data-testid=submitted]")).to_have_text("{'city': 'Bergen'}")


def test_async_handler_shows_its_pending_state(events: Any) -> None:
    button = events.locator("[data-testid=wait]")
    button.click()
    expect(button).to_have_text("Working…")
    expect(button).to_be_disabled()
    events.locator("[data-testid=release]").click()
    expect(events.locator("[data-testid=waited]")).to_contain_text("released")
    expect(button).to_have_text("Wait")


def test_handler_error_is_shown_logged_and_the_view_keeps_working(events: Any) -> None:
    events.locator("button").filter(has_text="Explode").click()
    expect(events.frame.get_by_role("alert")).to_contain_text("the handler exploded")
    events.wait_for_log(lambda log: "the handler exploded" in str(log))  # and the host was told (it may come later)
    before = events.locator("[data-testid=count]").inner_text()
    events.locator("[data-testid=count]").click()
    expect(events.locator("[data-testid=count]")).not_to_have_text(before)


MEMORY = """() => pyviewPyodide.runPython(`
import gc, json, events_view
gc.collect()
json.dumps({"objects": len(gc.get_objects()), "handlers": len(events_view.view.root.handlers)})
`)"""


def test_memory_stays_flat_over_a_thousand_updates(events: Any) -> None:
    import json

    click_many = (
        "(n) => { const b = document.querySelector('[data-testid=count]'); for (let i = 0; i < n; i++) b.click(); }"
    )
    events.frame.evaluate(click_many, 100)  # warm up: caches, interned strings, the first allocations
    before = json.loads(events.frame.evaluate(MEMORY))
    nodes_before = events.frame.evaluate("() => pyviewDom.size()")
    heap_before = events.frame.evaluate("() => pyviewPyodide._module.HEAP8.length")

    events.frame.evaluate(click_many, 1000)

    expect(events.locator("[data-testid=count]")).to_contain_text("Clicked")
    after = json.loads(events.frame.evaluate(MEMORY))
    assert events.frame.evaluate("() => pyviewDom.size()") == nodes_before  # dom.js forgets nothing it still needs
    assert after["handlers"] == before["handlers"]  # handler ids are reused, not accumulated
    assert after["objects"] - before["objects"] < 200  # no Python objects pile up (one per update would be +1,000)
    assert events.frame.evaluate("() => pyviewPyodide._module.HEAP8.length") == heap_before  # wasm heap did not grow


BIG_UPDATE = """() => pyviewPyodide.runPython(`
import gc, js
from pyodide.ffi import create_once_callable
from pyview.components import Root, h
from pyview._core.components._browser_root import _idle_scheduler
root = Root(lambda patch: None, schedule=lambda fn: None)
root.idle = _idle_scheduler(js, create_once_callable)
root.mount(h.ul([h.li(str(i), key=i) for i in range(3000)]))
gc.isenabled()
`)"""


def test_a_big_update_is_collected_once_the_page_is_idle_not_before_it_paints(events: Any) -> None:
    # Turned back on at once, the collector would collect the whole update before the browser paints it.
    assert events.frame.evaluate(BIG_UPDATE) is False
    # requestIdleCallback (within a second) turns it back on and collects
    events.frame.wait_for_function("() => pyviewPyodide.runPython('import gc; gc.isenabled()')", timeout=60_000)


def test_a_click_while_the_view_connects_is_handled_once_after_the_handshake(page: Any, pyview_build: Any) -> None:
    """Python has rendered but its App waits for the host's answer: a click then is kept and handled once, when the
    View is live (it used to reach Python at once as well, and ran twice: a toggle switched back, a log said it
    twice)."""
    from pyview.testing import SandboxedView

    view = SandboxedView.mount(page, pyview_build(VIEW).html)
    hello = view.wait_for_message("ui/initialize", timeout=60)  # the shim's session: not answered yet
    frame = view.frame
    frame.wait_for_function("() => 'render' in pyviewBoot.marks", timeout=90_000)  # Python rendered; connect() waits
    frame.locator("text=Elsewhere").click()  # its handler appends "link" to the log
    assert "live" not in frame.evaluate("() => pyviewBoot.marks")
    view.post({"jsonrpc": "2.0", "id": hello["id"], "result": {"protocolVersion": hello["params"]["protocolVersion"],
               "hostInfo": {"name": "test", "version": "1"}, "hostCapabilities": {}, "hostContext": {}}})  # fmt: skip
    frame.wait_for_function("() => 'live' in pyviewBoot.marks", timeout=60_000)
    frame.locator("[data-testid=count]").click()  # handled after whatever the first click caused
    expect(frame.locator("[data-testid=count]")).to_have_text("Clicked 1")
    expect(frame.locator("[data-testid=log] li")).to_have_text(["link"])
    assert view.console_errors() == []
