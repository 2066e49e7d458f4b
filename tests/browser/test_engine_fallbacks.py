"""The boot shim's engine fallbacks (feature detection, no engine sniffing): a View boots when the page has no
``Uint8Array.fromBase64`` (Chrome 140, Firefox 133, Safari 18.2) and no ``DecompressionStream`` (Chrome 80, Firefox
113, Safari 16.4). Each API is deleted in the page before the shim runs; Chromium stands in for the older engines."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

from pyview.packager import BuiltView
from pyview.testing import SandboxedView

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def build(build: Callable[..., BuiltView]) -> Callable[..., BuiltView]:
    """``build`` without the default core snapshot (tests/browser/conftest.py): this module is about the plain start."""
    return functools.partial(build, snapshot=False)


# the APIs boot.js may use that older engines lack; ReadableStream.from is not used, and deleted to prove it
REMOVE_ALL = """<script>
delete Uint8Array.fromBase64; delete Uint8Array.prototype.toBase64;
delete globalThis.DecompressionStream; delete ReadableStream.from;
</script>"""


def without(html: str, script: str) -> str:
    """The document with ``script`` first in its head: it runs before any of pyview's."""
    head = html.index("<head>") + len("<head>")
    return html[:head] + script + html[head:]


def test_boots_without_from_base64_decompression_stream_or_readable_stream_from(
    page: Any, build: Callable[..., BuiltView]
) -> None:
    view = SandboxedView.mount(page, without(build("hello_view.py").html, REMOVE_ALL))

    view.wait_until_started()

    assert view.error_panel() is None
    assert view.frame.locator("#pyview-root").inner_text() == "Hello from Python 3.14"
    assert view.frame.evaluate("() => [typeof Uint8Array.fromBase64, typeof DecompressionStream]") == [
        "undefined",
        "undefined",
    ]
    # blobs are base85, decoded by the shim itself: only the inflate needs a fallback (named once)
    assert view.frame.evaluate("() => pyviewBoot.fallbacks") == ["gunzip"]
    assert view.console_errors() == []


def test_gunzip_inflates_every_block_type_like_the_engine(page: Any, build: Callable[..., BuiltView]) -> None:
    """pyviewGunzip against the engine's DecompressionStream on stored, fixed and dynamic blocks and a full flush;
    an untouched document uses no fallback."""
    import gzip
    import os
    import zlib

    stream = zlib.compressobj(6, zlib.DEFLATED, 31)
    flushed = stream.compress(b"pyview " * 3000) + stream.compress(os.urandom(5000)) + stream.flush(zlib.Z_FULL_FLUSH)
    flushed += stream.compress(bytes(range(256)) * 40) + stream.flush()
    samples = {
        "stored": gzip.compress(os.urandom(70_000), 0),
        "fixed": gzip.compress(b"abc", 9),
        "dynamic": gzip.compress((b"the quick brown fox " * 2000) + os.urandom(3000), 9),
        "flushed": flushed,
        "empty": gzip.compress(b""),
    }
    view = SandboxedView.mount(page, build("hello_view.py").html)
    view.wait_until_started()
    assert view.error_panel() is None
    assert view.frame.evaluate("() => pyviewBoot.fallbacks") == []

    results = view.frame.evaluate(
        """async (samples) => {
            const out = {};
            for (const [name, hex] of Object.entries(samples)) {
                const bytes = Uint8Array.fromHex(hex);
                const ours = pyviewGunzip(bytes);
                const theirs = new Uint8Array(await new Response(
                    new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
                out[name] = [ours.length, ours.length === theirs.length && ours.every((b, i) => b === theirs[i])];
            }
            return out;
        }""",
        {name: data.hex() for name, data in samples.items()},
    )

    assert results == {name: [len(gzip.decompress(data)), True] for name, data in samples.items()}
