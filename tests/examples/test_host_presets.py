"""The examples degrade gracefully under the host presets that lack what they could use (pyview.testing's run: the
real App, Python host and server, in process): ``claude`` (only tools, resources, links and messages, as the ext-apps
host-probe's Claude Desktop) and ``copilot`` (no file downloads). The third preset, VS Code without ``worker-src``,
is a CSP matter: tests/realhost runs a View under that CSP in Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.server._server_file import load_server
from pyview.testing import run

pytestmark = pytest.mark.anyio
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def sent(pilot: Any, method: str) -> list[dict[str, Any]]:
    return [request for request in pilot.host.requests if request["method"] == method]


@pytest.mark.parametrize("profile", ["claude", "copilot"])
async def test_orders_export_shows_the_csv_without_downloads(orders: Any, profile: Any) -> None:
    async with run(EXAMPLES / "orders" / "orders_view", server=orders.server, profile=profile) as pilot:
        await pilot.call_tool("list_orders", {"page_size": 10})
        assert len(pilot.find_all("tr.o-row")) == 10
        await pilot.click("Export CSV")
        area = pilot.find("section.o-export textarea")
        assert area.value.startswith("order_id,created_at,customer")
        assert sent(pilot, "ui/download-file") == []


async def test_weather_units_switch_without_model_context() -> None:
    _module, server = load_server(str(EXAMPLES / "weather" / "server.py"))
    async with run(EXAMPLES / "weather" / "weather_view", server=server, profile="claude") as pilot:
        await pilot.call_tool("get_weather", {"city": "Oslo"})
        assert "km/h" in pilot.find(".wx-stats").text
        await pilot.click("°F")
        assert "mph" in pilot.find(".wx-stats").text
        assert sent(pilot, "ui/update-model-context") == []  # Claude Desktop has none: the View does not ask


async def test_hello_again_under_the_smallest_preset() -> None:
    _module, server = load_server(str(EXAMPLES / "hello" / "server.py"))
    async with run(EXAMPLES / "hello" / "hello_view.py", server=server, profile="claude") as pilot:
        await pilot.call_tool("greet", {"name": "Ada"})
        await pilot.click("Again")
        assert pilot.find("h1").text == "Hello, again!"
