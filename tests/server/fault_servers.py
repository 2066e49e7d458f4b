"""Server processes for the fault tests: the gated counter server (``fault_views/``) on a free loopback port.

Every wait here has a deadline and waits for a condition (a port that answers or refuses, a file, an exit).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

FAULT_VIEWS = Path(__file__).parent / "fault_views"
SECRET = "fault-secret-0123456789abcdef"
DEADLINE = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def accepts(port: int) -> bool:
    """Whether something accepts TCP connections on the loopback port."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            return True
    except OSError:
        return False


def until(condition: Callable[[], bool], what: str, deadline: float = DEADLINE) -> None:
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"not within {deadline:.0f} s: {what}")
        time.sleep(0.02)


def environment(gate: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYVIEW_")}
    env.update(PYVIEW_SECRET=SECRET, PYVIEW_VIEW_CACHE="off", FAULT_GATE=str(gate))  # one secret: any process goes on
    return env


def start(command: list[str], port: int, gate: Path) -> subprocess.Popen[bytes]:
    """Start ``command`` (which listens on ``port``) and wait until it accepts connections."""
    process = subprocess.Popen(command, env=environment(gate), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    until(lambda: accepts(port) or process.poll() is not None, f"{command[2:4]} listening on {port}")
    assert process.poll() is None, f"{command} exited with {process.returncode}"
    return process


def uvicorn_worker(port: int, gate: Path) -> subprocess.Popen[bytes]:
    """One stateless uvicorn process (a host behind a load balancer)."""
    command = [sys.executable, "-m", "uvicorn", "asgi:app", "--app-dir", str(FAULT_VIEWS), "--port", str(port),
               "--host", "127.0.0.1", "--log-level", "warning"]  # fmt: skip
    return start(command, port, gate)


def pyview_serve(port: int, gate: Path, shutdown_timeout: int) -> subprocess.Popen[bytes]:
    """``pyview serve server.py --http`` (what an operator runs), with its SIGTERM bound."""
    command = [sys.executable, "-m", "pyview.server", str(FAULT_VIEWS / "server.py"), "--http", "--port", str(port),
               "--runtime", "server", "--no-warm-up", "--shutdown-timeout", str(shutdown_timeout)]  # fmt: skip
    return start(command, port, gate)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.kill()
    process.wait()
