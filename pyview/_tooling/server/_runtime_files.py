"""Serving the pinned Pyodide runtime over HTTP, for Views built with ``runtime="url"``, and the runtime parts of
``runtime="auto"`` Views (``parts/<sha256>``, from the part store).

A View's frame has an opaque origin, so every runtime request carries ``Origin: null``: the files need
``Access-Control-Allow-Origin: *``, the wasm needs ``application/wasm`` to compile while streaming, and the
files never change for a pinned version, so they may be cached for a year.
"""

from __future__ import annotations

import re

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

from pyview._tooling.packager._parts import PartStore
from pyview._tooling.packager._runtime import RUNTIME_FILES, RuntimeDist, ensure_runtime
from pyview._tooling.packager._snapshot import snapshot_dir

_SNAPSHOT_NAME = re.compile(r"[0-9a-f]{20}\.gz")

_MEDIA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
}
RUNTIME_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Cross-Origin-Resource-Policy": "cross-origin",
}


def runtime_files_app(dist: RuntimeDist | None = None, store: PartStore | None = None) -> Starlette:
    """A Starlette app serving the runtime files at its root (mount it, e.g., at ``/pyodide``).

    Example:
        >>> from starlette.routing import Mount
        >>> routes = [Mount("/pyodide", app=runtime_files_app())]  # doctest: +SKIP
    """
    runtime = dist or ensure_runtime()
    parts = store or PartStore()

    async def serve(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in RUNTIME_FILES:
            return PlainTextResponse(f"not a pyview runtime file: {name}", 404, headers=RUNTIME_HEADERS)
        suffix = name[name.rfind(".") :]
        return FileResponse(runtime.file(name), media_type=_MEDIA_TYPES[suffix], headers=RUNTIME_HEADERS)

    async def serve_snapshot(request: Request) -> Response:
        # memory snapshots baked by `pyview build --snapshot` (content-addressed, gzip bytes the boot inflates)
        name = request.path_params["name"]
        path = snapshot_dir(runtime) / name
        if not _SNAPSHOT_NAME.fullmatch(name) or not path.is_file():
            return PlainTextResponse(f"no such memory snapshot: {name}", 404, headers=RUNTIME_HEADERS)
        return FileResponse(path, media_type="application/octet-stream", headers=RUNTIME_HEADERS)

    async def serve_part(request: Request) -> Response:
        # an auto View's runtime parts, named by the sha256 of their bytes (so they never change)
        name = request.path_params["name"]
        path = parts.path(name)
        if path is None:
            return PlainTextResponse(f"no such runtime part: {name}", 404, headers=RUNTIME_HEADERS)
        return FileResponse(path, media_type="application/octet-stream", headers=RUNTIME_HEADERS)

    return Starlette(
        routes=[
            Route("/snapshots/{name}", serve_snapshot, methods=["GET", "HEAD"]),
            Route("/parts/{name}", serve_part, methods=["GET", "HEAD"]),
            Route("/{name}", serve, methods=["GET", "HEAD"]),
        ]
    )
