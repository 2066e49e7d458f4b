"""``@component`` and context."""

from __future__ import annotations

from pyview._core.components._element import ComponentElement
from pyview._core.components._hooks import _SIMPLE, _slot, current_component, same

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, overload

    from pyview._core.components._instances import CompInst
else:

    def overload(fn):  # the typing module is not imported at run time (start-up cost)
        return fn


#: The keyword arguments of every component call that has none: one shared dict (never changed), so a live tree
#: does not keep an empty dict per component.
_NO_KWARGS: dict[str, Any] = {}


class Component:
    """A function component: calling it returns a :class:`ComponentElement` (rendered when mounted)."""

    __slots__ = ("__dict__", "__wrapped__", "context", "fn", "memo")

    def __init__(self, fn: Callable[..., object], memo: bool = True) -> None:
        self.fn = fn
        self.memo = memo
        self.context: Context | None = None
        self.__wrapped__ = fn
        self.__name__ = getattr(fn, "__name__", "component")
        self.__qualname__ = getattr(fn, "__qualname__", self.__name__)
        self.__module__ = getattr(fn, "__module__", __name__)
        self.__doc__ = getattr(fn, "__doc__", None)

    def __call__(self, *args: Any, key: object = None, **kwargs: Any) -> ComponentElement:
        return ComponentElement(self, args, kwargs or _NO_KWARGS, key)

    def __repr__(self) -> str:
        return f"<component {self.__qualname__}>"


@overload
def component(fn: Callable[..., object], *, memo: bool = True) -> Component: ...
@overload
def component(fn: None = None, *, memo: bool = True) -> Callable[[Callable[..., object]], Component]: ...  # noqa: F811
def component(fn: Callable[..., object] | None = None, *, memo: bool = True) -> Any:  # noqa: F811
    """Turn a function returning elements into a component with its own state (hooks).

    A component re-renders when its state changes, a context it uses changes, or its parent re-renders it
    with different arguments. With ``memo=True`` (the default) arguments are compared one by one, by
    identity or by ``==`` for simple values (str, numbers, tuples), so a parent's re-render skips children
    whose arguments did not change: pass new lists rather than mutating old ones, and wrap callbacks in
    :func:`use_callback`. ``key=`` (not passed to the function) identifies it among its siblings.

    Example:
        >>> from pyview.components import h, render_to_string
        >>> @component
        ... def Greeting(name: str):
        ...     return h.p("Hello, ", name, "!")
        >>> render_to_string(Greeting("Ada"))
        '<p>Hello, Ada!</p>'
    """
    if fn is None:
        return lambda f: Component(f, memo)
    return Component(fn, memo)


def props_equal(old: ComponentElement, new: ComponentElement) -> bool:
    """Whether a memoised component can skip rendering for ``new`` (same arguments as ``old``).

    The rule of :func:`same`, spelled out inline: this runs once per memoised child on every parent render
    (1,000 times to select one row of a 1,000-row table), so it avoids a call per argument.
    """
    oa, na = old.args, new.args
    if len(oa) != len(na):
        return False
    simple = _SIMPLE
    for i in range(len(oa)):
        a, b = oa[i], na[i]
        if a is not b and (type(a) is not type(b) or type(a) not in simple or a != b):
            return False
    ok, nk = old.kwargs, new.kwargs
    if len(ok) != len(nk):
        return False
    for name, b in nk.items():
        a = ok.get(name, _MISSING)
        if a is not b and (type(a) is not type(b) or type(a) not in simple or a != b):
            return False
    return True


_MISSING = object()


class Context:
    """A value passed down the tree without threading it through every call (see :func:`create_context`)."""

    __slots__ = ("_provider", "default", "name")

    def __init__(self, default: object, name: str) -> None:
        self.default = default
        self.name = name

        def provider(value: object, *children: object) -> object:
            _provide(self, value)
            return list(children)

        provider.__name__ = f"{name}.provider"
        comp = Component(provider, memo=False)
        comp.context = self
        self._provider = comp

    def provider(self, value: object, *children: object, key: object = None) -> ComponentElement:
        """Children that see ``value`` from ``use_context(this_context)``.

        Example:
            >>> from pyview.components import h
            >>> Theme = create_context("light")
            >>> tree = Theme.provider("dark", h.p("themed"))
        """
        return self._provider(value, *children, key=key)

    def __repr__(self) -> str:
        return f"<Context {self.name}>"


def create_context(default: object = None, name: str = "Context") -> Context:
    """A new context; components read it with :func:`use_context`, a parent sets it with ``.provider``.

    Example:
        >>> from pyview.components import component, h, render_to_string
        >>> Theme = create_context("light")
        >>> @component
        ... def Badge():
        ...     return h.span(use_context(Theme))
        >>> render_to_string(h.div(Badge(), Theme.provider("dark", Badge())))
        '<div><span>light</span><span>dark</span></div>'
    """
    return Context(default, name)


def _provide(ctx: Context, value: object) -> None:
    comp = current_component()
    assert comp is not None
    if comp.context is ctx and comp.consumers and not same(comp.provided, value):
        for consumer in list(comp.consumers):
            if consumer.alive:
                comp.root.mark_dirty(consumer)
    comp.context = ctx
    comp.provided = value


class _ContextSlot:
    __slots__ = ("provider",)

    def __init__(self, provider: CompInst | None) -> None:
        self.provider = provider


def use_context(ctx: Context) -> Any:
    """The value of the nearest ``ctx.provider(...)`` above this component, or the context's default.

    The component re-renders when that provider's value changes.
    """
    comp, slot = _slot(_ContextSlot)
    if slot is None:
        provider = comp.owner
        while provider is not None and provider.context is not ctx:
            provider = provider.owner
        slot = _ContextSlot(provider)
        comp.hooks.append(slot)
        if provider is not None:
            if provider.consumers is None:
                provider.consumers = set()
            provider.consumers.add(comp)
    if slot.provider is None:
        return ctx.default
    return slot.provider.provided
