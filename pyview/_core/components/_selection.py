"""Keyed selection: one value many components compare their own key with, re-rendering only the two that change.

Selecting one row of 1,000 with ``use_state`` in the table re-renders the table, which builds 1,000 row elements
and compares each with the last render: work proportional to the table. A :class:`Selection` instead keeps the
selected key outside any component's render and remembers which component asked about which key, so ``set(k)``
marks dirty exactly the rows for the old and the new key (SolidJS's ``createSelector``). The table does not
re-render at all.

Example:
    >>> from pyview.components import component, h
    >>> @component
    ... def Row(row_id, label, selection):
    ...     on = use_selected(selection, row_id)
    ...     return h.tr(h.td(label, on_click=lambda: selection.set(row_id)), class_="danger" if on else None)
    >>> @component
    ... def Table(rows):
    ...     selection = use_selection(None)   # the same object on every render: rows stay memoised
    ...     return h.table([Row(i, label, selection, key=i) for i, label in rows])
"""

from __future__ import annotations

from pyview._core.components._hooks import _SIMPLE, _slot, same

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any

    from pyview._core.components._instances import CompInst

_ANY = object()  # the key of subscribers that read the value itself (``use_selected(selection)``)


class Selection:
    """A selected key (``value``) and, per key, the mounted components that asked whether it is selected.

    ``set(value)`` (or ``set(lambda old: new)``) re-renders only the components whose answer changed: those
    subscribed to the old key, to the new key, and those reading the value itself. Setting an equal simple
    value does nothing. Created by :func:`use_selection` (or directly, e.g. at module level).
    """

    __slots__ = ("set", "subscribers", "value")

    def __init__(self, value: object = None) -> None:
        self.value = value
        #: key -> the one component subscribed to it, or a set of them (a set per row would be a third of a row)
        self.subscribers: dict[object, CompInst | set[CompInst]] = {}
        self.set = self._set  # one bound method: passing ``selection.set`` down keeps children memoised

    def _set(self, value: object) -> None:
        if callable(value):
            value = value(self.value)
        old = self.value
        if same(old, value):
            return
        self.value = value
        subscribers = self.subscribers
        for key in (old, value, _ANY):
            comps = subscribers.get(key)
            if comps is None:
                continue
            found: list[CompInst] | tuple[CompInst] = list(comps) if isinstance(comps, set) else (comps,)
            for comp in found:
                if comp.alive:
                    comp.root.mark_dirty(comp)

    def is_selected(self, key: object) -> bool:
        """Whether ``key`` is the selected value (no subscription: use :func:`use_selected` in a component)."""
        return same(self.value, key)

    def __repr__(self) -> str:
        return f"Selection({self.value!r})"


class _Selected:
    """A component's subscription to one key of a selection; dropped when the component unmounts."""

    __slots__ = ("comp", "key", "selection")

    def __init__(self, comp: CompInst, selection: Selection, key: object) -> None:
        self.comp = comp
        self.selection = selection
        self.key = key
        _subscribe(selection, key, comp)

    def drop(self) -> None:
        unsubscribe(self.selection, self.key, self.comp)


def _subscribe(selection: Selection, key: object, comp: CompInst) -> None:
    subscribers = selection.subscribers
    comps = subscribers.get(key)
    if comps is None:
        subscribers[key] = comp
    elif type(comps) is set:
        comps.add(comp)
    elif comps is not comp:
        subscribers[key] = {comps, comp}  # type: ignore[arg-type]


def unsubscribe(selection: Selection, key: object, comp: CompInst) -> None:
    """Drop ``comp``'s subscription to ``key`` (unmounting, or the component asks about another key now)."""
    subscribers = selection.subscribers
    comps = subscribers.get(key)
    if comps is comp:
        del subscribers[key]
    elif type(comps) is set:
        comps.discard(comp)
        if not comps:
            del subscribers[key]


class _SelectionSlot:
    __slots__ = ("selection",)

    def __init__(self, selection: Selection) -> None:
        self.selection = selection


def use_selection(initial: object = None) -> Selection:
    """A :class:`Selection` owned by this component: the same object on every render.

    Setting it does not re-render this component (read it with ``use_selected(selection)`` if it shows the
    value); it re-renders only the components that asked about the old or the new key.
    """
    comp, slot = _slot(_SelectionSlot)
    if slot is None:
        value = initial() if callable(initial) else initial
        slot = _SelectionSlot(Selection(value))
        comp.hooks.append(slot)
    return slot.selection


def use_selected(selection: Selection, key: Any = _ANY) -> Any:
    """Whether ``key`` is selected in ``selection`` (re-rendering when that answer changes), or, without
    ``key``, the selected value itself (re-rendering on every change).

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Tab(name, selection):
        ...     return h.button(name, aria_selected=use_selected(selection, name), on_click=lambda: selection.set(name))
    """
    comp, slot = _slot(_Selected)
    if slot is None:
        slot = _Selected(comp, selection, key)
        comp.hooks.append(slot)
    elif slot.selection is not selection or not same(slot.key, key):
        slot.drop()
        slot.selection, slot.key = selection, key
        _subscribe(selection, key, comp)
    value = selection.value
    if key is _ANY:
        return value
    # same(value, key), inline: this runs once per row of a table
    return value is key or (type(value) in _SIMPLE and type(key) is type(value) and value == key)
