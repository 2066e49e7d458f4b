"""A stand-in for the server half of issue 12 (helper 5 builds the real one in pyview.server): it renders a View in
CPython and answers ``pyview_event`` exactly as the wire contract says, so the browser side is tested on its own.

Sessions live in memory under a random token (no signing: that is the real server's job).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import secrets
from pathlib import Path
from typing import Any

from pyview._core.components._root import Root
from pyview._core.components._view import app_tree, as_node
from pyview._tooling.testing._loop_thread import LoopThread
from pyview.app import ToolInput, ToolResult
from pyview.testing import FakeApp


class _Answer:
    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.is_error = raw.get("isError") is True


class ServerApp(FakeApp):
    """The App a server-side component sees: tool data, and View requests that travel back to the frame."""

    def __init__(self, session: Session, **values: Any) -> None:
        super().__init__(**values)
        self.session = session

    async def send_message(self, content: str, **_: Any) -> _Answer:
        params = {"role": "user", "content": [{"type": "text", "text": content}]}
        return _Answer(await self.session.ask("ui/message", params))


class Session:
    def __init__(self, engine: Engine, arguments: dict[str, Any], result: dict[str, Any]) -> None:
        self.patches: list[str] = []
        self.requests: list[dict[str, Any]] = []
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.errors: list[str] = []
        self.next_id = 1
        app = ServerApp(self, tool_input=ToolInput({"arguments": arguments}), tool_result=ToolResult(result))
        self.root = Root(self.patches.append, on_error=lambda exc, where: self.errors.append(f"{where}: {exc}"))
        self.root.loop = asyncio.get_running_loop()
        self.root.mount(app_tree(self.root, as_node(engine.view.root_component), app), hydrate=True)
        first = json.loads(self.patches.pop(0))
        assert first[0][0] == 6, first
        self.tree: list[Any] = first[0][3]

    async def ask(self, method: str, params: dict[str, Any]) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = future
        self.requests.append({"id": self.next_id, "method": method, "params": params})
        self.next_id += 1
        return await future


class Engine:
    """Renders ``view_file``'s View per tool result and handles its events, on a loop thread of its own."""

    def __init__(self, view_file: Path) -> None:
        spec = importlib.util.spec_from_file_location(f"_engine_{view_file.stem}", view_file)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.view = module.view
        self.name = view_file.stem
        self.sessions: dict[str, Session] = {}
        self.calls: list[dict[str, Any]] = []
        self.forgotten: set[str] = set()
        """Sessions this engine acts as if it did not hold: their next event is answered ``need: "data"``."""
        self.runner = LoopThread("server-engine")
        self.loop = self.runner.loop

    def close(self) -> None:
        self.runner.close()

    def _run(self, coroutine: Any) -> Any:
        return self.runner.run(coroutine, 30)

    def result(self, arguments: dict[str, Any], structured: dict[str, Any], *, meta: bool = True) -> dict[str, Any]:
        """A CallToolResult as the real server returns it: with ``_meta["pyview"]`` (tree and session)."""
        result: dict[str, Any] = {"content": [{"type": "text", "text": json.dumps(structured)}],
                                  "structuredContent": structured}  # fmt: skip
        if meta:
            token, session = self._run(self._mount(arguments, result))
            result["_meta"] = {"pyview": {"v": 1, "view": self.name, "tree": session.tree, "session": token,
                                          "data": f"data-of-{token}"}}  # fmt: skip
        return result

    async def _mount(self, arguments: dict[str, Any], result: dict[str, Any]) -> tuple[str, Session]:
        token = secrets.token_urlsafe(16)
        session = self.sessions[token] = Session(self, arguments, result)
        return token, session

    def handle_sync(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """``pyview_event`` from a thread that is not the engine's (Playwright's expose_function)."""
        result: dict[str, Any] = self._run(self.handle(arguments))
        return result

    async def handle_async(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """``pyview_event`` from another event loop (the Python host's backend)."""
        future = asyncio.run_coroutine_threadsafe(self.handle(arguments), self.loop)
        result: dict[str, Any] = await asyncio.wrap_future(future)
        return result

    async def handle(self, args: dict[str, Any]) -> dict[str, Any]:
        self.calls.append(json.loads(json.dumps(args)))
        out: dict[str, Any] = {"v": 1, "patches": [], "requests": []}
        start = args.get("start")
        if start is not None:
            token, session = await self._mount(start.get("input") or {}, start.get("result") or {})
            out["reset"] = session.tree
        else:
            token = args.get("session", "")
            found = self.sessions.get(token)
            if found is None:
                out["error"] = {"message": "unknown or expired View session"}
                return {"content": [{"type": "text", "text": "error"}], "isError": True, "_meta": {"pyview": out}}
            session = found
            if token in self.forgotten:  # as a worker without the session: nothing applied, the data asked for
                if args.get("data") is None:
                    out["need"] = "data"
                    return {"content": [{"type": "text", "text": "ok"}], "_meta": {"pyview": out}}
                if args["data"] != f"data-of-{token}":
                    out["error"] = {"message": "the data token does not belong to this session token"}
                    return {"content": [{"type": "text", "text": "error"}], "isError": True, "_meta": {"pyview": out}}
                self.forgotten.discard(token)
        for answer in args.get("answers") or []:
            future = session.waiting.pop(answer["id"], None)
            if future is not None and not future.done():
                future.set_result(answer.get("result", {"isError": True}))
        for event in args.get("events") or []:
            session.root.dispatch(event["hid"], json.dumps(event.get("data") or {}))
        for _ in range(20):  # let the handlers' tasks run up to their next request
            await asyncio.sleep(0)
        out["session"] = token
        out["patches"], session.patches[:] = list(session.patches), []
        out["requests"], session.requests[:] = list(session.requests), []
        if session.errors:
            out["error"] = {"message": session.errors.pop()}
            session.errors.clear()
        return {"content": [{"type": "text", "text": "ok"}], "_meta": {"pyview": out}}
