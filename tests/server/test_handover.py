"""The hand-over, server and Python halves in CPython: the server runtime runs a View until the frame's Python asks
for it (``pyview_event`` with ``handover: true``); Python then mounts seeded with the session's hook state, adopts the
nodes the server runtime built, and goes on from there without the server. (The browser half: tests/browser.)"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from mcp import Client
from runtime_client import ViewClient
from test_server_runtime import fresh_server, started

from pyview._core.components._hook_state import Seeder
from pyview._core.components._root import Root
from pyview._core.components._view import app_tree, as_node
from pyview._tooling.server._render import load_view
from pyview._tooling.server._server_app import ServerApp

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("signing_secret")]


def frame_python(view_path: Any, result: dict[str, Any], handed: dict[str, Any], dom: Any) -> tuple[Root, ServerApp]:
    """What ``View.start`` does in the frame after a hand-over: the App holds the tool data, the mount is seeded."""
    view = load_view(view_path)
    app = ServerApp(view.app, tool_input=result["input"], tool_result=result["result"])
    root = Root(dom.apply)
    root.loop = asyncio.get_running_loop()
    root.seed = seeder = Seeder(handed["state"], app)
    dom.dispatcher = root.dispatch
    root.mount(app_tree(root, as_node(view.root_component), app), hydrate=True)
    assert seeder.unused() == 0
    return root, app


async def test_python_goes_on_from_the_server_runtime_state_on_the_same_nodes() -> None:
    module, server = fresh_server()
    engine = module.views.server_runtime.engine
    async with Client(server) as client:
        called = await client.call_tool("shout", {"text": "hi", "start": 2})
        view = ViewClient(called.meta["pyview"])
        for _ in range(3):  # three clicks answered by the server
            await view.click(client.call_tool, "count")
        await view.type(client.call_tool, "field", "abc")
        await view.click(client.call_tool, "keep")
        assert view.text("count") == "Clicked 5 times" and engine.sessions
        sent = len(engine.sessions)

        answer = await view.send(client.call_tool, handover=True)
        handed = answer["handover"]
        assert set(handed) >= {"state"} and "error" not in answer
        assert len(engine.sessions) == sent - 1  # the server dropped the session: Python owns it now

    button = view.find("count")
    result = {"input": {"text": "hi", "start": 2}, "result": called.model_dump(by_alias=True, exclude_none=True)}
    root, _app = frame_python(module.views.view_named("counter").path, result, handed, view.dom)
    # the first render equals what is on screen, so it adopted those very nodes (no flash, nothing rebuilt)
    assert view.find("count") is button
    assert (view.text("count"), view.text("typed"), view.text("kept")) == (
        "Clicked 5 times",
        "typed: abc",
        "kept is the result",  # identity with the tool result survives the hand-over
    )
    view.dom.fire(view.find("count"), "click")  # the fourth click: local, no pyview_event
    root.flush()
    assert view.text("count") == "Clicked 6 times"


async def test_a_state_the_codec_refuses_is_not_handed_over_and_the_server_keeps_the_view() -> None:
    module, server = fresh_server()
    engine = module.views.server_runtime.engine
    async with Client(server) as client:
        view = await started(client)
        await view.click(client.call_tool, "junk")  # an object() in use_state: the server cannot save it
        answer = await view.send(client.call_tool, handover=True)
        assert "use_state" in answer["handover"]["refused"] and "state" not in answer["handover"]
        assert engine.sessions  # still live: the View stays on the server runtime
        await view.click(client.call_tool, "count")
        assert view.text("count") == "Clicked 3 times"


async def test_an_event_call_without_handover_keeps_the_session_on_the_server() -> None:
    module, server = fresh_server()
    async with Client(server) as client:
        view = await started(client)
        answer = await view.send(client.call_tool, handover=False)
        assert "handover" not in answer and module.views.server_runtime.engine.sessions
        assert '"state"' not in json.dumps(answer)
