"""``pyview types``: TypedDicts from the tools' output schemas, stdlib only, ruff-clean; the weather example's is
current."""

from __future__ import annotations

import asyncio
import importlib.util
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from pyview._tooling.cli._types_command import output_schemas, render_types
from pyview.cli import main

ROOT = Path(__file__).resolve().parents[2]

SERVER = '''
from typing import Literal
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, Field


class Point(BaseModel):
    x: float
    y: float


class Shape(BaseModel):
    kind: Literal["line", "polygon"]
    points: list[Point]
    label: str | None = None
    tags: dict[str, int] = {}
    class_: str = Field("plain", alias="class")


server = MCPServer("shapes")


@server.tool()
def get_shape(name: str) -> Shape:
    """A shape."""
    return Shape(kind="line", points=[], **{"class": "x"})


@server.tool()
def plain(name: str) -> str:
    return name
'''


def test_types_from_a_server_file(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(SERVER)
    out = tmp_path / "_types.py"
    assert main(["types", str(tmp_path / "server.py"), "-o", str(out)]) == 0
    text = out.read_text()
    imports = [line for line in text.splitlines() if line.startswith(("from ", "import "))]
    assert imports == [  # the standard library's typing only: the View imports it in the browser
        "from typing import Any, Literal, NotRequired, TypedDict  # noqa: F401",
    ]
    spec = importlib.util.spec_from_file_location("shapes_types", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["shapes_types"] = module  # as a View's module is: its string annotations resolve in it
    try:
        spec.loader.exec_module(module)
        namespace = vars(module)
        shape = namespace["GetShapeResult"]
        assert shape is namespace["Shape"]
        hints = typing.get_type_hints(shape)
    finally:
        del sys.modules["shapes_types"]
    assert set(hints) == {"kind", "points", "label", "tags", "class"}  # "class" is not an identifier: functional form
    assert shape.__required_keys__ == {"kind", "points"}  # type: ignore[attr-defined]
    assert "Point" in namespace and "PlainResult" in namespace  # a str result is wrapped as {"result": str}
    ruff = [sys.executable, "-m", "ruff"]
    assert subprocess.run([*ruff, "check", "--isolated", str(out)], capture_output=True).returncode == 0
    assert subprocess.run([*ruff, "format", "--isolated", "--check", str(out)], capture_output=True).returncode == 0


@pytest.mark.parametrize(("example", "view"), [("weather", "weather_view"), ("orders", "orders_view")])
def test_the_examples_types_are_current(example: str, view: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYVIEW_WEATHER", "offline")
    monkeypatch.chdir(ROOT / "examples" / example)
    monkeypatch.syspath_prepend(str(ROOT / "examples" / example))  # the server imports its sibling modules
    from pyview._tooling.server._server_file import load_server

    _, server = load_server("server.py")
    text = render_types(asyncio.run(output_schemas(server)), "server.py")
    assert (ROOT / "examples" / example / view / "_types.py").read_text() == text, (
        f"run: cd examples/{example} && pyview types server.py -o {view}/_types.py"
    )


@pytest.mark.parametrize(("example", "view"), [("weather", "weather_view"), ("orders", "orders_view")])
def test_the_example_views_type_check(example: str, view: str) -> None:
    # the Views read their results through _types.py, so a misspelled or mistyped field is a mypy error
    done = subprocess.run(
        # the project's options and the cache scripts/test.sh's `mypy` step wrote: only the View is analysed afresh
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir",
         str(ROOT / ".mypy_cache"), "--strict", "--python-version", "3.11", "--no-error-summary", view],
        cwd=ROOT / "examples" / example, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
