"""``use_server_tool``: data, pending, error, call/refetch, arguments that fetch, cancel on unmount; under the real
App and Host (``pyview.testing.run``)."""

from __future__ import annotations

import asyncio
from typing import Any, TypedDict

import pytest

from pyview import component, h, use_server_tool, use_state
from pyview.components import ServerTool, ToolCallError
from pyview.testing import run

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"  # pyview.testing.run drives asyncio tasks


class Weather(TypedDict):
    city: str
    temp: int


def weather(args: dict[str, Any]) -> dict[str, Any]:
    if args.get("city") == "Nowhere":
        return {"content": [{"type": "text", "text": "unknown city"}], "isError": True}
    return {"city": args["city"], "temp": len(args["city"])}


async def test_call_data_error_and_refetch() -> None:
    seen: list[ServerTool[Weather]] = []

    @component
    def Forecast() -> Any:
        tool = use_server_tool("weather", output=Weather)
        seen.append(tool)
        data = tool.data
        return h.div(
            h.p("…" if tool.pending else (f"{data['city']}: {data['temp']}" if data else "none"), id="out"),
            h.p(str(tool.error), id="err") if tool.error else None,
            h.button("Oslo", on_click=lambda: tool.call({"city": "Oslo"})),
            h.button("Nowhere", on_click=lambda: tool.call({"city": "Nowhere"})),
            h.button("Again", on_click=tool),
        )

    async with run(Forecast, tools={"weather": weather}) as pilot:
        assert pilot.find("#out").text == "none"
        await pilot.click("Oslo", settle=False)
        assert pilot.find("#out").text == "…"  # pending
        await pilot.settle()
        assert pilot.find("#out").text == "Oslo: 4"
        assert seen[-1].result is not None and seen[-1].result.structured_content == {"city": "Oslo", "temp": 4}
        await pilot.click("Nowhere")
        assert pilot.find("#err").text == "unknown city"
        assert isinstance(seen[-1].error, ToolCallError) and seen[-1].data == {"city": "Oslo", "temp": 4}
        await pilot.click("Again")  # refetch: the last arguments again
        calls = [r["params"]["arguments"] for r in pilot.host.requests if r["method"] == "tools/call"]
        assert calls == [{"city": "Oslo"}, {"city": "Nowhere"}, {"city": "Nowhere"}]


async def test_arguments_fetch_on_mount_and_when_they_change() -> None:
    @component
    def Forecast() -> Any:
        city, set_city = use_state("Oslo")
        tool = use_server_tool("weather", {"city": city})
        return h.div(
            h.p(str(tool.data["temp"]) if tool.data else "…", id="out"),
            h.button("Paris", on_click=lambda: set_city("Paris")),
        )

    async with run(Forecast, tools={"weather": weather}) as pilot:
        assert pilot.find("#out").text == "4"
        await pilot.click("Paris")
        assert pilot.find("#out").text == "5"
        calls = [r["params"]["arguments"] for r in pilot.host.requests if r["method"] == "tools/call"]
        assert calls == [{"city": "Oslo"}, {"city": "Paris"}]


def slow_page(release: asyncio.Event) -> tuple[Any, dict[str, Any]]:
    async def slow(args: dict[str, Any]) -> str:
        await release.wait()
        return "late"

    @component
    def Slow() -> Any:
        tool = use_server_tool("slow")
        return h.button("…" if tool.pending else "Start", on_click=lambda: tool.call({}))

    @component
    def Page() -> Any:
        shown, set_shown = use_state(True)
        return h.div(Slow() if shown else None, h.button("Close", on_click=lambda: set_shown(False)))

    return Page, {"slow": slow}


async def test_a_running_call_is_cancelled_on_unmount() -> None:
    release = asyncio.Event()
    page, tools = slow_page(release)
    async with run(page, tools=tools) as pilot:
        await pilot.click("Start", settle=False)
        await pilot.host.next_request("tools/call")
        assert len(pilot.screen.root.tasks) == 1  # the call is waiting for the server
        await pilot.click("Close")  # unmounting cancels it: settle() returns, nothing is left running
        assert not pilot.screen.root.tasks and pilot.text == "Close"
        release.set()
        assert pilot.errors == []


async def test_the_host_is_told_with_notifications_cancelled() -> None:
    release = asyncio.Event()
    page, tools = slow_page(release)
    async with run(page, tools=tools) as pilot:
        await pilot.click("Start", settle=False)
        call = await pilot.host.next_request("tools/call")
        await pilot.click("Close")
        cancelled = await pilot.host.next_request("notifications/cancelled")
        assert cancelled["params"]["requestId"] == call["id"]
        release.set()
