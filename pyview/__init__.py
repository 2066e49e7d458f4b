"""pyview: MCP App Views written entirely in Python.

The names below are exported lazily: importing :mod:`pyview` costs nothing inside the View, where import time is
start-up time. Browser-side names (``App``, components) import only the standard library; tooling names
(``build_view``) pull in CPython-only dependencies when first touched.

Example:
    >>> import pyview
    >>> pyview.__version__ == pyview._version.__version__
    True
"""

from __future__ import annotations

from pyview._version import __version__

# public name -> module that defines it
_LAZY: dict[str, str] = {
    "build_view": "pyview.build",
    "BuildError": "pyview.build",
    "BuiltView": "pyview.build",
}

__all__ = ["__version__", *sorted(_LAZY)]


def __getattr__(name: str) -> object:
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module 'pyview' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return list(__all__)
