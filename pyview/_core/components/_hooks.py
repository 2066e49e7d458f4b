"""Hooks: state, effects, memos, refs and context for function components.

Hooks are called at the top level of a component function, in the same order on every render (not inside
``if`` or loops), exactly as in React; each call reads the slot at its position in the component's list.
"""

from __future__ import annotations

from contextvars import ContextVar

from pyview._core.components._instances import CompInst

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, TypeVar

    T = TypeVar("T")

_SIMPLE = frozenset([str, int, float, bool, type(None), tuple, frozenset, bytes])


class RenderFrame:
    """The component whose function is running (``comp``), in one render pass of one thread or task.

    A pass (``Root.mount``, ``Root.flush``) sets a new frame in :data:`rendering` once; ``call_component`` swaps
    ``comp`` around each component function and puts the previous one back, so a render inside a render (a
    ``render_to_string`` in a component) nests. Setting the context variable per component instead cost a new
    context mapping and token each: a tenth of a microsecond here against a microsecond, per row of a table.
    """

    __slots__ = ("comp",)

    def __init__(self) -> None:
        self.comp: CompInst | None = None


# The current render frame, per thread and per asyncio task: renders in several threads (a server pre-rendering two
# Views) or tasks at once never see each other's frame, hence never each other's component.
rendering: ContextVar[RenderFrame | None] = ContextVar("pyview_rendering", default=None)


def current_component() -> CompInst | None:
    """The component instance whose function is running in this thread or task (``None`` outside a render)."""
    frame = rendering.get()
    return None if frame is None else frame.comp


def _slot(kind: type[T]) -> tuple[CompInst, T | None]:
    frame = rendering.get()
    comp = None if frame is None else frame.comp
    if comp is None:
        raise RuntimeError("hooks can only be called while a @component function renders")
    index = comp.hook_i
    comp.hook_i = index + 1
    if index < len(comp.hooks):
        slot = comp.hooks[index]
        if type(slot) is not kind:
            raise RuntimeError(
                f"hook order changed in {comp.el.type.__name__}: hooks must run in the same order on every "
                "render (not inside if/for)"
            )
        return comp, slot
    return comp, None


def same(a: object, b: object) -> bool:
    """Equality used for dependencies and state: identity, or ``==`` for simple immutable values."""
    return a is b or (type(a) in _SIMPLE and type(b) is type(a) and a == b)


def deps_changed(old: Sequence[object] | None, new: Sequence[object] | None) -> bool:
    if old is None or new is None or len(old) != len(new):
        return True
    for a, b in zip(old, new, strict=True):
        if a is b:
            continue
        try:
            if a == b:
                continue
        except Exception:
            pass
        return True
    return False


class _State:
    """A ``use_state`` slot, which is also its setter: calling it sets the value. The setter keeps its identity
    across renders, and (unlike a bound method kept on the slot) closes no cycle, so a removed component's state
    is freed at once."""

    __slots__ = ("comp", "value")

    def __init__(self, comp: CompInst, value: object) -> None:
        self.comp = comp
        self.value = value

    def __repr__(self) -> str:
        return f"<use_state setter (value {self.value!r})>"

    def __call__(self, value: object) -> None:
        if callable(value):
            value = value(self.value)
        if same(value, self.value) and type(value) in _SIMPLE:
            return
        self.value = value
        comp = self.comp
        if comp.alive:
            comp.root.mark_dirty(comp)


def use_state(initial: T | Callable[[], T]) -> tuple[T, Callable[[T | Callable[[T], T]], None]]:
    """A value that survives re-renders, and a setter that re-renders the component with a new value.

    The setter accepts a new value or a function of the previous one (``set_n(lambda n: n + 1)``). Setting an
    equal simple value (str, number, tuple, ...) does nothing; setting a list or dict, even the same object
    mutated in place, re-renders. Several calls in one handler cause one render.

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Counter():
        ...     count, set_count = use_state(0)
        ...     return h.button(f"Clicked {count} times", on_click=lambda: set_count(lambda n: n + 1))
    """
    comp, slot = _slot(_State)
    if slot is None:
        value = initial() if callable(initial) else initial
        seed = getattr(comp.root, "seed", None)  # the server runtime restoring a saved session
        if seed is not None:
            value = seed(comp, len(comp.hooks), "s", value)
        slot = _State(comp, value)
        comp.hooks.append(slot)
    return slot.value, slot  # type: ignore[return-value]


class Effect:
    __slots__ = ("cleanup", "comp", "deps", "fn")

    def __init__(self, comp: CompInst) -> None:
        self.comp = comp
        self.deps: Sequence[object] | None = None
        self.fn: Callable[[], object] | None = None
        self.cleanup: Callable[[], object] | None = None


def use_effect(fn: Callable[[], object], deps: Sequence[object] | None = None) -> None:
    """Run ``fn`` after the render reached the page, again when ``deps`` change, and clean up.

    ``deps=None`` runs after every render, ``[]`` once after mounting. ``fn`` may return a cleanup function,
    called before the next run and when the component unmounts; an ``async def`` effect runs as a task that
    is cancelled on cleanup. Effects of children run before those of their parents.

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Clock():
        ...     def start():
        ...         handle = {"running": True}
        ...         return lambda: handle.update(running=False)
        ...     use_effect(start, [])
        ...     return h.span("tick")
    """
    comp, slot = _slot(Effect)
    if slot is None:
        slot = Effect(comp)
        comp.hooks.append(slot)
        seed = getattr(comp.root, "seed", None)  # a restored session: an effect that ran with these deps is done
        if seed is not None and deps is not None and not deps_changed(seed(comp, len(comp.hooks) - 1, "e", None), deps):
            slot.deps = tuple(deps)
            slot.fn = fn
            return
    elif deps is not None and not deps_changed(slot.deps, deps):
        return
    slot.deps = None if deps is None else tuple(deps)
    slot.fn = fn
    if comp.pending is None:
        comp.pending = []
    comp.pending.append(slot)


class _Memo:
    __slots__ = ("deps", "value")

    def __init__(self, deps: Sequence[object] | None, value: object) -> None:
        self.deps = deps
        self.value = value


def use_memo(fn: Callable[[], T], deps: Sequence[object]) -> T:
    """The result of ``fn()``, recomputed only when ``deps`` change.

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Total(items):
        ...     total = use_memo(lambda: sum(items), [items])
        ...     return h.span(total)
    """
    comp, slot = _slot(_Memo)
    if slot is None:
        slot = _Memo(tuple(deps), fn())
        comp.hooks.append(slot)
    elif deps_changed(slot.deps, deps):
        slot.value = fn()
        slot.deps = tuple(deps)
    return slot.value  # type: ignore[return-value]


def use_callback(fn: T, deps: Sequence[object]) -> T:
    """The same function object across renders while ``deps`` are unchanged (memoised children stay memoised).

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Row(item, select):
        ...     on_click = use_callback(lambda: select(item), [item, select])
        ...     return h.a(item, on_click=on_click)
    """
    return use_memo(lambda: fn, deps)


class Ref:
    """A mutable box whose ``current`` survives re-renders without causing one."""

    __slots__ = ("current",)

    def __init__(self, current: Any = None) -> None:
        self.current = current

    def __repr__(self) -> str:
        return f"Ref({self.current!r})"


def use_ref(initial: Any = None) -> Ref:
    """A :class:`Ref` owned by this component (same object on every render).

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Clicks():
        ...     clicks = use_ref(0)
        ...     def click():
        ...         clicks.current += 1
        ...     return h.button("count silently", on_click=click)
    """
    comp, slot = _slot(Ref)
    if slot is None:
        seed = getattr(comp.root, "seed", None)
        slot = Ref(initial if seed is None else seed(comp, len(comp.hooks), "r", initial))
        comp.hooks.append(slot)
    return slot


def use_handle(make: Callable[[Any, Callable[[], None]], T]) -> T:
    """An object this component keeps for its life, made on its first render by ``make(root, rerender)``; calling
    ``rerender()`` renders the component again (the handles of ``use_action`` and ``use_server_tool``).

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Ticker():
        ...     ticks = use_handle(lambda root, rerender: {"n": 0, "rerender": rerender})
        ...     return h.button(f"ticks: {ticks['n']}")
    """
    comp = current_component()
    if comp is None:
        raise RuntimeError("hooks can only be called while a @component function renders")
    _, set_tick = use_state(0)
    box = use_ref()
    if box.current is None:
        box.current = make(comp.root, lambda: set_tick(lambda n: n + 1))
    handle: T = box.current
    return handle
