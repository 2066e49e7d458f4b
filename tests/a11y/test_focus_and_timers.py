"""Focus the components move themselves, and timers an event starts, in the server runtime and in Pyodide.

Arrow keys in tabs and radio groups move focus to the item they select, and a form's submit moves it to the first
invalid field: a focus op in the patch stream, applied by dom.js in either runtime. A toast raised by a click shows
and goes away after its duration, and a handler that sleeps then sets state shows both states: in the server
runtime the event is answered before the timer, and the shim calls again when it is due (a tick).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from a11y_views import expect, load_server, mount_example

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent


@pytest.fixture(scope="module", params=["server", "inline"])
def view(request: pytest.FixtureRequest, pyview_tabs: Any, pyview_host_server: Any, pyview_build: Any) -> Iterator[Any]:
    """One mounted View per runtime, shared by the module's tests (each uses its own part of the View)."""
    from pyview.host import McpBackend

    runtime = request.param
    backend = McpBackend(load_server(HERE / "focus_timers_server.py")[1])
    pyview_host_server.run(backend.start())
    document = pyview_build(HERE / "focus_timers_view.py", runtime=runtime).html
    mounted = mount_example(pyview_host_server, pyview_tabs, document, backend, {"theme": "light"}, runtime)
    try:
        mounted.wait_handshake(90)
        mounted.send_tool_result({"content": [{"type": "text", "text": "Focus and timers."}]})
        mounted.wait_ready(90)
        expect(mounted.locator("h1")).to_have_text("Focus and timers")
        yield mounted
        assert mounted.errors() == []
    finally:
        mounted.close()
        pyview_host_server.run(backend.close())


def wait_focused(view: Any, selector: str) -> None:
    """Wait until the frame's ``document.activeElement`` matches ``selector``."""
    view.frame.wait_for_function("(s) => !!document.activeElement && document.activeElement.matches(s)", arg=selector)


def test_arrow_keys_move_focus_with_the_selected_tab(view: Any) -> None:
    tab = view.locator("[role=tab]", has_text="One")
    tab.focus()
    view.keyboard.press("ArrowRight")
    expect(view.locator("[role=tab]", has_text="Two")).to_have_attribute("aria-selected", "true")
    wait_focused(view, "[role=tab][aria-selected=true]")
    assert view.frame.evaluate("() => document.activeElement.textContent") == "Two"
    view.keyboard.press("ArrowLeft")
    expect(tab).to_have_attribute("aria-selected", "true")
    wait_focused(view, "[role=tab][aria-selected=true]")
    assert view.frame.evaluate("() => document.activeElement.textContent") == "One"


def test_arrow_keys_move_focus_with_the_checked_radio(view: Any) -> None:
    view.locator("[role=radio]", has_text="M").focus()
    view.keyboard.press("ArrowRight")
    expect(view.locator("[role=radio]", has_text="L")).to_have_attribute("aria-checked", "true")
    wait_focused(view, "[role=radio][aria-checked=true]")
    assert view.frame.evaluate("() => document.activeElement.textContent") == "L"
    view.keyboard.press("ArrowLeft")
    expect(view.locator("[role=radio]", has_text="M")).to_have_attribute("aria-checked", "true")
    wait_focused(view, "[role=radio][aria-checked=true]")
    assert view.frame.evaluate("() => document.activeElement.textContent") == "M"


def test_submitting_an_invalid_form_focuses_its_first_invalid_field(view: Any) -> None:
    view.locator("button", has_text="Send").click()
    expect(view.locator("input[name=email]")).to_have_attribute("aria-invalid", "true")
    wait_focused(view, "input[name=email]")


def test_an_invalid_radio_group_passes_focus_to_its_radio_in_the_tab_order(view: Any) -> None:
    view.locator("button", has_text="Choose").click()
    expect(view.locator("[role=radiogroup][aria-invalid=true]")).to_have_count(1)
    wait_focused(view, "[role=radio][tabindex='0']")
    assert view.frame.evaluate("() => document.activeElement.textContent") == "Free"


def test_a_toast_shows_and_goes_away_after_its_duration(view: Any) -> None:
    view.locator("button", has_text="Show a toast").click()
    status = view.locator(".pv-toast[role=status]", has_text="Report saved")
    expect(status).to_be_visible()
    expect(status).to_have_count(0)  # its 0.5 s are over: dismissed by its own timer


# every text the note shows, recorded as it changes: "working" lasts only the handler's 0.5 s sleep, which a poll on
# a loaded machine can miss
RECORD_NOTES = """() => {
  window.notes = [];
  const seen = () => {
    const text = document.querySelector("[data-testid=note]")?.textContent ?? "";
    if (text && window.notes.at(-1) !== text) window.notes.push(text);
  };
  new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def test_a_handler_that_sleeps_then_sets_state_shows_both_states(view: Any) -> None:
    view.frame.evaluate(RECORD_NOTES)
    view.locator("button", has_text="Later").click()
    expect(view.locator("[data-testid=note]")).to_have_text("done later")
    assert view.frame.evaluate("() => window.notes") == ["working", "done later"]
