"""Memory snapshots made at build time in Node with the pinned Pyodide (no browser here; see
tests/browser/test_snapshot_boot.py for restoring them)."""

from __future__ import annotations

import gzip
import json
import re
import struct
from pathlib import Path

import pytest

from pyview._tooling.packager._runtime import PYODIDE_INTEGRITY, PYODIDE_VERSION, ensure_runtime
from pyview._tooling.packager._snapshot import SNAPSHOT_BUILD_ID, runtime_build_id, snapshot_dir, snapshot_modules
from pyview.packager import build_view

REPO = Path(__file__).resolve().parents[2]
HELLO = REPO / "bench" / "views" / "hello_view.py"
# The Pyodide a snapshot was made for. Changing the pinned runtime (version or tarball) without making new
# snapshots for it, and pinning its build id in pyview/_tooling/packager/_snapshot.py, fails here.
PINNED = {
    "version": "314.0.7",
    "integrity": "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
    "build_id": "990c3b51a9722d62434de2bbc9643732658d488c1b6d467f22c1b6beba80d497",
}


def _config(html: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="pyview-config">(.*?)</script>', html, re.S)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


def _header_build_id(snapshot_gz: bytes) -> str:
    with gzip.GzipFile(fileobj=__import__("io").BytesIO(snapshot_gz)) as raw:
        header = raw.read(48)
    return "".join(f"{word:08x}" for word in struct.unpack("<12I", header)[4:12])


def test_the_pinned_pyodide_and_the_snapshot_build_id_change_together() -> None:
    pinned = (PYODIDE_VERSION, PYODIDE_INTEGRITY, SNAPSHOT_BUILD_ID)
    expected = (PINNED["version"], PINNED["integrity"], PINNED["build_id"])
    assert pinned == expected, "a new Pyodide needs a new snapshot build id (pyview/_tooling/packager/_snapshot.py)"
    assert runtime_build_id(ensure_runtime()) == SNAPSHOT_BUILD_ID


def test_core_module_names() -> None:
    files = {"pyview/__init__.py": "", "pyview/app.py": "", "pyview/_core/app/_app.py": "", "pyview/x.txt": ""}
    assert snapshot_modules(files) == ["pyview", "pyview.app", "pyview._core.app._app"]


def test_inline_snapshot_is_embedded_for_the_pinned_build_and_imports_the_view() -> None:
    built = build_view(HELLO, snapshot=True)
    config = _config(built.html)
    spec = config["snapshot"]
    assert isinstance(spec, dict)
    assert spec["blob"] == "pyview-snapshot.bin" and spec["buildId"] == SNAPSHOT_BUILD_ID
    assert spec["pyodide"] == PYODIDE_VERSION
    assert 'id="pyview-blob:pyview-snapshot.bin" data-encoding="gzip"' in built.html
    assert "globalThis.pyviewSnapshot = " in built.html  # the loader shim
    data = (snapshot_dir(ensure_runtime()) / f"{spec['key']}.gz").read_bytes()
    assert _header_build_id(data) == SNAPSHOT_BUILD_ID  # what the boot checks
    meta = json.loads((snapshot_dir(ensure_runtime()) / f"{spec['key']}.json").read_text())
    assert {"hello_view", "pyview._core.components._reconcile", "pyview._core.app._app"} <= set(meta["imported"])
    assert meta["skipped"] == {} and built.notes == []
    assert any(name.startswith("memory snapshot") for name, _ in built.parts)
    assert built.size <= 16_000_000  # issue 15's bar for the inline hello document with its snapshot
    again = build_view(HELLO, snapshot=True)  # cached: the same snapshot, the same document
    assert again.html == built.html


def test_url_snapshot_is_a_runtime_file_and_the_document_stays_small() -> None:
    from starlette.testclient import TestClient

    from pyview.server import runtime_files_app

    base = "https://runtime.example/pyodide/"
    built = build_view(HELLO, runtime="url", runtime_url=base, snapshot=True)
    spec = _config(built.html)["snapshot"]
    assert isinstance(spec, dict)
    assert spec["url"] == f"{base}snapshots/{spec['key']}.gz"
    assert built.size < 160_000  # issue 15 set 150 KB before the shim grew (see test_runtime_modes)
    assert any("snapshots/" in note for note in built.notes)
    client = TestClient(runtime_files_app())
    served = client.get(f"/snapshots/{spec['key']}.gz")
    assert served.status_code == 200 and served.headers["access-control-allow-origin"] == "*"
    assert _header_build_id(served.content) == SNAPSHOT_BUILD_ID
    for bad in ("..%2Fpyodide.js", "0123456789abcdef0123.gz", "x.gz"):
        assert client.get(f"/snapshots/{bad}").status_code == 404


def test_views_with_packages_say_they_boot_without_a_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wheel = tmp_path / "tiny-1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)
    monkeypatch.setattr("pyview._tooling.packager._packager.resolve_wheels", lambda packages: [wheel])
    built = build_view(HELLO, packages=["tiny"], snapshot=True)
    assert "snapshot" not in _config(built.html)
    assert any("no memory snapshot" in note and "--package" in note for note in built.notes)


def test_without_the_option_nothing_changes() -> None:
    built = build_view(HELLO)
    assert "snapshot" not in _config(built.html) and "globalThis.pyviewSnapshot = " not in built.html


def test_a_package_view_reading_its_data_file_at_import_is_imported_before_the_snapshot(tmp_path: Path) -> None:
    package = tmp_path / "labelled_view"
    package.mkdir()
    (package / "labels.json").write_text('{"hello": "Hei"}')
    (package / "__init__.py").write_text(
        "import json, pathlib\n"
        "LABELS = json.loads((pathlib.Path(__file__).parent / 'labels.json').read_text())\n"
        "def main():\n    pass\n"
    )
    built = build_view(package, snapshot=True)
    spec = _config(built.html)["snapshot"]
    assert isinstance(spec, dict)
    meta = json.loads((snapshot_dir(ensure_runtime()) / f"{spec['key']}.json").read_text())
    assert "labelled_view" in meta["imported"] and meta["skipped"] == {} and built.notes == []


def test_a_core_snapshot_holds_no_view_and_is_shared_by_views_with_the_same_stdlib(tmp_path: Path) -> None:
    (tmp_path / "first_view.py").write_text(HELLO.read_text())
    (tmp_path / "second_view.py").write_text(HELLO.read_text().replace("Hello", "Hei"))
    first, second = (build_view(tmp_path / name, snapshot="core") for name in ("first_view.py", "second_view.py"))
    keys = [_config(built.html)["snapshot"]["key"] for built in (first, second)]  # type: ignore[index]
    assert keys[0] == keys[1]  # one snapshot for both: the View is not part of it
    meta = json.loads((snapshot_dir(ensure_runtime()) / f"{keys[0]}.json").read_text())
    assert "pyview._core.app._app" in meta["imported"]
    assert not {"first_view", "second_view"} & set(meta["imported"]) and meta["skipped"] == {}
    own = _config(build_view(tmp_path / "first_view.py", snapshot=True).html)["snapshot"]
    assert own["key"] != keys[0]  # type: ignore[index]  # a View's own snapshot imports it: another snapshot
    assert first.html != second.html  # each document carries its own View, imported at boot (tests/browser run them)
