"""The mounted tree: one instance per DOM element, text node and component (internal).

Only components keep a ``parent`` pointer (to compute where their DOM nodes sit when they re-render on their
own); elements and text nodes are as small as possible because a 10,000-row table has 80,000 of them.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    from pyview._core.components._element import ComponentElement, Element
    from pyview._core.components._root import Root

    Inst: TypeAlias = "HostInst | TextInst | CompInst"


class TextInst:
    __slots__ = ("id", "text")

    deep = False

    def __init__(self, id: int, text: str) -> None:
        self.id = id
        self.text = text


_NO_KIDS: list[Any] = []


class HostInst:
    """A DOM element: its current :class:`Element`, DOM id, child instances and handler ids by event type.

    ``hids`` is ``(type, handler id, type, handler id, ...)``: a tuple of two is a third of the size of a dict, and a
    live tree (the server runtime keeps one per open View) has one for every element with a handler.
    """

    __slots__ = ("deep", "dom", "el", "hids", "id", "kids")

    def __init__(self, id: int, el: Element) -> None:
        self.id = id
        self.el = el
        #: replaced, never changed in place: a childless element shares one empty list (one list less per leaf)
        self.kids: list[Inst] = _NO_KIDS
        self.hids: tuple[Any, ...] | None = None
        #: property values the browser reported (``.value``/``.checked`` after an input event)
        self.dom: dict[str, object] | None = None
        #: True when this subtree holds handlers or components, so unmounting must walk it
        self.deep = False


class CompInst:
    """A mounted component: its call, hook slots, rendered children and place in the tree."""

    __slots__ = (
        "alive",
        "cleanups",
        "consumers",
        "context",
        "depth",
        "dirty",
        "el",
        "error",
        "hook_i",
        "hooks",
        "kids",
        "owner",
        "parent",
        "pending",
        "provided",
        "root",
    )

    deep = True

    def __init__(self, el: ComponentElement, parent: HostInst | CompInst, owner: CompInst | None, root: Root):
        self.el = el
        self.parent = parent
        self.owner = owner
        self.root = root
        self.depth: int = 0 if owner is None else owner.depth + 1
        self.kids: list[Inst] = []
        self.hooks: list[object] = []
        self.hook_i = 0
        self.alive = True
        #: effect cleanups held by this component and the components below it (see count_cleanups)
        self.cleanups = 0
        self.dirty = False
        self.pending: list[object] | None = None
        self.error: BaseException | None = None
        self.context: object = None
        self.provided: object = None
        self.consumers: set[CompInst] | None = None


def count_cleanups(comp: CompInst | None, change: int) -> None:
    """Add ``change`` to ``cleanups`` of ``comp`` and of every component above it.

    Kept for every effect that gets or gives up a cleanup (rare), so that removing a subtree knows in O(1) per
    removed component whether it must run cleanups now or may leave forgetting it until the page is idle.
    """
    while comp is not None:
        comp.cleanups += change
        comp = comp.owner


def first_dom(inst: Inst) -> int | None:
    """DOM id of the first node an instance puts in the document (None for a component rendering nothing)."""
    while type(inst) is CompInst:
        for kid in inst.kids:
            found = first_dom(kid)
            if found is not None:
                return found
        return None
    return inst.id  # type: ignore[union-attr]


def dom_ids(inst: Inst, out: list[int]) -> None:
    """Append the DOM ids of an instance's top-level nodes, in document order."""
    if type(inst) is CompInst:
        for kid in inst.kids:
            dom_ids(kid, out)
    else:
        out.append(inst.id)  # type: ignore[union-attr]


def host_id(comp: CompInst) -> int:
    """DOM id of the element that holds a component's nodes."""
    parent: HostInst | CompInst = comp.parent
    while type(parent) is CompInst:
        parent = parent.parent
    return parent.id  # type: ignore[union-attr]


class After:
    """The anchor "after ``comp``'s nodes", resolved only if an insert or a move needs it (see :func:`resolve`).

    A component re-rendering on its own (one row of 1,000 whose selection changed) usually only patches its
    nodes in place: finding its next sibling's DOM node would cost a scan of its parent's children for nothing.
    """

    __slots__ = ("comp",)

    def __init__(self, comp: CompInst) -> None:
        self.comp = comp


def resolve(anchor: int | After | None) -> int | None:
    """The DOM id an anchor stands for (None: at the end)."""
    if type(anchor) is After:
        return anchor_after(anchor.comp)
    return anchor  # type: ignore[return-value]


def anchor_after(comp: CompInst) -> int | None:
    """DOM id of the first node after a component's nodes inside their element (None: at the end)."""
    node: CompInst = comp
    while True:
        parent = node.parent
        kids = parent.kids
        index = kids.index(node)  # instances compare by identity
        for kid in kids[index + 1 :]:
            found = first_dom(kid)
            if found is not None:
                return found
        if type(parent) is not CompInst:
            return None
        node = parent
