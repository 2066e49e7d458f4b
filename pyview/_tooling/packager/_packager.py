"""The packager: a Python View becomes one ``text/html;profile=mcp-app`` document."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pyview._tooling.packager._caps import cap_warning
from pyview._tooling.packager._document import (
    Blob,
    compact_css,
    compact_js,
    render_document,
    script_json,
    script_text,
    without_python_only,
)
from pyview._tooling.packager._errors import BuildError
from pyview._tooling.packager._parts import CHUNK_BYTES, PartStore, RuntimePart
from pyview._tooling.packager._prerender import ViewInfo, inspect_view
from pyview._tooling.packager._runtime import ProgressCallback, RuntimeDist, ensure_runtime
from pyview._tooling.packager._snapshot import Snapshot, make_snapshot, snapshot_dir
from pyview._tooling.packager._sources import ViewSources, browser_core_sources, load_view_sources
from pyview._tooling.packager._stdlib import FULL_STDLIB, StdlibSelection, select_stdlib, stdlib_gzip, stdlib_zip
from pyview._tooling.packager._wheels import resolve_wheels
from pyview._version import __version__

RuntimeMode = Literal["inline", "url", "server", "auto"]
RUNTIME_DIR = Path(__file__).resolve().parents[2] / "_core" / "runtime"
# the JS shim, in load order: the security policy (generated), the patch applier that enforces it (pyviewDom),
# blobs (pyviewBase85: their text to bytes; pyviewRunModule: the inline Emscripten module), gunzip (pyviewGunzip, for
# engines without DecompressionStream), the host frame (pyviewFrame: host context and size reports before Python),
# the window.openai adapter and the server runtime client (what the boot may switch to), View state on a re-mount
# (pyviewRestore), the fetcher of an auto document's runtime parts, the boot that starts Python (or the server
# runtime client)
SHIM_SCRIPTS = (
    "policy.js", "dom.js", "blobs.js", "gunzip.js", "host_frame.js", "openai.js", "server_runtime.js", "restore.js",
    "parts.js",
    "boot.js",
)  # fmt: skip
SERVER_SCRIPT = "server_runtime.js"  # only in documents that may run on the server (runtime "server" or "auto")
PARTS_SCRIPT = "parts.js"  # only in auto documents, which fetch Python as runtime parts after the first paint
# only in documents that carry blobs for Python (not in runtime "server")
PYTHON_ONLY = ("blobs.js", "gunzip.js", "restore.js")
MOUNT_ROOT = "/pyview/src"
SOURCES_BLOB = "pyview-sources.json"
DATA_BLOB = "pyview-data.bin"
LOADER_PART = "pyodide.js"  # auto documents: Pyodide's classic-script loader, gzipped, fetched as a part
SNAPSHOT_BLOB = "pyview-snapshot.bin"
EMSCRIPTEN_BLOB = "pyodide.asm.mjs"  # inline mode: Pyodide's Emscripten module, run by boot.js as an inline module
SNAPSHOT_SCRIPT = "snapshot.js"  # the shim's snapshot loader, in documents that carry or point at a snapshot
DEFAULT_BOOT_TIMEOUT = 60.0
_EMSCRIPTEN_EXPORT = "export default _createPyodideModule;"


class BuiltView:
    """One built View document and what it is made of.

    Attributes:
        html: the document (``text/html;profile=mcp-app``).
        entry: the View's module name.
        digest: a short hash of the View's sources and build options; it changes whenever the document's behaviour can.
        parts: ``[(part name, bytes in the document)]``, largest first.
        csp: the ``_meta.ui.csp`` the resource must declare (domains for a runtime served by URL), ``{}`` for inline.
        prerendered: whether the first paint shows the View's own pre-rendered UI.
        notes: what the build wants the developer to know (e.g. why a View boots without a memory snapshot).
        runtime_parts: what an auto document fetches after its first paint (Pyodide, the standard library, the
            sources, the snapshot), stored in ``parts_store``; ``[]`` for the other runtimes.
        parts_store: the content store holding the runtime parts' bytes (``None`` without parts).
        warnings: the known host caps the document passes (``pyview/_tooling/packager/_caps.py``), one line each.
    """

    warnings: list[str]

    notes: list[str]
    runtime_parts: list[RuntimePart]
    parts_store: PartStore | None

    def __init__(
        self,
        html: str,
        entry: str,
        digest: str,
        parts: list[tuple[str, int]],
        csp: dict[str, list[str]],
        prerendered: bool,
    ) -> None:
        self.html = html
        self.entry = entry
        self.digest = digest
        self.parts = sorted(parts, key=lambda part: -part[1])
        self.csp = csp
        self.prerendered = prerendered
        self.notes = []
        self.warnings = []
        self.runtime_parts = []
        self.parts_store = None

    @property
    def size(self) -> int:
        """The document's size in bytes (UTF-8)."""
        return len(self.html.encode("utf-8"))

    def write(self, path: str | os.PathLike[str]) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.html, "utf-8")
        return target

    @property
    def parts_size(self) -> int:
        """The stored bytes of the runtime parts, fetched in the background (auto documents)."""
        return sum(part.size for part in self.runtime_parts)

    def size_table(self) -> str:
        """The document's size by part, as printed by ``pyview build``; then, for an auto document, the runtime
        parts the frame fetches in the background."""
        background = [(_part_label(part.name, part.encoding), part.size) for part in self.runtime_parts]
        width = max(len(name) for name, _ in [*self.parts, *background])
        lines = [f"  {name:<{width}}  {size:>12,} B" for name, size in self.parts]
        lines.append(f"  {'total':<{width}}  {self.size:>12,} B  ({self.size / 1e6:.2f} MB)")
        if background:
            lines.append("fetched in the background, after the first paint (runtime parts):")
            lines += [f"  {name:<{width}}  {size:>12,} B" for name, size in sorted(background, key=lambda p: -p[1])]
            total = self.parts_size
            lines.append(f"  {'total':<{width}}  {total:>12,} B  ({total / 1e6:.2f} MB)")
        return "\n".join(lines)


def build_view(
    view: str | os.PathLike[str] | ViewSources,
    *,
    runtime: RuntimeMode = "inline",
    runtime_url: str | None = None,
    packages: Sequence[str] = (),
    title: str | None = None,
    boot_timeout: float = DEFAULT_BOOT_TIMEOUT,
    progress: ProgressCallback | None = None,
    snapshot: bool | Literal["core"] = False,
    stdlib: Sequence[str] = (),
) -> BuiltView:
    """Build a View into one self-contained HTML document.

    Args:
        view: the View's Python file, or its package folder (or its sources, already read).
        runtime: ``"inline"`` embeds Pyodide (no request leaves the frame); ``"url"`` loads it from ``runtime_url``;
            ``"server"`` has no Python in the document: the View's components run in the MCP server, events travel
            through the app-only tool ``pyview_event`` (no WebAssembly, runs under the default CSP); ``"auto"`` is
            the server runtime's small document plus a manifest of runtime parts (Pyodide, the standard library,
            the sources, the snapshot) that the frame fetches after the first paint, from ``runtime_url`` or
            through the host, and hands the View over to (``BuiltView.runtime_parts``, kept in the part store).
        runtime_url: where the Pyodide runtime files are served from (with ``runtime="url"``; optional with
            ``"auto"``: the parts are then also at ``runtime_url + "parts/" + sha256``).
        packages: extra requirements embedded as wheels and installed at boot without network, e.g. ``["pydantic"]``.
        title: the document title (default: the View's module name).
        boot_timeout: seconds before a View that has not started shows the timeout panel.
        progress: receives status lines while the runtime or wheels are fetched.
        snapshot: bake a memory snapshot (Python started, pyview and the View imported; made in Node at build time,
            cached): inline, it is embedded; url, it is a runtime file under ``runtime_url + "snapshots/"``; auto,
            it is a runtime part. Views with ``packages`` boot without one (see ``BuiltView.notes``). ``"core"``:
            a snapshot of pyview's browser core alone, the View imported at boot: made once and shared by every View
            that carries the same standard library (a rebuild after an edit makes none), at the cost of the View's
            own imports at boot.
        stdlib: standard library modules an inline or auto document carries beyond those the View imports (it carries
            only what the View's, pyview's and the packages' code import, found statically; see ``_stdlib.py``),
            e.g. ``["zoneinfo"]`` for a module imported by name at run time; ``["all"]`` keeps all of it.

    Raises:
        BuildError: the View has a syntax error (file and line), the options disagree, or the runtime or packages are
            unavailable.

    Example:
        >>> built = build_view("examples/hello/hello_view.py")  # doctest: +SKIP
        >>> built.write("hello.html")  # doctest: +SKIP
    """
    if runtime not in ("inline", "url", "server", "auto"):
        raise BuildError(f"runtime must be 'inline', 'url', 'server' or 'auto', not {runtime!r}")
    if runtime == "url" or (runtime == "auto" and runtime_url is not None):
        runtime_url = _check_runtime_url(runtime_url)
    elif runtime_url is not None:
        raise BuildError("runtime_url is only used with runtime='url' or 'auto'")
    if runtime == "server" and packages:
        raise BuildError("packages are installed in the browser's Python; a runtime='server' document has none")
    if stdlib and runtime in ("server", "url"):
        raise BuildError(
            "stdlib chooses the standard library an inline document carries; runtime='url' serves the whole "
            "python_stdlib.zip and runtime='server' runs in the server's Python"
        )
    # fails on a syntax error before anything is fetched or written
    sources = view if isinstance(view, ViewSources) else load_view_sources(view)
    dist = ensure_runtime(progress=progress) if runtime != "server" else None
    wheels = resolve_wheels(packages)
    info = inspect_view(sources)
    notes: list[str] = []
    selection = None
    if dist is not None and runtime != "url":
        selection = select_stdlib(dist, {**browser_core_sources(), **sources.files}, wheels, stdlib)
        if selection.reason and selection.reason != f"--stdlib {FULL_STDLIB}":
            notes.append(f"the whole standard library is embedded: {selection.reason}")
    baked = None
    if snapshot and wheels:
        notes.append(
            "no memory snapshot: Views with --package boot without one (Pyodide cannot snapshot after loading "
            "packages), so Python starts the plain, slower way"
        )
    elif snapshot and dist is None:
        notes.append("no memory snapshot: a runtime='server' document has no Python to snapshot")
    elif snapshot:
        assert dist is not None
        trimmed = stdlib_zip(dist, selection) if selection is not None and not selection.full else None
        core_only = snapshot == "core"
        baked = make_snapshot(
            dist, browser_core_sources(), sources.files, sources.entry, sources.data, trimmed, core_only=core_only
        )
        notes += [f"memory snapshot: {name} is imported at boot instead ({why})" for name, why in baked.skipped.items()]
    built = _assemble(sources, dist, runtime, runtime_url, wheels, title, boot_timeout, info, baked, selection)
    if baked is not None and dist is not None and runtime == "url":
        notes.append(
            f"memory snapshot: serve {snapshot_dir(dist) / baked.file_name} as {runtime_url}snapshots/"
            f"{baked.file_name} (pyview serve --runtime url does)"
        )
    if built.parts_store is not None:
        where = f"{runtime_url}parts/" if runtime_url else "RUNTIME_URL/parts/"
        notes.append(
            f"runtime parts: {len(built.runtime_parts)} files in {built.parts_store.root}, each named by its "
            f"sha256; the frame reads them as ui:// resources (pyview.server's Views registers them) or from "
            f"{where}<sha256> (pyview serve --http serves them)"
        )
    built.notes = notes
    built.warnings = [warning] if (warning := cap_warning(sources.entry, built.html)) else []
    return built


def _check_runtime_url(url: str | None) -> str:
    if not url:
        raise BuildError("runtime='url' needs runtime_url (the base URL the Pyodide files are served from)")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BuildError(f"runtime_url must be an absolute http(s) URL, not {url!r}")
    return url if url.endswith("/") else url + "/"


def _assemble(
    sources: ViewSources,
    dist: RuntimeDist | None,
    runtime: RuntimeMode,
    runtime_url: str | None,
    wheels: list[Path],
    title: str | None,
    boot_timeout: float,
    info: ViewInfo,
    snapshot: Snapshot | None = None,
    selection: StdlibSelection | None = None,
) -> BuiltView:
    # (name, bytes, encoding): what Python needs besides the runtime; blobs in the document, or runtime parts (auto)
    payloads: list[tuple[str, bytes, str | None]] = []
    data: list[tuple[str, bytes]] = []
    if dist is not None:
        core = browser_core_sources()
        # the Python sources travel gzipped (a third of their size); the boot inflates them with DecompressionStream
        payloads.append(
            (SOURCES_BLOB, gzip.compress(json.dumps({**core, **sources.files}).encode(), 9, mtime=0), "gzip")
        )
        payloads += [(wheel.name, wheel.read_bytes(), None) for wheel in wheels]
        # a package's data files travel as one gzip of their bytes, back to back; config["data"] lists [path, size]
        data = sorted(sources.data.items())
        if data:
            payloads.append((DATA_BLOB, gzip.compress(b"".join(content for _, content in data), 9, mtime=0), "gzip"))
    blobs: list[Blob] = []
    runtime_parts: list[RuntimePart] = []
    store: PartStore | None = None
    handshake = info.handshake
    if handshake is None and runtime in ("server", "auto"):  # the server runtime client needs a session of its own
        from pyview._core.app._protocol import PROTOCOL_VERSION

        app_info = {"name": sources.entry, "version": __version__}
        handshake = {"protocolVersion": PROTOCOL_VERSION, "appInfo": app_info, "appCapabilities": {}}
    config: dict[str, object] = {
        "entry": sources.entry,
        "mountRoot": MOUNT_ROOT,
        "bootTimeoutMs": int(boot_timeout * 1000),
        "wheels": [wheel.name for wheel in wheels],
        "data": [[path, len(content)] for path, content in data],
        "version": __version__,
        "handshake": handshake,  # the boot shim opens the session with it before Python is up
    }
    if runtime != "server":  # Python's tracebacks name the developer's files with it; the server runtime has none
        config["display"] = sources.display
    prerendered = info.html
    csp: dict[str, list[str]] = {}
    loader_js = ""
    if runtime == "server":
        config["runtime"] = {"mode": "server"}
        for key in ("mountRoot", "wheels", "data"):  # only Python in the frame reads these
            del config[key]
    elif runtime == "auto":
        assert dist is not None and selection is not None
        store = PartStore()
        runtime_parts = _auto_parts(store, dist, selection, payloads, snapshot)
        manifest: dict[str, object] = {"mode": "auto", "lock": _lock(dist)}
        if runtime_url is not None:
            manifest["url"] = runtime_url
            csp = _runtime_csp(runtime_url)
        manifest["chunkBytes"] = CHUNK_BYTES
        manifest["parts"] = {part.name: part.manifest() for part in runtime_parts}
        config["runtime"] = manifest
        if snapshot is not None:
            config["snapshot"] = {**snapshot.config(), "part": SNAPSHOT_BLOB}
    elif runtime_url is None:
        assert dist is not None and selection is not None
        config["runtime"] = {"mode": "inline", "lock": _lock(dist)}
        blobs += [Blob(name, content, encoding) for name, content, encoding in payloads]
        blobs += [
            Blob("pyodide.asm.wasm", dist.wasm_gzip(), encoding="gzip"),
            Blob("python_stdlib.zip", stdlib_gzip(dist, selection), encoding="gzip"),
            Blob(
                EMSCRIPTEN_BLOB, dist.derived("pyodide.asm.pyview-1.mjs.gz", lambda: _emscripten_module(dist)), "gzip"
            ),
        ]
        if snapshot is not None:
            blobs.append(Blob(SNAPSHOT_BLOB, snapshot.data, encoding="gzip"))
            config["snapshot"] = {**snapshot.config(), "blob": SNAPSHOT_BLOB}
        loader_js = script_text(dist.file("pyodide.js").read_text("utf-8"))
    else:
        config["runtime"] = {"mode": "url", "url": runtime_url}
        blobs += [Blob(name, content, encoding) for name, content, encoding in payloads]
        csp = _runtime_csp(runtime_url)
        if snapshot is not None:
            config["snapshot"] = {**snapshot.config(), "url": f"{runtime_url}snapshots/{snapshot.file_name}"}
    scripts = [
        name
        for name in SHIM_SCRIPTS
        if (name != SERVER_SCRIPT or runtime in ("server", "auto"))
        and (name != PARTS_SCRIPT or runtime == "auto")
        and (name not in PYTHON_ONLY or dist is not None)
    ]
    if snapshot is not None:  # before boot.js, which reads the shim's optional parts once when it loads
        scripts.insert(scripts.index("boot.js"), SNAPSHOT_SCRIPT)
    names = tuple(scripts)
    shims = [script_text(compact_js(_shim_text(name, runtime))) for name in names if (RUNTIME_DIR / name).exists()]
    config_json = script_json(config)
    html = render_document(
        title=title or sources.entry,
        css=compact_css((RUNTIME_DIR / "boot.css").read_text("utf-8")),
        prerendered=prerendered,
        config=config_json,
        inline=runtime == "inline",
        runtime_url=runtime_url if runtime == "url" else "",
        loader_js=loader_js,
        shim_scripts=shims,
        blobs=blobs,
    )
    parts = [
        ("JS shim (boot, patch applier, policy)", sum(len(s) for s in shims)),
        ("config", len(config_json)),
    ]
    if prerendered:
        parts.append(("pre-rendered first paint", len(prerendered.encode())))
    if loader_js:
        parts.append(("runtime: pyodide.js loader", len(loader_js.encode())))
    parts += [(_blob_label(blob, selection), len(blob.text)) for blob in blobs]
    parts.append(("HTML, styles", len(html.encode()) - sum(size for _, size in parts)))
    digest = _digest(
        sources, runtime, runtime_url, wheels, snapshot.key if snapshot is not None else "",
        selection.key() if selection is not None else "",
    )  # fmt: skip
    built = BuiltView(html, sources.entry, digest, parts, csp, bool(prerendered))
    built.runtime_parts, built.parts_store = runtime_parts, store
    return built


def _lock(dist: RuntimeDist) -> dict[str, object]:
    """What ``loadPyodide``'s ``lockFileContents`` needs: the lock's info, and no packages (none are loaded)."""
    return {"info": dist.lock()["info"], "packages": {}}


def _runtime_csp(runtime_url: str) -> dict[str, list[str]]:
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(runtime_url))
    return {"resourceDomains": [origin], "connectDomains": [origin]}


def _auto_parts(
    store: PartStore,
    dist: RuntimeDist,
    selection: StdlibSelection,
    payloads: list[tuple[str, bytes, str | None]],
    snapshot: Snapshot | None,
) -> list[RuntimePart]:
    """Store what an auto document fetches after its first paint: Pyodide (the same rewritten Emscripten module as
    inline mode's, and its classic-script loader), the trimmed standard library, the sources, data and wheels, and
    the memory snapshot; return the parts naming them."""
    loader = dist.derived("pyodide.js.gz", lambda: gzip.compress(dist.file("pyodide.js").read_bytes(), 9, mtime=0))
    runtime = [
        ("pyodide.asm.wasm", dist.wasm_gzip(), "gzip"),
        (EMSCRIPTEN_BLOB, dist.derived("pyodide.asm.pyview-1.mjs.gz", lambda: _emscripten_module(dist)), "gzip"),
        (LOADER_PART, loader, "gzip"),
        ("python_stdlib.zip", stdlib_gzip(dist, selection), "gzip"),
    ]
    extra = [(SNAPSHOT_BLOB, snapshot.data, "gzip")] if snapshot is not None else []
    return [store.put(name, content, encoding) for name, content, encoding in [*runtime, *payloads, *extra]]


def _shim_text(name: str, runtime: str) -> str:
    """A shim script's source; in runtime ``server`` documents without its Python-only sections."""
    text = (RUNTIME_DIR / name).read_text("utf-8")
    return without_python_only(text) if runtime == "server" else text


def _emscripten_module(dist: RuntimeDist) -> bytes:
    """Pyodide's Emscripten ES module, gzipped, turned into a module that hands its factory to the boot.

    CSP forbids ``blob:`` scripts and ``eval``, so the module cannot be imported: boot.js inflates it and runs it as an
    inline module script (allowed by ``'unsafe-inline'``); it stores its factory where
    ``loadPyodide({createPyodideModule})`` picks it up and tells the boot. Gzipped, it is a fraction of its text.
    """
    text = dist.file("pyodide.asm.mjs").read_text("utf-8")
    if text.count(_EMSCRIPTEN_EXPORT) != 1:
        raise BuildError(f"pyodide {dist.version}: pyodide.asm.mjs does not end in {_EMSCRIPTEN_EXPORT!r} as expected")
    ready = (
        "globalThis.__pyviewCreatePyodideModule = _createPyodideModule; globalThis.__pyviewModuleReady();"  # blobs.js
    )
    return gzip.compress(text.replace(_EMSCRIPTEN_EXPORT, ready).encode("utf-8"), 9, mtime=0)


def _blob_label(blob: Blob, selection: StdlibSelection | None = None) -> str:
    if blob.name == "python_stdlib.zip" and selection is not None and not selection.full:
        modules = f"{len(selection.kept)} of {len(selection.kept) + len(selection.omitted)} modules, see --stdlib"
        return f"runtime: python_stdlib.zip ({modules}; gzip, base85)"
    return _part_label(blob.name, blob.encoding, "base85")


def _part_label(name: str, encoding: str | None, text: str = "") -> str:
    """How the size table names a blob (``text``: ``"base85"``) or a runtime part (stored bytes)."""
    how = ", ".join(item for item in (encoding, text) if item)
    if name == SOURCES_BLOB:
        return f"Python: pyview browser core and the View ({how})"
    if name == DATA_BLOB:
        return f"the View's data files ({how})"
    if name == SNAPSHOT_BLOB:
        return f"memory snapshot: Python started, pyview and the View imported ({how})"
    kind = "runtime" if name in ("pyodide.asm.wasm", "python_stdlib.zip", EMSCRIPTEN_BLOB, LOADER_PART) else "package"
    return f"{kind}: {name}{f' ({how})' if how else ''}"


def _digest(
    sources: ViewSources,
    runtime: str,
    runtime_url: str | None,
    wheels: list[Path],
    snapshot: str = "",
    stdlib: str = "",
) -> str:
    sha = hashlib.sha256()
    for part in (
        sources.digest(),
        runtime,
        runtime_url or "",
        __version__,
        *[wheel.name for wheel in wheels],
        *([snapshot] if snapshot else []),
        *([f"stdlib:{stdlib}"] if stdlib else []),
    ):
        sha.update(part.encode() + b"\0")
    for name in (*SHIM_SCRIPTS, *([SNAPSHOT_SCRIPT] if snapshot else []), "boot.css"):
        path = RUNTIME_DIR / name
        if path.exists():
            sha.update(path.read_bytes())
    for text in browser_core_sources().values():
        sha.update(text.encode())
    return sha.hexdigest()[:12]
