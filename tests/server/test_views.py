"""Declaring Views and tools: versioned URIs, lazy builds, ``_meta.ui``, result text, declaration errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

from pyview.packager import BuildError
from pyview.server import ResourceCsp, Views, result_text

EXAMPLE_VIEW = Path(__file__).parent / "example" / "greeter_view.py"


@pytest.fixture
def view_file(tmp_path: Path) -> Path:
    target = tmp_path / "my_view.py"
    shutil.copy(EXAMPLE_VIEW, target)
    return target


class Point(BaseModel):
    x: int
    y: int


def test_uri_carries_a_content_hash_that_follows_the_source(view_file: Path) -> None:
    first = Views(runtime="inline", cache_dir=None).add("points", view_file)
    same = Views(runtime="inline", cache_dir=None).add("points", view_file)
    assert first.uri == same.uri == f"ui://points/view-{first.digest}.html"
    view_file.write_text(view_file.read_text() + "\n# changed\n")
    changed = Views(runtime="inline", cache_dir=None).add("points", view_file)
    assert changed.uri != first.uri
    url_mode = Views(runtime="url", runtime_url="http://127.0.0.1:9/pyodide/", cache_dir=None).add("points", view_file)
    assert url_mode.uri != changed.uri  # the build options are part of the hash


@pytest.mark.anyio
async def test_view_is_built_on_first_read_and_cached(view_file: Path, tmp_path: Path) -> None:
    views = Views(runtime="inline", cache_dir=tmp_path / "cache")
    handle = views.add("points", view_file, title="Points")

    @views.tool(handle)
    def point() -> Point:
        return Point(x=1, y=2)

    server = MCPServer("points", extensions=[views])
    async with Client(server) as client:
        await client.list_tools()
        assert [resource.uri for resource in (await client.list_resources()).resources] == [handle.uri]
        assert not handle.is_built  # listing does not build
        text = (await client.read_resource(handle.uri)).contents[0].text
    assert handle.is_built and "<title>Points</title>" in text
    assert (tmp_path / "cache" / f"points-{handle.digest}.html").read_text() == text
    again = Views(runtime="inline", cache_dir=tmp_path / "cache").add("points", view_file, title="Points")
    assert again.html() == text  # from the disk cache


@pytest.mark.anyio
async def test_a_view_that_fails_to_build_is_a_readable_resource_error(view_file: Path) -> None:
    views = Views(runtime="inline", cache_dir=None)
    handle = views.add("points", view_file)
    server = MCPServer("points", extensions=[views])
    view_file.write_text("def main(:\n")  # broken after the declaration
    async with Client(server) as client:
        with pytest.raises(Exception, match=r"View 'points' failed to build: .*my_view\.py:1: syntax error"):
            await client.read_resource(handle.uri)


def test_resource_meta_from_the_declaration(view_file: Path) -> None:
    views = Views(runtime="url", runtime_url="http://127.0.0.1:8000/pyodide/", cache_dir=None)
    handle = views.add(
        "points",
        view_file,
        csp=ResourceCsp(connect_domains=["https://api.example.com", "http://127.0.0.1:8000"]),
        permissions=["camera", "clipboard-write"],
        domain="points.example.com",
        prefers_border=False,
    )
    assert handle.meta == {
        "ui": {
            "csp": {
                "resourceDomains": ["http://127.0.0.1:8000"],
                "connectDomains": ["http://127.0.0.1:8000", "https://api.example.com"],
                "wasmUnsafeEval": True,
            },
            "permissions": {"camera": {}, "clipboardWrite": {}},
            "domain": "points.example.com",
            "prefersBorder": False,
        },
        "openai/widgetCSP": {
            "connect_domains": ["http://127.0.0.1:8000", "https://api.example.com"],
            "resource_domains": ["http://127.0.0.1:8000"],
        },
    }
    bare = Views(runtime="inline", cache_dir=None).add("bare", view_file, description="Bare")
    assert bare.meta == {
        "ui": {"csp": {"wasmUnsafeEval": True}},
        "openai/widgetCSP": {"connect_domains": [], "resource_domains": []},
        "openai/widgetDescription": "Bare",
    }
    server_only = Views(runtime="server", cache_dir=None).add("server", view_file)
    assert "ui" not in server_only.meta  # no Pyodide: nothing to ask of the CSP


def test_relative_view_paths_resolve_against_the_declaring_file() -> None:
    views = Views(runtime="inline", cache_dir=None)
    handle = views.add("greeter", "example/greeter_view.py")  # relative to this test file, not the cwd
    assert handle.path == EXAMPLE_VIEW.resolve()


def test_runtime_defaults_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYVIEW_RUNTIME", raising=False)
    monkeypatch.delenv("PYVIEW_RUNTIME_URL", raising=False)
    assert Views(cache_dir=None).runtime == "auto"  # the server runtime, then Python fetched as runtime parts
    monkeypatch.setenv("PYVIEW_RUNTIME_URL", "http://127.0.0.1:8123/pyodide/")
    views = Views(cache_dir=None)
    assert (views.runtime, views.runtime_url) == ("auto", "http://127.0.0.1:8123/pyodide/")
    monkeypatch.setenv("PYVIEW_RUNTIME", "inline")
    assert Views(cache_dir=None).runtime == "inline"
    monkeypatch.setenv("PYVIEW_RUNTIME", "wasm")
    with pytest.raises(ValueError, match="runtime must be one of inline, url, server, auto"):
        Views(cache_dir=None)


def test_declaration_errors(view_file: Path, tmp_path: Path) -> None:
    views = Views(runtime="inline", cache_dir=None)
    handle = views.add("points", view_file)
    with pytest.raises(ValueError, match="declared already"):
        views.add("points", view_file)
    with pytest.raises(ValueError, match="URI's host"):
        views.add("no spaces", view_file)
    with pytest.raises(ValueError, match="unknown permission 'telepathy'"):
        views.add("other", view_file, permissions=["telepathy"])  # type: ignore[list-item]
    with pytest.raises(BuildError, match="View not found"):
        views.add("missing", tmp_path / "missing.py")
    broken = tmp_path / "broken.py"
    broken.write_text("def main(:\n")
    with pytest.raises(BuildError, match=r"broken\.py:1: syntax error"):
        views.add("broken", broken)
    with pytest.raises(ValueError, match="no View named 'nope'"):
        views.tool("nope")
    with pytest.raises(BuildError, match="runtime_url"):
        Views(runtime="url", cache_dir=None).add("points", view_file)
    with pytest.raises(BuildError, match="packages are installed in the browser's Python"):
        Views(runtime="server", cache_dir=None).add("points", view_file, packages=["pydantic"])
    with pytest.raises(ValueError, match="runtime must be one of"):
        views.add("other", view_file, runtime="wasm")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="visibility"):

        @views.tool(handle, visibility=["everyone"])  # type: ignore[list-item]
        def bad() -> str:
            return ""

    MCPServer("points", extensions=[views])
    with pytest.raises(RuntimeError, match="before MCPServer"):
        views.add("late", view_file)


@pytest.mark.anyio
async def test_result_text_hooks(view_file: Path) -> None:
    views = Views(runtime="inline", cache_dir=None)
    handle = views.add("points", view_file)

    @views.tool(handle, text=lambda point: f"({point.x}, {point.y})")
    def custom() -> Point:
        return Point(x=3, y=4)

    @views.tool(handle)
    async def outlined() -> Point:
        return Point(x=5, y=6)

    @views.tool()
    def plain() -> str:
        return "just text"

    async with Client(MCPServer("points", extensions=[views])) as client:
        assert (await client.call_tool("custom", {})).content[0].text == "(3, 4)"
        result = await client.call_tool("outlined", {})
        assert result.content[0].text == "x: 5\ny: 6" and result.structured_content == {"x": 5, "y": 6}
        assert (await client.call_tool("plain", {})).content[0].text == "just text"


def test_outline_of_nested_results() -> None:
    class Day(BaseModel):
        day: str
        rain: bool

    class Forecast(BaseModel):
        city: str
        days: list[Day]
        note: str | None = None
        tags: list[str] = []

    text = result_text(Forecast(city="Oslo", days=[Day(day="Mon", rain=True), Day(day="Tue", rain=False)]))
    assert text == (
        "city: Oslo\ndays:\n  - day: Mon\n    rain: yes\n  - day: Tue\n    rain: no\nnote: (none)\ntags: (none)"
    )
