"""Views under load: many concurrent Views over loopback Streamable HTTP against 1 and 2 uvicorn workers, View state
in Redis, beside a bare ``tools/call``; then the live-session cache over many sessions.

Each simulated View does what a host and the shim do: the View's tool call (its result carries the View rendered by
the server and its tokens), then a stream of events through ``pyview_event``, one call at a time, with the host
context on the first, the data token when a worker without the session asks for it (``need: "data"``), and the
answer checked (no error, the text the click should show). Half the Views are the counter, half a units switch
kept with ``use_view_state`` (written to Redis). The load generator is several processes with a lean HTTP/1.1
client (raw asyncio streams, a keep-alive connection per View, as each host has its own); it prints its own CPU use
so it can be seen not to be the bottleneck. A View's calls include its tool call and the first event's
``need: "data"`` retry (a result leaves no live session: its first event restores one), as a host's would.

    python bench/load.py [--views 1000] [--events 10] [--rounds 3] [--workers 1,2] [--generators 2] [--sessions 100000]

It starts redis-server and uvicorn on loopback ports and stops them itself; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import queue
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import REPO, table

from pyview._tooling.testing._minidom import MiniDom
from pyview._tooling.testing._state_server import redis_server

BENCH = Path(__file__).resolve().parent
SECRET = "bench-secret-0123456789abcdef"
CONTEXT = {"theme": "light", "displayMode": "inline", "platform": "web"}


# -- the lean client --------------------------------------------------------------------------------------------


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


def button_event(tree: list[Any], element_id: str) -> dict[str, Any]:
    """The click event the shim would send for the button ``element_id`` of a server-rendered tree."""
    dom = MiniDom()
    dom.apply(json.dumps([[6, 0, 1, tree]]))
    for element in dom.root.walk():
        if element.attrs.get("id") == element_id:
            path: list[int] = []
            node: Any = element
            while node is not dom.root:
                path.insert(0, node.parent.children.index(node))
                node = node.parent
            hid = element.handlers["click"][0]
            return {"hid": hid, "path": path, "type": "click", "data": {"type": "click", "target": element.id}}
    raise LookupError(element_id)


async def one_view(http: Http, index: int, events: int, times: list[float], errors: list[str]) -> None:
    """One View: its tool result, then ``events`` clicks, each checked against the text it must show."""
    counter = index % 2 == 0
    tool, arguments = ("count", {}) if counter else ("place", {"city": f"City {index}"})
    try:
        meta = (await http.call(tool, arguments))["_meta"]["pyview"]
    except Exception as exc:
        errors.append(f"View {index}'s tool call: {exc!r}")
        return
    token, data = meta["session"], meta["data"]
    click = button_event(meta["tree"], "count" if counter else "units")
    for n in range(1, events + 1):
        expected = f"Clicked {n} times" if counter else f"units: {'F' if n % 2 else 'C'}"
        request: dict[str, Any] = {"session": token, "events": [click], "answers": []}
        if n == 1:
            request["context"] = CONTEXT
        start = time.perf_counter()
        try:
            answer = (await http.call("pyview_event", request))["_meta"]["pyview"]
            if answer.get("need") == "data":  # this worker does not hold the session: the same call with the data
                answer = (await http.call("pyview_event", {**request, "data": data}))["_meta"]["pyview"]
        except Exception as exc:
            errors.append(repr(exc))
            continue
        times.append(time.perf_counter() - start)
        token = answer.get("session", token)
        data = answer.get("data", data)
        shown = json.dumps([answer.get("patches"), answer.get("reset")], ensure_ascii=False)
        if "error" in answer or expected not in shown:
            errors.append(f"View {index} event {n}: {answer.get('error') or 'not showing ' + expected}")


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


def generator(kind: str, port: int, first: int, views: int, events: int, barrier: Any, out: Any) -> None:
    """One load-generator process: ``views`` concurrent Views (or bare callers), after every process is ready."""

    async def run() -> dict[str, Any]:
        hosts = [Http(port) for _ in range(views)]  # a connection per View, as each host has its own
        for http in hosts:
            await http.open(1)
        times: list[float] = []
        errors: list[str] = []
        barrier.wait()
        cpu, wall = resource.getrusage(resource.RUSAGE_SELF), time.time()
        if kind == "bare":  # events + 1 calls: as many as a View's tool call and events
            await asyncio.gather(*(one_bare(http, events + 1, times, errors) for http in hosts))
        else:
            await asyncio.gather(*(one_view(http, first + i, events, times, errors) for i, http in enumerate(hosts)))
        used = resource.getrusage(resource.RUSAGE_SELF)
        calls = sum(http.ids for http in hosts)
        return {"times": times, "errors": errors, "start": wall, "end": time.time(), "calls": calls,
                "cpu": used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime}  # fmt: skip

    out.put(asyncio.run(run()))


def drive(kind: str, port: int, views: int, events: int, generators: int) -> dict[str, Any]:
    """Run the generators; the merged numbers."""
    context = multiprocessing.get_context("fork")
    barrier, out = context.Barrier(generators), context.Queue()
    share = [views // generators + (1 if i < views % generators else 0) for i in range(generators)]
    starts = [sum(share[:i]) for i in range(generators)]
    processes = [context.Process(target=generator, args=(kind, port, starts[i], share[i], events, barrier, out))
                 for i in range(generators)]  # fmt: skip
    for process in processes:
        process.start()
    parts: list[dict[str, Any]] = []
    deadline = time.monotonic() + 3600
    while len(parts) < len(processes):  # bounded, and a generator that failed ends the run at once
        try:
            parts.append(out.get(timeout=1))
        except queue.Empty:
            if time.monotonic() > deadline or any(p.exitcode not in (None, 0) for p in processes):
                for process in processes:
                    process.kill()
                raise RuntimeError("a load generator failed or did not finish (its traceback is above)") from None
    for process in processes:
        process.join(60)
    times = sorted(t for part in parts for t in part["times"])
    wall = max(p["end"] for p in parts) - min(p["start"] for p in parts)
    return {"times": times, "errors": [e for p in parts for e in p["errors"]], "wall": wall,
            "calls": sum(p["calls"] for p in parts), "cpu": sum(p["cpu"] for p in parts)}  # fmt: skip


# -- the server ------------------------------------------------------------------------------------------------


def merged(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Several runs' numbers as one (their walls added: the runs did not overlap)."""
    sums = {key: sum(r[key] for r in results) for key in ("wall", "calls", "cpu")}
    times = sorted(t for r in results for t in r["times"])
    return {"times": times, "errors": [e for r in results for e in r["errors"]], **sums}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(workers: int, port: int, redis_url: str, max_sessions: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYVIEW_SECRET": SECRET, "PYVIEW_VIEW_CACHE": "off", "LOAD_REDIS_URL": redis_url,
           "LOAD_MAX_SESSIONS": str(max_sessions)}  # fmt: skip
    command = [sys.executable, "-m", "uvicorn", "load_server:app", "--app-dir", str(BENCH), "--port", str(port),
               "--workers", str(workers), "--log-level", "warning", "--backlog", "4096"]  # fmt: skip
    with log.open("ab") as sink:  # the SDK logs a line per stateless request: kept out of the table
        process = subprocess.Popen(command, env=env, cwd=REPO, stderr=sink)
    deadline = time.monotonic() + 120
    while True:  # ready when a bare call is answered (every worker has imported the server by then, or soon)
        try:
            asyncio.run(_ping(port))
            return process
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise RuntimeError(f"the server did not start (its log: {log})") from None
            time.sleep(0.2)


async def _ping(port: int) -> None:
    http = Http(port)
    await http.open(1)
    await http.call("ping", {})


def rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` and its children (uvicorn's workers), KiB."""
    total = 0
    for each in [pid, *children(pid)]:
        try:
            for line in Path(f"/proc/{each}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(child) for child in text]
    return found


def quantile(times: list[float], q: float) -> float:
    return times[min(len(times) - 1, int(q * len(times)))] * 1000 if times else float("nan")


def run_load(args: argparse.Namespace, redis_url: str, folder: Path) -> tuple[list[list[object]], list[str]]:
    rows: list[list[object]] = []
    lines: list[str] = []
    for workers in args.workers:
        port = free_port()
        live = args.views * args.rounds  # every View stays live: the cache holds them all
        server = start_server(workers, port, redis_url, max(1000, live), folder / f"server-{workers}.log")
        try:
            drive("bare", port, min(args.views, 50), 4, args.generators)  # warm up: every worker imports its Views
            before = rss_kib(server.pid)
            rounds = []
            for _ in range(args.rounds):  # alternated, so both see the same (shared, changing) machine
                rounds.append((drive("bare", port, args.views, args.events, args.generators),
                               drive("views", port, args.views, args.events, args.generators)))  # fmt: skip
            after = rss_kib(server.pid)
            bare, views = (merged([pair[i] for pair in rounds]) for i in (0, 1))
        finally:
            server.terminate()
            server.wait(30)
        for name, result in (("bare tools/call (ping)", bare), ("Views: tool call + pyview_event", views)):
            count = result["calls"]
            rows.append([f"{workers} worker(s): {name}", f"{args.views} x {args.rounds}", count,
                         f"{count / result['wall']:.0f}",
                         f"{len(result['times']) / result['wall']:.0f}" if result is views else "",
                         f"{quantile(result['times'], 0.5):.1f}", f"{quantile(result['times'], 0.95):.1f}",
                         f"{quantile(result['times'], 0.99):.1f}", len(result["errors"]),
                         f"{100 * result['cpu'] / result['wall']:.0f}%"])  # fmt: skip
        per_thousand = (after - before) / live * 1000 / 1024
        ratio = (views["calls"] / views["wall"]) / (bare["calls"] / bare["wall"])
        lines.append(f"{workers} worker(s): server RSS {after / 1024:.0f} MiB, +{per_thousand:.1f} MiB per 1,000 live "
                     f"sessions; load: pyview_event / bare tools/call throughput: {ratio:.2f}x")  # fmt: skip
        for error in (views["errors"] + bare["errors"])[:5]:
            lines.append(f"  error: {error}")
    return rows, lines


# -- the session cache -----------------------------------------------------------------------------------------


def run_cache(sessions: int, bound: int) -> list[list[object]]:
    """``sessions`` counter Views through one engine whose cache holds ``bound``: RSS as they go, and the first
    (long evicted) View's next event restoring it."""
    os.environ["PYVIEW_SECRET"] = SECRET
    from pyview.server import Views

    views = Views(runtime="server", max_sessions=bound)
    handle = views.add("counter", BENCH / "views" / "counter_view.py")
    engine = views.server_runtime.engine
    rows: list[list[object]] = []

    async def run() -> None:
        first: dict[str, Any] = {}
        checkpoints = sorted({bound, sessions // 10, sessions // 4, sessions // 2, sessions})
        for n in range(1, sessions + 1):
            meta = engine.result_meta(handle, {}, {"content": [], "structuredContent": {"start": 0}}, session=True)
            click = button_event(meta["tree"], "count")
            answer = await engine.handle({"session": meta["session"], "data": meta["data"], "events": [click]}, None)
            if n == 1:
                first = {"session": answer["session"], "data": meta["data"], "events": [click]}
            if n in checkpoints:
                rows.append([n, len(engine.sessions), f"{rss_kib(os.getpid()) / 1024:.0f} MiB", ""])
        again = await engine.handle(first, None)
        shown = json.dumps([again.get("reset"), again.get("patches")])
        rows[-1][3] = "yes" if "error" not in again and "Clicked 2 times" in shown else f"NO: {again.get('error')}"

    asyncio.run(run())
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=1000, help="concurrent Views (and bare callers)")
    parser.add_argument("--events", type=int, default=10, help="events per View")
    parser.add_argument("--workers", default="1,2", help="uvicorn worker counts to run, comma-separated")
    parser.add_argument("--generators", type=int, default=2, help="load-generator processes")
    parser.add_argument("--rounds", type=int, default=3, help="bare and View runs, alternated")
    parser.add_argument("--sessions", type=int, default=100_000, help="sessions through the cache (0: skip)")
    parser.add_argument("--bound", type=int, default=1000, help="the cache's bound for --sessions")
    args = parser.parse_args()
    args.workers = [int(n) for n in args.workers.split(",") if n]
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start", flush=True)
    with tempfile.TemporaryDirectory() as folder, redis_server(Path(folder)) as redis_url:
        rows, lines = run_load(args, redis_url, Path(folder))
    headers = ["over loopback HTTP (Redis for View state)", "Views", "calls", "calls/s", "events/s", "p50 ms",
               "p95 ms", "p99 ms", "errors", "generator CPU"]  # fmt: skip
    if rows:
        print(table(headers, rows))
        print("\n".join(lines))
        print(
            "(p50/p95/p99: event -> patch for Views, call -> answer for ping; generator CPU: the load generator's "
            "processes, % of one core)"
        )
    if args.sessions:
        print()
        cache = run_cache(args.sessions, args.bound)
        print(table(["sessions through the cache", "live", "RSS", "first View restored"], cache))
    print(f"load average {os.getloadavg()[0]:.1f} at the end", flush=True)


if __name__ == "__main__":
    main()
