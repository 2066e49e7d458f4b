"""use_view_state under the Python host (pyview.host) in headless Chromium: a re-mounted frame finds its state,
and its FIRST paint already shows it, also after a server restart (Redis store).

``pyview_state`` is answered by pyview's own server side (``Views``: results rendered with signed instance ids, the
tool re-rendering them with the stored values) as a scripted tool; the frame is torn down with
``ui/resource-teardown`` and a new one mounted with the same tool result. Each frame logs every units text it ever
showed (``SEEN_UNITS_JS``, a MutationObserver).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.server._signing import Signer
from pyview._tooling.testing._sandbox import with_config
from pyview._tooling.testing._state_server import SEEN_UNITS_JS, StateServer, redis_server
from pyview.packager import BuiltView
from pyview.server import RedisStateStore
from pyview.testing import MountedView

pytestmark = pytest.mark.browser
VIEW = "../browser/views/state_view.py"
VIEW_FILE = Path(__file__).resolve().parent / VIEW


@pytest.fixture
def redis_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("PYVIEW_SECRET", "host-test-secret-0123456789abcde")  # every (re)started server signs with it
    with redis_server(tmp_path) as url:
        yield url


def seen_once_live(view: MountedView) -> list[str]:
    """Every units text the frame showed until Python went live (a wrong first paint fails at once, no timeout)."""
    view.frame.wait_for_function("() => window.seenUnits.length && pyviewBoot.marks.live", timeout=120_000)
    seen: list[str] = view.frame.evaluate("() => window.seenUnits")
    return seen


@pytest.fixture
def servers() -> Iterator[list[StateServer]]:
    """The state View's server processes, a restarted one last; each stopped at the end (its connections closed)."""
    started: list[StateServer] = []
    yield started
    for server in started:
        server.close()


def test_state_is_back_in_the_first_paint_of_a_new_frame_and_a_tampered_id_gets_nothing(
    mount_view: Callable[..., MountedView],
    pyview_build: Callable[..., BuiltView],
    redis_url: str,
    servers: list[StateServer],
) -> None:
    servers.append(StateServer(VIEW_FILE, "state", RedisStateStore(redis_url, ttl=600)))

    def pyview_state(arguments: dict[str, Any]) -> dict[str, Any]:
        return servers[-1].call_tool("pyview_state", arguments)  # the newest server process answers

    result = servers[0].result({"city": "Oslo"})
    token = result["_meta"]["pyview"]["instance"]
    # all the time a loaded machine needs for the stored state: past stateWaitMs a View paints its result's own tree
    # rather than wait (tests/browser/test_view_state_browser.py tests that guard); this test is about the first paint
    view = with_config(pyview_build(VIEW_FILE).html, stateWaitMs=600_000)
    first = mount_view(view, tools={"pyview_state": pyview_state}, init_script=SEEN_UNITS_JS)
    first.send_tool_result(result)
    assert seen_once_live(first) == ["units: C"]
    first.locator("[data-testid=units]").click()
    first.locator("[data-testid=units]").filter(has_text="units: F").wait_for(timeout=30_000)
    first.host.teardown()  # the pending write is flushed before the View answers
    assert first.host.torn_down
    assert servers[0].views.server_runtime.view_state.values(token) == {"units": "F"}

    servers.append(StateServer(VIEW_FILE, "state", RedisStateStore(redis_url, ttl=600)))  # a restarted server
    forged = Signer(b"another server's secret 0123456789").sign({"k": "view-state", "i": "x", "v": "state"})
    tools = {"pyview_state": pyview_state}
    again, later, bad = (mount_view(view, tools=tools, init_script=SEEN_UNITS_JS, wait=False) for _ in range(3))
    again.wait_handshake()
    again.send_tool_result(result)  # before Python is up: the shim paints it
    bad.allow_errors = True
    bad.wait_handshake()
    bad.send_tool_result({**result, "_meta": {"pyview": {**result["_meta"]["pyview"], "instance": forged}}})
    later.wait_ready()
    later.send_tool_result(result)  # Python is up: the shim holds the result until the values came
    assert seen_once_live(again) == ["units: F"]  # the first paint already has the state: no flash of the default
    # Painted by the shim from the server's re-render with the values ("state"), or, when Python was up before the
    # result reached the frame (Pyodide starts 50 ms after a handshake with no result: a loaded machine's test process
    # can take longer to send it), rendered by Python with them ("python"). Never the result's own tree ("result").
    assert again.frame.evaluate("() => pyviewRestore.paints") in (["state"], ["python"])
    later.locator("[data-testid=units]").filter(has_text="units: F").wait_for(timeout=30_000)
    assert later.frame.evaluate("() => [window.seenUnits, pyviewRestore.paints]") == [["units: F"], ["python"]]
    assert seen_once_live(bad) == ["units: C"]  # a tampered id: no data
    bad.host.next_request("tools/call")
    assert servers[-1].views.server_runtime.view_state.values(token) == {"units": "F"}
