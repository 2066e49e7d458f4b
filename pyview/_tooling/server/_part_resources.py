"""Runtime parts as MCP resources, and the size rule of stdio servers.

An auto View's document names its runtime parts (Pyodide, the standard library, the sources, the snapshot); a frame
whose CSP blocks the runtime URL reads them through the host, chunk by chunk, as ``ui://pyview-runtime/...``
resources. The SDK reads an extension's resources once, at ``MCPServer(...)``, and takes only concrete resources, so
:class:`~pyview.server.Views` builds its auto Views then (from the disk cache after the first start of a version)
and registers one resource per chunk; equal bytes share their resources across Views.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread
from mcp.server.extension import ResourceBinding
from mcp.server.mcpserver.exceptions import ResourceError
from mcp.server.mcpserver.resources import Resource
from pydantic import PrivateAttr

from pyview._tooling.packager._caps import STDIO_MAX_MESSAGE, message_size
from pyview._tooling.packager._errors import BuildError
from pyview._tooling.packager._parts import CHUNK_MIME, PartStore, RuntimePart
from pyview._tooling.server._view_resource import ServerView

if TYPE_CHECKING:
    from pyview._tooling.server._views import Views

logger = logging.getLogger("pyview.server")

CHUNK_TITLE = "pyview runtime part"
CHUNK_DESCRIPTION = (
    "pyview runtime part, read by the View's frame: a chunk of the Python runtime (content-addressed bytes), "
    "not meant for the model or the user"
)


class DocumentTooLarge(BuildError):
    """A View's document would pass the cap of the transport that serves it (stdio: 10 MiB per message)."""


class ChunkResource(Resource):
    """One chunk of a runtime part: ``stored[index * chunk_bytes:(index + 1) * chunk_bytes]``, as a blob."""

    _store: PartStore = PrivateAttr()
    _sha256: str = PrivateAttr()
    _index: int = PrivateAttr()

    async def read(self) -> bytes:
        data = await anyio.to_thread.run_sync(self._store.chunk, self._sha256, self._index)
        if data is None:  # the store was cleared under a running server: the View's next build stores it again
            raise ResourceError(f"runtime part {self._sha256[:16]} is not in {self._store.root} any more")
        return data


def chunk_resources(views: Iterable[ServerView]) -> list[ResourceBinding]:
    """The chunk resources of every auto View's runtime parts (built now if not cached), each URI once.

    A View that fails to build registers none: reading its document reports the error.
    """
    bindings: dict[str, ResourceBinding] = {}
    for handle in views:
        if handle.runtime != "auto":
            continue
        try:
            parts, store = handle.runtime_parts()
        except BuildError as exc:
            logger.error("pyview: View %r failed to build, so it has no runtime parts: %s", handle.name, exc)
            continue
        if store is None:
            continue
        for part in parts:
            for index, uri in enumerate(part.chunks):
                if uri not in bindings:
                    bindings[uri] = ResourceBinding(resource=_chunk(part, index, uri, store))
    return list(bindings.values())


def _chunk(part: RuntimePart, index: int, uri: str, store: PartStore) -> ChunkResource:
    count = len(part.chunks)
    resource = ChunkResource(
        uri=uri,
        name=f"pyview-runtime-{part.sha256[:16]}-{index}",
        title=f"{CHUNK_TITLE}: {part.name} ({index + 1} of {count})",
        description=CHUNK_DESCRIPTION,
        mime_type=CHUNK_MIME,
    )
    resource._store, resource._sha256, resource._index = store, part.sha256, index
    return resource


def check_stdio_sizes(views: Sequence[ServerView]) -> None:
    """Build every View and refuse to serve one whose ``resources/read`` answer would pass 10 MiB over stdio.

    The official TypeScript SDK's stdio transport closes the connection on a larger message, so the host would lose
    the whole server, tools included, at the first read of the View: better not to start.

    Raises:
        DocumentTooLarge: naming the View, its size and the fix.
    """
    for handle in views:
        size = message_size(handle.html())
        if size > STDIO_MAX_MESSAGE:
            raise DocumentTooLarge(
                f"View {handle.name!r}: its document is {size / 1e6:.2f} MB ({handle.runtime} runtime"
                f"{', memory snapshot inline' if handle.snapshot else ''}), over the 10 MiB an stdio client accepts "
                "(the official TypeScript SDK closes the connection on a larger message). Serve it with runtime "
                '"auto" (the default: Python is fetched after the first paint) or "url", or with snapshot "off" '
                "(views.add(..., runtime=..., snapshot=...), or $PYVIEW_RUNTIME / $PYVIEW_SNAPSHOT)"
            )


def views_extensions(server: Any) -> list[Views]:
    """The pyview ``Views`` extensions of an ``MCPServer``."""
    from pyview._tooling.server._views import Views

    # the SDK keeps its extensions in a private list; no public accessor exists (mcp 2.3)
    return [extension for extension in getattr(server, "_extensions", ()) if isinstance(extension, Views)]


async def close_state_stores(server: Any) -> None:
    """Close the View-state stores of the server's ``Views`` that hold connections on this event loop (``aclose``:
    :class:`~pyview.server.RedisStateStore`), as the server stops; also when it stops by being cancelled."""
    with anyio.CancelScope(shield=True):
        for views in views_extensions(server):
            aclose = getattr(views.server_runtime.state_store, "aclose", None)
            if callable(aclose):
                await aclose()


def server_views(server: Any) -> list[ServerView]:
    """The Views of every pyview ``Views`` extension of an ``MCPServer``."""
    return [handle for extension in views_extensions(server) for handle in extension.views]
