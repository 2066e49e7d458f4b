"""Memory snapshots: Python already started, with pyview's browser core and the View's modules imported.

A View normally spends most of its start-up initialising CPython inside Pyodide. A memory snapshot is the
WebAssembly memory of a Pyodide that has done that (and imported pyview and the View) on this machine, at build
time, in Node, with the pinned runtime from ``pyview runtime fetch``: the browser restores it instead of starting
from scratch (several times faster to "Python ready"; bench/startup.py measures it).

Trade-offs (see docs/ARCHITECTURE.md, "Memory snapshots"; the figures are in bench/RESULTS.md):

- size: the snapshot is the whole WebAssembly memory, gzipped. Inline, it travels base85 in the document, which
  grows by several MB; in url mode it is a runtime file served beside the wasm (``snapshots/<key>.gz``), so the
  document stays small.
- it is a private Pyodide API (``_makeSnapshot`` / ``makeMemorySnapshot`` / ``_loadSnapshot``), valid only for the
  exact build: the build id is pinned below and checked at build time and again at boot, where a mismatch or a
  failed restore falls back to a plain start with a console note.
- it holds pure Python only: a View with ``--package`` wheels boots without one (Pyodide cannot snapshot after
  ``loadPackage`` or with native code loaded), and the build says so.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pyview._tooling.packager._errors import BuildError
from pyview._tooling.packager._runtime import PYODIDE_VERSION, RuntimeDist, _atomic_write

# The BUILD_ID of pyodide@314.0.7 (its loader's default config). A snapshot restores only in the build that made it,
# so changing the pinned runtime must change this too (tests/build/test_snapshot.py fails until it does).
SNAPSHOT_BUILD_ID = "990c3b51a9722d62434de2bbc9643732658d488c1b6d467f22c1b6beba80d497"
SNAPSHOT_FORMAT = 2  # bump when what goes into a snapshot changes (the cache key includes it)
SCRIPT = Path(__file__).resolve().parent / "snapshot.mjs"
# stdlib modules pyview uses at run time, imported before the snapshot too
STDLIB_PRELOAD = ("asyncio", "json", "traceback", "linecache", "contextvars", "pyodide.ffi", "pyodide.webloop")
_BUILD_ID = re.compile(r'BUILD_ID:"([0-9a-f]{64})"')


@dataclass(slots=True, eq=False)  # eq=False: compared by identity, its bytes are never compared
class Snapshot:
    """A made snapshot: its gzipped bytes and what it holds.

    Attributes:
        key: content hash of everything it was made from (runtime build, sources, modules); names its file.
        data: the snapshot, gzip-compressed (as embedded or served).
        raw_size: bytes once inflated (the WebAssembly memory it restores).
        imported: the modules imported before it was taken.
        skipped: View modules that could not be imported in Node (they are imported at boot instead), with the error.
    """

    key: str
    data: bytes = field(repr=False)  # megabytes
    raw_size: int
    imported: list[str]
    skipped: dict[str, str]

    @property
    def file_name(self) -> str:
        """Its name under the runtime's ``snapshots/`` folder (url mode)."""
        return f"{self.key}.gz"

    def config(self) -> dict[str, object]:
        """What the boot needs to check it: the Pyodide version and build id it belongs to, its raw size."""
        return {"pyodide": PYODIDE_VERSION, "buildId": SNAPSHOT_BUILD_ID, "bytes": self.raw_size, "key": self.key}


def runtime_build_id(dist: RuntimeDist) -> str:
    """The BUILD_ID compiled into the fetched runtime's loader."""
    found = _BUILD_ID.search(dist.file("pyodide.mjs").read_text("utf-8"))
    if found is None:
        raise BuildError(f"pyodide {dist.version}: no BUILD_ID in pyodide.mjs, so no memory snapshot can be checked")
    return found.group(1)


def snapshot_dir(dist: RuntimeDist) -> Path:
    """Where snapshots are kept: beside the runtime files, so ``pyview serve --runtime url`` serves them."""
    return dist.directory / "snapshots"


def snapshot_modules(files: dict[str, str]) -> list[str]:
    """Module names for the ``.py`` files of pyview's browser core, packages first."""
    names = []
    for path in sorted(files, key=lambda p: (p.count("/"), p)):
        if path.endswith(".py"):
            name = path[:-3].replace("/", ".")
            names.append(name[: -len(".__init__")] if name.endswith(".__init__") else name)
    return names


def make_snapshot(
    dist: RuntimeDist,
    core: dict[str, str],
    view_files: dict[str, str],
    entry: str,
    data: dict[str, bytes] | None = None,
    stdlib: bytes | None = None,
    *,
    core_only: bool = False,
) -> Snapshot:
    """Make (or reuse from the cache) the snapshot for a View: core and ``entry`` imported in Node, with the
    View's data files (``data``) in place as at boot, and the standard library zip the document carries (``stdlib``;
    ``None``: the runtime's whole ``python_stdlib.zip``, as served in url mode).

    ``core_only``: import pyview's browser core only. Such a snapshot holds nothing of the View (its modules are
    imported at boot, from the files every boot puts in place), so one is made per core and standard library and
    serves every View that carries the same standard library.

    Raises:
        BuildError: Node is missing, the runtime is not the pinned build, or Node failed to make the snapshot.
    """
    from pyview._tooling.packager._packager import MOUNT_ROOT

    build_id = runtime_build_id(dist)
    if build_id != SNAPSHOT_BUILD_ID:
        raise BuildError(
            f"the cached Pyodide {dist.version} has build id {build_id[:12]}…, not the pinned "
            f"{SNAPSHOT_BUILD_ID[:12]}…: a memory snapshot would not restore. "
            "Run `pyview runtime fetch` again, or build with --no-snapshot."
        )
    if core_only:
        view_files, entry, data = {}, "", None
    files = {**core, **view_files}
    modules = [*STDLIB_PRELOAD, *snapshot_modules(core)]
    sha = hashlib.sha256(f"{SNAPSHOT_FORMAT}\0{build_id}\0{MOUNT_ROOT}\0{entry}\0".encode())
    for path in sorted(files):
        sha.update(path.encode() + b"\0" + files[path].encode() + b"\0")
    data = data or {}
    for path in sorted(data):
        sha.update(b"data\0" + path.encode() + b"\0" + len(data[path]).to_bytes(8, "big") + data[path])
    if stdlib is not None:
        sha.update(b"stdlib\0" + hashlib.sha256(stdlib).digest())
    key = sha.hexdigest()[:20]
    folder = snapshot_dir(dist)
    target, meta = folder / f"{key}.gz", folder / f"{key}.json"
    if target.exists() and meta.exists():
        info = json.loads(meta.read_text("utf-8"))
        return Snapshot(key, target.read_bytes(), info["bytes"], info["imported"], info["skipped"])
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            "making a memory snapshot needs Node.js (it runs the pinned Pyodide at build time); install it "
            "(on Debian: apt-get install -y nodejs) or build with --no-snapshot"
        )
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder, prefix=".make-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        zipped = dist.file("python_stdlib.zip")
        if stdlib is not None:
            zipped = Path(tmp) / "python_stdlib.zip"
            zipped.write_bytes(stdlib)
        job = {
            "indexURL": f"{dist.directory.as_posix()}/",
            "stdLibURL": zipped.as_posix(),
            "mountRoot": MOUNT_ROOT,
            "files": files,
            "data": {path: base64.b64encode(content).decode() for path, content in data.items()},
            "modules": modules,
            "optional": [entry] if entry else [],
            "out": raw.as_posix(),
        }
        try:
            done = subprocess.run(
                [node, str(SCRIPT)], input=json.dumps(job), capture_output=True, text=True, timeout=600, check=False
            )
        except subprocess.TimeoutExpired as exc:
            raise BuildError("Node did not finish making the memory snapshot within 10 minutes") from exc
        if done.returncode != 0 or not raw.exists():
            tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-12:])
            raise BuildError(f"making the memory snapshot in Node failed (exit {done.returncode}):\n{tail}")
        report = json.loads(done.stdout.strip().splitlines()[-1])
        packed = gzip.compress(raw.read_bytes(), 9, mtime=0)
    info = {key: report[key] for key in ("bytes", "imported", "skipped", "stdlib")}
    _atomic_write(target, packed)
    _atomic_write(meta, json.dumps(info).encode())
    return Snapshot(key, packed, info["bytes"], info["imported"], info["skipped"])
