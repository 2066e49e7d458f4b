"""Concurrent resources/read of several Views: every document is right, reads agree, the disk cache holds the same."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from pyview.server import Views

LEAVES = 40
RUNTIME_URL = "http://127.0.0.1:9/pyodide/"  # small documents: the runtime is not embedded (never fetched here)
VIEW = """
import time

from pyview import View, component, create_context, h, use_context, use_state

Theme = create_context("none")


@component
def Leaf(i):
    time.sleep(0)  # other threads run in the middle of this render
    n, _ = use_state(i)
    return h.span(f"{{use_context(Theme)}}-{{n}}")


@component
def Tree():
    return Theme.provider({word!r}, h.div(*[Leaf(i) for i in range({leaves})]))


view = View(Tree)
"""


def expected(word: str) -> str:
    return "<div>" + "".join(f"<span>{word}-{i}</span>" for i in range(LEAVES)) + "</div>"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_concurrent_reads_of_views_give_right_identical_documents_and_cache(tmp_path: Path) -> None:
    words = {"alpha": tmp_path / "a" / "view.py", "beta": tmp_path / "b" / "view.py"}  # one module name, two Views
    for word, path in words.items():
        path.parent.mkdir()
        path.write_text(VIEW.format(word=word, leaves=LEAVES))
    cache = tmp_path / "cache"
    views = Views(runtime="url", runtime_url=RUNTIME_URL, cache_dir=cache)
    handles = {}
    for word, path in words.items():  # two handles per View file: the same module pre-renders in two threads
        for title in ("one", "two"):
            handles[f"{word}-{title}"] = (word, views.add(f"{word}-{title}", path, title=f"{word} {title}"))
    server = MCPServer("concurrent", extensions=[views])

    async with Client(server) as client:
        uris = [handle.uri for _, handle in handles.values() for _ in range(3)]
        reads = await asyncio.gather(*(client.read_resource(uri) for uri in uris))

    documents: dict[str, set[str]] = {}
    for uri, read in zip(uris, reads, strict=True):
        text = read.contents[0].text  # type: ignore[union-attr]
        documents.setdefault(uri, set()).add(text)
    assert len(documents) == 4
    for name, (word, handle) in handles.items():
        (document,) = documents[handle.uri]  # every read of one URI gives the same document
        assert expected(word) in document, name
        other = "beta" if word == "alpha" else "alpha"
        assert f"{other}-" not in document.split("<title>")[1]
        assert (cache / f"{name}-{handle.digest}.html").read_text("utf-8") == document
        again = Views(runtime="url", runtime_url=RUNTIME_URL, cache_dir=None)
        assert again.add(name, words[word], title=f"{word} {name[len(word) + 1 :]}").html() == document
