"""``pyview dev`` reports a missing or broken server file in the terminal and exits, as ``pyview serve`` does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def dev(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyview.cli", "dev", *args, "--no-browser", "--port", "0"],
        cwd=cwd, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_a_missing_server_file_is_an_error(tmp_path: Path) -> None:
    done = dev("nowhere/server.py", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.strip() == "pyview: error: server file not found: nowhere/server.py"


def test_a_server_file_with_a_syntax_error_names_its_line(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text("from mcp.server.mcpserver import MCPServer\n\nserver = MCPServer(\n")
    done = dev("server.py", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("pyview: error: server.py:3: SyntaxError:"), done.stderr
