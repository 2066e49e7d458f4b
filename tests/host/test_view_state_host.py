"""use_view_state under the Python host (pyview.host) in headless Chromium: a re-mounted frame finds its state.

``pyview_state`` is answered by pyview's own server side (``ViewState`` over a ``MemoryStore``) as a scripted
tool; the frame is torn down with ``ui/resource-teardown`` and a new one mounted with the same tool result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pyview.server import MemoryStore
from pyview.server._signing import Signer
from pyview.server._view_state import ViewState
from pyview.testing import ViewHandle

pytestmark = pytest.mark.browser
VIEW = "../browser/views/state_view.py"


def test_state_is_back_in_a_new_frame_and_a_tampered_id_gets_nothing(
    mount_view: Callable[..., ViewHandle],
) -> None:
    state = ViewState(Signer(b"host-test-secret-0123456789abcde"), MemoryStore())

    def pyview_state(arguments: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = state.tool_result(arguments).model_dump(by_alias=True, exclude_none=True)
        return answer

    token = state.mint("state")
    result = {"content": [{"type": "text", "text": "Oslo"}], "structuredContent": {"city": "Oslo"},
              "_meta": {"pyview": {"v": 1, "view": "state", "instance": token}}}  # fmt: skip

    first = mount_view(VIEW, tools={"pyview_state": pyview_state})
    first.send_tool_result(result)
    first.locator("[data-testid=city]").filter(has_text="Oslo").wait_for(timeout=120_000)
    first.host.next_request("tools/call")  # the load
    first.locator("[data-testid=units]").click()
    first.locator("[data-testid=units]").filter(has_text="units: F").wait_for(timeout=30_000)
    first.host.teardown()  # the pending write is flushed before the View answers
    assert first.host.torn_down
    assert state.values(token) == {"units": "F"}

    again = mount_view(VIEW, tools={"pyview_state": pyview_state})
    again.send_tool_result(result)
    again.locator("[data-testid=units]").filter(has_text="units: F").wait_for(timeout=120_000)

    forged = Signer(b"another server's secret 0123456789").sign({"k": "view-state", "i": "x", "v": "state"})
    bad = mount_view(VIEW, tools={"pyview_state": pyview_state})
    bad.allow_errors = True
    bad.send_tool_result({**result, "_meta": {"pyview": {"v": 1, "view": "state", "instance": forged}}})
    bad.host.next_request("tools/call")
    bad.locator("[data-testid=units]").filter(has_text="units: C").wait_for(timeout=30_000)
    assert state.values(token) == {"units": "F"}
