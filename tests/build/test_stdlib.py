"""The standard library an inline document carries (pyview/_tooling/packager/_stdlib.py): the import scan, the
closure the examples need, the error a left-out module gives in the real Pyodide (in Node), the document's size."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pyview._tooling.packager._imports import imports_of, module_name
from pyview._tooling.packager._runtime import ensure_runtime
from pyview._tooling.packager._sources import browser_core_sources, load_view_sources
from pyview._tooling.packager._stdlib import StdlibGraph, select_stdlib, stdlib_zip
from pyview.packager import BuildError, build_view

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = {
    "hello": REPO / "examples" / "hello" / "hello_view.py",
    "weather": REPO / "examples" / "weather" / "weather_view",
    "orders": REPO / "examples" / "orders" / "orders_view",
    "gallery": REPO / "examples" / "gallery" / "view.py",
}
# the inline weather document was 7,655,948 bytes with the whole standard library
WEATHER_INLINE_BOUND = 6_200_000


def _ast_imports(source: str, module: str, is_package: bool) -> set[str]:
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)] if node.level else []
            name = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module or ""
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names if alias.name != "*")
    return {".".join(name.split(".")[:end]) for name in found for end in range(1, name.count(".") + 2)}


def test_imports_are_found_at_module_level_inside_functions_and_relative() -> None:
    source = (
        "import os.path, json as j\n"
        "from . import sibling\n"
        "from ..up import (a,\n    b as c)\n"
        "class K[T]:\n    import typing\n"  # 3.12 syntax: tokens, not ast
        "def f():\n    from decimal import Decimal\n    yield from g()\n"
        "def h(): import fractions\n"
        "try: import zoneinfo\nexcept ImportError: raise RuntimeError('x') from None\n"
        "if __name__ == '__main__':\n    import argparse\n"
    )
    eager, lazy = imports_of(source, "pkg.sub.mod", False)
    assert eager == {"os", "os.path", "json", "pkg", "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.a", "pkg.up.b",
                     "typing", "zoneinfo"}  # fmt: skip
    assert lazy == {"decimal", "decimal.Decimal", "fractions"}


def test_the_token_scan_finds_what_ast_finds_in_pyviews_own_modules() -> None:
    for path, source in browser_core_sources().items():
        named = module_name(path)
        assert named is not None
        eager, lazy = imports_of(source, *named)
        assert eager | lazy == _ast_imports(source, *named), path


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_trimmed_stdlib_holds_every_stdlib_module_the_example_and_pyview_import(name: str) -> None:
    dist = ensure_runtime()
    code = {**browser_core_sources(), **load_view_sources(EXAMPLES[name]).files}
    selection = select_stdlib(dist, code, [], [])
    kept = set(selection.kept)
    graph = StdlibGraph.of(dist)
    wanted = set()
    for path, source in code.items():
        named = module_name(path)
        if named is not None:
            wanted |= {m for m in _ast_imports(source, *named) if m.split(".")[0] in sys.stdlib_module_names}
    assert {m for m in wanted if m in graph.modules} <= kept
    assert {"asyncio", "json", "traceback", "_strptime", "encodings.utf_8", "encodings.latin_1", "site"} <= kept
    assert {"pdb", "unittest", "pydoc", "encodings.cp850"} <= set(selection.omitted)


def test_stdlib_option_adds_a_package_with_its_submodules_or_keeps_everything() -> None:
    dist = ensure_runtime()
    code = browser_core_sources()
    plain = select_stdlib(dist, code, [], [])
    added = select_stdlib(dist, code, [], ["xml.dom"])
    assert "xml.dom.minidom" not in plain.kept and {"xml.dom", "xml.dom.minidom"} <= set(added.kept)
    assert added.key() != plain.key()
    everything = select_stdlib(dist, code, [], ["all"])
    assert everything.full and everything.omitted == [] and len(everything.kept) == len(StdlibGraph.of(dist).modules)
    with pytest.raises(BuildError, match="--stdlib no_such_module: no module of that name"):
        select_stdlib(dist, code, [], ["no_such_module"])
    with pytest.raises(BuildError, match="stdlib chooses the standard library an inline document carries"):
        build_view(EXAMPLES["hello"], runtime="url", runtime_url="http://127.0.0.1:9/pyodide/", stdlib=["zoneinfo"])


def test_the_inline_weather_document_is_smaller_than_with_the_whole_stdlib() -> None:
    trimmed = build_view(EXAMPLES["weather"])
    whole = build_view(EXAMPLES["weather"], stdlib=["all"])
    assert trimmed.size < WEATHER_INLINE_BOUND < whole.size
    assert any("python_stdlib.zip (" in label and "modules, see --stdlib" in label for label, _ in trimmed.parts)
    assert trimmed.digest != whole.digest


# Boots the pinned Pyodide in Node from a trimmed zip and tries what a View might do.
_NODE_CHECK = r"""
import { pathToFileURL } from "node:url";
const [indexURL, stdLibURL] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL, stdLibURL });
await pyodide.loadPackage([process.argv[4]], { messageCallback: () => {}, errorCallback: (m) => console.error(m) });
process.stdout.write(pyodide.runPython(`
import json
out = {}
def attempt(key, action):
    try:
        out[key] = repr(action())
    except Exception as error:
        out[key] = f"{type(error).__name__}: {error}"
attempt("pdb", lambda: __import__("pdb"))
attempt("minidom", lambda: __import__("xml.dom.minidom"))
attempt("codec", lambda: "x".encode("cp850"))
attempt("missing", lambda: __import__("no_such_module_anywhere"))
attempt("strptime", lambda: __import__("datetime").datetime.strptime("2026-12-01", "%Y-%m-%d").day)
attempt("latin1", lambda: "é".encode("latin-1"))
attempt("wheel", lambda: __import__("pure_thing").half())
json.dumps(out)
`));
"""


def test_a_left_out_module_fails_naming_itself_and_a_pure_wheel_installs_in_pyodide(tmp_path: Path) -> None:
    dist = ensure_runtime()
    wheel = tmp_path / "pure_thing-1.0-py3-none-any.whl"  # a pure wheel that needs a module pyview does not import
    with zipfile.ZipFile(wheel, "w") as archive:
        source = "def half():\n    from fractions import Fraction\n    return Fraction(1, 2)\n"
        archive.writestr("pure_thing/__init__.py", source)
        archive.writestr("pure_thing-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: pure_thing\nVersion: 1.0\n")
        wheel_info = "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        archive.writestr("pure_thing-1.0.dist-info/WHEEL", wheel_info)
        archive.writestr("pure_thing-1.0.dist-info/RECORD", "")
    selection = select_stdlib(dist, browser_core_sources(), [wheel], [])
    assert "fractions" in selection.kept
    (tmp_path / "python_stdlib.zip").write_bytes(stdlib_zip(dist, selection))
    (tmp_path / "check.mjs").write_text(_NODE_CHECK, "utf-8")
    done = subprocess.run(
        ["node", str(tmp_path / "check.mjs"), f"{dist.directory.as_posix()}/", str(tmp_path / "python_stdlib.zip"),
         str(wheel)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["pdb"].startswith("ModuleNotFoundError: No module named 'pdb': pyview left the standard library module")
    assert "`pyview build --stdlib pdb`" in out["pdb"] and "--stdlib all" in out["pdb"]
    assert "removed from the Python standard library in the Pyodide" not in out["pdb"]
    assert out["minidom"].startswith("ModuleNotFoundError: No module named 'xml")
    assert "--stdlib xml" in out["minidom"]
    assert out["codec"].startswith("LookupError: unknown encoding: cp850: pyview left")
    assert "--stdlib encodings.cp850" in out["codec"]
    assert out["missing"] == "ModuleNotFoundError: No module named 'no_such_module_anywhere'"  # not ours: untouched
    assert out["strptime"] == "1" and out["latin1"] == "b'\\xe9'"
    assert out["wheel"] == "Fraction(1, 2)"  # installed from the document's zip (zipfile, cp437) and imported


def test_pyview_build_stdlib_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pyview.cli import main

    out = tmp_path / "hello.html"
    assert main(["build", str(EXAMPLES["hello"]), "-o", str(out), "--stdlib", "zoneinfo", "--stdlib", "xml"]) == 0
    assert "python_stdlib.zip (" in capsys.readouterr().out
    assert main(["build", str(EXAMPLES["hello"]), "-o", str(out), "--stdlib", "nope"]) == 1
    assert "--stdlib nope: no module of that name in Pyodide's standard library" in capsys.readouterr().err
