"""A Python stand-in for the browser shim's server-runtime client (what pyview/_core/runtime does over postMessage).

It keeps a model DOM (``MiniDom``, which applies patches exactly as dom.js does), shows a result's
``_meta["pyview"]["tree"]``, and turns clicks and typing into ``pyview_event`` calls with ``hid`` and ``path``.
Like the shim, it keeps the session token and the data token, and repeats a call with the data token when the
answer is ``need: "data"``.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Awaitable, Callable
from typing import Any

from pyview._tooling.server._signing import unpacked
from pyview._tooling.testing._minidom import MElement, MiniDom

CallTool = Callable[[str, dict[str, Any]], Awaitable[Any]]


def claims(token: str) -> dict[str, Any]:
    """The payload of a session token (read without checking the signature: tests only)."""
    body = token.split(".")[0]
    decoded: dict[str, Any] = json.loads(unpacked(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), 1 << 30))
    return decoded


class ViewClient:
    """One View instance in the server runtime, driven through ``call(name, arguments) -> CallToolResult``."""

    def __init__(self, meta: dict[str, Any]) -> None:
        self.dom = MiniDom()
        self.token: str | None = meta.get("session")
        self.data: str | None = meta.get("data")
        self.calls: list[dict[str, Any]] = []
        """The arguments of every ``pyview_event`` call made, retries included."""
        self.answers: list[dict[str, Any]] = []
        self.last: dict[str, Any] = {}
        self.show(meta["tree"], first=True)

    def show(self, tree: list[Any], *, first: bool = False) -> None:
        ops = [[6, 0, 1, tree]] if first else [[5, 0], [0, 0, None, 1, tree]]
        self.dom.apply(json.dumps(ops))

    def find(self, element_id: str) -> MElement:
        for element in self.dom.root.walk():
            if element.attrs.get("id") == element_id:
                return element
        raise LookupError(f"no element #{element_id} in {self.dom.root.children!r}")

    def text(self, element_id: str) -> str:
        return self.find(element_id).text

    def event(self, element_id: str, type_: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        element = self.find(element_id)
        hid = element.handlers[type_][0]
        path: list[int] = []
        node: Any = element
        while node is not self.dom.root:
            path.insert(0, node.parent.children.index(node))
            node = node.parent
        return {"hid": hid, "path": path, "type": type_, "data": {"type": type_, "target": element.id, **(data or {})}}

    async def send(self, call: CallTool, events: list[dict[str, Any]] = (), **extra: Any) -> dict[str, Any]:  # type: ignore[assignment]
        """One ``pyview_event`` call; applies its answer (reset, patches) and returns ``_meta["pyview"]``."""
        arguments: dict[str, Any] = {"events": list(events), "answers": self.answers, **extra}
        self.answers = []
        if self.token is not None:
            arguments["session"] = self.token
        self.calls.append(dict(arguments))
        result = await call("pyview_event", arguments)
        meta: dict[str, Any] = result.meta["pyview"]
        if meta.get("need") == "data" and self.data is not None:  # this worker does not hold the session
            arguments["data"] = self.data
            self.calls.append(dict(arguments))
            result = await call("pyview_event", arguments)
            meta = result.meta["pyview"]
        self.last = meta
        if isinstance(meta.get("session"), str):
            self.token = meta["session"]
        if isinstance(meta.get("data"), str):
            self.data = meta["data"]
        if isinstance(meta.get("reset"), list):
            self.show(meta["reset"])
        for patch in meta.get("patches", []):
            self.dom.apply(patch)
        return meta

    async def click(self, call: CallTool, element_id: str, **extra: Any) -> dict[str, Any]:
        return await self.send(call, [self.event(element_id, "click")], **extra)

    async def type(self, call: CallTool, element_id: str, value: str) -> dict[str, Any]:
        self.find(element_id).props["value"] = value
        return await self.send(call, [self.event(element_id, "input", {"value": value})])
