"""``pyview new``: the scaffold's tests pass at once, its server lists the tool and its View, it refuses clobbering."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyview._tooling.cli._new_command import create, package_name
from pyview.cli import main

AXE = Path(__file__).resolve().parents[1] / "a11y" / "node_modules" / "axe-core" / "axe.min.js"


def project_pytest(folder: Path, *args: str, axe: bool) -> subprocess.CompletedProcess[str]:
    """The new project's own test run; axe-core installed (as ``npm install`` there would) or not at all."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST") and k != "PYVIEW_AXE_CORE"}
    if axe:
        if not AXE.is_file():
            pytest.fail(f"axe-core is not installed in {AXE.parents[2]}: run bash scripts/install.sh", pytrace=False)
        env["PYVIEW_AXE_CORE"] = str(AXE)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=folder, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


@pytest.mark.browser
def test_new_project_tests_pass_at_once(tmp_path: Path) -> None:
    """Its View test (no browser) and its accessibility test (axe-core in Chromium, both themes) pass as written."""
    folder = tmp_path / "my-app"
    assert main(["new", str(folder)]) == 0
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == [
        "README.md", "my_app_view/__init__.py", "package.json", "pyproject.toml", "server.py",
        "tests/test_accessibility.py", "tests/test_view.py",
    ]  # fmt: skip
    done = project_pytest(folder, axe=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout


def test_new_project_accessibility_test_fails_with_the_install_command_without_axe(tmp_path: Path) -> None:
    folder = tmp_path / "no-axe"
    create(folder)
    done = project_pytest(folder, "tests/test_accessibility.py", axe=False)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed" in done.stdout and "npm install --save-dev axe-core@4.14.1" in done.stdout


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
