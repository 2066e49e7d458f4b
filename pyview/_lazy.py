"""Lazy exports for package facades: a public name loads its module on first use (browser core).

Import time is a View's start-up time, so ``pyview``, ``pyview.app``, ``pyview.components`` and the rest import
nothing until a name is touched. A public class reports the facade it is exported from as its ``__module__``
(:func:`claim`) once that facade has loaded it; the eager tooling facades (``pyview.host``, ``pyview.testing``...)
claim theirs on import.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence


def claim(package: str, values: Iterable[object], private: str | None = None) -> None:
    """Make each class of ``values`` defined in a private module of ``package`` report ``package`` as its
    ``__module__`` (as httpx does): reprs, tracebacks and pickles name the public module, not ``_app``.

    ``private`` is the package holding the private modules when they live elsewhere (``pyview._core.app`` for
    the facade ``pyview.app``): every module below it counts as private.

    Functions keep their own module: doctest and ``inspect`` find a function's examples and source through it.

    Example:
        >>> import json, json.decoder
        >>> class Local: ...
        >>> Local.__module__ = "json._local"
        >>> claim("json", [Local, json.decoder.JSONDecoder])  # JSONDecoder's module is public: left alone
        >>> Local.__module__, json.decoder.JSONDecoder.__module__
        ('json', 'json.decoder')
    """
    prefix = private + "." if private else package + "._"
    for value in values:
        if isinstance(value, type) and value.__module__.startswith(prefix):
            value.__module__ = package


def lazy_exports(
    package: str, exports: Mapping[str, Sequence[str]], private: str | None = None, own: Sequence[str] = ()
) -> tuple[Callable[[str], object], Callable[[], list[str]], list[str]]:
    """The ``__getattr__``, ``__dir__`` and ``__all__`` of a package whose public names load on first use.

    Args:
        package: the package's ``__name__``.
        exports: module -> the public names it defines; a module starting with ``_`` is a private module of the
            package (``"_app"``), anything else is absolute (``"pyview.app"``).
        private: the package holding the private modules, when not ``package`` itself (a facade module such as
            ``pyview.app`` over ``pyview._core.app``): ``"_app"`` then means ``private + "._app"``.
        own: public names the package defines itself (``pyview.__version__``).

    Example:
        >>> getattr_, dir_, all_ = lazy_exports("json", {"json.decoder": ("JSONDecoder",)})
        >>> getattr_("JSONDecoder").__name__, dir_(), all_
        ('JSONDecoder', ['JSONDecoder'], ['JSONDecoder'])
    """
    home = {name: module for module, names in exports.items() for name in names}
    public = [*home, *own]

    def __getattr__(name: str) -> object:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import importlib

        source = importlib.import_module(f"{private or package}.{module}" if module[0] == "_" else module)
        prefix = private + "." if private else package + "._"
        if source.__name__.startswith(prefix):  # a private module of this package, now loaded: what the
            # package exports from it is public here, and costs nothing more to hand out (another facade, such as
            # pyview.app for pyview, would import the rest of its modules)
            found = {other: getattr(source, other) for other in exports[module]}
            claim(package, found.values(), private)
        else:
            found = {name: getattr(source, name)}
        for other, value in found.items():
            setattr(sys.modules[package], other, value)  # later look-ups skip __getattr__
        return found[name]

    def __dir__() -> list[str]:
        return list(public)

    return __getattr__, __dir__, public
