"""The standard library an inline document carries: what the View can import, not all of it.

Pyodide's ``python_stdlib.zip`` is a large share of an inline document, and WebKit parses the
whole document before the View's tool result can show. An inline document therefore carries only:

- what Pyodide's own start-up imports (measured in Node for the pinned runtime: ``BOOT_MODULES``);
- what CPython imports by name at run time (``RUNTIME_MODULES``: ``_strptime``, the codecs implemented in C);
- every module pyview's browser core, the View and its pure-Python ``--package`` wheels import, anywhere in their
  code, with what those modules import inside their functions (``traceback``'s ``difflib``); then, transitively,
  every module these import when they are imported (module-level imports, ``if __name__ == "__main__"`` blocks
  aside). Deeper imports inside stdlib functions are not followed: they are optional features (``help()``, the REPL,
  process pools, ``Path.as_uri``) that would double the size;
- the modules named with ``--stdlib NAME`` (a package brings all its submodules), and their imports.

The modules travel as ``python -OO`` would see them: docstrings (but Pyodide's own, which it reads) become ``""`` and
comments go, every line keeping its number (tracebacks stay right), which makes them markedly smaller gzipped.

Imports are found from tokens (the stdlib is Python 3.14 and the build may run on 3.11, whose ``ast`` cannot parse
it). A module left out fails with a ModuleNotFoundError that names it and the option to add it (the finder in
``stdlib_hint.py``, shipped as the zip's ``sitecustomize``); a left-out codec fails with a LookupError that does.
``--stdlib all`` keeps the whole standard library; so does a ``--package`` wheel with native code (its compiled
code may import any module). Runtime ``url`` serves the whole ``python_stdlib.zip`` as it is.

The import scan is in ``_imports.py``.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from pyview._tooling.packager._errors import BuildError
from pyview._tooling.packager._imports import code_imports, imports_of, module_name
from pyview._tooling.packager._runtime import RuntimeDist

FULL_STDLIB = "all"
HINT_MODULE = "sitecustomize"  # CPython's site imports it at start-up: the finder is in place before any View code
_HINT_SOURCE = Path(__file__).resolve().parent / "stdlib_hint.py"
_GRAPH_FORMAT = 1
_LEAN_FORMAT = 1
_KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")  # _pyodide.docstring reads them to document the JS proxies
# What Pyodide 314.0.7's start-up imports from the zip (Node, `loadPyodide()`, sys.modules): the boot needs them all.
_BOOT = (
    "__future__ _collections_abc _colorize _opcode_metadata _py_warnings _pyodide _pyodide._base "
    "_pyodide._core_docs _pyodide._future_helper _pyodide._importhook _pyodide.docs_argspec _pyodide.docstring "
    "_pyodide.jsbind _sitebuiltins _ssl _weakrefset abc annotationlib ast asyncio base64 bisect bz2 codecs codeop "
    "collections compression.zstd concurrent.futures contextlib contextvars copy copyreg dataclasses dis encodings "
    "encodings.aliases encodings.utf_8 enum fnmatch functools genericpath glob heapq importlib importlib.abc "
    "importlib.machinery importlib.util inspect io json keyword linecache locale logging lzma ntpath opcode operator "
    "os pathlib posixpath pyodide pyodide._package_loader pyodide._state pyodide.code pyodide.common pyodide.ffi "
    "pyodide.webloop random re reprlib selectors shutil signal site socket ssl stat string struct subprocess "
    "tempfile textwrap threading token tokenize traceback types typing warnings weakref zipfile zipimport"
)
BOOT_MODULES = tuple(_BOOT.split())
# Imported inside functions CPython itself runs: datetime.strptime / time.strptime (from C),
# importlib.invalidate_caches() (its metadata finder), resource readers for a package's data files
# (importlib.resources), the zip a --package wheel arrives in
RUNTIME_MODULES = (
    "_strptime", "importlib.metadata", "importlib.readers", "importlib.resources", "zipfile",
    "importlib.resources._adapters",  # importlib.resources.files(package) imports it inside from_package()
    "concurrent.futures.thread",  # loop.run_in_executor()'s default executor
    "encodings.cp437",  # zipfile reads a member name that is not UTF-8 as cp437 (installing a --package wheel)
)  # fmt: skip
# what a module imports inside its functions is followed for the modules the View's code imports itself, but not
# into the command-line parsers the stdlib modules' own `main()` use
_CLI_ONLY = frozenset({"argparse", "getopt", "optparse"})
# the 8-bit code-page codecs are tables (~30 KB each); every other codec is a ~1 KB module over C code and is kept
_TABLE_CODEC_MARK = "decoding_table"


class StdlibSelection:
    """The standard library modules an inline document carries, and those it leaves out.

    Attributes:
        kept: module names in the document's zip.
        omitted: module names of the full standard library left out (``[]`` with ``--stdlib all``).
        reason: why the whole standard library is kept, when it is (``""`` otherwise).
    """

    def __init__(self, kept: list[str], omitted: list[str], reason: str = "") -> None:
        self.kept = kept
        self.omitted = omitted
        self.reason = reason

    @property
    def full(self) -> bool:
        return not self.omitted

    def key(self) -> str:
        """A short hash naming this selection (the cached zip, the snapshot made with it, the document digest)."""
        if self.full:
            return FULL_STDLIB
        made_of = f"{_LEAN_FORMAT}\0" + "\n".join(self.kept) + "\0" + _HINT_SOURCE.read_text("utf-8")
        return hashlib.sha256(made_of.encode()).hexdigest()[:16]


class StdlibGraph:
    """The stdlib zip's modules and their imports (made once per runtime, cached as JSON beside it)."""

    def __init__(self, modules: dict[str, list[list[str]]], table_codecs: list[str]) -> None:
        self.modules = modules  # name -> [imports at import time, imports inside functions]
        self.table_codecs = set(table_codecs)

    @classmethod
    def of(cls, dist: RuntimeDist) -> StdlibGraph:
        data = json.loads(dist.derived(f"stdlib-imports-{_GRAPH_FORMAT}.json", lambda: _scan_zip(dist)))
        return cls(data["modules"], data["table_codecs"])

    def closure(self, roots: Iterable[str]) -> set[str]:
        """``roots`` (those in the stdlib), their packages and what they import at import time, transitively."""
        kept: set[str] = set()
        todo = [name for name in roots if name in self.modules]
        while todo:
            name = todo.pop()
            if name in kept:
                continue
            kept.add(name)
            parts = name.split(".")
            todo += [".".join(parts[:end]) for end in range(1, len(parts))]
            todo += [found for found in self.modules[name][0] if found in self.modules and found not in kept]
        return kept

    def expand(self, names: Iterable[str]) -> set[str]:
        """Module names as given to ``--stdlib``: a package brings its submodules. Unknown names fail the build."""
        out: set[str] = set()
        for name in names:
            if name not in self.modules:
                raise BuildError(f"--stdlib {name}: no module of that name in Pyodide's standard library")
            out.update(m for m in self.modules if m == name or m.startswith(name + "."))
        return out


def _scan_zip(dist: RuntimeDist) -> bytes:
    modules: dict[str, list[list[str]]] = {}
    tables: list[str] = []
    with zipfile.ZipFile(dist.file("python_stdlib.zip")) as archive:
        for path in archive.namelist():
            named = module_name(path)
            if named is None:
                continue
            source = archive.read(path).decode("utf-8")
            eager, lazy = imports_of(source, *named)
            modules[named[0]] = [sorted(eager), sorted(lazy)]
            if named[0].startswith("encodings.") and _TABLE_CODEC_MARK in source:
                tables.append(named[0])
    return json.dumps({"modules": modules, "table_codecs": sorted(tables)}, sort_keys=True).encode()


def select_stdlib(
    dist: RuntimeDist, code: Mapping[str, str], wheels: Iterable[Path], extra: Iterable[str]
) -> StdlibSelection:
    """The standard library for an inline document whose Python is ``code`` plus ``wheels``.

    Args:
        code: the browser core's and the View's sources, ``{"path.py": source}``.
        wheels: the ``--package`` wheels (a wheel with native code keeps the whole standard library).
        extra: ``--stdlib`` names; ``"all"`` keeps the whole standard library.
    """
    graph = StdlibGraph.of(dist)
    extra = list(extra)
    everything = sorted(graph.modules)
    if FULL_STDLIB in extra:
        return StdlibSelection(everything, [], f"--stdlib {FULL_STDLIB}")
    roots = code_imports(code)
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            native = [name for name in names if name.endswith((".so", ".pyd"))]
            if native:
                return StdlibSelection(everything, [], f"{wheel.name} has native code, which may import any module")
            roots |= code_imports({n: archive.read(n).decode("utf-8", "replace") for n in names if n.endswith(".py")})
    roots = {name for name in roots if name in graph.modules}
    for name in list(roots):
        roots |= {found for found in graph.modules[name][1] if found in graph.modules and found not in _CLI_ONLY}
    codecs = {name for name in graph.modules if name.startswith("encodings.") and name not in graph.table_codecs}
    roots |= {*BOOT_MODULES, *RUNTIME_MODULES, *codecs, *graph.expand(extra)}
    kept = graph.closure(roots)
    return StdlibSelection(sorted(kept), sorted(set(everything) - kept))


def stdlib_zip(dist: RuntimeDist, selection: StdlibSelection) -> bytes:
    """The selected standard library as a stored zip (the boot gunzips the document's copy into this)."""
    if selection.full:
        return gzip.decompress(dist.stdlib_gzip())
    keep = set(selection.kept)
    buffer = io.BytesIO()
    lean = dist.derived(f"python_stdlib.lean-{_LEAN_FORMAT}.zip", lambda: _lean_zip(dist))
    with (
        zipfile.ZipFile(io.BytesIO(lean)) as source,
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as target,
    ):
        for info in source.infolist():
            named = module_name(info.filename)
            if named is not None and named[0] not in keep:
                continue
            target.writestr(info, source.read(info.filename), compress_type=zipfile.ZIP_STORED)
        hint = _HINT_SOURCE.read_text("utf-8").replace("OMITTED: frozenset[str] = frozenset()", _omitted(selection))
        target.writestr(zipfile.ZipInfo(f"{HINT_MODULE}.py", (1980, 1, 1, 0, 0, 0)), hint)
    return buffer.getvalue()


def _lean_zip(dist: RuntimeDist) -> bytes:
    """The runtime's whole standard library, stored, without docstrings and comments (line numbers kept)."""
    from pyview._tooling.packager._sources import without_comments, without_docstrings

    buffer = io.BytesIO()
    with (
        zipfile.ZipFile(dist.file("python_stdlib.zip")) as source,
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as target,
    ):
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename.endswith(".py") and not info.filename.startswith(_KEEP_DOCSTRINGS):
                text = data.decode("utf-8")
                try:
                    text = without_docstrings(text)
                except SyntaxError:  # newer syntax than the build's Python parses: its comments still go
                    text = "".join(without_comments(text.splitlines(keepends=True)))
                data = text.encode("utf-8")
            target.writestr(info, data, compress_type=zipfile.ZIP_STORED)
    return buffer.getvalue()


def stdlib_gzip(dist: RuntimeDist, selection: StdlibSelection) -> bytes:
    """:func:`stdlib_zip` gzipped, cached per selection beside the runtime."""
    if selection.full:
        return dist.stdlib_gzip()
    name = f"python_stdlib.{selection.key()}.zip.gz"
    return dist.derived(name, lambda: gzip.compress(stdlib_zip(dist, selection), 9, mtime=0))


def _omitted(selection: StdlibSelection) -> str:
    return f"OMITTED: frozenset[str] = frozenset({json.dumps(selection.omitted, separators=(',', ':'))})"
