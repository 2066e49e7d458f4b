"""``pyview.testing.run``: the real App, the real Host and the real server tools in process, no browser."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from pyview import App, View, component, h, use_action, use_app, use_state, use_tool_result
from pyview.testing import FakeApp, render, run

pytestmark = pytest.mark.anyio

HELLO = Path(__file__).resolve().parents[2] / "examples" / "hello"


def hello_server() -> Any:
    spec = importlib.util.spec_from_file_location("hello_server_for_pilot", HELLO / "server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module  # run() takes the module (its `server`) or the MCPServer itself


async def test_the_quickstart_runs_under_the_real_app_host_and_server() -> None:
    async with run(HELLO / "hello_view.py", server=hello_server()) as pilot:
        assert pilot.find("p").text == "Waiting for the tool…"
        result = await pilot.call_tool("greet", {"name": "<Ada>"})  # as the model would
        assert result.text == "Hello, <Ada>!"
        assert pilot.find("h1").text == "Hello, <Ada>!"
        await pilot.click("Again")
        calls = [r for r in pilot.host.requests if r["method"] == "tools/call"]
        assert calls[-1]["params"] == {"name": "greet", "arguments": {"name": "again"}}
        assert pilot.find(role="button").text == "Again"  # the call finished
        assert pilot.find("h1").text == "Hello, again!"  # and the View shows its answer


async def test_click_and_type_by_text_label_role_and_selector() -> None:
    @component
    def Form() -> Any:
        name, set_name = use_state("")
        n, set_n = use_state(0)
        return h.div(
            h.label("Name", for_="name"),
            h.input(id="name", value=name, on_input=lambda e: set_name(e.value)),
            h.p(f"hi {name}", id="out"),
            h.button(f"count {n}", aria_label="Count", on_click=lambda: set_n(n + 1)),
        )

    async with run(Form) as pilot:
        await pilot.type("Name", "Ada")  # by label
        assert pilot.find("#out").text == "hi Ada"
        await pilot.click("count 0")  # by text
        await pilot.click("Count")  # by accessible name
        await pilot.click("button")  # by role
        await pilot.click("div > button")  # by selector
        assert pilot.find(role="button").text == "count 4"


async def test_scripted_tools_and_a_server_call_from_an_async_handler() -> None:
    @component
    def Refresh() -> Any:
        app = use_app()
        refresh = use_action(lambda: app.call_server_tool("refresh", {"city": "Oslo"}))
        temp = refresh.result.structured_content["temp"] if refresh.result else "?"
        return h.button(f"{temp} °C", on_click=refresh)

    async with run(View(Refresh, App("t", "1")), tools={"refresh": {"temp": 4}}) as pilot:
        await pilot.click("? °C")
        assert pilot.text == "4 °C"
        assert pilot.host.requests[-1]["params"]["arguments"] == {"city": "Oslo"}


@component
def ReadsTheWrongKey() -> Any:
    result = use_tool_result()
    return h.p("waiting") if result is None else h.p(str(result["t"]))  # the real App sends a ToolResult


async def test_a_wrong_reading_of_the_result_fails_under_the_real_app() -> None:
    with pytest.raises(AssertionError, match="KeyError"):
        async with run(ReadsTheWrongKey, tools={}) as pilot:
            await pilot.send_tool_result({"t": 21})


def test_and_fails_the_same_way_under_fake_app() -> None:
    app = FakeApp()
    screen = render(ReadsTheWrongKey(), app=app)
    app.emit("tool_result", {"t": 21})
    screen.settle()
    assert [type(e) for e in screen.errors] == [KeyError]


HANDOVER = Path(__file__).resolve().parents[1] / "browser" / "handover"


def test_a_view_run_again_on_another_event_loop_gets_its_own_view_state() -> None:
    """A View module is loaded once while each test runs on its own event loop: a second run's ``use_view_state``
    must load and write on its own loop (it used the first run's client, bound to a loop that no longer runs)."""
    import asyncio

    from pyview._tooling.server._server_file import load_server

    _module, server = load_server(str(HANDOVER / "server.py"))

    async def switch_units() -> list[Any]:
        async with run(HANDOVER / "handover_view.py", server=server) as pilot:
            await pilot.call_tool("show", {"title": "Counter"})
            assert pilot.find("[data-testid=units]").text == "units: C"  # a new instance: the default
            await pilot.click("units: C")
            assert pilot.find("[data-testid=units]").text == "units: F"
            await pilot.host.teardown()  # as a host closing the View: the pending write goes out first
        return [
            request["params"]["arguments"]
            for request in pilot.host.requests
            if request["method"] == "tools/call" and request["params"]["name"] == "pyview_state"
        ]

    for _ in range(2):
        state_calls = asyncio.run(switch_units())
        assert [call["op"] for call in state_calls] == ["get", "put"]  # loaded, then written
        assert state_calls[-1]["values"] == {"units": "F"}
