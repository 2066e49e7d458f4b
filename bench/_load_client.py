"""bench/load.py's load generator side: a lean HTTP/1.1 client, and what one simulated View (or bare caller) does.

A View does what a host and the shim do: the View's tool call (its result carries the View rendered by the server
and its tokens); at once the shim's first ``pyview_event`` call, with the host context, the capabilities and the
data token (no worker holds the session a result started: this call restores it); then its clicks, one call at a
time, each with the host's answers to the View's requests of the last answer, the data token again only when a
worker without the session asks for it (``need: "data"``), and each answer checked. Workloads:

- ``counter``: half the Views the counter, half a units switch kept with ``use_view_state`` (Redis): each click's
  answer must show the new count or unit;
- ``weather``, ``orders``: the example servers' Views. Like the shim, each View keeps what it shows (``MiniDom``
  applies the answers' trees and patches as dom.js does) and clicks real elements found in it by their text; after
  each click an element the step names must be there (the other units button; a filtered list, an order's detail).
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

from pyview._tooling.testing._minidom import MElement, MiniDom

CONTEXT = {"theme": "light", "displayMode": "inline", "platform": "web"}
CAPABILITIES: dict[str, Any] = {"serverTools": {}, "updateModelContext": {"text": {}, "structuredContent": {}}}


class Http:
    """Keep-alive HTTP/1.1 connections POSTing JSON-RPC to one endpoint (a call waits for a free one)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.pool: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = asyncio.Queue()
        self.ids = 0

    async def open(self, count: int) -> None:
        for _ in range(count):
            self.pool.put_nowait(await asyncio.open_connection("127.0.0.1", self.port))

    async def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """``tools/call``; the result, or raises with the JSON-RPC error."""
        self.ids += 1
        body = json.dumps({"jsonrpc": "2.0", "id": self.ids, "method": "tools/call",
                           "params": {"name": name, "arguments": arguments}}).encode()  # fmt: skip
        head = (f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nContent-Type: application/json\r\n"
                "Accept: application/json, text/event-stream\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()  # fmt: skip
        reader, writer = await self.pool.get()
        try:
            writer.write(head + body)
            status = await reader.readline()
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            data = await reader.readexactly(length)
        except BaseException:
            writer.close()
            self.pool.put_nowait(await asyncio.open_connection("127.0.0.1", self.port))
            raise
        self.pool.put_nowait((reader, writer))
        if b" 200 " not in status:
            raise RuntimeError(f"HTTP {status.decode().strip()}: {data[:200]!r}")
        message = json.loads(data)
        if "error" in message:
            raise RuntimeError(f"JSON-RPC error {message['error']}")
        result: dict[str, Any] = message["result"]
        return result


class Screen:
    """What a View shows, kept as the shim keeps it, to find what a click goes to."""

    def __init__(self, tree: list[Any]) -> None:
        self.dom = MiniDom()
        self.dom.apply(json.dumps([[6, 0, 1, tree]]))

    def show(self, answer: dict[str, Any]) -> None:
        if isinstance(answer.get("reset"), list):
            self.dom.apply(json.dumps([[5, 0], [0, 0, None, 1, answer["reset"]]]))
        for patch in answer.get("patches") or []:
            self.dom.apply(patch)

    def clickable(self, text: str) -> MElement | None:
        """The first element listening to clicks whose text starts with ``text``."""
        for element in self.dom.root.walk():
            if "click" in element.handlers and element.text.startswith(text):
                return element
        return None

    def click(self, text: str) -> dict[str, Any]:
        """The click event the shim sends for the element ``clickable(text)``."""
        element = self.clickable(text)
        if element is None:
            raise LookupError(f"nothing to click whose text starts with {text!r}")
        return self.event_for(element)

    def event_for(self, element: MElement) -> dict[str, Any]:
        """The click event the shim sends for ``element``: its handler id and its child path from the root."""
        path: list[int] = []
        node: Any = element
        while node is not self.dom.root:
            path.insert(0, node.parent.children.index(node))
            node = node.parent
        hid = element.handlers["click"][0]
        return {"hid": hid, "path": path, "type": "click", "data": {"type": "click", "target": element.id}}


def button_event(tree: list[Any], element_id: str) -> dict[str, Any]:
    """The click event the shim would send for the element ``element_id`` of a server-rendered tree."""
    screen = Screen(tree)
    for element in screen.dom.root.walk():
        if element.attrs.get("id") == element_id:
            return screen.event_for(element)
    raise LookupError(element_id)


@dataclass(frozen=True)
class Example:
    """An example server's View: the tool call that shows it, and clicks ``(on, then)`` it goes through in turn:
    the text an element clicked starts with, and the start of the text of an element listening to clicks after it."""

    tool: str
    arguments: dict[str, Any]
    steps: tuple[tuple[str, str], ...]
    clicks_run: tuple[tuple[str, dict[str, Any]], ...]
    """The server tools the steps' clicks run in-process, in turn, as plain tools (``bare_`` + the tool's name:
    ``load_server.py`` declares them with no View): the work of a click without pyview, the fairer reference."""


ORDERS_STEPS = (("Paid", "#"), ("#", "All orders"), ("All orders", "Shipped"), ("Shipped", "#"), ("#", "All orders"),
                ("All orders", "Paid"))  # fmt: skip
Calls = tuple[tuple[str, dict[str, Any]], ...]
ORDERS_TOOLS: Calls = (
    ("bare_list_orders", {"status": "paid"}), ("bare_get_order", {"id": 1001}), ("bare_list_orders", {}),
    ("bare_list_orders", {"status": "shipped"}), ("bare_get_order", {"id": 1002}), ("bare_list_orders", {}),
)  # fmt: skip
WEATHER_TOOLS: Calls = (
    ("bare_refresh_weather", {"city": "Oslo", "units": "imperial"}),
    ("bare_refresh_weather", {"city": "Oslo", "units": "metric"}),
)
EXAMPLES = {
    "weather": Example("get_weather", {"city": "Oslo"}, (("°F", "°C"), ("°C", "°F")), WEATHER_TOOLS),
    "orders": Example("list_orders", {}, ORDERS_STEPS, ORDERS_TOOLS),
}


async def pyview_event(http: Http, request: dict[str, Any], data: str | None) -> dict[str, Any]:
    """One ``pyview_event`` call as the shim makes it: repeated once with the data token if the worker asks."""
    answer: dict[str, Any] = (await http.call("pyview_event", request))["_meta"]["pyview"]
    if answer.get("need") == "data":  # this worker does not hold the session: the same call with the data
        answer = (await http.call("pyview_event", {**request, "data": data}))["_meta"]["pyview"]
    return answer


async def shown(http: Http, tool: str, arguments: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A tool result's ``_meta["pyview"]``, and the answer to the shim's first call for it (the session restored)."""
    meta: dict[str, Any] = (await http.call(tool, arguments))["_meta"]["pyview"]
    first = {"session": meta["session"], "events": [], "answers": [], "context": CONTEXT,
             "capabilities": CAPABILITIES, "data": meta["data"]}  # fmt: skip
    answer = await pyview_event(http, first, meta["data"])
    if "error" in answer:
        raise RuntimeError(f"the first call: {answer['error']}")
    return meta, answer


async def one_view(http: Http, index: int, events: int, times: list[float], errors: list[str]) -> None:
    """One counter-workload View: its tool result, then ``events`` clicks, each checked against what it shows."""
    counter = index % 2 == 0
    tool, arguments = ("count", {}) if counter else ("place", {"city": f"City {index}"})
    try:
        meta, answer = await shown(http, tool, arguments)
    except Exception as exc:
        errors.append(f"View {index}'s tool call: {exc!r}")
        return
    token, data = answer.get("session", meta["session"]), answer.get("data", meta["data"])
    click = button_event(answer.get("reset") or meta["tree"], "count" if counter else "units")
    for n in range(1, events + 1):
        expected = f"Clicked {n} times" if counter else f"units: {'F' if n % 2 else 'C'}"
        request: dict[str, Any] = {"session": token, "events": [click], "answers": []}
        start = time.perf_counter()
        try:
            answer = await pyview_event(http, request, data)
        except Exception as exc:
            errors.append(repr(exc))
            continue
        times.append(time.perf_counter() - start)
        token = answer.get("session", token)
        data = answer.get("data", data)
        showing = json.dumps([answer.get("patches"), answer.get("reset")], ensure_ascii=False)
        if "error" in answer or expected not in showing:
            errors.append(f"View {index} event {n}: {answer.get('error') or 'not showing ' + expected}")


async def one_example(
    http: Http, index: int, events: int, times: list[float], errors: list[str], example: Example
) -> None:
    """One example View: its tool result, then ``events`` clicks through its steps, each answer shown and checked."""
    try:
        meta, answer = await shown(http, example.tool, example.arguments)
        screen = Screen(meta["tree"])
        screen.show(answer)
    except Exception as exc:
        errors.append(f"View {index}'s tool call: {exc!r}")
        return
    token, data = answer.get("session", meta["session"]), answer.get("data", meta["data"])
    answers = replies(answer)
    for n in range(events):
        on, then = example.steps[n % len(example.steps)]
        request: dict[str, Any] = {"session": token, "events": [screen.click(on)], "answers": answers}
        start = time.perf_counter()
        try:
            answer = await pyview_event(http, request, data)
            screen.show(answer)
            while answer.get("wake") == 0 and "error" not in answer:  # a handler still working: the shim's tick
                token, data = answer.get("session", token), answer.get("data", data)
                tick = {"session": token, "events": [], "answers": replies(answer)}
                answer = await pyview_event(http, tick, data)
                screen.show(answer)
        except Exception as exc:
            errors.append(repr(exc))
            return  # what it shows is unknown now: its next clicks would go nowhere
        times.append(time.perf_counter() - start)
        token, data = answer.get("session", token), answer.get("data", data)
        answers = replies(answer)
        if "error" in answer or screen.clickable(then) is None:
            problem = answer.get("error") or f"nothing {then!r} to click then"
            errors.append(f"View {index} click {n + 1} on {on!r}: {problem}")
            return


def replies(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The host's answers to the requests an answer relays (empty results, as a host that grants them)."""
    return [{"id": r["id"], "result": {}} for r in answer.get("requests") or [] if "id" in r]


async def one_tools(http: Http, calls: int, times: list[float], errors: list[str], example: Example) -> None:
    """A caller of the tools an example's clicks run, as plain tools: ``calls`` calls, in the clicks' order."""
    for n in range(calls):
        name, arguments = example.clicks_run[n % len(example.clicks_run)]
        start = time.perf_counter()
        try:
            result = await http.call(name, arguments)
        except Exception as exc:
            errors.append(repr(exc))
            continue
        times.append(time.perf_counter() - start)
        if result.get("isError") or not result.get("structuredContent"):
            errors.append(f"{name} failed: {json.dumps(result)[:200]}")


async def one_bare(http: Http, calls: int, times: list[float], errors: list[str]) -> None:
    for _ in range(calls):
        start = time.perf_counter()
        try:
            result = await http.call("ping", {})
        except Exception as exc:
            errors.append(repr(exc))
            continue
        times.append(time.perf_counter() - start)
        if result.get("isError"):
            errors.append("ping failed")
