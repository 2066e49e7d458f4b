"""The packager: sources, syntax errors, escaping, sizes, digests (no browser)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from pyview._tooling.packager._document import BLOB_PART_CHARS, blob_text, script_json, script_text, unbase85
from pyview._tooling.packager._sources import load_view_sources
from pyview.packager import BuildError, build_view

HELLO = Path(__file__).resolve().parents[2] / "tests" / "browser" / "views" / "hello_view.py"


def test_syntax_error_names_file_and_line_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    view = tmp_path / "view.py"
    view.write_text("def main():\n    return (1,\n")
    out = tmp_path / "out.html"

    from pyview.cli import main

    status = main(["build", str(view), "-o", str(out)])

    assert status == 1
    assert not out.exists()
    with pytest.raises(BuildError, match=r"^view\.py:2: syntax error: '\(' was never closed"):
        build_view(view)


def test_syntax_error_in_a_package_module_names_that_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    package = tmp_path / "shop"
    package.mkdir()
    (package / "__init__.py").write_text("from shop.table import render\n")
    (package / "table.py").write_text("def render():\n    pass\n\nif True\n")

    with pytest.raises(BuildError, match=r"^shop/table\.py:4: syntax error"):
        load_view_sources(package)


def test_package_view_keeps_its_module_layout(tmp_path: Path) -> None:
    package = tmp_path / "shop"
    (package / "__pycache__").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "table.py").write_text("X = 1\n")
    (package / "__pycache__" / "junk.py").write_text("")

    sources = load_view_sources(package)

    assert sources.entry == "shop"
    assert sorted(sources.files) == ["shop/__init__.py", "shop/table.py"]


@pytest.mark.parametrize("name", ["view.txt", "missing.py"])
def test_not_a_view_is_refused(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    if name.endswith(".txt"):
        path.write_text("")
    with pytest.raises(BuildError):
        load_view_sources(path)


def test_script_embedding_cannot_close_the_script_element() -> None:
    hostile = {"source": "s = '</script><script>alert(1)</script>' <!-- & "}
    embedded = script_json(hostile)
    assert "</" not in embedded and "<!--" not in embedded
    assert json.loads(embedded) == hostile
    assert "</script" not in script_text("x = '</script>'")


def test_inline_document_is_whole_and_reports_its_parts() -> None:
    built = build_view(HELLO)

    html = built.html
    assert html.startswith("<!doctype html>")
    assert 'id="pyview-boot"' in html and "Starting Python" in html
    assert len(re.findall(r'id="pyview-blob:', html)) == 4  # runtime wasm, stdlib, Emscripten module, Python sources
    assert "export default" not in html and "_createPyodideModule" not in html  # the module travels gzipped
    names = [name for name, _ in built.parts]
    assert "runtime: pyodide.asm.wasm (gzip, base85)" in names
    assert sum(size for _, size in built.parts) == built.size
    assert built.csp == {}
    assert built.size < 7_800_000  # base85 blobs, the Emscripten module gzipped (was 9.0 MB with base64)


def test_runtime_blobs_are_written_in_parts_after_everything_the_first_result_needs() -> None:
    # WebKit parses many 64 KB text tokens much faster than one multi-MB token, and the first tool result waits for
    # that parse; the boot, dom.js and the handshake come before any blob.
    html = build_view(HELLO).html
    first_blob = html.index('<script type="application/octet-stream"')
    assert html.index("pyview-boot:initialize") < first_blob and html.index("globalThis.pyviewDom") < first_blob
    parts = re.findall(r'<script type="application/octet-stream"[^>]*>([^<]*)</script>', html)
    assert len(parts) > 80 and max(len(part) for part in parts) == BLOB_PART_CHARS
    # one character above U+00FF would make WebKit parse the whole document as 16-bit text (~25 % slower)
    assert re.search(r"[^\x00-\xff]", html) is None and "Starting Python&#x2026;" in html
    text, size, encoding = blob_text(html, "pyodide.asm.wasm")
    assert encoding == "gzip" and gzip.decompress(unbase85(text, size))[:4] == b"\0asm"


def test_digest_follows_the_source(tmp_path: Path) -> None:
    view = tmp_path / "v.py"
    view.write_text("X = 1\n")
    first = load_view_sources(view).digest()
    view.write_text("X = 2\n")
    assert load_view_sources(view).digest() != first


def test_url_mode_needs_an_absolute_url() -> None:
    with pytest.raises(BuildError, match="runtime_url"):
        build_view(HELLO, runtime="url")
    with pytest.raises(BuildError, match="absolute"):
        build_view(HELLO, runtime="url", runtime_url="/pyodide/")


def _config(html: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="pyview-config">(.*?)</script>', html, re.S)
    assert found is not None
    config: dict[str, object] = json.loads(found.group(1))
    return config


def test_a_view_with_an_app_lets_the_boot_open_the_session(tmp_path: Path) -> None:
    view = tmp_path / "shop_view.py"
    view.write_text(
        "from pyview import App, View, h\n"
        "app = App('shop', '2.1.0', available_display_modes=['inline', 'fullscreen'])\n"
        "view = View(lambda: h.p('Loading the shop'), app)\n"
    )

    built = build_view(view)

    assert _config(built.html)["handshake"] == {
        "protocolVersion": "2026-01-26",
        "appInfo": {"name": "shop", "version": "2.1.0"},
        "appCapabilities": {"availableDisplayModes": ["inline", "fullscreen"]},
    }
    assert built.prerendered and "<p>Loading the shop</p>" in built.html


def test_a_view_that_needs_the_browser_to_import_has_no_early_session() -> None:
    built = build_view(HELLO)  # imports js at the top: nothing to learn at build time

    assert _config(built.html)["handshake"] is None
    assert not built.prerendered


def test_browser_core_travels_without_docstrings_but_with_its_line_numbers() -> None:
    import ast

    from pyview._tooling.packager._sources import PYVIEW_ROOT, browser_core_sources

    core = browser_core_sources()
    assert "pyview/_core/app/_app.py" in core and "pyview/_core/components/_reconcile.py" in core
    for path, shipped in core.items():
        original = (PYVIEW_ROOT.parent / path).read_text()
        assert shipped.count("\n") == original.count("\n"), path
        for node in ast.walk(ast.parse(shipped)):
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                assert not ast.get_docstring(node), f"{path}: {getattr(node, 'name', 'module')}"


def test_the_stripped_core_is_cached_per_file_version_and_an_edit_shows_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process's first build reads the core as shipped from the user cache; a changed file is stripped again."""
    from pyview._tooling.packager import _core_cache, _imports, _sources

    def new_process() -> None:  # what a process knows in memory
        monkeypatch.setattr(_core_cache, "_SHIPPED", {})
        monkeypatch.setattr(_imports, "_IMPORTED", {})

    core = tmp_path / "pyview"
    core.mkdir()
    (core / "core.py").write_text('"""Doc."""\nimport json\n')
    monkeypatch.setenv("PYVIEW_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(_sources, "PYVIEW_ROOT", core)
    monkeypatch.setattr(_sources, "BROWSER_CORE", ("core.py",))
    new_process()
    first = _sources.browser_core_sources()
    assert first == {"pyview/core.py": '""\nimport json\n'}
    (entry,) = (tmp_path / "cache" / "core").glob("*.json")

    new_process()
    with monkeypatch.context() as no_stripping:  # the cache answers: nothing is stripped or scanned again
        no_stripping.setattr(_core_cache, "without_docstrings", None)
        no_stripping.setattr(_core_cache, "imports_of", None)
        no_stripping.setattr(_imports, "imports_of", None)
        assert _sources.browser_core_sources() == first
        assert _imports.code_imports(first) == {"json"}

    entry.write_text("{not json")  # a damaged entry is worked out again
    new_process()
    assert _sources.browser_core_sources() == first and _imports.code_imports(first) == {"json"}

    (core / "core.py").write_text('"""Doc."""\nimport base64  # edited\n')
    edited = _sources.browser_core_sources()
    assert edited == {"pyview/core.py": '""\nimport base64\n'}
    assert _imports.code_imports(edited) == {"base64"}


def test_build_output_piped_into_a_closed_reader_exits_quietly(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    reader, writer = os.pipe()
    os.close(reader)  # like `pyview build ... | head` after head has gone
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pyview.cli", "build", str(HELLO), "-o", str(tmp_path / "h.html")],
            stdout=writer, stderr=subprocess.PIPE, text=True, check=False,
        )  # fmt: skip
    finally:
        os.close(writer)

    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr
    assert (tmp_path / "h.html").exists()


def test_blobs_js_reads_the_alphabet_the_packager_writes() -> None:
    from pyview._tooling.packager._document import BASE85, base85
    from pyview._tooling.packager._sources import PYVIEW_ROOT

    shim = (PYVIEW_ROOT / "_core" / "runtime" / "blobs.js").read_text("utf-8")
    assert f'var ALPHABET = "{BASE85}";' in shim
    every_byte = base85(bytes(range(256)) * 4)
    assert set(every_byte) <= set(BASE85) and len(set(BASE85)) == 85
    assert not set(BASE85) & set("<>&`\"'\\ ")  # nothing HTML or a JSON string would escape
    assert unbase85(every_byte, 1024) == bytes(range(256)) * 4
