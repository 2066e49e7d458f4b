"""The HTTP app's runtime files, ``pyview serve``'s start-up output, and its errors."""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.cli._serve_command import main
from pyview.server import register_cli, runtime_url_for

EXAMPLE = Path(__file__).parent / "example"


def fetch(url: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, method=method, headers={"Origin": "null"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_runtime_files_are_served_for_opaque_frames(http_server: Any) -> None:
    status, headers, body = fetch(f"{http_server.origin}/pyodide/pyodide.asm.wasm")
    assert status == 200
    assert headers["content-type"] == "application/wasm"
    assert headers["access-control-allow-origin"] == "*"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    assert body[:4] == b"\0asm"
    status, headers, _ = fetch(f"{http_server.origin}/pyodide/pyodide.asm.mjs", method="HEAD")
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    status, headers, _ = fetch(f"{http_server.origin}/pyodide/secrets.txt")
    assert status == 404 and headers["access-control-allow-origin"] == "*"


def test_startup_output_names_the_endpoint_tools_and_views(http_server: Any) -> None:
    banner = "\n".join(http_server.banner)
    assert f"pyview: serving MCP server 'greeter' on {http_server.url}" in banner
    assert "greet  -> View greeter" in banner
    assert "forget [app only]  -> View greeter" in banner
    assert "    stats\n" in banner
    assert "greeter: ui://greeter/view-" in banner
    assert f"runtime from {http_server.origin}/pyodide/" in banner


def test_register_cli_adds_the_serve_command() -> None:
    parser = argparse.ArgumentParser(prog="pyview")
    register_cli(parser.add_subparsers())
    args = parser.parse_args(["serve", "server.py", "--http", "--port", "9000", "--runtime", "url"])
    assert (args.server, args.http, args.port, args.runtime) == ("server.py", True, 9000, "url")
    assert callable(args.handler)


def test_the_banner_names_each_views_runtime() -> None:
    from pyview._tooling.cli._serve_command import _runtime_label

    assert _runtime_label("server", None) == "server runtime"
    assert _runtime_label("auto", None) == (
        "auto: server runtime, Python fetched after the first paint as ui:// resources"
    )
    assert _runtime_label("auto", "http://h/pyodide/") == (
        "auto: server runtime, Python fetched after the first paint from http://h/pyodide/ or as ui:// resources"
    )
    assert _runtime_label("inline", None) == "inline runtime"


def test_runtime_url_for() -> None:
    assert runtime_url_for("127.0.0.1", 8000) == "http://127.0.0.1:8000/pyodide/"
    assert runtime_url_for("0.0.0.0", 80, "/rt") == "http://127.0.0.1:80/rt/"
    assert runtime_url_for("::1", 8000) == "http://[::1]:8000/pyodide/"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing_server.py"], "server file not found: missing_server.py"),
        ([str(EXAMPLE / "greeter_view.py")], "failed to import"),  # imports js
        ([str(EXAMPLE / "server.py"), "--runtime", "url"], "--runtime url over stdio needs --runtime-url"),
        ([f"{EXAMPLE / 'server.py'}:nothing"], "has no MCPServer named 'nothing'"),
        ([str(EXAMPLE / "server.py"), "--runtime", "server", "--runtime-url", "http://x/"], "only used with"),
    ],
)
def test_serve_errors_are_readable(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    assert message in capsys.readouterr().err


def test_a_file_without_a_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty_server.py"
    empty.write_text("x = 1\n")
    assert main([str(empty)]) == 1
    assert "defines no MCPServer; name one: pyview serve" in capsys.readouterr().err


def test_a_port_in_use_is_a_readable_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "pyview.server", str(EXAMPLE / "server.py"), "--http", "--port", str(port)]
        done = subprocess.run([*command, "--no-warm-up"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert f"pyview: error: could not serve on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr
