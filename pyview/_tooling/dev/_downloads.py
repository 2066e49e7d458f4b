"""Files a View asked the dev host to save (``ui/download-file``): written to a folder, listed on the page.

The dev host saves each content item of the request (an embedded resource's ``text`` or base64 ``blob``, or what
a resource link's ``uri`` reads to) as a real file in a per-run folder, and the page shows its name and size and
fetches it back through the guarded API (``GET /api/downloads/{n}``) to open or save it.

Example:
    >>> box = Downloads(Path(tempfile.mkdtemp()))
    >>> item = box.add_content({"type": "resource", "resource": {"uri": "file:///x/orders.csv", "text": "a,b"}})
    >>> item["name"], item["size"], item["mimeType"]
    ('orders.csv', 3, 'text/csv')
"""

from __future__ import annotations

import base64
import binascii
import mimetypes
import re
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

SAFE_TYPES = frozenset(
    {"text/plain", "text/csv", "application/json", "image/png", "image/jpeg", "image/gif", "image/webp",
     "application/pdf"}
)  # fmt: skip
"""Types the page may open in a tab; anything else (HTML, SVG...) is only saved, as application/octet-stream."""


def safe_name(uri: str, name: object = None) -> str:
    """A file name for a download: ``name`` or the URI's last path segment, reduced to harmless characters.

    Example:
        >>> safe_name("ui://orders/export.csv")
        'export.csv'
        >>> safe_name("x", "../../etc/passwd")
        'passwd'
        >>> safe_name("data:,", "<img src=x>.csv")
        'img_src_x_.csv'
    """
    raw = name if isinstance(name, str) and name else unquote(urlparse(uri).path.rsplit("/", 1)[-1])
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", raw.replace("\\", "/").rsplit("/", 1)[-1]).strip("._")
    return base[:120] or "download"


def served_type(mime: str) -> str:
    """The ``Content-Type`` the dev host serves a download with (only :data:`SAFE_TYPES` as themselves).

    Example:
        >>> served_type("text/html"), served_type("text/csv")
        ('application/octet-stream', 'text/csv')
    """
    return mime if mime in SAFE_TYPES else "application/octet-stream"


class Downloads:
    """The files saved in one dev host run, in order (``items[n]["path"]`` is the file).

    The folder is made at the first download (default: a new temporary folder), so a run that saves nothing
    leaves nothing behind; the files stay after the run, for the developer to open.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder
        self.items: list[dict[str, Any]] = []

    @property
    def folder(self) -> Path:
        """Where this run's downloads are saved (made on first use)."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="pyview-dev-downloads-"))
        return self._folder

    def add_content(self, block: dict[str, Any], data: bytes | None = None) -> dict[str, Any]:
        """Save one content block: an ``EmbeddedResource`` (``{"type": "resource", "resource": {...}}``) or a
        ``ResourceLink`` whose contents were read (``data``). Raises ``ValueError`` for anything else."""
        resource = block.get("resource") if block.get("type") == "resource" else block
        if not isinstance(resource, dict) or not isinstance(resource.get("uri"), str):
            raise ValueError("a download needs an embedded resource or a resource link with a uri")
        uri: str = resource["uri"]
        if data is None:
            data = _bytes(resource)
        name = safe_name(uri, block.get("name") or resource.get("name"))
        mime = resource.get("mimeType") or mimetypes.guess_type(name)[0] or "application/octet-stream"
        number = len(self.items)
        path = self.folder / f"{number}-{name}"
        path.write_bytes(data)
        item = {"n": number, "name": name, "size": len(data), "mimeType": str(mime), "uri": uri, "path": str(path)}
        self.items.append(item)
        return item


def _bytes(resource: dict[str, Any]) -> bytes:
    if isinstance(resource.get("text"), str):
        return str(resource["text"]).encode("utf-8")
    if isinstance(resource.get("blob"), str):
        try:
            return base64.b64decode(resource["blob"], validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("the resource's blob is not base64") from None
    raise ValueError("the embedded resource has neither text nor blob")
