"""The orders example server through the real mcp client: in-process, and once over stdio as a host runs it."""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.extension import advertise

from pyview._tooling.testing._minidom import MiniDom
from pyview.server import APP_MIME_TYPE, EXTENSION_ID

SERVER_FILE = Path(__file__).resolve().parents[2] / "examples" / "orders" / "server.py"
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def client(orders: Any) -> Client:
    return Client(orders.server, extensions=[advertise(EXTENSION_ID, {"mimeTypes": [APP_MIME_TYPE]})])


async def test_tools_are_declared_for_the_view(orders: Any) -> None:
    async with client(orders) as c:
        tools = {tool.name: tool for tool in (await c.list_tools()).tools}
    event_tool = tools.pop("pyview_event")  # the server runtime's event tool (runtime "auto" is the default)
    assert event_tool.meta["ui"] == {"visibility": ["app"]}  # type: ignore[index]
    state_tool = tools.pop("pyview_state")  # View state's (the filter, sort, page and open order)
    assert state_tool.meta["ui"] == {"visibility": ["app"]}  # type: ignore[index]
    assert set(tools) == {"list_orders", "get_order", "cancel_order", "export_orders"}
    uri = tools["list_orders"].meta["ui"]["resourceUri"]  # type: ignore[index]
    assert uri.startswith("ui://orders/view-")
    assert all(tool.meta["ui"]["resourceUri"] == uri for tool in tools.values())  # type: ignore[index]
    assert "visibility" not in tools["list_orders"].meta["ui"]  # type: ignore[index]
    assert tools["cancel_order"].meta["ui"]["visibility"] == ["app"]  # type: ignore[index]
    assert tools["export_orders"].meta["ui"]["visibility"] == ["app"]  # type: ignore[index]
    assert tools["cancel_order"].annotations.destructive_hint is True  # type: ignore[union-attr]
    assert tools["list_orders"].annotations.read_only_hint is True  # type: ignore[union-attr]
    schema = tools["list_orders"].output_schema or {}
    assert {"orders", "total", "page", "pages", "counts"} <= set(schema["properties"])
    export_schema = tools["export_orders"].output_schema["properties"]  # type: ignore[index]
    assert set(export_schema) >= {"filename", "uri", "rows"} and "csv" not in export_schema


async def test_the_view_is_a_resource_with_a_prerendered_skeleton(orders: Any) -> None:
    async with client(orders) as c:
        listed = (await c.list_resources()).resources
        resources = [r for r in listed if r.mime_type == APP_MIME_TYPE]
        assert len(resources) == 1  # the View; the rest are its runtime parts' chunks (runtime "auto", the default)
        assert {r.mime_type for r in listed if r not in resources} == {"application/octet-stream"}
        assert all(str(r.uri).startswith("ui://pyview-runtime/") for r in listed if r not in resources)
        html = (await c.read_resource(resources[0].uri)).contents[0].text  # type: ignore[union-attr]
    # the first paint, before Python starts (the document escapes characters above U+00FF: WebKit parses it faster)
    assert "Loading orders&#x2026;" in html and 'class="o-skel"' in html


async def test_list_orders_gives_text_and_structured_content(orders: Any) -> None:
    async with client(orders) as c:
        result = await c.call_tool("list_orders", {"status": "paid", "page_size": 5, "sort": "-total"})
    assert not result.is_error
    data = result.structured_content or {}
    assert data["status"] == "paid" and len(data["orders"]) == 5 and data["sort"] == "-total"
    totals = [o["total_cents"] for o in data["orders"]]
    assert totals == sorted(totals, reverse=True)
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith(f"Orders 1-5 of {data['total']}") and f"#{data['orders'][0]['id']}" in text


async def test_the_results_own_tree_shows_its_orders_before_python_starts(orders: Any) -> None:
    """The tree the server renders with a result (the host paints it before Python is up in the frame) shows the
    result's page, its filter and sort: not "Loading orders…" until Python runs."""
    async with client(orders) as c:
        result = await c.call_tool("list_orders", {"status": "paid", "page_size": 5, "sort": "-total"})
    dom = MiniDom()
    dom.apply(json.dumps([[6, 0, 1, result.meta["pyview"]["tree"]]]))  # what boot.js paints
    rows = [element for element in dom.root.walk() if element.attrs.get("class") == "o-row"]
    assert [row.children[0].text for row in rows] == [f"#{o['id']}" for o in result.structured_content["orders"]]
    assert "Loading orders" not in dom.root.text
    chips = [e for e in dom.root.walk() if e.tag == "button" and e.attrs.get("aria-pressed") == "true"]
    sorted_by = [e.text for e in dom.root.walk() if e.attrs.get("aria-sort") == "descending"]
    # the controls show the result's own query: its status chip pressed (with its count), its sort
    assert [chip.text for chip in chips] == [f"Paid{result.structured_content['counts']['paid']:,}"]
    assert sorted_by == ["Total↓"]


async def test_get_order_and_unknown_order(orders: Any) -> None:
    async with client(orders) as c:
        found = await c.call_tool("get_order", {"id": 1001})
        missing = await c.call_tool("get_order", {"id": 5})
    assert found.structured_content["id"] == 1001 and found.structured_content["line_items"]  # type: ignore[index]
    assert "Order #1001 for" in found.content[0].text  # type: ignore[union-attr]
    assert missing.is_error
    # the SDK puts "Error executing tool get_order: " before a ToolError's message; the View strips it
    assert missing.content[0].text.endswith("There is no order #5. Order numbers run from #1001 to #1200.")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"page": 99}, "Page 99 is past the last page (10) for these filters."),
        ({"page": 0}, "page: Input should be greater than or equal to 1"),
        ({"status": "lost"}, "status: Input should be"),
        ({"page_size": 1000}, "page_size: Input should be less than or equal to 100"),
        ({"page": 2**63}, "page: Input should be less than or equal to 9223372036854775807"),
        ({"customer": "x" * 50_000}, "customer: String should have at most 100 characters"),
        ({"customer": "\ud800"}, "customer: Input should be a valid string"),
        # a NUL would cut the LIKE pattern short ("ilv" matched 19 orders instead of none)
        ({"customer": "ilv\x00"}, "customer: control character U+0000 at index 3"),
        ({"customer": "\x1b[2J"}, "customer: control character U+001B at index 0"),
    ],
)
async def test_bad_list_arguments_are_clear_errors(orders: Any, arguments: dict[str, Any], expected: str) -> None:
    async with client(orders) as c:
        result = await c.call_tool("list_orders", arguments)
    assert result.is_error
    assert expected in result.content[0].text  # type: ignore[union-attr]
    assert "internal error" not in result.content[0].text  # type: ignore[union-attr]


async def test_tabs_and_line_breaks_in_text_arguments_are_allowed(orders: Any) -> None:
    async with client(orders) as c:
        result = await c.call_tool("list_orders", {"customer": "no such\tcustomer\r\n"})
    assert not result.is_error, result.content


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [
        ("get_order", {"id": 2**63}, "id: Input should be less than or equal to 9223372036854775807"),
        ("get_order", {"id": 2**64}, "id: Input should be less than or equal to 9223372036854775807"),
        ("get_order", {"id": 0}, "id: Input should be greater than or equal to 1"),
        ("cancel_order", {"id": 2**63, "reason": "Duplicate order"}, "id: Input should be less than or equal"),
        ("cancel_order", {"id": 1001, "reason": "x" * 5000}, "reason: String should have at most 200 characters"),
        ("cancel_order", {"id": 1001, "reason": "\ud800"}, "reason: Input should be a valid string"),
        ("export_orders", {"customer": "y" * 50_000}, "customer: String should have at most 100 characters"),
        ("cancel_order", {"id": 1001, "reason": "Dup\x00licate"}, "reason: control character U+0000 at index 3"),
    ],
)
async def test_out_of_range_arguments_name_the_argument(
    orders: Any, tool: str, arguments: dict[str, Any], expected: str
) -> None:
    async with client(orders) as c:
        result = await c.call_tool(tool, arguments)
    assert result.is_error
    assert expected in result.content[0].text  # type: ignore[union-attr]


async def test_cancel_rules_through_the_server(orders: Any) -> None:
    async with client(orders) as c:
        paid = (await c.call_tool("list_orders", {"status": "paid", "page_size": 1})).structured_content
        shipped = (await c.call_tool("list_orders", {"status": "shipped", "page_size": 1})).structured_content
        paid_id, shipped_id = paid["orders"][0]["id"], shipped["orders"][0]["id"]  # type: ignore[index]
        done = await c.call_tool("cancel_order", {"id": paid_id, "reason": "Duplicate order"})
        refused = await c.call_tool("cancel_order", {"id": shipped_id, "reason": "Duplicate order"})
        again = await c.call_tool("cancel_order", {"id": paid_id, "reason": "Duplicate order"})
        no_reason = await c.call_tool("cancel_order", {"id": paid_id, "reason": ""})
    assert not done.is_error
    assert done.structured_content["order"]["status"] == "cancelled"  # type: ignore[index]
    assert done.content[0].text.startswith(f"Order #{paid_id} for ")  # type: ignore[union-attr]
    assert refused.is_error and "has already shipped" in refused.content[0].text  # type: ignore[union-attr]
    assert again.is_error and "already cancelled" in again.content[0].text  # type: ignore[union-attr]
    assert no_reason.is_error and "reason" in no_reason.content[0].text  # type: ignore[union-attr]


async def test_export_is_an_embedded_csv_resource(orders: Any) -> None:
    async with client(orders) as c:
        result = await c.call_tool("export_orders", {"status": "shipped"})
    assert not result.is_error
    text, resource = result.content
    assert text.text.startswith("Exported ") and "orders-shipped.csv" in text.text  # type: ignore[union-attr]
    assert resource.type == "resource"
    assert resource.resource.uri == "file:///orders-shipped.csv"  # type: ignore[union-attr]
    assert resource.resource.mime_type == "text/csv"  # type: ignore[union-attr]
    rows = list(csv.DictReader(io.StringIO(resource.resource.text)))  # type: ignore[union-attr]
    assert rows and {row["status"] for row in rows} == {"shipped"}
    info = result.structured_content or {}
    assert info["rows"] == len(rows) and info["uri"] == resource.resource.uri
    assert info["size"] == len(resource.resource.text.encode())  # type: ignore[union-attr]
    # the CSV travels once: in the embedded resource, not again in structuredContent or _meta
    wire = json.dumps(result.model_dump(mode="json", by_alias=True, exclude_none=True))
    assert wire.count("order_id,created_at") == 1


async def test_over_stdio_as_a_host_launches_it(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYVIEW_RUNTIME")}
    env["PYVIEW_ORDERS_DB"] = str(tmp_path / "orders.sqlite3")
    env["PYVIEW_VIEW_CACHE"] = "off"
    target = StdioServerParameters(command=sys.executable, args=[str(SERVER_FILE)], env=env, cwd=str(tmp_path))
    async with Client(target) as c:  # type: ignore[arg-type]
        tools = {tool.name for tool in (await c.list_tools()).tools}
        result = await c.call_tool("list_orders", {"customer": "okafor"})
    assert "list_orders" in tools
    assert result.structured_content["total"] > 0  # type: ignore[index]
    assert (tmp_path / "orders.sqlite3").exists()
