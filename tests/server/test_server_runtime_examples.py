"""The examples' Views (packages, imported by the scoped loader) in the server runtime, driven from Python."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from runtime_client import ViewClient

from pyview._tooling.server._cli import load_server
from pyview._tooling.testing._minidom import MElement

pytestmark = pytest.mark.anyio
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CONTEXT = {"theme": "light", "displayMode": "inline", "availableDisplayModes": ["inline", "fullscreen"]}


@pytest.fixture(autouse=True)
def secret(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYVIEW_SECRET", "examples-secret-0123456789")
    monkeypatch.setenv("PYVIEW_ORDERS_DB", str(tmp_path / "orders.db"))


def button(view: ViewClient, text: str) -> MElement:
    for element in view.dom.root.walk():
        if element.tag == "button" and element.text == text and "click" in element.handlers:
            return element
    raise LookupError(f"no live button {text!r}")


async def click(view: ViewClient, client: Client, element: MElement) -> dict[str, Any]:
    element.attrs.setdefault("id", f"pv-test-{id(element)}")
    return await view.click(client.call_tool, element.attrs["id"])


async def test_weather_switches_units_and_keeps_them_across_a_restore() -> None:
    module, server = load_server(str(EXAMPLES / "weather" / "server.py"))
    async with Client(server) as client:
        result = await client.call_tool("get_weather", {"city": "Oslo"})
        view = ViewClient(result.meta["pyview"])
        assert "Oslo" in view.dom.root.text
        capabilities = {"serverTools": {}, "updateModelContext": {"text": {}}}
        answer = await view.send(client.call_tool, context=CONTEXT, capabilities=capabilities)
        assert "error" not in answer
        answer = await click(view, client, button(view, "°F"))  # refresh_weather runs in-process
        (request,) = answer["requests"]
        assert request["method"] == "ui/update-model-context"
        assert "Fahrenheit" in request["params"]["content"][0]["text"]
        view.answers = [{"id": request["id"], "result": {}}]
        await view.send(client.call_tool)
        assert "°F" in view.dom.root.text and "°C" in view.dom.root.text
        assert "click" in button(view, "°C").handlers  # now °C is the one to switch to
        module.views.server_runtime.engine.sessions.clear()
        answer = await view.send(client.call_tool, context={"theme": "dark"})  # restored from the token
        assert "reset" in answer and "error" not in answer, answer.get("error")
        assert "click" in button(view, "°C").handlers  # still imperial: the refreshed result came back too


async def test_orders_keeps_its_filter_and_open_row_across_a_restore() -> None:
    module, server = load_server(str(EXAMPLES / "orders" / "server.py"))
    async with Client(server) as client:
        result = await client.call_tool("list_orders", {})
        view = ViewClient(result.meta["pyview"])
        capabilities = {"serverTools": {}, "updateModelContext": {"text": {}, "structuredContent": {}}}
        await view.send(client.call_tool, context=CONTEXT, capabilities=capabilities)
        assert len(rows(view)) == 20
        chips = [e for e in view.dom.root.walk() if e.tag == "button" and "o-chip" in e.attrs.get("class", "").split()]
        chip = next(e for e in chips if e.text.startswith("Paid"))
        await click(view, client, chip)  # list_orders runs in-process
        assert {row.children[3].text for row in rows(view)} == {"Paid"}
        answer = await click(view, client, rows(view)[2])
        assert "error" not in answer, answer.get("error")
        details = [element for element in view.dom.root.walk() if "o-detail" in element.attrs.get("class", "")]
        assert details and details[0].attrs.get("aria-busy") != "true"  # get_order ran in-process: loaded
        module.views.server_runtime.engine.sessions.clear()
        answer = await view.send(client.call_tool)
        assert "reset" in answer and "error" not in answer, answer.get("error")
        assert any("o-detail" in element.attrs.get("class", "") for element in view.dom.root.walk())
        await click(view, client, button(view, "All orders"))
        # the effect that put the host's result on screen did not run again: the filter the user chose stays
        assert rows(view) and {row.children[3].text for row in rows(view)} == {"Paid"}


def rows(view: ViewClient) -> list[MElement]:
    return [element for element in view.dom.root.walk() if element.tag == "tr" and "click" in element.handlers]


async def test_weather_shows_the_input_and_then_the_cancellation_before_any_result() -> None:
    """A server-runtime View hears of the tool input and the cancellation as a frame's App does (the shim passes
    them on): a session started from the input shows the city asked for, and a cancellation shows the cancelled card,
    kept across a restore on another worker."""
    module, server = load_server(str(EXAMPLES / "weather" / "server.py"))
    async with Client(server) as client:
        view = ViewClient({"tree": []})
        answer = await view.send(client.call_tool, start={"view": "weather", "input": {"city": "Oslo"}, "result": None},
                                 context=CONTEXT, capabilities={"serverTools": {}})  # fmt: skip
        assert "error" not in answer, answer.get("error")
        assert "Oslo" in view.dom.root.text and "cancelled" not in view.dom.root.text
        notice = {"method": "ui/notifications/tool-cancelled", "params": {"reason": "The user stopped it."}}
        answer = await view.send(client.call_tool, notifications=[notice])
        assert "error" not in answer, answer.get("error")
        assert "The forecast for Oslo was cancelled" in view.dom.root.text
        module.views.server_runtime.engine.sessions.clear()
        answer = await view.send(client.call_tool, context={"theme": "dark"})  # restored from the tokens
        assert "reset" in answer and "error" not in answer, answer.get("error")
        assert "The forecast for Oslo was cancelled" in view.dom.root.text


async def test_notifications_other_than_the_tool_calls_are_refused() -> None:
    _, server = load_server(str(EXAMPLES / "weather" / "server.py"))
    async with Client(server) as client:
        view = ViewClient({"tree": []})
        bad = {"method": "ui/notifications/tool-result", "params": {"content": []}}
        answer = await view.send(client.call_tool, start={"view": "weather", "input": {}, "result": None},
                                 notifications=[bad])  # fmt: skip
        assert "`notifications` takes only" in answer["error"]["message"] and "session" not in answer
