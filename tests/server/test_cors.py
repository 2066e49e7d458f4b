"""Opt-in CORS on ``/mcp`` (``pyview serve --cors``) and its interplay with the SDK's DNS-rebinding protection.

The browser end of it (a host page on another origin connecting with the official TypeScript client) is in
tests/realhost.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from pyview._tooling.cli._serve_command import main
from pyview._tooling.server._cors import parse_origins

LOOPBACK_PAGE, PUBLIC_PAGE = "http://localhost:8080", "https://host.example"
CLIENT_HEADERS = "accept,authorization,content-type,last-event-id,mcp-protocol-version,mcp-session-id,mcp-method"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "cors-test", "version": "1"},
    },
}


def call(url: str, method: str, headers: dict[str, str], body: Any = None) -> tuple[int, dict[str, str], str]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read().decode()


def preflight(url: str, origin: str) -> tuple[int, dict[str, str], str]:
    asks = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": CLIENT_HEADERS}
    return call(url, "OPTIONS", {"Origin": origin, **asks})


def post(url: str, origin: str, body: Any, **more: str) -> tuple[int, dict[str, str], str]:
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Origin": origin}
    return call(url, "POST", {**headers, **more}, body)


def test_without_cors_a_preflight_gets_what_it_always_got(http_server: Any) -> None:
    status, headers, _ = preflight(http_server.url, LOOPBACK_PAGE)
    assert status == 405
    assert not [name for name in headers if name.startswith("access-control-")]
    status, headers, _ = post(http_server.url, LOOPBACK_PAGE, INITIALIZE)
    assert status == 200 and "mcp-session-id" in headers
    assert "access-control-allow-origin" not in headers  # a browser page cannot read it


@pytest.mark.parametrize("origin", [LOOPBACK_PAGE, PUBLIC_PAGE])
def test_a_preflight_from_an_allowed_origin_grants_the_clients_headers(cors_server: Any, origin: str) -> None:
    status, headers, _ = preflight(cors_server.url, origin)
    assert status == 200
    assert headers["access-control-allow-origin"] == origin
    assert set(CLIENT_HEADERS.split(",")) <= set(headers["access-control-allow-headers"].lower().split(", "))
    assert "POST" in headers["access-control-allow-methods"] and "DELETE" in headers["access-control-allow-methods"]
    assert "mcp-session-id" in headers["access-control-expose-headers"]


def test_an_allowed_public_origin_passes_the_rebinding_check_end_to_end(cors_server: Any) -> None:
    status, headers, _ = post(cors_server.url, PUBLIC_PAGE, INITIALIZE)
    assert status == 200
    assert headers["access-control-allow-origin"] == PUBLIC_PAGE
    assert "mcp-session-id" in headers["access-control-expose-headers"]
    session = headers["mcp-session-id"]
    listed = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}
    status, headers, body = post(cors_server.url, PUBLIC_PAGE, listed, **{"mcp-session-id": session})
    assert status == 200 and '"greet"' in body


def test_a_foreign_origin_is_refused(cors_server: Any) -> None:
    status, headers, body = preflight(cors_server.url, "https://evil.example")
    assert status == 400 and "access-control-allow-origin" not in headers
    assert "Disallowed CORS origin" in body
    status, headers, body = post(cors_server.url, "https://evil.example", INITIALIZE)
    assert status == 403 and "Invalid Origin" in body  # the SDK's DNS-rebinding protection
    assert "access-control-allow-origin" not in headers


def test_a_foreign_host_is_refused_even_from_an_allowed_origin(cors_server: Any) -> None:
    status, _, body = post(cors_server.url, LOOPBACK_PAGE, INITIALIZE, Host=f"rebound.example:{cors_server.port}")
    assert status == 421 and "Invalid Host" in body


def test_the_runtime_files_keep_their_own_cors(cors_server: Any) -> None:
    status, headers, _ = call(f"{cors_server.origin}/pyodide/pyodide.mjs", "GET", {"Origin": LOOPBACK_PAGE})
    assert status == 200 and headers["access-control-allow-origin"] == "*"
    status, headers, _ = call(f"{cors_server.origin}/pyodide/pyodide.mjs", "GET", {"Origin": "null"})
    assert status == 200 and headers["access-control-allow-origin"] == "*"
    assert "access-control-expose-headers" not in headers


def test_the_banner_names_the_origins(cors_server: Any) -> None:
    assert f"  CORS: host pages on {LOOPBACK_PAGE}, {PUBLIC_PAGE} may call it from a browser" in cors_server.banner


def test_origins_are_checked() -> None:
    assert parse_origins(" http://localhost:8080/ ,http://[::1]:5173,") == (
        "http://localhost:8080",
        "http://[::1]:5173",
    )
    for wrong in ("*", "localhost:8080", "http://localhost:8080/mcp", "ftp://x"):
        with pytest.raises(ValueError, match="--cors needs origins such as"):
            parse_origins(wrong)
    with pytest.raises(ValueError, match="at least one origin"):
        parse_origins(" , ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["server.py", "--cors", "http://localhost:8080"], "--cors applies to --http only"),
        (["server.py", "--http", "--cors", "*"], "--cors needs origins such as http://localhost:8080, not '*'"),
    ],
)
def test_cors_errors_are_readable(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    assert message in capsys.readouterr().err
