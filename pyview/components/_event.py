"""The event object handlers receive: a read-only view of what dom.js serialised."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyview.components._element import EventHandler

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


class Event:
    """A browser event, as data (the real one has long returned when a Python handler runs).

    Attributes are looked up in the serialised event and are None when absent: ``type``, ``value`` (of the
    target input/select/textarea), ``checked``, ``key``, ``code``, ``alt_key``, ``ctrl_key``, ``shift_key``,
    ``meta_key``, ``button``, ``client_x``, ``client_y``, ``form`` (a dict of the form's fields, on submit),
    ``target`` (DOM id of the target). ``event["clientX"]`` reads the raw name.

    Example:
        >>> e = Event({"type": "keydown", "key": "Enter", "ctrlKey": True})
        >>> e.key, e.ctrl_key, e.value
        ('Enter', True, None)
    """

    __slots__ = ("data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        data = self.data
        if name in data:
            return data[name]
        if "_" in name:
            head, *rest = name.split("_")
            return data.get(head + "".join(part.title() for part in rest))
        return None

    def __getitem__(self, name: str) -> Any:
        return self.data[name]

    def get(self, name: str, default: Any = None) -> Any:
        """The raw field ``name`` or ``default``."""
        return self.data.get(name, default)

    def __repr__(self) -> str:
        return f"Event({self.data!r})"


def call_handler(fn: Callable[..., object], event: Event) -> object:
    """Call ``fn(event)``, or ``fn()`` when it has no required positional parameter (``lambda: ...``)."""
    target: Any = fn
    if type(target) is EventHandler:  # from prevent_default()/stop_propagation()
        if target.fn is None:
            return None
        target = target.fn
    code = getattr(target, "__code__", None)
    offset = 0
    if code is None:
        func = getattr(target, "__func__", None)
        code = getattr(func, "__code__", None)
        offset = 1
    if code is not None and not code.co_flags & 0x04:
        defaults = getattr(target, "__defaults__", None) or getattr(
            getattr(target, "__func__", None), "__defaults__", None
        )
        if code.co_argcount - offset - len(defaults or ()) < 1:
            return target()
    return target(event)
