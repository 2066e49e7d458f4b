"""pyview's browser core as a document carries it: each module without docstrings and comments, and the modules it
imports, worked out once per version of the file and kept in the user cache (internal).

Stripping and scanning the ~65 core modules is ~1.8 s of tokenizing, which every process paid again on its first
build: a server's first View, each ``pyview build``. A file version already seen costs one small read. The entries
are keyed by the file's text and by the code that strips and scans it, so neither an edit of the core nor a change
of that code can bring back a stale entry.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import tempfile
from pathlib import Path

from pyview._tooling.packager._imports import imports_of, module_name, remember_imports
from pyview._tooling.packager._runtime import cache_root
from pyview._tooling.packager._sources import without_docstrings

# (document path, source) -> shipped text; bounded, as a long dev session edits the core
_SHIPPED: dict[tuple[str, str], str] = {}
_SHIPPED_MAX = 512


def shipped_module(path: str, source: str) -> str:
    """``source`` (the core module at ``pyview/...`` ``path``) as a document carries it; its imports are recorded
    for :func:`~pyview._tooling.packager._imports.code_imports`."""
    known = _SHIPPED.get((path, source))
    if known is not None:
        return known
    key = hashlib.sha256(f"{_tool_digest()}\0{path}\0{source}".encode()).hexdigest()[:32]
    entry = _read(key)
    if entry is None:
        shipped = without_docstrings(source)
        named = module_name(path)
        imports = sorted(set().union(*imports_of(shipped, *named))) if named else []
        _write(key, {"shipped": shipped, "imports": imports})
    else:
        shipped, imports = entry
    remember_imports(path, shipped, frozenset(imports))
    if len(_SHIPPED) >= _SHIPPED_MAX:
        _SHIPPED.clear()
    _SHIPPED[(path, source)] = shipped
    return shipped


@functools.cache
def _tool_digest() -> str:
    """A hash of the code that strips and scans: a changed pyview never reads what an older one wrote."""
    here = Path(__file__).resolve().parent
    sha = hashlib.sha256()
    for name in ("_core_cache.py", "_sources.py", "_imports.py"):
        sha.update((here / name).read_bytes())
    return sha.hexdigest()


def _folder() -> Path:
    return cache_root() / "core"


def _read(key: str) -> tuple[str, list[str]] | None:
    """``(shipped, imports)`` from the cache entry ``key``; None when there is none or it is damaged."""
    try:
        entry = json.loads((_folder() / f"{key}.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict):
        return None
    shipped, imports = entry.get("shipped"), entry.get("imports")
    if isinstance(shipped, str) and isinstance(imports, list) and all(isinstance(name, str) for name in imports):
        return shipped, imports
    return None


def _write(key: str, entry: dict[str, object]) -> None:
    with contextlib.suppress(OSError):  # a read-only cache only costs the next build the same work again
        folder = _folder()
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{key}.")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(entry, handle)
        os.replace(tmp, folder / f"{key}.json")
