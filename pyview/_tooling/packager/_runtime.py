"""The pinned Pyodide runtime: fetched once through the npm client, verified, cached per user.

The npm package ``pyodide`` is the runtime core (no wheels). We fetch it with ``npm pack`` (so the machine's npm
registry and proxy settings apply), check its sha512 against the pin below, keep only the files a View needs, and
derive the compressed forms an inline document embeds. Everything lands in ``<cache>/pyodide-<version>/`` and is reused.
"""

from __future__ import annotations

import base64
import contextlib
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

from pyview._tooling.packager._errors import RuntimeFetchError

PYODIDE_VERSION = "314.0.7"
PYODIDE_PYTHON = "3.14"
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_ABI = "cp314"
# dist.integrity of pyodide@314.0.7 on the npm registry
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
PYODIDE_TARBALL_BYTES = 6_488_647

# the files of the npm package a View can need; the rest (console pages, typings, source maps) stay out
RUNTIME_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
_COMPLETE_MARKER = ".complete"

ProgressCallback = Callable[[str], None]


def cache_root() -> Path:
    """The per-user cache folder: ``$PYVIEW_CACHE_DIR``, else ``$XDG_CACHE_HOME/pyview``, else ``~/.cache/pyview``."""
    explicit = os.environ.get("PYVIEW_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "pyview"


class RuntimeDist:
    """A verified, unpacked Pyodide distribution on disk.

    Example:
        >>> dist = RuntimeDist(Path("/tmp/x"))
        >>> dist.file("pyodide.asm.wasm").name
        'pyodide.asm.wasm'
    """

    def __init__(self, directory: Path, version: str = PYODIDE_VERSION) -> None:
        self.directory = directory
        self.version = version

    def file(self, name: str) -> Path:
        return self.directory / name

    def lock(self) -> dict[str, object]:
        data: dict[str, object] = json.loads(self.file("pyodide-lock.json").read_text("utf-8"))
        return data

    def derived(self, name: str, make: Callable[[], bytes]) -> bytes:
        """A derived artifact (compressed wasm, repacked stdlib), made once and cached beside the runtime."""
        path = self.directory / "derived" / name
        if path.exists():
            return path.read_bytes()
        data = make()
        path.parent.mkdir(exist_ok=True)
        _atomic_write(path, data)
        return data

    def wasm_gzip(self) -> bytes:
        return self.derived(
            "pyodide.asm.wasm.gz",
            lambda: gzip.compress(self.file("pyodide.asm.wasm").read_bytes(), 9, mtime=0),
        )

    def stdlib_gzip(self) -> bytes:
        """The standard library zip, repacked without per-file deflate and gzipped whole.

        A stored zip compresses better as one gzip stream than deflated file by file, and imports without inflating
        each module at start-up.
        """
        return self.derived("python_stdlib.stored.zip.gz", self._repack_stdlib)

    def _repack_stdlib(self) -> bytes:
        buffer = io.BytesIO()
        with (
            zipfile.ZipFile(self.file("python_stdlib.zip")) as source,
            zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as target,
        ):
            for info in source.infolist():
                target.writestr(info, source.read(info.filename), compress_type=zipfile.ZIP_STORED)
        return gzip.compress(buffer.getvalue(), 9, mtime=0)


def ensure_runtime(*, progress: ProgressCallback | None = None) -> RuntimeDist:
    """Return the pinned runtime, fetching it through npm the first time.

    Args:
        progress: called with one-line status messages while downloading (defaults to stderr).

    Raises:
        RuntimeFetchError: npm is missing, the registry cannot be reached, or the download does not match the pin.
    """
    directory = cache_root() / f"pyodide-{PYODIDE_VERSION}"
    if (directory / _COMPLETE_MARKER).exists():
        return RuntimeDist(directory)
    report = progress or _stderr_progress
    _fetch_into(directory, report)
    return RuntimeDist(directory)


def _fetch_into(directory: Path, report: ProgressCallback) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeFetchError(
            "The Pyodide runtime is not in the cache and `npm` was not found, so it cannot be fetched.\n"
            "Install Node.js and npm (on Debian: `apt-get install -y nodejs npm`), then run: pyview runtime fetch"
        )
    root = directory.parent
    root.mkdir(parents=True, exist_ok=True)
    npm_cache = root / "npm-cache"
    with tempfile.TemporaryDirectory(dir=root, prefix=".fetch-") as tmp:
        report(f"pyview: fetching the Pyodide {PYODIDE_VERSION} runtime through npm (once, ~6.5 MB)")
        tarball = _npm_pack(npm, Path(tmp), npm_cache, report)
        _verify_integrity(tarball)
        staging = Path(tmp) / "runtime"
        _extract(tarball, staging)
        (staging / _COMPLETE_MARKER).write_text(PYODIDE_INTEGRITY, "utf-8")
        if directory.exists():  # an interrupted earlier fetch
            shutil.rmtree(directory)
        staging.rename(directory)
    report(f"pyview: runtime ready in {directory}")


def _npm_pack(npm: str, destination: Path, npm_cache: Path, report: ProgressCallback) -> Path:
    command = [
        npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--json", "--silent",
        "--pack-destination", str(destination), "--cache", str(npm_cache),
    ]  # fmt: skip
    done = threading.Event()
    watcher = threading.Thread(target=_show_progress, args=(npm_cache, done, report), daemon=True)
    watcher.start()
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    except subprocess.TimeoutExpired as exc:
        raise RuntimeFetchError(
            "npm did not finish fetching the Pyodide runtime within 15 minutes. "
            "Check the network or npm registry settings, then run: pyview runtime fetch"
        ) from exc
    finally:
        done.set()
        watcher.join()
    if completed.returncode != 0:
        tail = "\n".join((completed.stderr or completed.stdout).strip().splitlines()[-8:])
        raise RuntimeFetchError(
            f"`npm pack pyodide@{PYODIDE_VERSION}` failed (exit {completed.returncode}):\n{tail}\n"
            "Make sure the npm registry is reachable, then run: pyview runtime fetch"
        )
    tarballs = sorted(destination.glob("pyodide-*.tgz"))
    if not tarballs:
        raise RuntimeFetchError("npm reported success but wrote no pyodide tarball; run: pyview runtime fetch")
    return tarballs[0]


def _show_progress(npm_cache: Path, done: threading.Event, report: ProgressCallback) -> None:
    """npm prints no progress for `pack`, so watch its cache folder grow towards the tarball's size."""
    start = _tree_size(npm_cache)
    began = time.monotonic()
    last = ""
    while not done.wait(0.5):
        grown = max(0, _tree_size(npm_cache) - start)
        percent = min(99, grown * 100 // PYODIDE_TARBALL_BYTES)
        line = f"  downloading: {grown / 1e6:5.1f} of {PYODIDE_TARBALL_BYTES / 1e6:.1f} MB ({percent}%)"
        if line != last and time.monotonic() - began > 1:
            report(line)
            last = line


def _tree_size(folder: Path) -> int:
    total = 0
    for dirpath, _dirnames, filenames in os.walk(folder):
        for name in filenames:
            with contextlib.suppress(OSError):  # npm renames files while we look
                total += os.stat(os.path.join(dirpath, name)).st_size
    return total


def _verify_integrity(tarball: Path) -> None:
    algorithm, _, expected = PYODIDE_INTEGRITY.partition("-")
    digest = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
    if digest != expected:
        raise RuntimeFetchError(
            f"The downloaded pyodide@{PYODIDE_VERSION} does not match its pinned {algorithm} integrity "
            f"(got {algorithm}-{digest}). The registry or a proxy served different bytes; nothing was installed."
        )


def _extract(tarball: Path, target: Path) -> None:
    target.mkdir(parents=True)
    wanted = {f"package/{name}": name for name in RUNTIME_FILES}
    with tarfile.open(tarball, "r:gz") as archive:
        for member in archive.getmembers():
            name = wanted.pop(member.name, None)
            if name is None or not member.isfile():
                continue
            source = archive.extractfile(member)
            assert source is not None
            (target / name).write_bytes(source.read())
    if wanted:
        raise RuntimeFetchError(f"pyodide@{PYODIDE_VERSION} lacks expected files: {', '.join(sorted(wanted.values()))}")


def _atomic_write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)


def _stderr_progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
