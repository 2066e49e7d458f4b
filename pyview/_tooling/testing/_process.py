"""A server started as a child process for a test: its stderr read line by line as it comes, ready when a line
says so, and stopped whole (terminated, its reader joined, its pipe closed).

Example:
    >>> import sys
    >>> code = "import sys; print('ready', file=sys.stderr); sys.stdin.read()"
    >>> with ServerProcess([sys.executable, "-c", code], stdin=subprocess.PIPE) as server:
    ...     server.wait_for(lambda lines: "ready" in lines, 60, "the child to start")
    >>> server.lines
    ['ready']
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any


class ServerProcess:
    """``command`` run with its stderr read by a thread into :attr:`lines` (stdout discarded).

    Args:
        command: the program and its arguments.
        env: its environment (default: this process's); cwd: its folder.
        stdin: what ``subprocess.Popen`` takes (default: none).
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        cwd: str | Path | None = None,
        stdin: Any = None,
    ) -> None:
        self.lines: list[str] = []
        """Every line the process wrote to stderr so far, without its newline."""
        self._changed = threading.Condition()
        self._ended = False
        self.process = subprocess.Popen(
            list(command), env=env, cwd=cwd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        self._reader = threading.Thread(target=self._read, name=f"stderr of {command[0]}", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self._ended = True
            self._changed.notify_all()

    def wait_for(self, ready: Callable[[list[str]], bool], timeout: float, what: str) -> None:
        """Wait until ``ready(lines)`` holds; raise :class:`RuntimeError` with everything the process wrote if it
        ended first or ``timeout`` seconds passed (a bound for a stuck process, never a measurement)."""
        with self._changed:
            self._changed.wait_for(lambda: self._ended or ready(self.lines), timeout)
            if ready(self.lines):
                return
            state = "exited" if self._ended else f"was not ready after {timeout:g} s"
            log = "\n".join(self.lines)
        self.close()
        raise RuntimeError(f"waiting for {what}: the process {state}:\n{log}")

    def close(self) -> None:
        """Terminate the process (kill it if it lingers), wait for it and its reader, close the pipe. Again:
        nothing happens."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdin is not None:
            self.process.stdin.close()
        self._reader.join(10)  # the pipe ends with the process and any child of it that shares it
        if not self._reader.is_alive() and self.process.stderr is not None:  # never under a reader still reading
            self.process.stderr.close()

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
