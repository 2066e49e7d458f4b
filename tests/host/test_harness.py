"""The pytest harness: a built Python View under the Python host in headless Chromium."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pyview.testing import MountedView

pytestmark = pytest.mark.browser
VIEW = "views/harness_view.py"
SERVER = Path(__file__).parent / "servers" / "counter_server.py"


def errors_of(view: MountedView) -> list[str]:
    """The View's errors, once it reported one (waits for the report, up to 30 s, rather than for a while)."""
    deadline = time.monotonic() + 30
    while not (errors := view.errors()) and time.monotonic() < deadline:
        view.frame.wait_for_timeout(50)
    return errors


def refresh(arguments: dict[str, Any]) -> dict[str, Any]:
    return {"city": arguments["city"], "temp": 4}


def test_tool_data_context_and_proxied_calls(mount_view: Callable[..., MountedView], tmp_path: Path) -> None:
    view = mount_view(VIEW, tools={"refresh": refresh})
    view.send_tool_input({"city": "Oslo"})
    view.send_tool_result("4 °C in Oslo")
    view.locator("#input").filter(has_text="city=Oslo").wait_for()
    view.locator("#result").filter(has_text="4 °C in Oslo").wait_for()

    assert view.set_host_context(theme="dark", locale="en-US") == {"theme": "dark"}
    view.locator("#theme").filter(has_text="theme=dark").wait_for()
    sent = [e["message"] for e in view.host.traffic if e["direction"] == "out"]
    assert {"theme": "dark"} in [m.get("params") for m in sent if m.get("method", "").endswith("context-changed")]

    view.locator("#refresh").click()
    call = view.host.next_request("tools/call")
    assert call["params"] == {"name": "refresh", "arguments": {"city": "Oslo"}}
    view.host.next_request("ui/message")
    assert view.host.model_context == {"structuredContent": {"shown": {"city": "Oslo", "temp": 4}}}
    assert view.host.messages[0]["content"] == [{"type": "text", "text": "Tell me more about Oslo"}]

    view.locator("#fullscreen").click()
    view.locator("#theme").filter(has_text="mode=fullscreen").wait_for()
    assert view.frame_element.get_attribute("data-mode") == "fullscreen"
    png = view.screenshot(str(tmp_path / "view.png"))
    assert png.startswith(b"\x89PNG") and (tmp_path / "view.png").exists()
    view.host.teardown()
    assert view.host.torn_down


def test_a_real_server_and_a_minimal_host(mount_view: Callable[..., MountedView]) -> None:
    view = mount_view(VIEW, server=str(SERVER), profile="minimal")
    assert view.host.capabilities == {}
    view.locator("#refresh").click()  # the App refuses: the host did not advertise serverTools
    # the refusal is raised before anything is sent: once the View shows it, no tools/call can follow
    view.locator("#error").filter(has_text="CapabilityError").filter(has_text="serverTools").wait_for()
    assert [m for m in view.host.inbox.messages if m.get("method") == "tools/call"] == []


def test_python_exceptions_in_the_view_fail_the_test(mount_view: Callable[..., MountedView]) -> None:
    view = mount_view(VIEW)
    view.locator("#boom").click()
    errors = errors_of(view)
    assert any("ZeroDivisionError" in e for e in errors), errors
    view.allow_errors = True
