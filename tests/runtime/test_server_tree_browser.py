"""A result the server rendered shows before Python starts; Python adopts it without a flash (real Pyodide)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from server_engine import Engine

from pyview.packager import BuiltView
from pyview.testing import SandboxedView

pytestmark = pytest.mark.browser
HOST_INFO = {"hostInfo": {"name": "test", "version": "1"}, "hostCapabilities": {"message": {"text": {}}},
             "hostContext": {"theme": "light"}}  # fmt: skip

# Records every change to #pyview-root's children (a flash would replace nodes) and marks the first heading.
WATCH = """() => {
  const root = document.getElementById("pyview-root");
  window.__replaced = 0;
  new MutationObserver((records) => {
    for (const r of records) if (r.type === "childList") window.__replaced += r.removedNodes.length;
  }).observe(root, { childList: true, subtree: true });
  document.querySelector("[data-testid=city]").__serverNode = true;
}"""


def open_session(view: SandboxedView) -> None:
    hello = view.wait_for_message("ui/initialize", timeout=60)
    view.post({"jsonrpc": "2.0", "id": hello["id"],
               "result": {"protocolVersion": hello["params"]["protocolVersion"], **HOST_INFO}})  # fmt: skip


def test_server_tree_shows_before_python_and_is_adopted_without_a_flash(
    page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    view = SandboxedView.mount(page, build_rt("server_view.py").html)
    hello = view.wait_for_message("ui/initialize", timeout=60)
    answer = {"jsonrpc": "2.0", "id": hello["id"],
              "result": {"protocolVersion": hello["params"]["protocolVersion"], **HOST_INFO}}  # fmt: skip
    tool_input = {"jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": {"arguments": {"city": "Oslo"}}}
    result = engine.result({"city": "Oslo"}, {"city": "Oslo"})
    tool_result = {"jsonrpc": "2.0", "method": "ui/notifications/tool-result", "params": result}
    # as a host with the result at hand does: the answer, the input and the result in one go
    page.evaluate(
        "(messages) => messages.forEach((m) => window.__pyviewPost(m))",
        json.loads(json.dumps([answer, tool_input, tool_result])),
    )

    frame = view.frame
    frame.locator("[data-testid=city]").filter(has_text="Weather in Oslo").wait_for()
    frame.evaluate(WATCH)
    frame.locator("[data-testid=count]").click()  # before Python is up (or just after): kept, then replayed

    frame.wait_for_function("() => 'live' in pyviewBoot.marks", timeout=90_000)
    frame.locator("[data-testid=count]").filter(has_text="Clicked 1").wait_for()
    marks = view.marks()
    # the server's result was on screen before Pyodide started (the boot waits for its paint), and so before Python
    in_order = marks["handshake"] <= marks["result"] <= marks["start"] < marks["python"]
    assert in_order, {name: value - marks["boot"] for name, value in marks.items() if isinstance(value, float)}
    assert frame.evaluate("() => document.querySelector('[data-testid=city]').__serverNode") is True
    assert frame.evaluate("() => window.__replaced") == 0  # adopted: no node was replaced
    assert frame.locator("#pyview-boot").count() == 0
    assert view.error_panel() is None
    assert view.console_errors() == []


def test_a_result_without_meta_is_rendered_by_python_as_before(
    page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    view = SandboxedView.mount(page, build_rt("server_view.py").html)
    open_session(view)
    view.post({"jsonrpc": "2.0", "method": "ui/notifications/tool-result",
               "params": engine.result({}, {"city": "Bergen"}, meta=False)})  # fmt: skip

    view.wait_until_started(90)
    view.frame.locator("[data-testid=city]").filter(has_text="Weather in Bergen").wait_for()
    assert "result" not in view.marks()
    assert view.error_panel() is None


def test_python_starts_without_a_result_and_without_a_host(page: Any, build_rt: Callable[..., BuiltView]) -> None:
    """The boot waits for the first result only a bounded time: a host that sends none, or never answers, still gets
    Python."""
    answered = SandboxedView.mount(page, build_rt("server_view.py").html)
    open_session(answered)
    marks = answered.wait_until_started(90)
    assert "result" not in marks and marks["handshake"] < marks["start"] < marks["python"]
    assert answered.error_panel() is None

    silent = SandboxedView.mount(page, build_rt("server_view.py").html)  # nobody answers ui/initialize
    marks = silent.wait_until_started(90)
    assert "handshake" not in marks and marks["boot"] < marks["start"] < marks["python"]
    assert silent.error_panel() is None


def test_a_tree_whose_ids_and_names_shadow_the_shim_does_not_stop_python(
    page: Any, build_rt: Callable[..., BuiltView], engine: Engine
) -> None:
    """Named elements are window (and document) properties: a tool result's markup with the ids of the shim's
    optional globals, or names of the document methods it calls, must not stop Python from starting."""
    view = SandboxedView.mount(page, build_rt("server_view.py", snapshot=False).html)  # pyviewSnapshot undefined
    open_session(view)
    result = engine.result({"city": "Oslo"}, {"city": "Oslo"})
    main = result["_meta"]["pyview"]["tree"][0]
    main[1]["id"] = "pyviewSnapshot"
    main[2] += [
        ["p", {"id": "pyviewRestore"}, ["r"]],
        ["p", {"id": "pyviewServer"}, ["s"]],
        ["p", {"id": "openai"}, ["o"]],
        ["img", {"name": "getElementById", "alt": ""}],
        ["form", {"name": "createElement"}],
    ]
    view.post({"jsonrpc": "2.0", "method": "ui/notifications/tool-result", "params": result})
    view.frame.locator("[data-testid=city]").filter(has_text="Weather in Oslo").wait_for()

    view.wait_until_started(90)
    view.frame.locator("[data-testid=count]").click()
    view.frame.locator("[data-testid=count]").filter(has_text="Clicked 1").wait_for()
    assert view.error_panel() is None
