"""Building Views: the packager behind ``pyview build`` (CPython only).

Example:
    >>> from pyview.packager import build_view
    >>> built = build_view("examples/hello/hello_view.py")  # doctest: +SKIP
    >>> print(built.size_table())  # doctest: +SKIP
"""

from __future__ import annotations

from pyview._lazy import claim
from pyview._tooling.packager._errors import BuildError, RuntimeFetchError
from pyview._tooling.packager._packager import DEFAULT_BOOT_TIMEOUT, BuiltView, RuntimeMode, build_view
from pyview._tooling.packager._runtime import PYODIDE_VERSION, RuntimeDist, cache_root, ensure_runtime
from pyview._tooling.packager._wheels import resolve_wheels

__all__ = [
    "DEFAULT_BOOT_TIMEOUT",
    "PYODIDE_VERSION",
    "BuildError",
    "BuiltView",
    "RuntimeDist",
    "RuntimeFetchError",
    "RuntimeMode",
    "build_view",
    "cache_root",
    "ensure_runtime",
    "resolve_wheels",
]

# public classes report pyview.packager
claim(__name__, [globals()[name] for name in __all__], "pyview._tooling.packager")
