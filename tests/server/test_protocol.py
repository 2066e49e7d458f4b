"""The example server through a real ``mcp`` client: in-process, over stdio, and over Streamable HTTP."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from pyview.server import APP_MIME_TYPE, EXTENSION_ID

pytestmark = pytest.mark.anyio
TRANSPORTS = ("memory", "stdio", "http")


async def tools_by_name(client: Client) -> dict[str, Any]:
    return {tool.name: tool for tool in (await client.list_tools()).tools}


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_tools_list_carries_ui_metadata(connect: Any, transport: str) -> None:
    async with connect(transport) as client:
        tools = await tools_by_name(client)
    greet = tools["greet"]
    uri = greet.meta["ui"]["resourceUri"]
    assert uri.startswith("ui://greeter/view-") and uri.endswith(".html")
    assert greet.meta["ui/resourceUri"] == uri  # the legacy flat key older hosts read
    assert "visibility" not in greet.meta["ui"]  # the default: model and app
    assert greet.annotations.read_only_hint is True and greet.annotations.idempotent_hint is True
    assert greet.title == "Greet someone"
    assert set(greet.output_schema["properties"]) == {"name", "message", "shown_in_view"}
    assert greet.input_schema["properties"]["times"]["maximum"] == 3
    forget = tools["forget"]
    assert forget.meta["ui"] == {"resourceUri": uri, "visibility": ["app"]}
    assert forget.annotations.destructive_hint is True
    assert tools["stats"].meta is None or "ui" not in tools["stats"].meta  # a tool without a View


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_resources_read_returns_the_document(connect: Any, transport: str, http_server: Any) -> None:
    async with connect(transport) as client:
        uri = (await tools_by_name(client))["greet"].meta["ui"]["resourceUri"]
        listed = {resource.uri: resource for resource in (await client.list_resources()).resources}
        read = await client.read_resource(uri)
    assert listed[uri].mime_type == APP_MIME_TYPE
    (content,) = read.contents
    assert content.mime_type == APP_MIME_TYPE
    assert content.text.lstrip().lower().startswith("<!doctype html")
    assert '"entry": "greeter_view"' in content.text or '"entry":"greeter_view"' in content.text
    ui = content.meta["ui"]
    assert ui["prefersBorder"] is True
    assert ui["permissions"] == {"clipboardWrite": {}}
    assert listed[uri].meta == content.meta
    assert content.meta["openai/widgetCSP"]["resource_domains"] == ui["csp"].get("resourceDomains", [])
    if transport == "http":  # served with --runtime url: the document loads Pyodide from this server
        assert ui["csp"] == {
            "connectDomains": [http_server.origin],
            "resourceDomains": [http_server.origin],
            "wasmUnsafeEval": True,  # ext-apps PR #667's proposed field: Pyodide needs 'wasm-unsafe-eval'
        }
        assert f"{http_server.origin}/pyodide/" in content.text
    else:
        assert ui["csp"] == {"wasmUnsafeEval": True}
        assert "pyodide.asm.wasm" in content.text  # inline runtime


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_tool_call_returns_text_and_structured_content(connect: Any, transport: str) -> None:
    async with connect(transport) as client:
        result = await client.call_tool("greet", {"name": "Ada", "times": 2})
        stats = await client.call_tool("stats", {})
    assert not result.is_error
    assert result.content[0].text == "Hello, Ada! Hello, Ada!"  # the model's own __str__
    assert result.structured_content == {
        "name": "Ada",
        "message": "Hello, Ada! Hello, Ada!",
        "shown_in_view": True,
    }
    assert not stats.is_error
    assert "greetings: " in stats.content[0].text and "- Ada" in stats.content[0].text  # the default outline
    assert stats.structured_content is not None and "Ada" in stats.structured_content["names"]


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_client_without_apps_gets_the_text_answer(connect: Any, transport: str) -> None:
    async with connect(transport, apps=False) as client:
        result = await client.call_tool("greet", {"name": "Grace"})
    assert not result.is_error
    assert result.content[0].text == "Hello, Grace!"
    assert result.structured_content is not None and result.structured_content["shown_in_view"] is False


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_bad_arguments_name_the_argument(connect: Any, transport: str) -> None:
    async with connect(transport) as client:
        too_many = await client.call_tool("greet", {"name": "Ada", "times": 9})
        missing = await client.call_tool("greet", {"times": 1})
        wrong_type = await client.call_tool("greet", {"name": "Ada", "times": "often"})
        unknown = await client.call_tool("greet", {"name": "Ada", "tims": 2})
        control = await client.call_tool("greet", {"name": "Ada\x00"})
    for result in (too_many, missing, wrong_type, unknown, control):
        assert result.is_error
        assert result.content[0].text.startswith("Invalid arguments for tool 'greet':")
    assert "- times: Input should be less than or equal to 3 (got 9)" in too_many.content[0].text
    assert "- name: Field required" in missing.content[0].text
    assert "- times: Input should be a valid integer" in wrong_type.content[0].text
    assert "- tims: unknown argument (expected one of: name, times)" in unknown.content[0].text
    assert "- name: control character U+0000 at index 3" in control.content[0].text


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_exceptions_become_error_results(connect: Any, transport: str) -> None:
    async with connect(transport) as client:
        crash = await client.call_tool("explode", {})
        refusal = await client.call_tool("refuse", {"reason": "closed today"})
        after = await client.call_tool("greet", {"name": "Ada"})  # the server is still up
    assert crash.is_error
    assert "internal error (RuntimeError)" in crash.content[0].text
    assert "secret internal detail" not in crash.content[0].text  # a crash's text stays in the server log
    assert refusal.is_error and "refused: closed today" in refusal.content[0].text
    assert not refusal.content[0].text.startswith("Error executing tool")  # the tool's own words, no SDK prefix
    assert not crash.content[0].text.startswith("Error executing tool")
    assert not after.is_error


@pytest.mark.parametrize("transport", ["memory", "http"])
async def test_protocol_revisions_and_the_apps_capability(connect: Any, transport: str) -> None:
    """The Python client negotiates 2026-07-28 by default: the one revision where the server lists Apps.

    Under the handshake-era revision the server's capabilities carry no extensions, but the client's
    declaration still reaches the server, so tools still know the client shows Views.
    """
    async with connect(transport, mode="auto") as client:
        assert client.protocol_version == "2026-07-28"
        assert EXTENSION_ID in (client.server_capabilities.extensions or {})
        modern = await client.call_tool("greet", {"name": "Ada"})
    async with connect(transport, mode="legacy") as client:
        assert client.protocol_version == "2025-11-25"
        assert not client.server_capabilities.extensions
        legacy = await client.call_tool("greet", {"name": "Ada"})
    assert modern.structured_content["shown_in_view"] is True
    assert legacy.structured_content["shown_in_view"] is True
