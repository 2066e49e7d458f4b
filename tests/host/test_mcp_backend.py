"""The host in front of a real MCP server, through the official ``mcp`` client (in process and over stdio)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

from pyview.app import App, HostError, memory_transport_pair
from pyview.host import Host, McpBackend, tool_resource_uri

pytestmark = pytest.mark.anyio
SERVER = Path(__file__).parent / "servers" / "counter_server.py"


async def check_backend(backend: McpBackend) -> None:
    await backend.start()
    try:
        tools = {t["name"]: t for t in await backend.list_tools()}
        assert set(tools) == {"show_counter", "increment", "reset_all", "add"}
        assert tool_resource_uri(tools["show_counter"]) == "ui://counter/view.html"
        read = await backend.read_resource("ui://counter/view.html")
        assert read["contents"][0]["mimeType"] == "text/html;profile=mcp-app"
        assert "resultType" not in read

        host = Host(backend, tool=tools["show_counter"])
        view_end, host_end = memory_transport_pair()
        host.connect(host_end)
        app = App("t", "1", auto_resize=False, apply_host_styles=False)
        await app.connect(view_end, timeout=5)

        result = await app.call_server_tool("increment", {"count": 4})
        assert result.structured_content == {"count": 5}
        with pytest.raises(HostError, match="not available to apps"):
            await app.call_server_tool("reset_all")
        bad = await app.call_server_tool("increment", {"cnt": 4})
        assert bad.is_error
    finally:
        await backend.close()


async def test_in_process_server() -> None:
    namespace: dict[str, Any] = runpy.run_path(str(SERVER))
    await check_backend(McpBackend(namespace["server"]))


async def test_python_file_over_stdio() -> None:
    await check_backend(McpBackend(str(SERVER)))


async def test_a_command_that_does_not_exist_fails_on_start() -> None:
    with pytest.raises(Exception):  # noqa: B017 - the SDK raises OSError or an ExceptionGroup
        await McpBackend("pyview-no-such-command --stdio").start()


async def test_a_start_cancelled_while_connecting_leaves_nothing_behind() -> None:
    # `pyview dev` stopped at once: the server connects after start() gave up (it raised InvalidStateError)
    import asyncio

    namespace: dict[str, Any] = runpy.run_path(str(SERVER))
    backend = McpBackend(namespace["server"])
    starting = asyncio.ensure_future(backend.start())
    await asyncio.sleep(0)  # start() is now waiting for the connection
    held = backend._task
    assert held is not None and not starting.done()
    starting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await starting
    await held  # the connection task ends too, without an error
    assert backend._task is None and backend._client is None
    await backend.close()
