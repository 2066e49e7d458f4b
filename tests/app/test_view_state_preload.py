"""use_view_state when the tool result is preloaded before the App connects (the boot shim's order in a frame).

In a Pyodide frame the first render already has the tool result (``App.preload`` of the shim's buffer) while the
handshake is adopted only afterwards. The instance's values must still be loaded (once the App is connected) and
shown: before the fix the load ran before ``connect()``, failed ("not connected"), and the frame kept the defaults.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from app_fakehost import NO_REPLY, FakeHost

from pyview._core.components._use_view_state import ViewStateClient
from pyview._tooling.server._signing import Signer
from pyview._tooling.server._state_tool import ViewState
from pyview.app import App
from pyview.server import MemoryStore

pytestmark = pytest.mark.anyio


async def test_a_result_preloaded_before_connect_loads_its_state_once_connected() -> None:
    state = ViewState(Signer(b"preload-test-secret-0123456789ab"), MemoryStore())
    token = state.mint("state")
    state.call({"instance": token, "op": "put", "values": {"units": "F"}})
    result = {"content": [{"type": "text", "text": "Oslo"}], "_meta": {"pyview": {"v": 1, "instance": token}}}
    message = json.dumps({"jsonrpc": "2.0", "method": "ui/notifications/tool-result", "params": result})
    host = FakeHost()
    host.handlers["tools/call"] = lambda params: state.tool_result(params["arguments"]).model_dump(
        by_alias=True, exclude_none=True, mode="json"
    )
    app = App("v", "1", auto_resize=False)
    app.preload([message])  # the shim's buffer, before the first render
    client = ViewStateClient(app)  # the first render's use_view_state: the result is there, the App is not connected
    changed = asyncio.get_running_loop().create_future()
    client.subscribe(lambda: changed.done() or changed.set_result(None))
    for _ in range(5):  # Python awaits the shim's early session meanwhile: the load task runs first
        await asyncio.sleep(0)
    app.adopt(host.init_result, host.view_transport, queued=[message])  # the shim's handshake, then its buffer
    await asyncio.wait_for(changed, 10)
    assert client.error is None
    assert (client.loaded, client.values) == (True, {"units": "F"})
    calls: list[Any] = [m["params"]["arguments"] for m in host.requests("tools/call")]
    assert calls == [{"instance": token, "op": "get"}]  # one load, after the handshake (not one per result object)


async def test_a_flush_while_the_values_load_writes_the_change_once_they_are_in() -> None:
    """``flush()`` waits for the instance's values to load: a change made meanwhile is written, not skipped."""
    state = ViewState(Signer(b"preload-test-secret-0123456789ab"), MemoryStore())
    token = state.mint("state")
    state.call({"instance": token, "op": "put", "values": {"units": "F", "city": "Oslo"}})

    def answer(arguments: dict[str, Any]) -> dict[str, Any]:
        return state.tool_result(arguments).model_dump(by_alias=True, exclude_none=True, mode="json")

    host = FakeHost()  # a slow server: the load's get is answered only later, by the test
    host.handlers["tools/call"] = lambda params: (
        NO_REPLY if params["arguments"]["op"] == "get" else answer(params["arguments"])
    )
    app = App("v", "1", auto_resize=False)
    await app.connect(host.view_transport)
    result = {"content": [{"type": "text", "text": "Oslo"}], "_meta": {"pyview": {"v": 1, "instance": token}}}
    client = ViewStateClient(app)
    host.notify("ui/notifications/tool-result", result)
    while not host.requests("tools/call"):  # the load asked for the stored values
        await asyncio.sleep(0)
    client.set("units", "C")
    flushed = asyncio.ensure_future(client.flush())
    await asyncio.sleep(0)
    (get,) = host.requests("tools/call")
    host.transport.send({"jsonrpc": "2.0", "id": get["id"], "result": answer(get["params"]["arguments"])})
    await asyncio.wait_for(flushed, 10)
    assert state.call({"instance": token, "op": "get"})["values"] == {"units": "C", "city": "Oslo"}
    assert client.values == {"units": "C", "city": "Oslo"} and client.error is None
