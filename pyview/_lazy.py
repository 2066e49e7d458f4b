"""Lazy exports for package facades: a public name loads its module on first use (browser core).

Import time is a View's start-up time, so ``pyview``, ``pyview.app``, ``pyview.components`` and the rest import
nothing until a name is touched.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence


def lazy_exports(
    package: str, exports: Mapping[str, str], public: Sequence[str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose public names load on first use.

    Args:
        package: the package's ``__name__``.
        exports: public name -> the module that defines it; a name starting with ``_`` is a private module of
            the package (``"_app"``), anything else is absolute (``"pyview.app"``).
        public: the package's ``__all__``.

    Example:
        >>> getattr_, dir_ = lazy_exports("json", {"JSONDecoder": "json.decoder"}, ["JSONDecoder"])
        >>> getattr_("JSONDecoder").__name__, dir_()
        ('JSONDecoder', ['JSONDecoder'])
    """

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(f"{package}.{module}" if module[0] == "_" else module), name)
        setattr(sys.modules[package], name, value)  # later look-ups skip __getattr__
        return value

    def __dir__() -> list[str]:
        return list(public)

    return __getattr__, __dir__
