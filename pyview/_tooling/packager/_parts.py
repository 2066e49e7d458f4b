"""Runtime parts: the Python a ``runtime="auto"`` document fetches after its first paint, stored by content.

An auto document carries no Pyodide, no snapshot and no Python sources: its ``pyview-config`` names each of them as a
part (``config.runtime.parts``: name -> ``{"sha256", "bytes", "encoding", "chunks"}``), which the frame fetches in the
background, from ``runtime_url + "parts/" + sha256`` where its CSP allows it, else through the host as ``ui://``
chunk resources read with ``resources/read``. The parts' bytes live in a content store on disk
(``<cache>/parts/<sha256>``), so the HTTP route and any later process serve the same bytes.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

from pyview._tooling.packager._runtime import cache_root

# stored bytes per chunk resource: base64 makes 768 KiB into exactly 1 MiB, the smallest cap hosts are known to apply
CHUNK_BYTES = 768 * 1024
CHUNK_SCHEME = "ui://pyview-runtime/"
CHUNK_MIME = "application/octet-stream"
_SHA256 = re.compile(r"[0-9a-f]{64}")


def chunk_uris(sha256: str, size: int, chunk_bytes: int = CHUNK_BYTES) -> list[str]:
    """The ``ui://`` URIs of a part's chunks, in order (content-addressed: equal bytes, equal URIs).

    Example:
        >>> chunk_uris("ab" * 32, 1_000_000)
        ['ui://pyview-runtime/abababababababab/0.bin', 'ui://pyview-runtime/abababababababab/1.bin']
        >>> chunk_uris("ab" * 32, 0)
        ['ui://pyview-runtime/abababababababab/0.bin']
    """
    count = max(1, -(-size // chunk_bytes))
    return [f"{CHUNK_SCHEME}{sha256[:16]}/{k}.bin" for k in range(count)]


class RuntimePart:
    """One part of an auto document: stored bytes the frame fetches after the first paint.

    Attributes:
        name: the part's name in the config, e.g. ``"pyodide.asm.wasm"`` or ``"pyview-snapshot.bin"``.
        encoding: ``"gzip"`` when the frame must inflate the stored bytes, ``None`` when they are used as they are.
        sha256: the hex SHA-256 of the stored bytes (their name in the store and in the HTTP route).
        size: the number of stored bytes.

    Example:
        >>> part = RuntimePart("x.bin", None, "ab" * 32, 10)
        >>> part.manifest()["chunks"]
        ['ui://pyview-runtime/abababababababab/0.bin']
    """

    def __init__(self, name: str, encoding: str | None, sha256: str, size: int) -> None:
        self.name = name
        self.encoding = encoding
        self.sha256 = sha256
        self.size = size

    @property
    def chunks(self) -> list[str]:
        """The URIs of its chunk resources, in order."""
        return chunk_uris(self.sha256, self.size)

    def manifest(self) -> dict[str, object]:
        """Its entry in ``config.runtime.parts``."""
        return {"sha256": self.sha256, "bytes": self.size, "encoding": self.encoding, "chunks": self.chunks}

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "encoding": self.encoding, "sha256": self.sha256, "bytes": self.size}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> RuntimePart:
        encoding = data["encoding"]
        return cls(str(data["name"]), None if encoding is None else str(encoding), str(data["sha256"]),
                   int(str(data["bytes"])))  # fmt: skip

    def __repr__(self) -> str:
        return f"RuntimePart({self.name!r}, {self.encoding!r}, {self.sha256[:12]!r}..., {self.size:,} B)"


class PartStore:
    """Stored bytes of runtime parts under one folder, each in a file named by its SHA-256 (written atomically).

    Example:
        >>> import tempfile
        >>> store = PartStore(Path(tempfile.mkdtemp()))
        >>> part = store.put("hello.txt", b"hello", None)
        >>> store.read(part.sha256), store.read("0" * 64)
        (b'hello', None)
        >>> store.chunk(part.sha256, 0, 3)
        b'hel'
    """

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else default_store_dir()

    def path(self, sha256: str) -> Path | None:
        """The file holding ``sha256``'s bytes, or ``None`` for a malformed name or one not stored."""
        if not _SHA256.fullmatch(sha256):
            return None
        path = self.root / sha256
        return path if path.is_file() else None

    def put(self, name: str, data: bytes, encoding: str | None) -> RuntimePart:
        """Store ``data`` (once: equal bytes are one file) and return the part that names it."""
        sha256 = hashlib.sha256(data).hexdigest()
        target = self.root / sha256
        if not (target.is_file() and target.stat().st_size == len(data)):
            self.root.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.root, prefix=f".{sha256[:16]}.")
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, target)
        return RuntimePart(name, encoding, sha256, len(data))

    def read(self, sha256: str) -> bytes | None:
        path = self.path(sha256)
        return path.read_bytes() if path is not None else None

    def chunk(self, sha256: str, index: int, chunk_bytes: int = CHUNK_BYTES) -> bytes | None:
        """Chunk ``index`` of the stored bytes (``stored[index * chunk_bytes:(index + 1) * chunk_bytes]``)."""
        path = self.path(sha256)
        if path is None or index < 0:
            return None
        with path.open("rb") as handle:
            handle.seek(index * chunk_bytes)
            return handle.read(chunk_bytes)


def default_store_dir() -> Path:
    """Where parts are stored: ``<cache>/parts`` (see :func:`~pyview.packager.cache_root`)."""
    return cache_root() / "parts"
