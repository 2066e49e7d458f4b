"""Running a View's modules in CPython, in any thread, without touching ``sys.path`` (tooling).

The build pre-renders a View by importing it, and a server may render Views while it serves other requests. Putting
the View's folder on ``sys.path`` from a worker thread would race with every other import in the process, and would
let the View import anything that happens to lie beside it (which the browser, holding only the shipped files,
cannot). Instead one meta-path finder, installed once, serves each loaded View's own files from its
:class:`~pyview._tooling.packager._sources.ViewSources` under a private module name, ``_pyview_<hash>_<entry>``, that
names the View's origin and the exact sources:

- the View's modules see the import names they have in the browser: the View's ``__builtins__`` carry an
  ``__import__`` that maps ``weather_view`` and ``weather_view.format`` to the private names, so a package's absolute
  imports of itself work, and relative imports work as usual;
- two Views with the same module name (two ``view.py`` in different folders, or an edited View beside its old
  version) never share or replace each other's modules;
- everything else (``pyview``, the standard library, installed packages) is imported as usual.

Example:
    >>> from pyview._tooling.packager._sources import load_view_sources
    >>> module = load_view_module(load_view_sources("examples/weather/weather_view"))  # doctest: +SKIP
    >>> module.view.render_html()  # doctest: +SKIP
"""

from __future__ import annotations

import builtins
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import sys
import threading
import traceback
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

from pyview._tooling.packager._errors import BuildError
from pyview._tooling.packager._sources import ViewSources

_PREFIX = "_pyview_"


class ViewImportError(BuildError):
    """Importing a View in CPython failed; the message names the View's file and line.

    Attributes:
        cause: the exception the View's code raised.
        browser_only: the View imports ``js`` or ``pyodide``, so it can only run in the browser.
    """

    def __init__(self, message: str, cause: BaseException) -> None:
        super().__init__(message)
        self.cause = cause

    @property
    def browser_only(self) -> bool:
        cause = self.cause
        name = getattr(cause, "name", None) or ""
        return isinstance(cause, ImportError) and (name in ("js", "pyodide") or name.startswith("pyodide."))


class _View:
    """One loaded version of a View: its files, keyed by module name, and the ``__builtins__`` its modules see."""

    def __init__(self, sources: ViewSources, top: str) -> None:
        self.entry = sources.entry
        self.top = top
        base = sources.origin.resolve().parent  # inner paths start with the file's or the package's own name
        self.code: dict[str, tuple[str, Path, bool]] = {}  # module name -> (source, file on disk, is package)
        packages: set[str] = set()
        for inner, text in sources.files.items():
            if not inner.endswith(".py"):
                continue
            parts = inner[: -len(".py")].split("/")
            package = parts[-1] == "__init__"
            if package:
                parts.pop()
            for depth in range(1, len(parts)):  # folders without __init__.py are packages in the browser too
                packages.add(".".join(parts[:depth]))
            self.code[".".join(parts)] = (text, base / inner, package)
        self.folders = packages - self.code.keys()  # no __init__.py: no __file__ either
        for name in self.folders:
            self.code[name] = ("", base / name.replace(".", "/") / "__init__.py", True)
        self.builtins: dict[str, Any] = dict(builtins.__dict__, __import__=self._import)

    def public(self, name: str) -> str:
        """``_pyview_<hash>_weather_view.format`` -> ``weather_view.format``."""
        return self.entry + name[len(self.top) :] if name.startswith(self.top) else name

    def _import(
        self,
        name: str,
        globals: dict[str, Any] | None = None,
        locals: dict[str, Any] | None = None,
        fromlist: Any = (),
        level: int = 0,
    ) -> ModuleType:
        entry = self.entry
        if level == 0 and name.startswith(entry) and (len(name) == len(entry) or name[len(entry)] == "."):
            name = self.top + name[len(entry) :]
        try:
            return builtins.__import__(name, globals, locals, fromlist, level)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(self.top):
                public = self.public(exc.name)
                raise ModuleNotFoundError(f"No module named {public!r} in the View", name=public) from None
            raise


class _Loader(importlib.abc.Loader):
    def __init__(self, view: _View, name: str) -> None:
        self.view = view
        self.source, self.path, self.package = view.code[view.public(name)]

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        module.__dict__["__builtins__"] = self.view.builtins
        exec(self.get_code(module.__name__), module.__dict__)

    def get_code(self, fullname: str) -> CodeType:
        return compile(self.source, str(self.path), "exec", dont_inherit=True)

    def get_source(self, fullname: str) -> str:
        return self.source

    def is_package(self, fullname: str) -> bool:
        return self.package

    def get_resource_reader(self, fullname: str) -> Any:
        """``importlib.resources.files(package)``: the package's folder on disk, as on the browser's file system."""
        from importlib.readers import FileReader

        return FileReader(self) if self.package else None  # type: ignore[arg-type]


class _Finder(importlib.abc.MetaPathFinder):
    """Serves the modules of loaded Views, and nothing else (names outside ``_pyview_*`` are not looked at)."""

    def __init__(self) -> None:
        self.views: dict[str, _View] = {}

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_PREFIX):
            return None
        view = self.views.get(fullname.partition(".")[0])
        if view is None or view.public(fullname) not in view.code:
            return None
        loader = _Loader(view, fullname)
        spec = importlib.machinery.ModuleSpec(fullname, loader, origin=str(loader.path), is_package=loader.package)
        spec.has_location = view.public(fullname) not in view.folders
        if loader.package:
            spec.submodule_search_locations = []  # submodules come from this finder only, never from the disk
        return spec


_FINDER = _Finder()
_LOCK = threading.Lock()
_ORIGIN_LOCKS: dict[Path, threading.Lock] = {}
_LOADED: dict[Path, tuple[str, ModuleType | ViewImportError]] = {}


def load_view_module(sources: ViewSources) -> ModuleType:
    """The View's entry module, imported in this process from exactly ``sources`` (once per origin and version).

    Thread-safe: concurrent calls for one View import it once and return the same module; different Views, even two
    with the same module name, load independently. ``sys.path`` is never changed; the View's modules are registered
    only under their private names (``_pyview_<hash>_<entry>``). A changed View (new sources at the same origin) is
    imported afresh; modules of the earlier version stay as they were for whoever still uses them.

    Raises:
        ViewImportError: (a :class:`BuildError`) importing the View raised; the message names the View's file and
            line, ``cause`` is the exception and ``browser_only`` tells whether it needs ``js``/``pyodide``. The same
            failure is raised again on later calls for the same sources.
    """
    origin = sources.origin.resolve()
    digest = sources.digest()
    with _LOCK:
        lock = _ORIGIN_LOCKS.setdefault(origin, threading.Lock())
        if _FINDER not in sys.meta_path:
            sys.meta_path.insert(0, _FINDER)
    with lock:
        found = _LOADED.get(origin)
        if found is None or found[0] != digest:
            found = (digest, _import(sources, origin, digest))
            _LOADED[origin] = found
    result = found[1]
    if isinstance(result, ViewImportError):
        raise ViewImportError(str(result), result.cause)
    return result


def _import(sources: ViewSources, origin: Path, digest: str) -> ModuleType | ViewImportError:
    key = hashlib.sha256(f"{origin}\0{digest}".encode()).hexdigest()[:12]
    view = _View(sources, f"{_PREFIX}{key}_{sources.entry}")
    with _LOCK:
        _FINDER.views[view.top] = view
    try:
        return importlib.import_module(view.top)
    except Exception as exc:
        return ViewImportError(_describe(exc, sources, view), exc)


def _describe(exc: BaseException, sources: ViewSources, view: _View) -> str:
    """``weather_view/chart.py:12: NameError: name 'x' is not defined``: the last line of the View's own code."""
    shown = {str(path): sources.display.get(_inner(sources, path), str(path)) for _, path, _ in view.code.values()}
    where = ""
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename in shown:
            where = f"{shown[frame.filename]}:{frame.lineno}: "
    message = str(exc).replace(view.top, view.entry)
    return f"View {sources.entry!r} failed to import in CPython: {where}{type(exc).__name__}: {message}"


def _inner(sources: ViewSources, path: Path) -> str:
    origin = sources.origin.resolve()
    if origin.is_file():
        return origin.name
    return f"{sources.entry}/{path.relative_to(origin).as_posix()}"
