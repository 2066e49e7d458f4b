"""What the browser core uses of ``typing`` at run time, without importing ``typing``.

The core keeps to a portable subset of Python (docs/ARCHITECTURE.md): no ``typing`` at run time, since import time
is a View's start-up time and a MicroPython runtime has no ``typing``. Type checkers read the real names (``if
TYPE_CHECKING: from typing import ...``); at run time a module takes these stand-ins in the ``else`` branch.

Example:
    >>> class Box(Generic[T]):
    ...     pass
    >>> Box[int] is Box, cast("int", "1")
    (True, '1')
"""

from __future__ import annotations

T = "T"  # a type variable's stand-in: Generic[T] ignores it


class Generic:
    """A base whose subscript is the class itself: ``Box[int] is Box``."""

    def __class_getitem__(cls, item: object) -> type:
        return cls


class Protocol:
    """A plain base: at run time a protocol is only the documentation of its methods."""


def cast(kind: object, value: object) -> object:
    """``value`` itself (a type checker reads ``kind``)."""
    return value


def overload(fn: object) -> object:
    """``fn`` itself: the last definition of an overloaded function is the one that runs."""
    return fn
