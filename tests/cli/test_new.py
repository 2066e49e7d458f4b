"""``pyview new``: the scaffold's tests pass at once, its server lists the tool and its View, it refuses clobbering."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyview._tooling.cli._new_command import create, package_name
from pyview.cli import main


def test_new_project_tests_pass_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "my-app"
    assert main(["new", str(folder)]) == 0
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == [
        "README.md", "my_app_view/__init__.py", "pyproject.toml", "server.py", "tests/test_view.py",
    ]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=folder, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout


def test_new_project_builds_and_its_server_serves_the_view(tmp_path: Path) -> None:
    folder = tmp_path / "shop"
    create(folder)
    code = (
        "import asyncio, server\n"
        "from mcp.client import Client\n"
        "async def main():\n"
        "    async with Client(server.server) as c:\n"
        "        tools = await c.list_tools()\n"
        "        print([t.name for t in tools.tools], [str(r.uri) for r in (await c.list_resources()).resources])\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "'greet'" in done.stdout and "ui://shop/" in done.stdout  # (and pyview_event, for the server runtime)


def test_new_refuses_a_folder_that_is_not_empty_and_bad_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    assert main(["new", str(tmp_path / "taken")]) == 1
    assert "not empty" in capsys.readouterr().err
    assert (tmp_path / "taken" / "keep.txt").read_text() == "mine"
    assert main(["new", str(tmp_path / "2fast")]) == 1
    with pytest.raises(ValueError, match="not a usable project name"):
        package_name("class")
