"""Shipped as ``sitecustomize`` in an inline document's trimmed standard library (see ``_stdlib.py``).

CPython's ``site`` imports it at start-up. It puts a finder at the end of ``sys.meta_path`` (after every real one, so a
module found anywhere else still wins) that turns an import of a left-out standard library module into a
ModuleNotFoundError naming the module and the build option that adds it, and a codec search function that does the
same for a left-out codec (``"x".encode("cp437")``). The packager fills in ``OMITTED``.
"""

from __future__ import annotations

import codecs
import sys

OMITTED: frozenset[str] = frozenset()
_HINT = (
    "pyview left the standard library module {name!r} out of this View's inline document: no module of the View "
    "imports it (imports made inside a standard library function, or by name at run time, are not followed). Add it "
    "with `pyview build --stdlib {name}` (stdlib=[{name!r}] in build_view() or views.add(); a package brings its "
    "submodules), or keep the whole standard library with `--stdlib all`."
)


class LeftOutStdlibFinder:
    """Fails the import of a left-out standard library module with the option that adds it."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> None:
        if name in OMITTED:
            error = ModuleNotFoundError(f"No module named {name!r}: {_HINT.format(name=name)}", name=name)
            error._PYODIDE_ADDED_NOTE = True  # type: ignore[attr-defined]  # Pyodide's "removed from Pyodide" note
            raise error


def _left_out_codec(encoding: str) -> None:
    """Runs after the ``encodings`` search function found nothing: is the codec's module one left out?"""
    import encodings
    from encodings import aliases

    normal = encodings.normalize_encoding(encoding)
    module = aliases.aliases.get(normal) or aliases.aliases.get(normal.replace(".", "_")) or normal
    if f"encodings.{module}" in OMITTED:
        raise LookupError(f"unknown encoding: {encoding}: {_HINT.format(name='encodings.' + module)}")


if OMITTED and not any(isinstance(finder, LeftOutStdlibFinder) for finder in sys.meta_path):
    sys.meta_path.append(LeftOutStdlibFinder())
    codecs.register(_left_out_codec)
