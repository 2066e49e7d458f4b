"""Polling for changed source files (no extra dependency): the dev host reloads when one changes."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

WATCHED_SUFFIXES = (".py", ".html", ".css", ".js", ".json", ".toml")
SKIPPED_DIRS = {"__pycache__", ".git", "node_modules", ".venv", "venv", ".mypy_cache", ".ruff_cache", ".pytest_cache"}


def snapshot(roots: Iterable[Path]) -> dict[str, float]:
    """``{path: mtime}`` of every watched file under ``roots`` (files or folders).

    Example:
        >>> snapshot([Path("no/such/folder")])
        {}
    """
    found: dict[str, float] = {}
    for root in roots:
        if root.is_file():
            found[str(root)] = root.stat().st_mtime
            continue
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
            for name in files:
                if name.endswith(WATCHED_SUFFIXES):
                    path = os.path.join(folder, name)
                    try:
                        found[path] = os.stat(path).st_mtime
                    except OSError:
                        continue
    return found


async def watch(roots: list[Path], on_change: Callable[[list[str]], Awaitable[None]], interval: float = 0.5) -> None:
    """Call ``on_change(changed paths)`` whenever files under ``roots`` change; runs until cancelled."""
    before = snapshot(roots)
    while True:
        await asyncio.sleep(interval)
        now = snapshot(roots)
        changed = sorted(p for p in now.keys() | before.keys() if now.get(p) != before.get(p))
        before = now
        if changed:
            await on_change(changed)
