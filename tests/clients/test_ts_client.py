"""The examples under the official MCP TypeScript client (``@modelcontextprotocol/client``, pinned in
tests/clients/package.json), stdio, default options: every View resource and every chunk of an auto View's runtime
parts is read (and checked by sha256), every model-visible tool is called.

Its stdio transport closes the connection on any message over 10 MiB (``STDIO_DEFAULT_MAX_BUFFER_SIZE``), and a host
built on it then loses the whole server (issue 24). The examples run with their real defaults (snapshot "auto"),
not the suite's ``PYVIEW_SNAPSHOT=off``: that is what users get.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
CLIENT = Path(__file__).parent / "read_all.mjs"
NODE_MODULES = Path(__file__).parent / "node_modules" / "@modelcontextprotocol" / "client"
# the model-visible tools of each example, with valid arguments
CALLS: dict[str, dict[str, dict[str, Any]]] = {
    "hello": {"greet": {"name": "Ada"}},
    "weather": {"get_weather": {"city": "Paris"}},
    "orders": {"list_orders": {}, "get_order": {"id": 1001}},
}

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not NODE_MODULES.is_dir(),
    reason="needs Node and tests/clients' npm packages (scripts/install.sh installs both)",
)


@pytest.fixture(scope="module")
def environment(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The examples' real defaults: no PYVIEW_RUNTIME/PYVIEW_SNAPSHOT; offline weather, a fresh orders database."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYVIEW_RUNTIME")}
    env.pop("PYVIEW_SNAPSHOT", None)
    folder = tmp_path_factory.mktemp("ts-client")
    env.update(PYTHONPATH=str(REPO), PYVIEW_WEATHER="offline", PYVIEW_ORDERS_DB=str(folder / "orders.sqlite3"))
    return env


def run_client(example: str, env: dict[str, str]) -> dict[str, Any]:
    job = {"command": sys.executable, "args": [str(REPO / "examples" / example / "server.py")], "calls": CALLS[example]}
    done = subprocess.run(
        ["node", str(CLIENT), json.dumps(job)], cwd=CLIENT.parent, env=env, capture_output=True, text=True,
        timeout=900, check=False,
    )  # fmt: skip
    assert done.stdout.strip(), done.stderr
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    report["exit"] = done.returncode
    return report


def build_views(example: str, env: dict[str, str]) -> None:
    """Import the server once, so its Views (and their memory snapshots, made in Node) are built and cached before
    the client's 60 s request timeout starts: a first build is no part of what this test checks."""
    server = str(REPO / "examples" / example / "server.py")
    code = f"from pyview._tooling.server._server_file import load_server; load_server({server!r})"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("example", sorted(CALLS))
def test_every_view_part_and_tool_works_under_the_official_typescript_client(
    example: str, environment: dict[str, str]
) -> None:
    build_views(example, environment)
    report = run_client(example, environment)
    assert report["error"] is None and report["exit"] == 0 and not report["closed"], report
    assert report["views"], report  # the example has a View, and it was read
    for view in report["views"]:
        assert view["mode"] == "auto" and view["bytes"] <= 256_000, view  # the default: small
        assert {"pyodide.asm.wasm", "python_stdlib.zip", "pyview-sources.json"} <= set(view["parts"]), view
        assert all(part["ok"] for part in view["parts"].values()), view  # every chunk read, sha256 as named
    assert sorted(report["tools"]) == sorted(CALLS[example])  # every model-visible tool is called
    for name, call in report["calls"].items():
        assert not call["isError"], (name, call)


def test_the_check_fails_on_the_old_default(environment: dict[str, str]) -> None:
    """Pyodide and its memory snapshot inline (the default before issue 24): over the client's 10 MiB.

    The server now refuses to start with it over stdio, so the client sees the connection close: either way the
    check fails, which is what proves it can."""
    old = {**environment, "PYVIEW_RUNTIME": "inline", "PYVIEW_SNAPSHOT": "on"}
    report = run_client("hello", old)
    assert report["error"] is not None and report["exit"] == 1, report
    assert "over the 10 MiB an stdio client accepts" in report["stderr"], report
