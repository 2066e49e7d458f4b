"""The dev host behaves like a real host (headless Chromium, a real MCP server with a hand-written JS View):
the schema form, display modes laid out as a host does and mirrored by the controls, downloads saved as real
files, teardown that unmounts, and a profile's size limit."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser
SERVER = Path(__file__).parent / "servers" / "devhost_server.py"
WAIT = 30_000


@pytest.fixture(scope="module")
def dev(pyview_browser: Any, dev_host_server: Any) -> Iterator[tuple[Any, Any]]:
    """The dev page for the test server at 1280x900: ``(page, DevHost)``."""
    with dev_host_server(str(SERVER)) as (url, host):
        page = pyview_browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(url)
        page.locator("#tools button[data-tool=search]").wait_for(timeout=WAIT)
        yield page, host
        assert errors == []
        page.context.close()


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).bounding_box()
    return found


def show_panel(page: Any, host: Any) -> Any:
    """Call show_panel and wait for the frame that call mounted (the previous one is replaced).

    The call's API request answers once the server mounted the View; every profile switch before it was awaited
    (``switch_profile``), so no re-mount can land after it: the frame on show must be this call's."""
    page.locator("#tools button[data-tool=show_panel]").click()
    with page.expect_response(lambda response: response.url.endswith("/api/call"), timeout=WAIT):
        page.locator("#form button[type=submit]").click()
    assert host.current["tool"]["name"] == "show_panel"
    frame = host.session.frame
    page.wait_for_function(
        "(n) => Number(document.querySelector('#stage iframe')?.dataset.frame || 0) === n", arg=frame, timeout=WAIT
    )
    view = page.frame_locator("#stage iframe")
    view.locator("#mode").filter(has_text="inline").wait_for(timeout=WAIT)
    return view


def switch_profile(page: Any, profile: str) -> None:
    """Choose a host profile and wait for its API request to answer: the server re-mounted the View by then."""
    with page.expect_response(lambda response: response.url.endswith("/api/profile"), timeout=WAIT):
        page.locator("#profile").select_option(profile)


def test_form_honours_the_schema(dev: tuple[Any, Any]) -> None:
    page, _host = dev
    page.locator("#tools button[data-tool=search]").click()
    form = page.locator("#form")
    assert form.locator("[name=query]").get_attribute("required") is not None
    assert form.locator("[name=sort]").evaluate("e => e.tagName") == "SELECT"
    assert json.loads(form.locator("[name=sort]").input_value()) == "-created"  # the default, not the first choice
    assert form.locator("[name=sort] option").all_inner_texts() == ["created", "-created", "total", "-total"]
    status = form.locator("[name=status]")  # an optional enum: a select with an empty choice, chosen
    assert status.evaluate("e => e.tagName") == "SELECT" and status.input_value() == ""
    assert status.locator("option").all_inner_texts() == ["—", "paid", "open", "cancelled"]
    assert status.get_attribute("required") is None
    limit = form.locator("[name=limit]")
    assert limit.get_attribute("type") == "number" and limit.get_attribute("step") == "1"
    assert limit.input_value() == "20"
    assert form.locator("[name=ratio]").get_attribute("step") == "any"
    assert form.locator("[name=exact]").get_attribute("type") == "checkbox"
    assert form.locator("[name=tags]").evaluate("e => e.tagName") == "TEXTAREA"

    form.locator("button[type=submit]").click()  # the required query is empty: the browser stops the call
    assert form.locator("[name=query]").evaluate("e => e.validity.valueMissing")
    form.locator("[name=query]").fill("lamps")
    form.locator("[name=filters]").fill("{not json")
    form.locator("button[type=submit]").click()
    form.locator(".field-error").wait_for(timeout=WAIT)  # a bad JSON field stops the call, said next to it
    assert page.locator("#userTurn").is_hidden()

    status.select_option(label="paid")
    limit.fill("5")
    form.locator("[name=exact]").check()
    form.locator("[name=tags]").fill('["a", "b"]')
    form.locator("[name=filters]").fill('{"city": "Oslo"}')
    form.locator("button[type=submit]").click()
    page.locator("#userText").filter(has_text="lamps").wait_for(timeout=WAIT)
    echoed = json.loads(page.locator("#toolInput").input_value())
    assert echoed == {"query": "lamps", "sort": "-created", "status": "paid", "limit": 5, "exact": True,
                      "tags": ["a", "b"], "filters": {"city": "Oslo"}}  # fmt: skip
    page.locator("#status").filter(has_text="has no View").wait_for(timeout=WAIT)


def test_modes_are_laid_out_as_a_host_does_and_mirrored(dev: tuple[Any, Any]) -> None:
    page, host = dev
    view = show_panel(page, host)
    frame, stage, center = box(page, "#stage iframe"), box(page, "#stage"), box(page, "#center")
    assert frame["width"] == stage["width"] and center["x"] <= frame["x"]
    assert frame["x"] + frame["width"] <= center["x"] + center["width"]
    assert frame["height"] == 260  # the size the View reported
    view.locator("#width").filter(has_text=str(int(stage["width"]))).wait_for(timeout=WAIT)  # the box it was given

    view.locator("#full").click()  # the View asks: the host lays it over the conversation column, the control follows
    page.wait_for_function("() => document.querySelector('#displayMode').value === 'fullscreen'", timeout=WAIT)
    view.locator("#mode").filter(has_text="fullscreen").wait_for(timeout=WAIT)
    full = box(page, "#stage iframe")
    assert full["width"] == center["width"] and full["x"] == center["x"]
    assert abs(full["y"] + full["height"] - (center["y"] + center["height"])) <= 1
    page.locator("#theme").select_option("dark")  # another control keeps the mode
    page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
    assert page.locator("#stage iframe").get_attribute("data-mode") == "fullscreen"
    assert host.context["displayMode"] == "fullscreen"

    view.locator("#pip").click()
    page.wait_for_function("() => document.querySelector('#displayMode').value === 'pip'", timeout=WAIT)
    pip = box(page, "#stage iframe")
    assert center["x"] < pip["x"] and pip["x"] + pip["width"] < center["x"] + center["width"]
    assert pip["y"] >= center["y"]
    page.locator("#exitMode").click()  # the host's own close button
    view.locator("#mode").filter(has_text="inline").wait_for(timeout=WAIT)
    assert page.locator("#displayMode").input_value() == "inline"
    page.locator("#theme").select_option("light")


def test_device_widths_give_the_view_a_narrower_box(dev: tuple[Any, Any]) -> None:
    page, host = dev
    view = show_panel(page, host)
    page.locator("#device").select_option("phone")
    page.wait_for_function("() => document.querySelector('#stage').clientWidth < 390", timeout=WAIT)
    width = int(page.locator("#stage").evaluate("e => e.clientWidth"))
    view.locator("#width").filter(has_text=str(width)).wait_for(timeout=WAIT)  # containerDimensions follows
    assert page.locator("#platform").input_value() == "mobile" and page.locator("#touch").is_checked()
    page.locator("#displayMode").select_option("fullscreen")  # fullscreen fills the phone's screen
    view.locator("#mode").filter(has_text="fullscreen").wait_for(timeout=WAIT)
    frame, screen = box(page, "#stage iframe"), box(page, "#screen")
    assert frame["x"] == screen["x"] and frame["width"] == screen["width"] == 390
    view.locator("#width").filter(has_text="390").wait_for(timeout=WAIT)
    page.locator("#displayMode").select_option("inline")
    page.locator("#device").select_option("desktop")
    page.wait_for_function("() => document.querySelector('#stage').clientWidth > 600", timeout=WAIT)


def test_download_saves_a_real_file_and_shows_it(dev: tuple[Any, Any]) -> None:
    page, host = dev
    view = show_panel(page, host)
    view.locator("#save").click()
    view.locator("#saved").filter(has_text="saved").wait_for(timeout=WAIT)
    card = page.locator("#downloads .file").last
    card.wait_for(timeout=WAIT)
    assert card.locator(".name").inner_text() == "report.csv"
    assert card.locator(".size").inner_text() == "20 bytes · text/csv"
    item = host.downloads.items[-1]
    assert Path(item["path"]).read_text() == "id,total\n1,9.5\n2,12\n"
    fetched = page.evaluate(
        """async (n) => { const r = await fetch(`/api/downloads/${n}`, {headers: {"X-Pyview-Token": TOKEN}});
           return [r.status, r.headers.get("content-type"), r.headers.get("content-disposition"), await r.text()]; }""",
        item["n"],
    )
    assert fetched[0] == 200 and fetched[1].startswith("text/csv") and "report.csv" in fetched[2]
    assert fetched[3] == "id,total\n1,9.5\n2,12\n"
    with pytest.raises(urllib.error.HTTPError) as refused:  # the guard: no token, no file
        urllib.request.urlopen(f"{page.url}api/downloads/{item['n']}")
    assert refused.value.code == 403


def test_teardown_unmounts_after_the_answer(dev: tuple[Any, Any]) -> None:
    page, host = dev
    show_panel(page, host)
    page.locator("#teardown").click()
    page.locator("#stage iframe").wait_for(state="detached", timeout=WAIT)
    assert "answered ui/resource-teardown" in page.locator("#stageNote").inner_text()
    assert host.host is None
    log = [json.loads(line) for line in page.locator("#log div").all_inner_texts()]
    asked = [m for m in log if m.get("method") == "ui/resource-teardown"]
    assert asked and any(m.get("id") == asked[-1]["id"] and "result" in m for m in log)


def test_a_profile_size_limit_refuses_a_big_view(dev: tuple[Any, Any]) -> None:
    page, _host = dev
    switch_profile(page, "claude")
    page.locator("#tools button[data-tool=show_big]").click()
    page.locator("#form button[type=submit]").click()
    page.locator("#status.error").filter(has_text="5.0 MB").wait_for(timeout=WAIT)
    assert "Claude shows resources up to 5.0 MB" in page.locator("#stageNote").inner_text()
    assert page.locator("#stage iframe").count() == 0
    assert "Anthropic Sans" in page.evaluate("getComputedStyle(document.body).fontFamily")
    switch_profile(page, "full")


def test_a_profile_brings_its_context_csp_and_modes(dev: tuple[Any, Any]) -> None:
    page, host = dev
    switch_profile(page, "vscode")
    assert page.locator("#displayMode option").all_inner_texts() == ["inline", "fullscreen"]
    show_panel(page, host)
    initialize = next(
        m
        for m in reversed([json.loads(line) for line in page.locator("#log div").all_inner_texts()])
        if "hostCapabilities" in m.get("result", {})
    )["result"]
    context = initialize["hostContext"]
    assert context["availableDisplayModes"] == ["inline", "fullscreen"] and context["platform"] == "desktop"
    assert "Segoe WPC" in context["styles"]["variables"]["--font-sans"]
    assert "downloadFile" not in initialize["hostCapabilities"]
    csp = host.session.document.split('content="', 1)[1].split('"', 1)[0]
    assert "'wasm-unsafe-eval'" in csp and "worker-src" not in csp  # VS Code: no worker-src
    before = page.evaluate("() => Number(document.querySelector('#stage iframe').dataset.frame)")
    switch_profile(page, "strict")  # re-mounted under the spec's default CSP
    page.locator("#csp").filter(has_text="WebAssembly blocked").wait_for(timeout=WAIT)
    page.wait_for_function(
        "(n) => Number(document.querySelector('#stage iframe')?.dataset.frame || 0) > n", arg=before, timeout=WAIT
    )
    csp = host.session.document.split('content="', 1)[1].split('"', 1)[0]
    assert "wasm-unsafe-eval" not in csp and "worker-src" not in csp
    switch_profile(page, "full")
