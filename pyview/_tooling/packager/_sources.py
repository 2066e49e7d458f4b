"""Collecting the Python sources a document carries: the developer's View and pyview's browser core."""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
from pathlib import Path

from pyview._tooling.packager._errors import BuildError

PYVIEW_ROOT = Path(__file__).resolve().parents[2]
# pyview's browser core: the modules that run inside the View (see docs/ARCHITECTURE.md); only .py files
# ship (_core/runtime/*.js is the shim the packager inlines, not a Python module)
BROWSER_CORE = ("__init__.py", "_version.py", "_lazy.py", "_boot.py", "app.py", "components.py", "ui.py", "_core")
# the CPython tooling: never shipped (tests/api/test_boundaries.py checks every top-level entry is one of the two)
TOOLING = ("_tooling", "packager.py", "server.py", "host.py", "dev.py", "testing.py", "cli.py")
# In a package folder, these are not part of the View: caches, compiled files, hidden files (.git, .DS_Store, ...)
_SKIPPED_SUFFIXES = frozenset([".pyc", ".pyo", ".so", ".pyd", ".dylib"])


class ViewSources:
    """The developer's files for one View.

    Attributes:
        entry: the module the boot imports (``weather_view`` for ``weather_view.py``, the folder name for a package).
        files: ``{path inside the document: source text}`` of the Python modules, e.g. ``{"weather_view.py": "..."}``.
        data: ``{path inside the document: bytes}`` of a package's other files (``weather_view/labels.json``): they
            are shipped beside the modules, so ``Path(__file__).parent / "labels.json"`` and ``importlib.resources``
            read them in the browser as on the server.
        display: ``{path inside the document: path shown in tracebacks}``, the path as the developer knows it.
        origin: the file or folder given.
    """

    def __init__(
        self,
        entry: str,
        files: dict[str, str],
        display: dict[str, str],
        origin: Path,
        data: dict[str, bytes] | None = None,
    ) -> None:
        self.entry = entry
        self.files = files
        self.data = data or {}
        self.display = display
        self.origin = origin

    def digest(self) -> str:
        """A short content hash of the View's files, data files included (the same files give the same digest)."""
        sha = hashlib.sha256()
        for path in sorted(self.files):
            sha.update(path.encode() + b"\0" + self.files[path].encode() + b"\0")
        for path in sorted(self.data):
            sha.update(b"data\0" + path.encode() + b"\0" + len(self.data[path]).to_bytes(8, "big") + self.data[path])
        return sha.hexdigest()[:12]


def load_view_sources(view: str | os.PathLike[str]) -> ViewSources:
    """Read a View given as a Python file or a package folder, and check that every file compiles.

    Raises:
        BuildError: the path does not exist, is not a View, or a file has a syntax error (with file and line).
    """
    origin = Path(view)
    if not origin.exists():
        raise BuildError(f"View not found: {origin}")
    if origin.is_file():
        if origin.suffix != ".py":
            raise BuildError(f"A View is a Python file or a package folder, not {origin.name}")
        entry, paths, data_paths = origin.stem, {origin.name: origin}, dict[str, Path]()
    elif (origin / "__init__.py").is_file():
        entry = origin.name
        paths, data_paths = _package_files(origin)
    else:
        raise BuildError(f"{origin} is a folder without __init__.py; give the View's .py file or a package folder")
    if not entry.isidentifier():
        raise BuildError(f"{origin.name!r} cannot be imported as a module name; rename it (letters, digits, _)")
    files: dict[str, str] = {}
    display: dict[str, str] = {}
    for inner, path in paths.items():
        shown = _display_path(path)
        text = path.read_text("utf-8")
        check_syntax(text, shown)
        files[inner] = text
        display[inner] = shown
    data: dict[str, bytes] = {}
    for inner, path in data_paths.items():
        try:
            data[inner] = path.read_bytes()
        except OSError as exc:
            raise BuildError(f"{_display_path(path)}: cannot read this file of the View: {exc}") from None
    return ViewSources(entry, files, display, origin, data)


def _package_files(origin: Path) -> tuple[dict[str, Path], dict[str, Path]]:
    """A package's modules and its data files (everything else but caches, compiled and hidden files)."""
    modules: dict[str, Path] = {}
    data: dict[str, Path] = {}
    for path in sorted(origin.rglob("*")):
        relative = path.relative_to(origin)
        if not path.is_file() or "__pycache__" in relative.parts or any(p.startswith(".") for p in relative.parts):
            continue
        if path.suffix in _SKIPPED_SUFFIXES:
            continue
        inner = f"{origin.name}/{relative.as_posix()}"
        (modules if path.suffix == ".py" else data)[inner] = path
    return modules, data


def check_syntax(source: str, filename: str) -> None:
    """Compile ``source`` and turn a syntax error into a :class:`BuildError` naming file and line.

    Example:
        >>> check_syntax("x = (", "view.py")
        Traceback (most recent call last):
        ...
        pyview.packager.BuildError: view.py:1: syntax error: '(' was never closed
            x = (
                ^
    """
    try:
        compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError as exc:
        line = exc.lineno or 0
        pointer = ""
        if exc.text:
            pointer = f"\n    {exc.text.rstrip()}\n    {' ' * max((exc.offset or 1) - 1, 0)}^"
        raise BuildError(f"{filename}:{line}: syntax error: {exc.msg}{pointer}") from None


def browser_core_sources() -> dict[str, str]:
    """pyview's own browser-side modules, keyed by their path inside the document (``pyview/...``).

    Their docstrings stay behind (a third of the bytes, and nothing reads them in a View); line numbers do not
    change, so a traceback through pyview still points at the right line of the installed source.
    """
    from pyview._tooling.packager._core_cache import shipped_module  # (it imports this module)

    files: dict[str, str] = {}
    for name in BROWSER_CORE:
        path = PYVIEW_ROOT / name
        if path.is_dir():
            modules = [module for module in sorted(path.rglob("*.py")) if "__pycache__" not in module.parts]
        else:
            modules = [path] if path.is_file() else []
        for module in modules:  # read on every build, so an edit shows at once; stripped once per version
            shipped = f"pyview/{module.relative_to(PYVIEW_ROOT).as_posix()}"
            files[shipped] = shipped_module(shipped, module.read_text("utf-8"))
    return files


_PARSE_LOCK = threading.Lock()


def without_docstrings(source: str) -> str:
    r"""``source`` with every docstring replaced by ``""`` and blank lines and every comment cut, so all other lines
    keep their numbers.

    Example:
        >>> code = "def f():\n    'Say hi.\n\n    More.'\n    return 1\n".replace("'", "'''")
        >>> print(without_docstrings(code), end="")
        def f():
            ""
        <BLANKLINE>
        <BLANKLINE>
            return 1
    """
    import ast

    with _PARSE_LOCK:  # CPython 3.11's ast.parse is not thread-safe (SystemError "AST constructor recursion depth")
        tree = ast.parse(source)
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            if docstring and isinstance(first.value.value, str) and first.end_lineno is not None:  # type: ignore[attr-defined]
                spans.append((first.lineno, first.end_lineno, first.col_offset))
    lines = source.splitlines(keepends=True)
    for start, end, column in sorted(spans, reverse=True):
        lines[start - 1 : end] = [" " * column + '""\n'] + ["\n"] * (end - start)
    return "".join(without_comments(lines))


def without_comments(lines: list[str]) -> list[str]:
    """``lines`` with every ``#`` comment cut (a line that held only a comment stays, empty: line numbers keep)."""
    import io
    import tokenize

    lines = list(lines)
    with contextlib.suppress(tokenize.TokenError, SyntaxError):  # not tokenizable: ship it as it is
        for token in tokenize.generate_tokens(io.StringIO("".join(lines)).readline):
            if token.type == tokenize.COMMENT:
                row, column = token.start
                lines[row - 1] = lines[row - 1][:column].rstrip() + "\n"
    return lines


def _display_path(path: Path) -> str:
    """The path relative to the working folder when it lies below it, else absolute."""
    absolute = path.resolve()
    try:
        return absolute.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return absolute.as_posix()
