"""A :class:`Backend` that forwards to a real MCP server through the official ``mcp`` client.

The server can be an in-process ``MCPServer`` (fast, for tests), a Python file that defines one (run as a
stdio subprocess, so a reload picks up its changes), a Streamable HTTP URL, or any stdio command line.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import sys
from pathlib import Path
from typing import Any

from pyview._core.app._errors import JsonRpcError
from pyview._tooling.host._backend import Backend

EXTENSION_ID = "io.modelcontextprotocol/ui"
MIME_TYPE = "text/html;profile=mcp-app"
_WIRE_NOISE = ("resultType", "ttlMs", "cacheScope")


def server_target(server: object, *, cwd: str | os.PathLike[str] | None = None) -> object:
    """What ``mcp.Client`` connects to, for a server given as an object, a file, a URL or a command line.

    Example:
        >>> server_target("http://127.0.0.1:8000/mcp")
        'http://127.0.0.1:8000/mcp'
        >>> server_target("uvx my-server --flag").args
        ['my-server', '--flag']
    """
    from mcp.client.stdio import StdioServerParameters

    if not isinstance(server, str | os.PathLike):
        return server  # an MCPServer, a lowlevel Server, StdioServerParameters or a Transport
    text = os.fspath(server)
    if text.startswith(("http://", "https://")):
        return text
    env = dict(os.environ)
    where = None if cwd is None else Path(cwd)
    if text.endswith(".py") and Path(text).is_file():
        return StdioServerParameters(
            command=sys.executable,
            args=["-m", "pyview._tooling.host._serve", str(Path(text).resolve())],
            env=env,
            cwd=where,
        )
    command, *args = shlex.split(text)
    return StdioServerParameters(command=command, args=args, env=env, cwd=where)


class McpBackend(Backend):
    """Forward the View's server requests to an MCP server (it advertises the MCP Apps extension).

    Args:
        server: an ``MCPServer`` instance, a path to a Python file defining one, an ``http(s)://`` URL, or a
            command line run over stdio (see :func:`server_target`).
        cwd: working directory of a subprocess server.
        timeout: seconds to wait for each answer.

    Example:
        >>> backend = McpBackend("examples/weather/server.py")  # doctest: +SKIP
        >>> await backend.start()  # doctest: +SKIP
        >>> [t["name"] for t in await backend.list_tools()]  # doctest: +SKIP
    """

    def __init__(self, server: object, *, cwd: str | os.PathLike[str] | None = None, timeout: float = 60.0) -> None:
        self.server = server
        self.cwd = cwd
        self.timeout = timeout
        self.server_info: dict[str, Any] = {}
        self._client: Any = None
        self._task: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None

    async def start(self) -> None:
        """Connect; raises what the connection raised (a missing command, a server that crashed...)."""
        if self._task is not None:
            return
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._stop = asyncio.Event()
        self._task = asyncio.create_task(self._hold(ready, self._stop))
        try:
            await ready
        except BaseException:  # the connection failed, or start() was cancelled (Ctrl+C while connecting)
            task, self._task = self._task, None
            task.cancel()  # a connection made after all must not linger with nobody to close it
            raise

    async def _hold(self, ready: asyncio.Future[None], stop: asyncio.Event) -> None:
        # the client is entered and exited in this one task, as anyio's cancel scopes require
        from mcp.client import Client, advertise

        try:
            client = Client(
                server_target(self.server, cwd=self.cwd),  # type: ignore[arg-type]
                extensions=[advertise(EXTENSION_ID, {"mimeTypes": [MIME_TYPE]})],
                read_timeout_seconds=self.timeout,
                cache=None,
            )
            async with client:
                self._client = client
                info = client.server_info
                self.server_info = info.model_dump(mode="json", exclude_none=True) if info is not None else {}
                if ready.cancelled():  # start() gave up waiting while this connected
                    return
                ready.set_result(None)
                await stop.wait()
        except BaseException as exc:
            if not ready.done():
                ready.set_exception(exc)
            elif not isinstance(exc, asyncio.CancelledError):
                raise
        finally:
            self._client = None
            if not isinstance(self.server, str | os.PathLike):  # a server in this process stops with its link
                from pyview._tooling.server._part_resources import close_state_stores

                await close_state_stores(self.server)

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is None or self._stop is None:
            return
        self._stop.set()
        try:
            await asyncio.wait_for(task, 10)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()

    def _connected(self) -> Any:
        if self._client is None:
            raise JsonRpcError(-32000, "the MCP server is not connected")
        return self._client

    async def list_tools(self) -> list[dict[str, Any]]:
        client, tools, cursor = self._connected(), [], None
        while True:
            page = await _forward(client.list_tools(cursor=cursor))
            tools.extend(page.get("tools", []))
            cursor = page.get("nextCursor")
            if not cursor:
                return tools

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return await _forward(self._connected().call_tool(name, arguments))

    async def read_resource(self, uri: str) -> dict[str, Any]:
        return await _forward(self._connected().read_resource(uri))

    async def list_resources(self, params: dict[str, Any]) -> dict[str, Any]:
        return await _forward(self._connected().list_resources(cursor=params.get("cursor")))

    async def list_resource_templates(self, params: dict[str, Any]) -> dict[str, Any]:
        return await _forward(self._connected().list_resource_templates(cursor=params.get("cursor")))

    async def list_prompts(self, params: dict[str, Any]) -> dict[str, Any]:
        return await _forward(self._connected().list_prompts(cursor=params.get("cursor")))


async def _forward(call: Any) -> dict[str, Any]:
    from mcp.shared.exceptions import MCPError

    try:
        result = await call
    except MCPError as exc:
        raise JsonRpcError(exc.code, exc.message, exc.data) from None
    return wire_result(result.model_dump(mode="json", by_alias=True, exclude_none=True))


def wire_result(result: dict[str, Any]) -> dict[str, Any]:
    """A result as the View should see it: without the 2026-07-28 transport fields and the server-info stamp.

    Example:
        >>> stamp = {"io.modelcontextprotocol/serverInfo": {}}
        >>> wire_result({"content": [], "resultType": "complete", "_meta": stamp})
        {'content': []}
    """
    clean = {k: v for k, v in result.items() if k not in _WIRE_NOISE}
    meta = clean.get("_meta")
    if isinstance(meta, dict):
        meta = {k: v for k, v in meta.items() if k != "io.modelcontextprotocol/serverInfo"}
        if meta:
            clean["_meta"] = meta
        else:
            del clean["_meta"]
    return clean
