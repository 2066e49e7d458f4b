"""Issue 25 item 6 through the dev host: the units chosen in the weather View come back when a profile switch
re-mounts the View with the same result, from the re-mounted frame's first paint (no flash of °C)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.testing._sandbox import with_config

pytestmark = pytest.mark.browser
WEATHER = Path(__file__).resolve().parents[2] / "examples" / "weather" / "server.py"
# every text the pressed unit button ever had, per frame (before the browser paints: a MutationObserver)
SEEN = """if (window !== window.top) {
  window.seenUnits = [];
  new MutationObserver(() => {
    const text = document.querySelector(".wx-seg [aria-pressed=true]")?.textContent;
    if (text !== undefined && window.seenUnits[window.seenUnits.length - 1] !== text) window.seenUnits.push(text);
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}"""
RELAY_DOCUMENT = re.compile(r"/relay/[^/]+/frame\?n=\d+$")


def patient(route: Any) -> None:
    """Serve the relay's View document with all the time a loaded machine needs for the stored state: past
    ``stateWaitMs`` a View paints its result's own tree rather than wait (the guard tests/browser tests), and this
    test is about the first paint once the state comes."""
    response = route.fetch()
    route.fulfill(response=response, body=with_config(response.text(), stateWaitMs=600_000))


@pytest.mark.parametrize("profile", ["chatgpt"])
def test_a_profile_switch_brings_the_chosen_units_back(
    pyview_browser: Any, dev_host_server: Any, monkeypatch: pytest.MonkeyPatch, profile: str
) -> None:
    monkeypatch.setenv("PYVIEW_WEATHER", "offline")
    with dev_host_server(str(WEATHER)) as (url, _dev):
        page = pyview_browser.new_context().new_page()
        page.add_init_script(SEEN)
        page.route(RELAY_DOCUMENT, patient)
        page.goto(url)
        page.locator("#tools button[data-tool=get_weather]").click(timeout=60_000)
        page.locator("#form input[name=city]").fill("Oslo")
        page.locator("#form button[type=submit]").click()
        view = page.frame_locator("#stage iframe")
        view.get_by_role("button", name="°F").wait_for(timeout=180_000)
        # Python has taken the View over from the server runtime (auto), so the units are written by pyview_state
        # put, which the page logs (the server runtime writes them to the store directly)
        shown = next(frame for frame in page.frames[1:] if not frame.is_detached())
        shown.wait_for_function("() => pyviewBoot.marks.live > pyviewBoot.marks.handover", timeout=180_000)
        view.get_by_role("button", name="°F").click(timeout=180_000)
        view.locator(".wx-stats").filter(has_text="mph").wait_for(timeout=180_000)
        page.locator("#log div").filter(has_text='"op":"put"').first.wait_for(timeout=60_000)  # the state is stored
        first = page.frames[1]

        page.locator("#profile").select_option(profile)  # re-mounts the View with the same result
        frame = None
        for _ in range(1200):
            frames = [f for f in page.frames[1:] if f is not first and not f.is_detached()]
            if frames:
                frame = frames[0]
                break
            page.wait_for_timeout(50)
        assert frame is not None, "the View was not re-mounted"
        frame.wait_for_function("() => window.seenUnits.length && pyviewBoot.marks.live", timeout=180_000)
        assert frame.evaluate("() => window.seenUnits") == ["°F"]  # the first paint already had them
        assert "mph" in frame.locator(".wx-stats").inner_text()
        page.context.close()
