"""The dev host's state: the MCP server, its tools, the tool call on show, and the View's frame."""

from __future__ import annotations

import asyncio
import base64
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pyview._core.app._errors import JsonRpcError
from pyview._tooling.dev._downloads import Downloads
from pyview._tooling.host._backend import tool_result
from pyview._tooling.host._context import resource_ui_meta, tool_resource_uri, tool_visibility
from pyview._tooling.host._host import Host
from pyview._tooling.host._host_looks import HOSTS, size_problem
from pyview._tooling.host._mcp import McpBackend
from pyview._tooling.host._profiles import Profile
from pyview._tooling.host._relay import RelaySession

if TYPE_CHECKING:
    from pyview._tooling.host._guard import Guard

log = logging.getLogger("pyview.dev")
CLIP = 600
DEPTH = 40


class DevHost:
    """One MCP server under development, shown through one relay page (the dev page).

    Args:
        server: what :class:`~pyview.host.McpBackend` takes: a Python file, a URL, a command line, an ``MCPServer``.
        session: the relay session of the dev page.
        allow_wasm: add ``'wasm-unsafe-eval'`` to the View's CSP (Python Views need it).

    Example:
        >>> dev = DevHost("examples/weather/server.py", hub.create())  # doctest: +SKIP
        >>> await dev.start()  # doctest: +SKIP
        >>> await dev.call("forecast", {"city": "Oslo"})  # doctest: +SKIP
    """

    def __init__(self, server: object, session: RelaySession, *, allow_wasm: bool = True) -> None:
        self.server = server
        self.session = session
        self.allow_wasm = allow_wasm
        self.backend = McpBackend(server)
        self.tools: list[dict[str, Any]] = []
        self.profile: Profile = "full"
        self.context: dict[str, Any] = {}
        """The context keys the developer set with the controls (kept across reloads and profile changes)."""
        self.current: dict[str, Any] | None = None
        """The tool call on show: ``{"tool": definition, "arguments": ..., "result": ...}``."""
        self.host: Host | None = None
        self.status: dict[str, str] = {"level": "info", "text": "connecting to the MCP server..."}
        self.guard: Guard | None = None
        """The gate of the web app serving this host (its token, allowed hosts), set by ``dev_app``."""
        self.downloads = Downloads()
        """Files the View saved (``ui/download-file``), served back to the page by ``GET /api/downloads/{n}``."""
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    def watched(self) -> list[Path]:
        """The folders to watch for changes: the server file's folder (it holds the Views too)."""
        if isinstance(self.server, str) and self.server.endswith(".py") and Path(self.server).is_file():
            return [Path(self.server).resolve().parent]
        return []

    def _status(self, level: str, text: str) -> None:
        self.status = {"level": level, "text": text}
        self.session.push({"type": "status", **self.status})

    async def start(self) -> None:
        """Connect to the server and list its tools (errors are shown on the page, not raised)."""
        try:
            await self.backend.start()
            self.tools = await self.backend.list_tools()
        except BaseException as exc:  # a broken server file must not stop the dev host
            if isinstance(exc, asyncio.CancelledError):
                raise
            self._status("error", f"could not start the MCP server: {_reason(exc)}")
            return
        name = self.backend.server_info.get("name", "MCP server")
        self.session.push({"type": "tools", "server": name, "tools": self.tools})
        self._status("info", f"connected to {name}: {len(self.tools)} tools")

    async def reload(self, changed: list[str]) -> None:
        """Restart the server, re-list its tools and re-mount the View with the current tool data."""
        async with self._lock:
            self._status("info", f"reloading ({Path(changed[0]).name} changed)" if changed else "reloading")
            await self.backend.close()
            self.backend = McpBackend(self.server)
            await self.start()
            if self.current is not None and self.backend._client is not None:
                await self._mount()

    async def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Call a tool as the model would, then show its View with the input and the result.

        A tool only the View may call (``_meta.ui.visibility`` without ``"model"``) is refused, as a real host hides
        it from the model; the View still calls it (through the relay).
        """
        tool = next((t for t in self.tools if t["name"] == name), {"name": name})
        visibility = tool_visibility(tool)
        if "model" not in visibility:
            raise ValueError(
                f"{name!r} is an app-only tool (_meta.ui.visibility is {visibility}): a host hides it from the model, "
                "so the dev host does not call it as the model would; its View still calls it"
            )
        try:
            result = await self.backend.call_tool(name, arguments)
        except JsonRpcError as exc:
            result = {"content": [{"type": "text", "text": f"error {exc.code}: {exc.message}"}], "isError": True}
        self.current = {"tool": tool, "arguments": arguments, "result": result}
        self.session.push({"type": "tool-data", **self.current})
        async with self._lock:
            await self._mount()
        return result

    async def _mount(self) -> None:
        current = self.current  # the call being shown, fixed for this mount (a newer call may land while it reads)
        assert current is not None
        tool = current["tool"]
        uri = tool_resource_uri(tool)
        if uri is None:
            self.session.push({"type": "unmount"})
            self._status("info", f"{tool['name']} has no View (no _meta.ui.resourceUri); its result is below")
            return
        try:
            contents = (await self.backend.read_resource(uri))["contents"][0]
        except JsonRpcError as exc:
            self._status("error", f"could not read {uri}: {exc.message}")
            return
        meta = resource_ui_meta(contents)
        look = HOSTS[self.profile]
        html = str(contents.get("text", ""))
        problem = size_problem(html, look)
        if problem is not None:  # the host refuses it, as that host would
            self.host = None
            self.session.unmount(problem)
            self._status("error", f"{look.label} would not show {uri}: {problem}")
            return
        host = Host(self.backend, profile=self.profile, host_context=self.context, tool=tool, ui_meta=meta)
        host.listeners.append(self._forward)
        self.host = host
        self.session.mount(
            html,
            host,
            ui_csp=meta.get("csp") if look.csp_domains else None,
            allow_wasm=self.allow_wasm and look.allow_wasm,
            prefers_border=bool(meta.get("prefersBorder")),
            workers=look.workers,
        )
        host.send_tool_input(current["arguments"])
        host.send_tool_result(current["result"])
        self._status("info", f"showing {uri} for {tool['name']}")

    async def remount(self) -> None:
        """Show the current tool call again in a fresh frame (e.g. after the page was reloaded)."""
        if self.current is not None:
            async with self._lock:
                await self._mount()

    def _forward(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "traffic":
            self.session.push({"type": "traffic", **data, "message": clip(data["message"])})
        elif kind == "dropped":
            self._status("error", f"dropped {data['method']} for the View: {data['reason']}")
        elif kind == "context" and "displayMode" in data["changed"]:
            self.context["displayMode"] = data["context"]["displayMode"]  # a mode the View asked for is kept
        elif kind == "download":
            task = asyncio.get_running_loop().create_task(self._save(data))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _save(self, params: dict[str, Any]) -> None:
        """Save each file of a ``ui/download-file`` request and show it on the page."""
        for block in params.get("contents") or []:
            try:
                data = None
                if isinstance(block, dict) and block.get("type") == "resource_link":
                    data = await self._read_link(str(block.get("uri")))
                item = self.downloads.add_content(block if isinstance(block, dict) else {}, data)
            except (JsonRpcError, OSError, ValueError) as exc:
                self._status("error", f"could not save a download: {exc}")
                continue
            self.session.push({"type": "download", **{k: v for k, v in item.items() if k != "path"}})
            self._status("info", f"saved {item['name']} ({item['size']:,} bytes) to {item['path']}")

    async def _read_link(self, uri: str) -> bytes:
        contents = (await self.backend.read_resource(uri))["contents"]
        if not contents:
            raise ValueError(f"{uri} has no contents")
        first = contents[0]
        if isinstance(first.get("blob"), str):
            return base64.b64decode(first["blob"])
        return str(first.get("text", "")).encode("utf-8")

    async def teardown(self, *, timeout: float = 10) -> str:
        """Ask the View to tear down (``ui/resource-teardown``), then unmount its frame. Returns what happened."""
        host = self.host
        if host is None:
            raise ValueError("no View is shown")
        try:
            await host.teardown("the developer closed the View", timeout=timeout)
            said = "the View answered ui/resource-teardown and was unmounted"
        except Exception as exc:  # a View that does not answer is unmounted anyway, as a host would
            said = f"the View did not answer ui/resource-teardown ({type(exc).__name__}: {exc}); unmounted anyway"
        self.host = None
        self.session.unmount(said)
        self._status("info", said)
        return said

    def set_context(self, changes: dict[str, Any]) -> dict[str, Any]:
        """Apply the controls' context; the View gets only what changed. Returns the difference."""
        self.context.update(changes)
        return self.host.set_host_context(changes) if self.host is not None else {}

    async def set_profile(self, profile: Profile) -> None:
        """Switch the host profile: the View is re-mounted, since capabilities are fixed at the handshake.

        The profile's own context (theme variables, fonts, display modes, platform) replaces the previous one's;
        the developer's other settings (theme, locale, width...) are kept."""
        self.profile = profile
        for key in ("styles", "availableDisplayModes", "platform"):
            self.context.pop(key, None)
        if self.context.get("displayMode") not in HOSTS[profile].display_modes:
            self.context["displayMode"] = "inline"
        await self.remount()

    def send(self, kind: str, data: Any) -> None:
        """Resend edited tool data: ``kind`` is ``input``, ``partial``, ``result`` or ``cancel``."""
        if self.host is None:
            raise ValueError("no View is shown: call a tool first")
        if kind == "input":
            self.host.send_tool_input(data)
        elif kind == "partial":
            self.host.send_tool_input_partial(data)
        elif kind == "result":
            self.host.send_tool_result(data)
        elif kind == "cancel":
            self.host.send_tool_cancelled(data or None)
        else:
            raise ValueError(f"unknown kind {kind!r}")
        if self.current is not None and kind in ("input", "result"):
            self.current["arguments" if kind == "input" else "result"] = data if kind == "input" else tool_result(data)

    async def close(self) -> None:
        """Disconnect from the server."""
        await self.backend.close()


def clip(value: Any, limit: int = CLIP, depth: int = DEPTH) -> Any:
    """``value`` with long strings shortened and what is nested deeper than ``depth`` elided, for the log
    (a View document can be megabytes; a message can be nested a thousand levels deep).

    Example:
        >>> clip({"text": "x" * 10}, 4)
        {'text': 'xxxx… (10 chars)'}
        >>> clip({"a": {"b": [1]}}, depth=2)
        {'a': {'b': '… (nested deeper)'}}
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]}… ({len(value)} chars)"
    if isinstance(value, dict | list) and depth <= 0:
        return "… (nested deeper)"
    if isinstance(value, dict):
        return {k: clip(v, limit, depth - 1) for k, v in value.items()}
    if isinstance(value, list):
        return [clip(v, limit, depth - 1) for v in value]
    return value


def _reason(exc: BaseException) -> str:
    if isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        return _reason(exc.exceptions[0])
    return f"{type(exc).__name__}: {exc}"
