"""Views under load: many concurrent Views over loopback Streamable HTTP against 1 and 2 uvicorn workers, View state
in Redis, beside a bare ``tools/call`` on the same server; then the live-session cache over many sessions.

Workloads (``--workloads``), each its own server (``load_server.py``): ``counter`` (the bench's counter and a
units switch kept with ``use_view_state``), ``weather`` (offline) and ``orders``, the example servers as they are.
Each simulated View does what a host and the shim do (``_load_client.py``): the View's tool call, then a stream of
clicks through ``pyview_event``, one call at a time, each answer checked. The load generator is several processes
with a lean HTTP/1.1 client (raw asyncio streams, a keep-alive connection per View, as each host has its own); it
prints its own CPU use so it can be seen not to be the bottleneck. A View's calls are its tool call, the shim's
first call (with the data token: it restores the session a result leaves on no worker) and its clicks. The bare
reference is a ``ping`` tool on the same server (the counter's declared with ``Views.tool``, the examples' added to
their ``MCPServer``), called as often as a View makes calls.

    python bench/load.py [--views 1000] [--events 10] [--rounds 3] [--workers 1,2] [--generators 2]
                         [--workloads counter,weather,orders] [--sessions 100000]

It starts redis-server and uvicorn on loopback ports and stops them itself; every loop is bounded. What it prints
becomes its section of bench/RESULTS.md: ``load`` for the counter alone, ``load:<workloads>`` for any other set.
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

from _harness import REPO, run_recorded, table
from _load_client import EXAMPLES, Http, button_event, one_bare, one_example, one_tools, one_view

from pyview._tooling.testing._state_server import redis_server

BENCH = Path(__file__).resolve().parent
SECRET = "bench-secret-0123456789abcdef"
WEATHER_NOW = "2026-06-01T12:00:00+00:00"  # the offline forecast shown: the same for every View and run


def generator(kind: str, port: int, first: int, views: int, events: int, barrier: Any, out: Any) -> None:
    """One load-generator process: ``views`` concurrent Views of workload ``kind`` (or bare callers: ``bare``),
    after every process is ready."""

    async def run() -> dict[str, Any]:
        hosts = [Http(port) for _ in range(views)]  # a connection per View, as each host has its own
        for http in hosts:
            await http.open(1)
        times: list[float] = []
        errors: list[str] = []
        barrier.wait()
        cpu, wall = resource.getrusage(resource.RUSAGE_SELF), time.time()
        if kind == "bare":  # events + 2 calls: as many as a View's tool call, first call and events
            await asyncio.gather(*(one_bare(http, events + 2, times, errors) for http in hosts))
        elif kind.startswith("tools:"):  # the tools an example's clicks run, as plain tools, as often
            example = EXAMPLES[kind.removeprefix("tools:")]
            await asyncio.gather(*(one_tools(http, events + 2, times, errors, example) for http in hosts))
        elif kind in EXAMPLES:
            example = EXAMPLES[kind]
            await asyncio.gather(
                *(one_example(http, first + i, events, times, errors, example) for i, http in enumerate(hosts))
            )
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
    sums = {key: sum(r[key] for r in results) for key in ("wall", "calls", "cpu", "server_cpu")}
    times = sorted(t for r in results for t in r["times"])
    return {"times": times, "errors": [e for r in results for e in r["errors"]], **sums}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    workload: str,
    workers: int,
    port: int,
    redis_url: str,
    max_sessions: int,
    folder: Path,
    log: Path,
    gc_threshold: str = "",
) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYVIEW_SECRET": SECRET, "PYVIEW_VIEW_CACHE": "off", "LOAD_REDIS_URL": redis_url,
           "LOAD_MAX_SESSIONS": str(max_sessions), "LOAD_VIEWS": workload, "PYVIEW_WEATHER": "offline",
           "PYVIEW_WEATHER_NOW": WEATHER_NOW, "PYVIEW_ORDERS_DB": str(folder / "orders.sqlite3"),
           "LOAD_GC_THRESHOLD": gc_threshold}  # fmt: skip
    # a host keeps its connection: none is closed for idling while the generators start
    command = [sys.executable, "-m", "uvicorn", "load_server:app", "--app-dir", str(BENCH), "--port", str(port),
               "--workers", str(workers), "--log-level", "warning", "--backlog", "4096", "--timeout-keep-alive",
               "300"]  # fmt: skip
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


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) used so far by ``pid`` and its children (uvicorn's workers), seconds."""
    total = 0
    for each in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (after the name: fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


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
    for workload in args.workloads:
        rates: dict[int, tuple[float, float]] = {}  # workers -> (bare calls/s, View calls/s)
        for workers in args.workers:
            label = f"{workload}, {workers} worker(s)"
            bare, views, tools, rss = measure(args, workload, workers, redis_url, folder)
            measured = [("bare tools/call (ping)", bare), ("Views: tool call + pyview_event", views)]
            if tools is not None:
                measured.insert(1, ("bare tools/call (the tools its clicks run)", tools))
            for name, result in measured:
                count = result["calls"]
                rows.append([f"{label}: {name}", f"{args.views} x {args.rounds}", count,
                             f"{count / result['wall']:.0f}",
                             f"{len(result['times']) / result['wall']:.0f}" if result is views else "",
                             f"{quantile(result['times'], 0.5):.1f}", f"{quantile(result['times'], 0.95):.1f}",
                             f"{quantile(result['times'], 0.99):.1f}", len(result["errors"]),
                             f"{100 * result['cpu'] / result['wall']:.0f}%"])  # fmt: skip
            rates[workers] = (bare["calls"] / bare["wall"], views["calls"] / views["wall"])
            ratio = rates[workers][1] / rates[workers][0]
            p99 = quantile(views["times"], 0.99) / quantile(bare["times"], 0.99)
            lines.append(f"{label}: server RSS {rss[0] / 1024:.0f} MiB, +{rss[1]:.1f} MiB per 1,000 live sessions; "
                         f"load: pyview_event / bare tools/call throughput: {ratio:.2f}x, p99 {p99:.2f}x")  # fmt: skip
            lines.append(f"{label}: by round: {', '.join(f'{r:.2f}x' for r in views['rounds'])}; "
                         f"server CPU per call: bare {cpu_per_call(bare):.2f} ms, Views {cpu_per_call(views):.2f} ms "
                         f"({cpu_per_call(bare) / cpu_per_call(views):.2f}x)")  # fmt: skip
            if tools is not None:
                ratio = (views["calls"] / views["wall"]) / (tools["calls"] / tools["wall"])
                p99 = quantile(views["times"], 0.99) / quantile(tools["times"], 0.99)
                lines.append(f"{label}: against the tools its clicks run, called bare: "
                             f"throughput {ratio:.2f}x, p99 {p99:.2f}x")  # fmt: skip
            for error in (views["errors"] + bare["errors"] + (tools or {}).get("errors", []))[:5]:
                lines.append(f"  error: {error}")
        if 1 in rates and 2 in rates:
            lines.append(scaling(workload, rates, args.generators))
    return rows, lines


def cpu_per_call(result: dict[str, Any]) -> float:
    """The server's CPU milliseconds per call of a run."""
    return float(1000 * result["server_cpu"] / result["calls"])


def measure(
    args: argparse.Namespace, workload: str, workers: int, redis_url: str, folder: Path
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None, tuple[int, float]]:
    """One server: the bare calls', the Views' and (an example) its clicks' tools' merged numbers over the rounds,
    and (RSS KiB, MiB per 1,000 live sessions)."""
    port = free_port()
    live = args.views * args.rounds  # every View stays live: the cache holds them all
    log = folder / f"server-{workload}-{workers}.log"
    server = start_server(workload, workers, port, redis_url, max(1000, live), folder, log, args.gc_threshold)
    try:
        drive("bare", port, min(args.views, 50), 4, args.generators)  # warm up: every worker imports the server
        drive(workload, port, min(args.views, 20), 2, args.generators)  # ... and its Views
        before = rss_kib(server.pid)
        rounds = []
        kinds = ["bare", workload] + ([f"tools:{workload}"] if workload in EXAMPLES else [])
        for _ in range(args.rounds):  # alternated, so all see the same (shared, changing) machine
            rounds.append([on_server(server.pid, kind, port, args) for kind in kinds])
        after = rss_kib(server.pid)  # (the Views' sessions are all live: the tools' calls keep none)
    finally:
        server.terminate()
        server.wait(30)
    bare, views, *tools = (merged([each[i] for each in rounds]) for i in range(len(kinds)))
    views["rounds"] = [(each[1]["calls"] / each[1]["wall"]) / (each[0]["calls"] / each[0]["wall"]) for each in rounds]
    return bare, views, (tools[0] if tools else None), (after, (after - before) / live * 1000 / 1024)


def on_server(pid: int, kind: str, port: int, args: argparse.Namespace) -> dict[str, Any]:
    """One run (see drive), with the CPU time the server used meanwhile (``server_cpu``, seconds)."""
    before = cpu_seconds(pid)
    result = drive(kind, port, args.views, args.events, args.generators)
    return {**result, "server_cpu": cpu_seconds(pid) - before}


def scaling(workload: str, rates: dict[int, tuple[float, float]], generators: int) -> str:
    """Two workers' throughput over one's, and whether this machine can show what a second worker gives."""
    bare, views = rates[2][0] / rates[1][0], rates[2][1] / rates[1][1]
    cores = os.cpu_count() or 1
    needs = 2 + generators + 1  # a core per worker, per load generator, and Redis's
    note = (f"this machine has {cores} cores for 2 workers, {generators} load generators and Redis (wants {needs}): "
            "it cannot show what a second worker adds" if cores < needs else f"{cores} cores")  # fmt: skip
    return f"{workload}: 2 workers / 1 worker throughput: Views {views:.2f}x, bare {bare:.2f}x ({note})"


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
    parser.add_argument("--workloads", default="counter,weather,orders", help="Views to load, comma-separated")
    parser.add_argument("--sessions", type=int, default=100_000, help="sessions through the cache (0: skip)")
    parser.add_argument("--bound", type=int, default=1000, help="the cache's bound for --sessions")
    parser.add_argument("--gc-threshold", default="", help="the server's gc.set_threshold, e.g. 10000,20,100")
    args = parser.parse_args()
    args.workers = [int(n) for n in args.workers.split(",") if n]
    args.workloads = [name for name in args.workloads.split(",") if name]
    unknown = [name for name in args.workloads if name != "counter" and name not in EXAMPLES]
    if unknown:
        parser.error(f"unknown workload(s) {', '.join(unknown)}: counter, {', '.join(EXAMPLES)}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start", flush=True)
    if args.gc_threshold:
        print(f"(the server runs gc.set_threshold({args.gc_threshold.replace(',', ', ')}), as docs/server.md suggests)")
    if "weather" in args.workloads or "orders" in args.workloads:
        print("(weather, orders: each click runs one of the example's server tools in-process and re-renders the View, "
              "so their Views do much more per call than the bare ping; they are also compared with those tools "
              "called bare, as often: a click's own work without pyview)")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder, redis_server(Path(folder)) as redis_url:
        rows, lines = run_load(args, redis_url, Path(folder))
    headers = ["over loopback HTTP (Redis for View state)", "Views", "calls", "calls/s", "events/s", "p50 ms",
               "p95 ms", "p99 ms", "errors", "generator CPU"]  # fmt: skip
    if rows:
        print(table(headers, rows))
        print("\n".join(lines))
        print(
            "(p50/p95/p99: click -> patch for Views, call -> answer for ping; p99 Nx: the Views' p99 over the bare "
            "calls'; generator CPU: the load generator's processes, % of one core; by round: each round's Views "
            "over its bare calls; server CPU per call: the workers' CPU time over the calls, and bare's over the "
            "Views' (the throughput ratio of a server that alone limits, free of the generators' share of the cores))"
        )
    if args.sessions:
        print()
        cache = run_cache(args.sessions, args.bound)
        print(table(["sessions through the cache", "live", "RSS", "first View restored"], cache))
    print(f"load average {os.getloadavg()[0]:.1f} at the end", flush=True)


def recorded_as(argv: list[str]) -> str | None:
    """The part of RESULTS.md a run writes: the counter's own section, or one per other set of workloads and
    collector setting (a weather and orders run does not replace the counter's figures).

    >>> recorded_as(["--workloads", "counter"]), recorded_as(["--workloads=weather,orders"]), recorded_as([])
    (None, 'weather,orders', 'counter,weather,orders')
    >>> recorded_as(["--workloads", "counter", "--gc-threshold", "10000,20,100"])
    'gc=10000/20/100'
    """
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--workloads", default="counter,weather,orders")
    parser.add_argument("--gc-threshold", default="")
    known = parser.parse_known_args(argv)[0]
    part = "" if known.workloads == "counter" else known.workloads
    if known.gc_threshold:
        part += f"{',' if part else ''}gc={known.gc_threshold.replace(',', '/')}"
    return part or None


if __name__ == "__main__":
    run_recorded(main, __file__, recorded_as(sys.argv[1:]))
