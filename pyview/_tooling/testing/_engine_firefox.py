"""The ``firefox`` engine of :mod:`pyview._tooling.testing._engine`: puppeteer-core over WebDriver BiDi, from Node.

puppeteer-core (never the ``puppeteer`` package, which downloads a browser) is found in ``$PYVIEW_PUPPETEER_DIR``,
else in the repository's ``tests/engines`` (``npm ci --prefix tests/engines``). Firefox is ``$PYVIEW_FIREFOX``, else
``firefox-esr`` or ``firefox`` on ``PATH`` (Debian: ``apt-get install firefox-esr``).
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from pyview._tooling.testing._engine import EngineName, EngineNotFound, which

BRIDGE = Path(__file__).with_name("engine_firefox.mjs")
HINT = "Install it with: apt-get install -y firefox-esr   (or set PYVIEW_FIREFOX to a Firefox binary)"
PUPPETEER_HINT = (
    "Install it with: npm ci --prefix tests/engines   (or npm install puppeteer-core in a folder and set "
    "PYVIEW_PUPPETEER_DIR to it; never the `puppeteer` package, which downloads a browser)"
)


def puppeteer_dir() -> str:
    """The folder whose ``node_modules`` holds puppeteer-core."""
    candidates = [
        os.environ.get("PYVIEW_PUPPETEER_DIR", ""),
        "tests/engines",
        str(Path(__file__).parents[3] / "tests/engines"),
    ]
    for folder in filter(None, candidates):
        if (Path(folder) / "node_modules" / "puppeteer-core" / "package.json").is_file():
            return str(Path(folder).resolve())
    raise EngineNotFound(f"pyview's Firefox tests need puppeteer-core, and none was found. {PUPPETEER_HINT}")


class Bridge:
    """The Node process and its JSON-lines protocol; one request at a time."""

    def __init__(self) -> None:
        node = which("PYVIEW_NODE", "node", hint="Install Node.js 20 or newer (apt-get install -y nodejs).")
        self.process = subprocess.Popen(
            [node, str(BRIDGE), puppeteer_dir()],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self._ids = itertools.count(1)
        self._replies: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, name="pyview-firefox-bridge", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._replies.put(json.loads(line))
        self._replies.put(None)  # the bridge exited

    def request(self, op: str, wait: float = 60.0, **params: Any) -> Any:
        """Send one request and wait up to ``wait`` s for its reply; ``RuntimeError`` with the bridge's message."""
        with self._lock:
            number = next(self._ids)
            assert self.process.stdin is not None
            self.process.stdin.write(json.dumps({"id": number, "op": op, **params}) + "\n")
            self.process.stdin.flush()
            deadline = time.monotonic() + wait
            while True:  # a late reply to an earlier request that timed out is skipped
                try:
                    reply = self._replies.get(timeout=max(0.0, deadline - time.monotonic()))
                except queue.Empty:
                    raise TimeoutError(f"the Firefox driver did not answer {op!r} within {wait:g} s") from None
                if reply is None or reply.get("id") == number:
                    break
        if reply is None:
            raise RuntimeError(f"the Firefox driver exited (code {self.process.poll()}) during {op!r}")
        if "error" in reply:
            raise RuntimeError(f"Firefox {op}: {reply['error']}")
        return reply["ok"]

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                self.request("close", wait=20)
            except (RuntimeError, TimeoutError, OSError):
                self.process.kill()
            self.process.wait(10)
        self._reader.join(10)  # it ends at the exited process's end of output: then its pipe can close
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None and not (pipe is self.process.stdout and self._reader.is_alive()):
                pipe.close()


class FirefoxPage:
    """One page of the Firefox engine."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        self.id: int = bridge.request("newPage")

    def goto(self, url: str) -> None:
        self.bridge.request("goto", page=self.id, url=url)

    def evaluate(self, script: str, arg: object = None, *, view: bool = True) -> Any:
        return self.bridge.request("evaluate", page=self.id, view=view, script=script, arg=arg)

    def wait_for(self, script: str, arg: object = None, *, view: bool = True, timeout: float = 30.0) -> Any:
        try:
            return self.bridge.request(
                "waitFor", timeout + 30, page=self.id, view=view, script=script, arg=arg, timeout=timeout * 1000
            )
        except RuntimeError as exc:
            if "Timed out" in str(exc) or "timeout" in str(exc).lower():
                raise TimeoutError(f"not true within {timeout:g} s: {script}") from None
            raise

    def click(self, selector: str) -> None:
        self.bridge.request("click", page=self.id, selector=selector)

    def close(self) -> None:
        self.bridge.request("closePage", page=self.id)


class FirefoxEngine:
    """Firefox ESR driven by puppeteer-core (WebDriver BiDi) in a Node process."""

    name: EngineName = "firefox"

    def __init__(self, bridge: Bridge, version: str) -> None:
        self.bridge = bridge
        self.version = version

    @classmethod
    def start(cls) -> FirefoxEngine:
        executable = which("PYVIEW_FIREFOX", "firefox-esr", "firefox", hint=HINT)
        bridge = Bridge()
        try:
            version = bridge.request("launch", wait=120, executablePath=executable)
        except BaseException:
            bridge.process.kill()
            raise
        return cls(bridge, str(version))

    def new_page(self) -> FirefoxPage:
        return FirefoxPage(self.bridge)

    def close(self) -> None:
        self.bridge.stop()
