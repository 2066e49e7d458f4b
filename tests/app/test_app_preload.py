"""App.preload: tool data the boot shim holds is there for the View's first render; handlers run later, once."""

from __future__ import annotations

import json

import pytest
from app_fakehost import FakeHost, settle

from pyview.app import App

pytestmark = pytest.mark.anyio
INPUT = {"jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": {"arguments": {"city": "Oslo"}}}
RESULT = {"jsonrpc": "2.0", "method": "ui/notifications/tool-result",
          "params": {"content": [{"type": "text", "text": "4 C"}], "structuredContent": {"t": 4}}}  # fmt: skip


async def test_preloaded_data_survives_adoption_and_handlers_run_when_the_messages_are_handled() -> None:
    host = FakeHost()
    seen: list[str] = []
    app = App("v", "1", auto_resize=False)
    app.on_tool_result = lambda r: seen.append(r.text)
    queued = [json.dumps(INPUT), json.dumps(RESULT)]

    app.preload([*queued, "{not json", json.dumps({"jsonrpc": "2.0", "method": "ping", "id": 1}), {"params": 3}])
    assert app.tool_input is not None and app.tool_input.arguments == {"city": "Oslo"}
    assert app.tool_result is not None and app.tool_result.structured_content == {"t": 4}
    assert seen == []  # no handler ran: the messages are still to be handled

    app.adopt(host.init_result, host.view_transport)  # a new session object: the preloaded data is kept
    assert app.tool_result is not None and app.tool_result.text == "4 C"
    for message in queued:  # the shim's buffer, delivered through the transport
        host.notify(json.loads(message)["method"], json.loads(message)["params"])
    await settle()
    assert seen == ["4 C"]


async def test_preload_takes_partial_input_and_cancellation_too() -> None:
    app = App("v", "1", auto_resize=False)
    app.preload([
        {"jsonrpc": "2.0", "method": "ui/notifications/tool-input-partial", "params": {"arguments": {"city": "Os"}}},
        {"jsonrpc": "2.0", "method": "ui/notifications/tool-cancelled", "params": {"reason": "stop"}},
    ])  # fmt: skip
    assert app.tool_input_partial is not None and app.tool_input_partial.partial
    assert app.tool_cancelled is not None and app.tool_cancelled.reason == "stop"
