"""A View package's data files (labels.json, binary files) are shipped in the document and are part of its hash."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest

from pyview._tooling.packager._document import blob_text, unbase85
from pyview._tooling.packager._sources import load_view_sources
from pyview.packager import build_view
from pyview.server import Views

LABELS_VIEW = Path(__file__).resolve().parents[1] / "browser" / "views" / "labels_view"


@pytest.fixture
def package(tmp_path: Path) -> Path:
    target = tmp_path / "labels_view"
    shutil.copytree(LABELS_VIEW, target)
    (target / "__pycache__").mkdir(exist_ok=True)
    (target / "__pycache__" / "junk.bin").write_bytes(b"x")
    (target / ".hidden").write_text("not part of the View")
    (target / "compiled.pyc").write_bytes(b"\0")
    return target


def test_data_files_are_read_as_bytes_beside_the_modules(package: Path) -> None:
    sources = load_view_sources(package)

    assert sorted(sources.files) == ["labels_view/__init__.py", "labels_view/text.py"]
    assert sorted(sources.data) == ["labels_view/data/blob.bin", "labels_view/labels.json"]
    assert sources.data["labels_view/data/blob.bin"] == (package / "data" / "blob.bin").read_bytes()


def test_editing_a_data_file_changes_the_digest_and_the_uri(package: Path) -> None:
    before = load_view_sources(package).digest()
    uri = Views(runtime="inline", cache_dir=None).add("labels", package).uri
    labels = package / "labels.json"
    labels.write_text(labels.read_text("utf-8").replace("Grüße", "Hallo"), "utf-8")

    assert load_view_sources(package).digest() != before
    edited = Views(runtime="inline", cache_dir=None).add("labels", package).uri
    assert edited != uri
    (package / "data" / "blob.bin").write_bytes(b"\x00")  # bytes, not text: a binary edit counts as well
    assert Views(runtime="inline", cache_dir=None).add("labels", package).uri not in (uri, edited)


def test_the_document_carries_the_data_and_the_prerender_reads_it(package: Path) -> None:
    built = build_view(package, runtime="url", runtime_url="http://127.0.0.1:9/pyodide/")

    assert "Grüße aus labels.json | blob 25283cf4bc82 (269 bytes) | linux" in built.html  # pre-rendered in CPython
    config = json.loads(re.search(r'id="pyview-config">(.*?)</script>', built.html, re.S).group(1))  # type: ignore[union-attr]
    assert config["data"] == [["labels_view/data/blob.bin", 269], ["labels_view/labels.json", len(
        (package / "labels.json").read_bytes())]]  # fmt: skip
    text, size, encoding = blob_text(built.html, "pyview-data.bin")
    assert encoding == "gzip"
    data = gzip.decompress(unbase85(text, size))
    assert data == (package / "data" / "blob.bin").read_bytes() + (package / "labels.json").read_bytes()
    assert any(name.startswith("the View's data files") for name, _ in built.parts)


def test_a_single_file_view_ships_no_neighbours(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("{}")
    view = tmp_path / "solo_view.py"
    view.write_text("X = 1\n")

    assert load_view_sources(view).data == {}
