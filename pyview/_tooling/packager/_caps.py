"""The largest message or resource known hosts and clients accept: one table, checked when a document is built.

A host that gets a larger ``resources/read`` answer drops the View, and an stdio client over its cap closes the
connection, losing the whole server. The figures come from the hosts' code and public trackers (docs/server.md,
"Size caps"); keep that table and this one the same.
"""

from __future__ import annotations

import json

MIB = 1024 * 1024
STDIO_MAX_MESSAGE = 10 * MIB
"""The official TypeScript SDK's stdio transport (``STDIO_DEFAULT_MAX_BUFFER_SIZE``): a larger message is an error
that closes the connection. A pyview stdio server never sends one."""

# (bytes, who applies it): smallest first
HOST_CAPS: tuple[tuple[int, str], ...] = (
    (1 * MIB, "Qwen Code (1 MiB per resource)"),
    (4 * MIB, "Qwen Code's proposed raise (4 MiB per resource)"),
    (5_000_000, "Claude (about 5 MB per resource, reported)"),
    (STDIO_MAX_MESSAGE, "the official TypeScript SDK's stdio transport (10 MiB per message: it closes the connection)"),
)
# what a resources/read answer adds around the document's JSON string: the JSON-RPC envelope, uri, mimeType, _meta
_ENVELOPE_BYTES = 4096


def message_size(html: str) -> int:
    """An upper bound of the bytes of the ``resources/read`` answer that carries ``html`` (JSON-escaped, UTF-8).

    Example:
        >>> message_size('<p class="x">\\n</p>') - len('<p class="x">\\n</p>')
        4101
    """
    return len(json.dumps(html, ensure_ascii=False).encode("utf-8")) + _ENVELOPE_BYTES


def caps_passed(html: str) -> list[str]:
    """Who refuses a document this large: the caps its ``resources/read`` answer passes, smallest first.

    Example:
        >>> caps_passed("x" * 2_000_000)
        ['Qwen Code (1 MiB per resource)']
        >>> caps_passed("small")
        []
    """
    return _passed(message_size(html))


def _passed(size: int) -> list[str]:
    return [who for cap, who in HOST_CAPS if size > cap]


def cap_warning(name: str, html: str) -> str | None:
    """A one-line warning for a document that passes a known cap, naming the way out; ``None`` when it fits all.

    Example:
        >>> cap_warning("hello", "x" * 2_000_000).split(";")[0]
        "View 'hello': its document (2.00 MB) is larger than Qwen Code (1 MiB per resource) accepts"
    """
    size = message_size(html)  # one JSON encoding of a document of megabytes, not two
    passed = _passed(size)
    if not passed:
        return None
    who = ", ".join(passed)
    return (
        f"View {name!r}: its document ({size / 1e6:.2f} MB) is larger than {who} accepts; "
        'runtime "auto" (the default) keeps a document small (runtime "url", or snapshot "off", make it smaller)'
    )
