"""The server runtime: click -> patch round trips over loopback Streamable HTTP, and memory per idle instance.

A uvicorn process serves ``bench/server_runtime_server.py`` (stateless HTTP, JSON answers); an ``mcp`` client sends
``pyview_event`` clicks the way the browser shim does (through the host's ``tools/call``, here straight to the
server) and compares them with a bare ``tools/call`` of a tool that returns ``"pong"``. The host page and the paint
in the frame are not part of this measurement (bench/server_runtime.py covers the browser side).

    python bench/server_runtime_http.py [--clicks 200] [--instances 100]

bench/server_runtime.py measures the same through Chromium and a host page (click -> patch painted).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, median, p95, run_recorded, table, wait_listening

from pyview._tooling.server._server_file import load_server
from pyview._tooling.testing._minidom import MiniDom

BENCH = Path(__file__).resolve().parent
SECRET = "bench-secret-0123456789abcdef"


def serve(command: list[str], port: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYVIEW_SECRET": SECRET, "PYVIEW_VIEW_CACHE": "off", "PYVIEW_WEATHER": "offline"}
    return subprocess.Popen([*command, "--port", str(port)], env=env, cwd=REPO, text=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Frame:
    """What the shim keeps: the View's DOM (pyview's model DOM, applying patches as dom.js does) and its token."""

    def __init__(self, meta: dict[str, Any]) -> None:
        self.dom = MiniDom()
        self.dom.apply(json.dumps([[6, 0, 1, meta["tree"]]]))
        self.token: str = meta["session"]
        self.data: str | None = meta.get("data")  # the View's data token, sent when a worker asks for it
        self.answers: list[dict[str, Any]] = []

    def target(self, text: str) -> dict[str, Any]:
        """The click event for the live button showing ``text``."""
        for element in self.dom.root.walk():
            if element.tag == "button" and element.text == text and "click" in element.handlers:
                path: list[int] = []
                node: Any = element
                while node is not self.dom.root:
                    path.insert(0, node.parent.children.index(node))
                    node = node.parent
                return {"hid": element.handlers["click"][0], "path": path, "type": "click", "data": {"type": "click"}}
        raise LookupError(text)

    async def send(self, client: Client, events: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        arguments = {"session": self.token, "events": events, "answers": self.answers, **extra}
        answer = (await client.call_tool("pyview_event", arguments)).meta["pyview"]
        if answer.get("need") == "data":  # the session is not live here: the data token restores it
            answer = (await client.call_tool("pyview_event", {**arguments, "data": self.data})).meta["pyview"]
        assert "error" not in answer, answer["error"]
        self.data = answer.get("data", self.data)
        self.token = answer["session"]
        self.answers = [{"id": request["id"], "result": {}} for request in answer["requests"] if "id" in request]
        if "reset" in answer:
            self.dom.apply(json.dumps([[5, 0], [0, 0, None, 1, answer["reset"]]]))
        for patch in answer["patches"]:
            self.dom.apply(patch)
        return answer


async def timed(fn: Any, count: int) -> list[float]:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        await fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


async def round_trips(url: str, weather_url: str, clicks: int) -> list[list[object]]:
    rows: list[list[object]] = []
    async with Client(url) as client:
        for _ in range(5):  # warm up
            await client.call_tool("ping", {})
        counter = Frame((await client.call_tool("count", {})).meta["pyview"])
        await counter.send(client, [counter.target("Clicked 0 times")])  # the first event mounts the session

        async def bare() -> None:
            await client.call_tool("ping", {})

        async def click() -> None:
            answer = await counter.send(client, [counter.target(counter.dom.root.text)])
            assert answer["patches"]

        bare_times: list[float] = []
        click_times: list[float] = []
        for _ in range(clicks):  # interleaved, so both see the same load on a busy machine
            bare_times += await timed(bare, 1)
            click_times += await timed(click, 1)
        overhead = median([c - b for b, c in zip(bare_times, click_times, strict=True)])
        rows.append(["bare tools/call (ping)", clicks, median(bare_times), p95(bare_times), ""])
        rows.append(["pyview_event click -> patch (counter)", clicks, median(click_times), p95(click_times),
                     f"{overhead:+.1f} ms"])  # fmt: skip

    async with Client(weather_url) as client:  # the weather example, served with --runtime server
        weather = Frame((await client.call_tool("get_weather", {"city": "Oslo"})).meta["pyview"])
        capabilities = {"serverTools": {}, "updateModelContext": {"text": {}}}
        await weather.send(client, [], context={"theme": "light", "displayMode": "inline"}, capabilities=capabilities)
        units = ["°F", "°C"]

        async def switch() -> None:
            await weather.send(client, [weather.target(units[0])])  # refresh_weather runs in-process
            units.reverse()

        async def refresh() -> None:  # what the same switch costs a View running in the browser, at least
            await client.call_tool("refresh_weather", {"city": "Oslo", "units": units[0][1:].replace("F", "imperial")
                                   .replace("C", "metric")})  # fmt: skip

        switches: list[float] = []
        refreshes: list[float] = []
        for _ in range(max(clicks // 4, 10)):
            refreshes += await timed(refresh, 1)
            switches += await timed(switch, 1)
            if weather.answers:  # the switch told the model (update_model_context): the host's answer ends it
                await weather.send(client, [])
        overhead = median([s - r for r, s in zip(refreshes, switches, strict=True)])
        rows.append(["bare tools/call refresh_weather", len(refreshes), median(refreshes), p95(refreshes), ""])
        rows.append(["pyview_event weather °C/°F (in-process refresh)", len(switches), median(switches),
                     p95(switches), f"{overhead:+.1f} ms vs refresh_weather"])  # fmt: skip
    return rows


def memory(instances: int) -> list[list[object]]:
    rows: list[list[object]] = []
    os.environ["PYVIEW_SECRET"] = SECRET
    os.environ["PYVIEW_VIEW_CACHE"] = "off"
    os.environ["PYVIEW_WEATHER"] = "offline"
    os.environ["PYVIEW_ORDERS_DB"] = str(Path(tempfile.mkdtemp()) / "orders.sqlite3")
    cities = ["Oslo", "Paris", "Tokyo", "Lima", "Cairo", "Sydney", "Toronto", "Madrid", "Nairobi", "Mumbai"]
    cases: list[tuple[Path, str, Any]] = [  # each instance its own data: nothing is shared that would not be
        (BENCH / "server_runtime_server.py", "count", lambda i: {}),
        (REPO / "examples" / "weather" / "server.py", "get_weather", lambda i: {"city": cities[i % len(cities)]}),
        (REPO / "examples" / "orders" / "server.py", "list_orders", lambda i: {"page": i % 10 + 1}),
    ]
    for path, tool, arguments in cases:
        _module, server = load_server(str(path))
        per = anyio.run(idle_instances, server, tool, arguments, instances)
        rows.append([f"{path.parent.name}/{tool}", instances, f"{per / 1024:.1f} KB"])
    return rows


async def idle_instances(server: Any, tool: str, arguments: Any, count: int) -> float:
    """Bytes per idle live instance: ``count`` results, each made live by one empty event (mounted, its effects
    run, its first render done), then left alone; the traced heap's growth over the ``count`` of them, after a full
    collection. One instance made live before measuring imports the View and fills process-wide caches."""
    context = {"theme": "light", "displayMode": "inline"}
    async with Client(server) as client:
        metas = [(await client.call_tool(tool, arguments(i))).meta["pyview"] for i in range(count + 1)]
        tokens = [(meta["session"], meta["data"]) for meta in metas]
        del metas
        token, data = tokens.pop()
        await client.call_tool("pyview_event", {"session": token, "data": data, "context": context})  # imports
        await anyio.sleep(0.2)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for token, data in tokens:
            arguments = {"session": token, "data": data, "context": context}
            answer = (await client.call_tool("pyview_event", arguments)).meta["pyview"]
            assert "reset" in answer and "error" not in answer, answer.get("error")  # restored: now live, no error
        del answer
        await anyio.sleep(0.2)  # idle: the handlers' tasks have finished
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    return (after - before) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--instances", type=int, default=100, help="idle instances per View for the memory table")
    args = parser.parse_args()
    port, weather_port = free_port(), free_port()
    uvicorn = [sys.executable, "-m", "uvicorn", "server_runtime_server:app", "--app-dir", str(BENCH),
               "--log-level", "warning"]  # fmt: skip
    example = [sys.executable, "-m", "pyview.server", str(REPO / "examples" / "weather" / "server.py"), "--http",
               "--runtime", "server", "--no-warm-up"]  # fmt: skip
    processes = [serve(uvicorn, port), serve(example, weather_port)]
    try:
        for process, listening in zip(processes, (port, weather_port), strict=True):
            wait_listening(process, listening)
        urls = (f"http://127.0.0.1:{port}/mcp", f"http://127.0.0.1:{weather_port}/mcp")
        rows = anyio.run(round_trips, *urls, args.clicks)
    finally:
        for process in processes:
            process.terminate()
            process.wait(10)
    print(table(["round trip over loopback HTTP", "n", "median ms", "p95 ms", "over bare (median of pairs)"], rows))
    print()
    rows = memory(args.instances)
    print(table(["memory per idle live instance (tracemalloc; goal <= 200 KB)", "instances", "size"], rows))


if __name__ == "__main__":
    run_recorded(main, __file__)
