"""One declared View: its versioned ``ui://`` URI, its ``_meta.ui``, its document (built lazily, cached)."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import re
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, get_args
from urllib.parse import urlsplit

import anyio.to_thread
from mcp.server.apps import APP_MIME_TYPE, ResourceCsp, ResourcePermissions
from mcp.server.mcpserver.exceptions import ResourceError
from mcp.server.mcpserver.resources import Resource
from pydantic import PrivateAttr

from pyview._tooling.packager._caps import cap_warning
from pyview._tooling.packager._errors import BuildError
from pyview._tooling.packager._packager import RuntimeMode, build_view
from pyview._tooling.packager._parts import PartStore, RuntimePart
from pyview._tooling.packager._runtime import PYODIDE_VERSION, cache_root
from pyview._tooling.packager._sources import PYVIEW_ROOT, browser_core_sources, load_view_sources
from pyview._tooling.server import _openai
from pyview._version import __version__

logger = logging.getLogger("pyview.server")

Permission = Literal["camera", "microphone", "geolocation", "clipboard-write"]
ViewRuntime = Literal["inline", "url", "server", "auto"]
"""Where a View's Python runs: in the browser (Pyodide ``inline`` or from a ``url``), on the ``server``, or
``auto``: on the server from the first paint, and in the frame once Python, fetched in the background as runtime
parts, is up (where the host allows WebAssembly)."""
VIEW_RUNTIMES: tuple[str, ...] = get_args(ViewRuntime)
SnapshotMode = Literal["auto", "core", "on", "off"]
"""Whether a served Pyodide View carries a memory snapshot (``pyview build --snapshot``): ``"auto"`` for a View whose
snapshot travels beside its document (runtime ``auto``: a runtime part; ``url``: a runtime file) when one can be
made here (Node on ``PATH``, no ``packages``; if making it fails, the View is served without one and the log says
why), never inline; ``"core"`` as ``"auto"``, with a snapshot of pyview's core alone, shared by every View and
version (``build_view(snapshot="core")``: what ``pyview dev`` serves, as every edit is a new version); ``"on"``
(inline too; a failure fails the build), ``"off"``."""
SNAPSHOT_MODES: tuple[str, ...] = get_args(SnapshotMode)
_PERMISSION_FIELDS = {
    "camera": "camera",
    "microphone": "microphone",
    "geolocation": "geolocation",
    "clipboard-write": "clipboard_write",
    "clipboardWrite": "clipboard_write",
    "clipboard_write": "clipboard_write",
}
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


class ServerView:
    """A View declared on a server (from :meth:`pyview.server.Views.add`); tools link to it by its ``uri``.

    The URI carries a content hash of the View's sources, pyview's own browser code and the build options, so
    a changed View gets a new URI and hosts never render stale HTML. The document is built on the first
    ``resources/read`` (a build takes seconds) and cached in memory and on disk under that hash.

    Attributes:
        name: the View's short name, the host part of its URI.
        path: the View's Python file or package folder.
        digest: the content hash in the URI.
        uri: ``ui://NAME/view-DIGEST.html``.

    Example:
        >>> weather = views.add("weather", "weather_view.py")  # doctest: +SKIP
        >>> weather.uri  # doctest: +SKIP
        'ui://weather/view-3f2a9c1b7d4e.html'
    """

    def __init__(
        self,
        name: str,
        path: str | os.PathLike[str],
        *,
        runtime: ViewRuntime = "inline",
        runtime_url: str | None = None,
        packages: Sequence[str] = (),
        title: str | None = None,
        description: str | None = None,
        csp: ResourceCsp | None = None,
        permissions: Sequence[Permission] | ResourcePermissions | None = None,
        domain: str | None = None,
        prefers_border: bool | None = None,
        cache_dir: Path | None = None,
        snapshot: SnapshotMode = "off",
        stdlib: Sequence[str] = (),
    ) -> None:
        if not _NAME.fullmatch(name):
            raise ValueError(f"a View name is letters, digits, '.', '_' or '-' (it is the URI's host), not {name!r}")
        if runtime not in VIEW_RUNTIMES:
            raise ValueError(f"runtime must be one of {', '.join(VIEW_RUNTIMES)}, not {runtime!r}")
        if runtime == "server" and packages:
            raise BuildError(
                f"View {name!r}: packages are installed in the browser's Python; with runtime='server' the View runs "
                "in this server, which imports them from its own environment (drop packages=, or use 'auto')"
            )
        if snapshot not in SNAPSHOT_MODES:
            raise ValueError(f"snapshot must be one of {', '.join(SNAPSHOT_MODES)}, not {snapshot!r}")
        if runtime == "url" and not runtime_url:
            raise BuildError(
                f"View {name!r}: runtime='url' needs runtime_url, the base URL serving the Pyodide files "
                "(`pyview serve --http --runtime url` serves them itself)"
            )
        self.name = name
        self.path = Path(path)
        self.runtime: ViewRuntime = runtime
        self.runtime_url = runtime_url if runtime in ("url", "auto") else None
        self.packages = tuple(packages)
        self.stdlib = tuple(stdlib)
        self.title = title
        self.description = description
        self.cache_dir = cache_dir
        self.snapshot_mode: SnapshotMode = snapshot
        #: whether the document is built with a memory snapshot (``"auto"``: a Pyodide View without packages on a
        #: machine with Node; see :data:`SnapshotMode`)
        self.snapshot = snapshot == "on" or (
            snapshot in ("auto", "core")
            and runtime in ("auto", "url")
            and not packages
            and shutil.which("node") is not None
        )
        sources = load_view_sources(self.path)  # cheap; fails at declaration on a missing View or a syntax error
        self.entry = sources.entry
        self._source_digest = sources.digest()
        snapshot_part = [f"snapshot:{snapshot}"] if self.snapshot else []
        self.digest = _digest(
            sources.digest(),
            runtime,
            self.runtime_url or "",
            *self.packages,
            title or "",
            *snapshot_part,
            *[f"stdlib:{name}" for name in self.stdlib],
        )
        self.uri = f"ui://{name}/view-{self.digest}.html"
        self._ui = _ui_meta(runtime, self.runtime_url, csp, permissions, domain, prefers_border)
        self._openai = _openai.resource_meta(self._ui, description or title)
        self._html: str | None = None
        self._parts: list[RuntimePart] = []
        self._store: PartStore | None = None
        self._lock = threading.Lock()

    @property
    def meta(self) -> dict[str, Any]:
        """The resource's ``_meta``: ``{"ui": {...}}`` (empty entries left out) and the ``openai/*`` keys."""
        return {**({"ui": dict(self._ui)} if self._ui else {}), **self._openai}

    @property
    def source_digest(self) -> str:
        """A hash of the View's own sources when it was declared (server-runtime sessions must match it)."""
        return self._source_digest

    @property
    def server_side(self) -> bool:
        """Whether the View may run on the server (runtime ``"server"`` or ``"auto"``)."""
        return self.runtime in ("server", "auto")

    @property
    def is_built(self) -> bool:
        """Whether the document is in memory already."""
        return self._html is not None

    def html(self) -> str:
        """The View's document: from memory, else from the disk cache, else built now (blocking, thread-safe).

        Raises:
            BuildError: the View cannot be built (the message names file and line, or what is missing).
        """
        if self._html is not None:
            return self._html
        with self._lock:
            if self._html is None:
                self._html = self._load_or_build()
        return self._html

    def runtime_parts(self) -> tuple[list[RuntimePart], PartStore | None]:
        """The runtime parts an auto document names, and the store holding them (built now if need be).

        Raises:
            BuildError: the View cannot be built.
        """
        self.html()
        return list(self._parts), self._store

    def resource(self) -> ViewResource:
        """The SDK ``Resource`` that serves this View (what :class:`Views` registers with ``Apps``)."""
        resource = ViewResource(
            uri=self.uri,
            name=self.name,
            title=self.title,
            description=self.description,
            mime_type=APP_MIME_TYPE,
            meta=self.meta or None,
        )
        resource._view = self
        return resource

    def _load_or_build(self) -> str:
        cached = self.cache_dir / f"{self.name}-{self.digest}.html" if self.cache_dir else None
        if cached is not None and cached.is_file() and self._load_parts(cached.with_suffix(".parts.json")):
            logger.info("pyview: View %r from cache %s", self.name, cached)
            return cached.read_text("utf-8")
        logger.info("pyview: building View %r from %s (%s runtime)", self.name, self.path, self.runtime)
        sources = load_view_sources(self.path)  # read once: what is checked here is what is built
        if sources.digest() != self._source_digest:
            logger.warning(
                "pyview: View %r changed since it was declared; serving the new sources under the old URI "
                "(restart the server for a new URI)",
                self.name,
            )
            cached = None  # the cache holds what the URI names, nothing else
        mode, url = _build_mode(self.runtime, self.runtime_url)
        options: dict[str, Any] = {"runtime": mode, "runtime_url": url, "packages": self.packages, "title": self.title}
        if mode in ("inline", "auto"):  # the standard library is chosen for the documents that carry a trimmed one
            options["stdlib"] = self.stdlib
        try:
            core = self.snapshot and self.snapshot_mode == "core"
            snapshot: bool | Literal["core"] = "core" if core else self.snapshot
            built = build_view(sources, snapshot=snapshot, **options)
        except BuildError as exc:
            if not self.snapshot or self.snapshot_mode not in ("auto", "core"):
                raise
            # "auto" or "core": a View that cannot be snapshot here is still served, starting Python the plain way
            logger.warning("pyview: View %r is served without a memory snapshot: %s", self.name, exc)
            built = build_view(sources, **options)
        for note in built.notes:
            logger.info("pyview: View %r: %s", self.name, note)
        self._parts, self._store = built.runtime_parts, built.parts_store
        if cached is not None:
            try:
                cached.parent.mkdir(parents=True, exist_ok=True)
                # the parts first: a document in the cache always has its parts' manifest beside it
                manifest = {"store": str(self._store.root) if self._store else None,
                            "parts": [part.to_json() for part in self._parts]}  # fmt: skip
                _write_atomic(cached.with_suffix(".parts.json"), json.dumps(manifest))
                _write_atomic(cached, built.html)
            except OSError as exc:  # a read-only cache is no reason to fail the read
                logger.warning("pyview: could not cache View %r in %s: %s", self.name, cached.parent, exc)
        parts = f" (+ {built.parts_size:,} bytes of runtime parts, fetched later)" if self._parts else ""
        logger.info("pyview: View %r built: document %s bytes%s", self.name, f"{built.size:,}", parts)
        warning = cap_warning(self.name, built.html)
        if warning is not None:
            logger.warning("pyview: %s", warning)
        return built.html

    def _load_parts(self, path: Path) -> bool:
        """Take the cached document's runtime parts from ``path``; ``False`` if it or a part's bytes are missing."""
        try:
            manifest = json.loads(path.read_text("utf-8"))
            parts = [RuntimePart.from_json(item) for item in manifest["parts"]]
            store = PartStore(Path(manifest["store"])) if manifest["store"] else None
        except (OSError, ValueError, KeyError, TypeError):
            return False
        if parts and (store is None or any(store.path(part.sha256) is None for part in parts)):
            return False  # the store was cleared: build again, which stores them again
        self._parts, self._store = parts, store
        return True

    def __repr__(self) -> str:
        return f"ServerView({self.name!r}, {str(self.path)!r}, uri={self.uri!r})"


class ViewResource(Resource):
    """A ``ui://`` resource whose document is the View's lazily built HTML (read in a worker thread)."""

    _view: ServerView = PrivateAttr()

    async def read(self) -> str:
        try:
            return await anyio.to_thread.run_sync(self._view.html)
        except BuildError as exc:
            logger.error("pyview: View %r failed to build: %s", self._view.name, exc)
            raise ResourceError(f"View {self._view.name!r} failed to build: {exc}") from exc


def default_cache_dir() -> Path | None:
    """Where built Views are cached: ``$PYVIEW_VIEW_CACHE`` (``off``: none), else ``<cache>/views``."""
    explicit = os.environ.get("PYVIEW_VIEW_CACHE")
    if explicit:
        return None if explicit.lower() in ("off", "0", "no", "none") else Path(explicit)
    return cache_root() / "views"


def _write_atomic(path: Path, text: str) -> None:
    # a temporary file per process and thread, so two writers never share one; replace() is atomic
    temporary = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.write_text(text, "utf-8")
    temporary.replace(path)


def runtime_csp(runtime_url: str) -> ResourceCsp:
    """The CSP domains a frame needs to load the runtime from ``runtime_url`` (its origin).

    Example:
        >>> runtime_csp("http://127.0.0.1:8000/pyodide/").resource_domains
        ['http://127.0.0.1:8000']
    """
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(runtime_url))
    return ResourceCsp(resource_domains=[origin], connect_domains=[origin])


def _build_mode(runtime: ViewRuntime, runtime_url: str | None) -> tuple[RuntimeMode, str | None]:
    """The packager's mode for a View's runtime (a packager without server/auto modes builds the Pyodide one)."""
    if runtime in get_args(RuntimeMode):
        return runtime, runtime_url
    logger.warning("pyview: this packager cannot build runtime=%r documents; building a Pyodide one", runtime)
    return ("url", runtime_url) if runtime_url else ("inline", None)


def _ui_meta(
    runtime: ViewRuntime,
    runtime_url: str | None,
    csp: ResourceCsp | None,
    permissions: Sequence[Permission] | ResourcePermissions | None,
    domain: str | None,
    prefers_border: bool | None,
) -> dict[str, Any]:
    ui: dict[str, Any] = {}
    domains: dict[str, list[str]] = {}
    for declared in (runtime_csp(runtime_url) if runtime in ("url", "auto") and runtime_url else None, csp):
        for key, values in (declared.model_dump(by_alias=True, exclude_none=True) if declared else {}).items():
            domains[key] = [
                *domains.get(key, []),
                *(value for value in values if value not in domains.get(key, [])),
            ]
    csp_meta: dict[str, Any] = dict(domains)
    if runtime != "server":
        csp_meta["wasmUnsafeEval"] = True  # ext-apps PR #667's proposed field: Pyodide needs 'wasm-unsafe-eval'
    if csp_meta:
        ui["csp"] = csp_meta
    if permissions is not None:
        if not isinstance(permissions, ResourcePermissions):
            unknown = [name for name in permissions if name not in _PERMISSION_FIELDS]
            if unknown:
                raise ValueError(
                    f"unknown permission {unknown[0]!r}; one of {', '.join(sorted(set(_PERMISSION_FIELDS)))}"
                )
            permissions = ResourcePermissions(**{_PERMISSION_FIELDS[name]: {} for name in permissions})
        ui["permissions"] = permissions.model_dump(by_alias=True, exclude_none=True)
    if domain is not None:
        ui["domain"] = domain
    if prefers_border is not None:
        ui["prefersBorder"] = prefers_border
    return ui


def _digest(*parts: str) -> str:
    sha = hashlib.sha256(_toolkit_digest().encode())
    for part in parts:
        sha.update(part.encode() + b"\0")
    return sha.hexdigest()[:12]


@functools.cache
def _toolkit_digest() -> str:
    """A hash of everything in pyview that shapes a document: the packager, the JS shim, the browser core."""
    sha = hashlib.sha256(f"{__version__}\0{PYODIDE_VERSION}\0".encode())
    for folder in ("_tooling/packager", "_core/runtime"):
        for path in sorted((PYVIEW_ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                sha.update(path.relative_to(PYVIEW_ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    for name, text in sorted(browser_core_sources().items()):
        sha.update(name.encode() + b"\0" + text.encode())
    return sha.hexdigest()
