"""Test helpers for View state: a real ``redis-server`` and the server side of View state without MCP.

Example:
    >>> with redis_server(Path("/tmp/r")) as url:  # doctest: +SKIP
    ...     server = StateServer("views/state_view.py", "state", RedisStateStore(url, ttl=600))
    ...     result = server.result({"city": "Oslo"})  # what the tool returns: _meta.pyview has the tree and instance
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mcp_types import CallToolResult, TextContent

from pyview._tooling.server._state_store import StateStore
from pyview._tooling.server._view_resource import ViewRuntime
from pyview._tooling.server._views import Views
from pyview._tooling.testing._loop_thread import LoopThread

# Logs, in each frame, every text the element [data-testid=units] ever had (window.seenUnits): mutation observers run
# before the browser paints, so a text that was never recorded was never on screen.
SEEN_UNITS_JS = """if (window !== window.top) {
  window.seenUnits = [];
  new MutationObserver(() => {
    const text = document.querySelector("[data-testid=units]")?.textContent;
    if (text !== undefined && window.seenUnits[window.seenUnits.length - 1] !== text) window.seenUnits.push(text);
  }).observe(document, { childList: true, subtree: true, characterData: true });
}"""


@contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """Debian's ``redis-server`` on a free loopback port, its data in ``folder``; yields its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed (scripts/install.sh installs it)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "", "--unixsocket", ""],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if "Ready to accept connections" in line:
            break
    else:
        raise RuntimeError("redis-server exited before it was ready")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait()
        process.stdout.close()


class StateServer:
    """pyview's server side for one View, as an MCP server runs it: results rendered with signed instance ids
    (``_meta.pyview``), and ``pyview_state`` answered (with re-rendered trees). A new one is a restarted server.

    Args:
        path: the View's file; name: its name; store: where its View state lives.
    """

    def __init__(self, path: str | Path, name: str, store: StateStore, runtime: ViewRuntime | None = None) -> None:
        self.views = Views(state_store=store)
        self.handle = self.views.add(name, path, runtime=runtime)
        self._runner: LoopThread | None = None

    def result(self, structured: dict[str, Any], arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        """A tool result showing ``structured`` as the server sends it (a fresh View instance)."""
        data: dict[str, Any] = {"content": [{"type": "text", "text": json.dumps(structured)}],
                                "structuredContent": structured}  # fmt: skip
        engine = self.views.server_runtime.engine
        meta = engine.result_meta(self.handle, arguments or {}, data, session=self.handle.server_side)
        return {**data, "_meta": {"pyview": meta}}

    def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """``tools/call`` from the View: ``pyview_state``, or the server runtime's ``pyview_event`` (its sessions
        live on a loop thread of this server's own)."""
        runtime = self.views.server_runtime
        if name == "pyview_state":
            result = runtime.state_result(arguments)
        elif name == "pyview_event":
            if self._runner is None:
                self._runner = LoopThread("state-server")
            answer = self._runner.run(runtime.engine.handle(arguments, None), 60)
            result = CallToolResult(content=[TextContent(type="text", text="ok")], _meta={"pyview": answer})
        else:
            return {"content": [{"type": "text", "text": f"Unknown tool: {name}"}], "isError": True}
        dumped: dict[str, Any] = result.model_dump(by_alias=True, exclude_none=True, mode="json")
        return dumped

    def close(self) -> None:
        """Stop as a server process does: the store's connections closed (``aclose``, on the loop thread that
        ``pyview_event`` started, where its asyncio connections live), then that loop thread stopped. Safe to call
        again."""
        aclose = getattr(self.views.server_runtime.state_store, "aclose", None)
        # a thread of its own even when no loop was started: the caller may be running a loop (Playwright's sync API)
        runner, self._runner = self._runner or LoopThread("state-server-close"), None
        try:
            if callable(aclose):
                runner.run(aclose(), 60)
        finally:
            runner.close()

    def __enter__(self) -> StateServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
