"""What a tool declares and returns on the wire: visibility on every tool, structuredContent always an object."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, RootModel

from pyview.server import Views

EXAMPLE_VIEW = Path(__file__).parent / "example" / "greeter_view.py"


class Row(BaseModel):
    id: int
    name: str


Rows = RootModel[list[Row]]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _server() -> MCPServer:
    views = Views(runtime="inline", cache_dir=None)
    greeter = views.add("greeter", EXAMPLE_VIEW)

    @views.tool(visibility="app")
    def app_only() -> str:
        """Only the View may call this."""
        return "ok"

    @views.tool(visibility="model", meta={"ui": {"note": "kept"}, "x": 1})
    def model_only() -> str:
        return "ok"

    @views.tool()
    def default_visibility() -> str:
        return "ok"

    @views.tool()
    def rows() -> Rows:
        return Rows([Row(id=1, name="a"), Row(id=2, name="b")])

    @views.tool(greeter)
    async def rows_in_view() -> Rows:
        return Rows([Row(id=3, name="c")])

    @views.tool()
    def row_list() -> list[Row]:
        return [Row(id=4, name="d")]

    @views.tool()
    def maybe_row(found: bool = True) -> Row | None:
        return Row(id=5, name="e") if found else None

    @views.tool()
    def one_row() -> Row:
        return Row(id=6, name="f")

    return MCPServer("shapes", extensions=[views])


@pytest.mark.anyio
async def test_visibility_is_kept_on_tools_without_a_view() -> None:
    async with Client(_server()) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}

    assert tools["app_only"].meta == {"ui": {"visibility": ["app"]}}
    assert tools["model_only"].meta == {"ui": {"note": "kept", "visibility": ["model"]}, "x": 1}
    assert not (tools["default_visibility"].meta or {}).get("ui")


def _object_schema(schema: dict[str, Any] | None) -> dict[str, Any]:
    assert schema is not None and schema["type"] == "object"
    return schema


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("tool", "arguments", "structured"),
    [
        ("rows", {}, {"result": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}),
        ("rows_in_view", {}, {"result": [{"id": 3, "name": "c"}]}),
        ("row_list", {}, {"result": [{"id": 4, "name": "d"}]}),
        ("maybe_row", {}, {"result": {"id": 5, "name": "e"}}),
        ("maybe_row", {"found": False}, {"result": None}),
        ("one_row", {}, {"id": 6, "name": "f"}),
    ],
)
async def test_structured_content_is_always_an_object_matching_the_output_schema(
    tool: str, arguments: dict[str, Any], structured: dict[str, Any]
) -> None:
    async with Client(_server()) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        result = await client.call_tool(tool, arguments)

    assert not result.is_error, result.content
    assert result.structured_content == structured
    schema = _object_schema(listed[tool].output_schema)
    if "result" in structured:
        assert list(schema["properties"]) == ["result"] and schema["required"] == ["result"]
    if tool.startswith("rows"):
        assert "id: 1" in result.content[0].text or "id: 3" in result.content[0].text  # type: ignore[union-attr]
