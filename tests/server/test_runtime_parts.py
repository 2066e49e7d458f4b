"""An auto View's runtime parts as a server serves them: ``ui://pyview-runtime`` chunk resources read with the real
``mcp`` client, the HTTP route ``{runtime_path}/parts/<sha256>``, and the 10 MiB rule of stdio servers."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from starlette.testclient import TestClient

from pyview._tooling.packager._parts import PartStore
from pyview.server import Views, runtime_files_app

REPO = Path(__file__).resolve().parents[2]
HELLO = REPO / "examples" / "hello"
WEATHER = REPO / "examples" / "weather" / "weather_view"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def manifest_of(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="pyview-config">(.*?)</script>', html, re.S)
    assert found is not None
    runtime: dict[str, Any] = json.loads(found.group(1))["runtime"]
    return runtime


@pytest.mark.anyio
async def test_chunk_resources_reassemble_every_part_of_every_auto_view() -> None:
    views = Views(runtime="auto", cache_dir=None, snapshot="off")
    hello = views.add("hello", HELLO / "hello_view.py")
    weather = views.add("weather", WEATHER)
    server = MCPServer("parts", extensions=[views])
    async with Client(server) as client:
        listed = {str(resource.uri): resource for resource in (await client.list_resources()).resources}
        for handle in (hello, weather):
            document = (await client.read_resource(handle.uri)).contents[0]
            runtime = manifest_of(document.text)  # type: ignore[union-attr]
            assert runtime["mode"] == "auto" and len(document.text) < 256_000  # type: ignore[union-attr]
            for name, part in runtime["parts"].items():
                stored = b""
                for uri in part["chunks"]:
                    assert listed[uri].mime_type == "application/octet-stream"
                    assert listed[uri].title.startswith(f"pyview runtime part: {name} (")  # type: ignore[union-attr]
                    assert "read by the View's frame" in (listed[uri].description or "")
                    (content,) = (await client.read_resource(uri)).contents
                    blob = content.blob  # type: ignore[union-attr]
                    assert content.mime_type == "application/octet-stream" and len(blob) <= 1024 * 1024
                    stored += base64.b64decode(blob)
                assert (len(stored), hashlib.sha256(stored).hexdigest()) == (part["bytes"], part["sha256"]), name
    wasm = [uri for uri, item in listed.items() if (item.title or "").startswith("pyview runtime part: pyodide.asm")]
    parts = manifest_of(hello.html())["parts"]  # registered once, though both Views name them
    assert len(wasm) == len(parts["pyodide.asm.wasm"]["chunks"]) + len(parts["pyodide.asm.mjs"]["chunks"])


def test_parts_are_served_over_http_from_the_store(tmp_path: Path) -> None:
    store = PartStore(tmp_path / "parts")
    part = store.put("x.bin", b"\x1f\x8b pyview part", "gzip")
    with TestClient(runtime_files_app(store=store)) as http:
        answer = http.get(f"/parts/{part.sha256}", headers={"Origin": "null"})
        assert answer.status_code == 200 and answer.content == b"\x1f\x8b pyview part"
        assert answer.headers["content-type"] == "application/octet-stream"
        assert answer.headers["access-control-allow-origin"] == "*"
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
        for name in ("0" * 64, part.sha256.upper(), part.sha256[:63], "..%2F..%2Fetc%2Fpasswd", f"{part.sha256}.gz"):
            missing = http.get(f"/parts/{name}")
            assert missing.status_code == 404, name


def test_a_stdio_server_refuses_to_start_with_a_document_over_10_mib(view_cache: Path) -> None:
    # the old default: Pyodide and the memory snapshot inline, a document over 10 MiB the TypeScript client would drop
    environment = {**os.environ, "PYVIEW_RUNTIME": "inline", "PYVIEW_SNAPSHOT": "on", "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, str(HELLO / "server.py")], stdin=subprocess.DEVNULL, capture_output=True, text=True,
        env=environment, timeout=900, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""  # nothing reached the protocol stream
    assert "pyview: error: View 'hello': its document is 1" in done.stderr
    assert "over the 10 MiB an stdio client accepts" in done.stderr and 'runtime "auto"' in done.stderr
