"""The event object handlers receive: a read-only view of what dom.js serialised."""

from __future__ import annotations

from functools import partial

from pyview._core.components._element import EventHandler

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
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


def wants_event(fn: object) -> bool:
    """Whether ``fn`` has a required positional parameter left for the event.

    Sees through bound methods, ``functools.partial`` (its bound arguments and keywords), callable objects and
    ``prevent_default``/``stop_propagation`` wrappers; anything it cannot inspect (a builtin) gets the event.

    Example:
        >>> import functools
        >>> class Counter:
        ...     def bump(self): ...
        ...     def on_key(self, event): ...
        >>> c = Counter()
        >>> wants_event(c.bump), wants_event(c.on_key), wants_event(lambda: 0), wants_event(lambda e: 0)
        (False, True, False, True)
        >>> def pick(row, event=None): ...
        >>> wants_event(functools.partial(pick, 3)), wants_event(functools.partial(lambda row, e: 0, 3))
        (False, True)
    """
    bound = 0
    keywords: set[str] = set()
    target: Any = fn
    for _ in range(16):  # wrappers of wrappers, but never forever
        if type(target) is EventHandler:
            target = target.fn
        elif isinstance(target, partial):
            bound += len(target.args)
            keywords.update(target.keywords)
            target = target.func
        elif hasattr(target, "__func__") and hasattr(target, "__self__"):  # a bound method
            bound += 1
            target = target.__func__
        elif getattr(target, "__code__", None) is None and not isinstance(target, type):
            call = type(target).__dict__.get("__call__")  # a callable object: its __call__(self, ...)
            if getattr(call, "__code__", None) is None:
                return True
            bound += 1
            target = call
        else:
            break
    code = getattr(target, "__code__", None)
    if code is None or code.co_flags & 0x04:  # unknown, or *args: give it the event
        return True
    defaults = getattr(target, "__defaults__", None) or ()
    required = code.co_varnames[: code.co_argcount - len(defaults)]
    return any(name not in keywords for name in required[bound:])


def call_handler(fn: Callable[..., object], event: Event) -> object:
    """Call ``fn(event)``, or ``fn()`` when it has no required positional parameter left (``lambda: ...``, a
    method ``def on_click(self)``, ``functools.partial(select, row)``)."""
    target: Any = fn
    if type(target) is EventHandler:  # from prevent_default()/stop_propagation()
        if target.fn is None:
            return None
        target = target.fn
    return target(event) if wants_event(target) else target()
