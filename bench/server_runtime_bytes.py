"""The server runtime: bytes a View uploads per session (``pyview_event`` arguments), before and after data tokens.

The weather and orders examples are served over Streamable HTTP (``--runtime server``) twice in the same run: from
this tree, and from the commit before data tokens (``git archive`` of it, default: the parent of the commit that
added ``_data_token.py``), where every event carried the tool data in its session token. A client does what the
shim does: the first call sends the host context and capabilities (a Claude-like host profile), the host then
resizes the frame a few times, the user interacts, the host's answers to View requests go back in their own calls,
and a ``need: "data"`` answer is repeated once with the data token. Sessions:

- weather: open (get_weather Oslo), °F, °C, °F;
- orders: open (list_orders), sort by total, a row's detail, export.

A third row per example alternates every call between two workers (stateless HTTP with no affinity at its
worst: a call often lands where the session is not live, is answered ``need: "data"`` and repeated).

    python bench/server_runtime_bytes.py [--before REV]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, run_recorded, table, wait_listening
from server_runtime_http import free_port

from pyview._tooling.host._profiles import default_host_context, host_capabilities
from pyview._tooling.testing._minidom import MElement, MiniDom

SECRET = "bench-secret-0123456789abcdef"
Pick = Callable[[MElement], bool]


class Shim:
    """What the shim keeps and sends: the View's DOM, its tokens; counts the bytes and calls it uploads."""

    def __init__(self, meta: dict[str, Any], clients: list[Client]) -> None:
        self.dom = MiniDom()
        self.dom.apply(json.dumps([[6, 0, 1, meta["tree"]]]))
        self.token: str = meta["session"]
        self.data: str | None = meta.get("data")
        self.clients = clients
        self.answers: list[dict[str, Any]] = []
        self.uploaded = 0
        self.calls = 0

    async def call(self, arguments: dict[str, Any]) -> dict[str, Any]:
        self.uploaded += len(json.dumps(arguments, ensure_ascii=False, separators=(",", ":")).encode())
        client = self.clients[self.calls % len(self.clients)]
        self.calls += 1
        answer: dict[str, Any] = (await client.call_tool("pyview_event", arguments)).meta["pyview"]
        return answer

    async def send(self, events: list[dict[str, Any]], **extra: Any) -> None:
        arguments = {"events": events, "answers": self.answers, "session": self.token, **extra}
        self.answers = []
        answer = await self.call(arguments)
        if answer.get("need") == "data":
            answer = await self.call({**arguments, "data": self.data})
        assert "error" not in answer, answer["error"]
        self.token = answer["session"]
        self.data = answer.get("data", self.data)
        self.answers = [{"id": request["id"], "result": {}} for request in answer["requests"] if "id" in request]
        if "reset" in answer:
            self.dom.apply(json.dumps([[5, 0], [0, 0, None, 1, answer["reset"]]]))
        for patch in answer["patches"]:
            self.dom.apply(patch)
        if self.answers:  # the host answered the View's requests: the shim sends the answers at once
            await self.send([])

    async def click(self, pick: Pick) -> None:
        for element in self.dom.root.walk():
            if pick(element) and "click" in element.handlers:
                path: list[int] = []
                node: Any = element
                while node is not self.dom.root:
                    path.insert(0, node.parent.children.index(node))
                    node = node.parent
                event = {"hid": element.handlers["click"][0], "path": path, "type": "click", "data": {"type": "click"}}
                await self.send([event])
                return
        raise LookupError("nothing to click")


def button(text: str) -> Pick:
    return lambda element: element.tag == "button" and element.text.strip().startswith(text)


async def opened(clients: list[Client], tool: str, arguments: dict[str, Any]) -> Shim:
    shim = Shim((await clients[0].call_tool(tool, arguments)).meta["pyview"], clients)
    await shim.send([], context=default_host_context("claude"), capabilities=host_capabilities("claude"))
    for height in (320, 480, 600):  # the host sizes the frame to the View's reports
        await shim.send([], context={"containerDimensions": {"maxHeight": height, "width": 640}})
    return shim


async def weather(clients: list[Client]) -> Shim:
    shim = await opened(clients, "get_weather", {"city": "Oslo"})
    for units in ("°F", "°C", "°F"):
        await shim.click(button(units))
    return shim


async def orders(clients: list[Client]) -> Shim:
    shim = await opened(clients, "list_orders", {})
    await shim.click(lambda element: "o-sort" in element.attrs.get("class", "") and "Total" in element.text)
    await shim.click(lambda element: element.tag == "tr" and "o-row" in element.attrs.get("class", ""))
    await shim.click(button("Export CSV"))
    return shim


async def session(urls: list[str], run: Callable[[list[Client]], Any]) -> Shim:
    async with Client(urls[0]) as first:
        if len(urls) == 1:
            shim: Shim = await run([first])
            return shim
        async with Client(urls[1]) as second:
            shim = await run([first, second])
            return shim


def serve(root: Path, example: str, port: int, data_dir: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYVIEW_SECRET": SECRET, "PYVIEW_VIEW_CACHE": "off", "PYVIEW_WEATHER": "offline",
           "PYVIEW_ORDERS_DB": str(data_dir / "orders.sqlite3"), "PYTHONPATH": str(root)}  # fmt: skip
    command = [sys.executable, "-m", "pyview.server", str(root / "examples" / example / "server.py"), "--http",
               "--runtime", "server", "--no-warm-up", "--port", str(port)]  # fmt: skip
    return subprocess.Popen(command, env=env, cwd=root, text=True, stdout=subprocess.DEVNULL)


def measure(root: Path, example: str, run: Callable[[list[Client]], Any], workers: int) -> Shim:
    with tempfile.TemporaryDirectory() as data:
        ports = [free_port() for _ in range(workers)]
        processes = [serve(root, example, port, Path(data)) for port in ports]
        try:
            for process, port in zip(processes, ports, strict=True):
                wait_listening(process, port)
            return anyio.run(session, [f"http://127.0.0.1:{port}/mcp" for port in ports], run)
        finally:
            for process in processes:
                process.terminate()
                process.wait(10)


def before_commit() -> str:
    command = ["git", "log", "--diff-filter=A", "--format=%H", "--", "pyview/_tooling/server/_data_token.py"]
    added = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    return f"{added[-1]}^" if added else "HEAD"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=None, help="the commit to compare with (default: before data tokens)")
    args = parser.parse_args()
    rev = args.before or before_commit()
    short = subprocess.run(["git", "rev-parse", "--short", rev], cwd=REPO, capture_output=True, text=True, check=True)
    rows: list[list[object]] = []
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder)
        archive = subprocess.run(["git", "archive", rev], cwd=REPO, capture_output=True, check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(before, filter="data")
        for name, run in (("weather", weather), ("orders", orders)):
            old = measure(before, name, run, 1)
            new = measure(REPO, name, run, 1)
            spread = measure(REPO, name, run, 2)
            labels = (f"before ({short.stdout.strip()})", "after", "after, calls alternating between 2 workers")
            for label, shim in zip(labels, (old, new, spread), strict=True):
                ratio = f"{shim.uploaded / old.uploaded:.3f}"
                rows.append([name, label, shim.calls, f"{shim.uploaded:,}", f"{shim.uploaded // shim.calls:,}", ratio])
    print(table(["session", "server", "calls", "bytes uploaded", "per call", "of before"], rows))


if __name__ == "__main__":
    run_recorded(main, __file__)
