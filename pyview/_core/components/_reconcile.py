"""The diff: mount, patch and unmount instances, appending patch ops for ``dom.js`` to ``root.ops``.

Patch ops are compact lists (see docs/components.md, "Patch format"):

- ``[0, parent, before, first_id, trees]`` insert new subtrees before ``before`` (None: append); a tree is a
  string (text) or ``[tag, attrs?, children?]``; nodes get ids ``first_id, first_id + 1, ...`` in pre-order;
- ``[1, id]`` remove; ``[2, parent, id, before]`` move; ``[3, id, name, value]`` set (value None: remove) an
  attribute, a ``.property``, an ``@event`` handler id or ``!html``; ``[4, id, text]`` set text;
- ``[5, parent]`` remove all children; ``[6, parent, first_id, trees]`` hydrate: adopt the parent's
  pre-rendered children if they match ``trees``, else replace them (in the same task: no flash);
- ``[7, id]`` focus (``FOCUS``, sent by ``Root.focus``, not by the diff).
"""

from __future__ import annotations

from bisect import bisect_left

from pyview._core.components._component import props_equal
from pyview._core.components._element import ComponentElement, Element
from pyview._core.components._instances import CompInst, HostInst, TextInst, dom_ids, first_dom, resolve
from pyview._core.components._mount import _finish, _remove, call_component, mount, unmount_all

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any

    from pyview._core.components._element import Node
    from pyview._core.components._instances import After, Inst

    Anchor = int | After | None
    from pyview._core.components._root import Root

INSERT, REMOVE, MOVE, ATTR, TEXT, CLEAR, HYDRATE = range(7)
_MISSING = object()


def render_component(root: Root, comp: CompInst, pid: int, anchor: Anchor) -> None:
    """Re-render a component and reconcile its output with what it rendered before."""
    nodes = call_component(root, comp)
    comp.kids = reconcile(root, comp, comp.kids, nodes, pid, anchor, comp)
    _finish(root, comp)


def patch(root: Root, inst: Inst, node: Node, pid: int, owner: CompInst | None, anchor: Anchor) -> None:
    """Bring a mounted instance of the same kind up to date with ``node``."""
    kind = type(inst)
    if kind is TextInst:
        if inst.text != node:  # type: ignore[union-attr]
            root.ops.append([TEXT, inst.id, node])  # type: ignore[union-attr]
            inst.text = node  # type: ignore[union-attr]
    elif kind is HostInst:
        _patch_element(root, inst, node, owner)  # type: ignore[arg-type]
    else:
        comp: CompInst = inst  # type: ignore[assignment]
        old = comp.el
        comp.el = node  # type: ignore[assignment]
        if old is node or (not comp.dirty and old.type.memo and props_equal(old, node)):  # type: ignore[arg-type]
            return
        render_component(root, comp, pid, anchor)


def _patch_element(root: Root, inst: HostInst, el: Element, owner: CompInst | None) -> None:
    old = inst.el
    if old is el:
        return
    ops = root.ops
    id = inst.id
    oa, na = old.attrs, el.attrs
    if oa is not na:
        dom = inst.dom
        for name, value in na.items():
            prev = oa.get(name, _MISSING)
            if dom is not None and name in dom:
                prev = dom[name]
                dom[name] = value
            if prev != value or type(prev) is not type(value):
                ops.append([ATTR, id, name, value])
        for name in oa:
            if name not in na:
                ops.append([ATTR, id, name, None])
    if old.events is not None or el.events is not None:
        _patch_events(root, inst, old, el)
    if old.children is not el.children:
        kids = inst.kids = reconcile(root, inst, inst.kids, el.children, id, None, owner)
        if not inst.deep:
            inst.deep = any(kid.deep for kid in kids)
    inst.el = el


def _patch_events(root: Root, inst: HostInst, old: Element, el: Element) -> None:
    handlers = root.handlers
    hids = inst.hids or ()
    events = el.events
    old_events = old.events
    if events is not None and old_events is not None and len(hids) == 2 * len(events):
        for i in range(0, len(hids), 2):  # the common case: the same event types and flags, new functions
            new = events.get(hids[i])
            if new is None or new[1] != old_events[hids[i]][1]:
                break
        else:
            for i in range(0, len(hids), 2):
                handlers[hids[i + 1]] = events[hids[i]][0]
            return
    current = {hids[i]: hids[i + 1] for i in range(0, len(hids), 2)}
    out: list[Any] = []
    if events is not None:
        for type_, (fn, flags) in events.items():
            hid = current.pop(type_, None)
            if hid is not None:
                if old_events is not None and old_events[type_][1] == flags:
                    handlers[hid] = fn
                    out += (type_, hid)
                    continue
                del handlers[hid]
            hid = root.hid
            root.hid = hid + 1
            handlers[hid] = fn
            out += (type_, hid)
            root.ops.append([ATTR, inst.id, "@" + type_, [hid, flags] if flags else hid])
    for type_, hid in current.items():
        handlers.pop(hid, None)
        root.ops.append([ATTR, inst.id, "@" + type_, None])
    inst.hids = tuple(out) if out else None
    if out:
        inst.deep = True


def _kind_key(inst: Inst) -> tuple[object, object]:
    if type(inst) is TextInst:
        return str, None
    el = inst.el  # type: ignore[union-attr]
    return (el.tag if type(el) is Element else el.type), el.key  # type: ignore[union-attr]


def _node_kind_key(node: Node) -> tuple[object, object]:
    if type(node) is str:
        return str, None
    return (node.tag if type(node) is Element else node.type), node.key  # type: ignore[union-attr]


def _matches(inst: Inst, node: Node) -> bool:
    kind = type(node)
    if kind is str:
        return type(inst) is TextInst
    if kind is Element:
        return type(inst) is HostInst and inst.el.tag == node.tag and inst.el.key == node.key  # type: ignore[union-attr]
    return type(inst) is CompInst and inst.el.type is node.type and inst.el.key == node.key  # type: ignore[union-attr]


def _lis(seq: list[int]) -> set[int]:
    """Positions in ``seq`` forming a longest increasing subsequence (these need no move)."""
    tails: list[int] = []
    tail_pos: list[int] = []
    prev = [-1] * len(seq)
    for pos, value in enumerate(seq):
        k = bisect_left(tails, value)
        if k == len(tails):
            tails.append(value)
            tail_pos.append(pos)
        else:
            tails[k] = value
            tail_pos[k] = pos
        prev[pos] = tail_pos[k - 1] if k else -1
    keep: set[int] = set()
    pos = tail_pos[-1] if tail_pos else -1
    while pos >= 0:
        keep.add(pos)
        pos = prev[pos]
    return keep


def reconcile(
    root: Root,
    parent: HostInst | CompInst,
    old: list[Inst],
    new: list[Node],
    pid: int,
    anchor: Anchor,
    owner: CompInst | None,
) -> list[Inst]:
    """Turn the children ``old`` into ``new`` (keyed); return the new instances.

    Moves are LIS-minimal, except when a long list of equal length changed in a few places only (a swap): then
    the children still in place keep their nodes and the few others move (see :func:`_in_place`).
    """
    n_new, n_old = len(new), len(old)
    ops = root.ops
    if n_new == 0:
        if n_old:
            if type(parent) is HostInst:
                ops.append([CLEAR, pid])
                unmount_all(root, old)
            else:
                for inst in old:
                    _remove(root, inst)
        return []
    if n_old == 0:
        return _insert_run(root, parent, new, 0, n_new, pid, anchor, owner)
    src: list[Inst | None] = [None] * n_new
    start = 0
    limit = min(n_old, n_new)
    while start < limit:  # the common prefix; components compared inline (no call per row)
        o, n = old[start], new[start]
        if type(n) is ComponentElement and type(o) is CompInst:
            if o.el.type is not n.type or o.el.key != n.key:
                break
        elif not _matches(o, n):
            break
        src[start] = o
        start += 1
    end_old, end_new = n_old, n_new
    while end_old > start and end_new > start and _matches(old[end_old - 1], new[end_new - 1]):
        end_old -= 1
        end_new -= 1
        src[end_new] = old[end_old]
    moved: set[int] | None = None
    removed: list[Inst] = []
    if start < end_old:
        if start == end_new:
            removed = old[start:end_old]
        elif end_old == end_new and _in_place(old, new, src, start, end_new):
            moved, removed = _rekey(old, new, src, start, end_new)
        else:
            index: dict[tuple[object, object], int] = {}
            for i in range(start, end_old):
                kk = _kind_key(old[i])
                kk = kk if kk[1] is not None else (kk[0], ("#", i))
                if kk in index:  # a duplicate key: the earlier one is replaced
                    removed.append(old[index[kk]])
                index[kk] = i
            order: list[int] = []
            slots: list[int] = []
            for j in range(start, end_new):
                kk = _node_kind_key(new[j])
                i = index.pop(kk if kk[1] is not None else (kk[0], ("#", j)), -1)
                if i >= 0:
                    src[j] = old[i]
                    order.append(i)
                    slots.append(j)
            removed += [old[i] for i in sorted(index.values())]
            if any(order[k] > order[k + 1] for k in range(len(order) - 1)):
                keep = _lis(order)
                moved = {slots[k] for k in range(len(order)) if k not in keep}
    if removed:
        if len(removed) == n_old and type(parent) is HostInst:
            ops.append([CLEAR, pid])
            unmount_all(root, removed)
        else:
            for inst in removed:
                _remove(root, inst)
    kids: list[Any] = [None] * n_new
    # Right to left, each child is inserted or moved before ``nxt``, the first DOM node after it. A component
    # child that is skipped (memo, unchanged) needs no anchor, so its first node is looked up only when a child to
    # its left does need one: selecting one row of 1,000 memoised rows then walks no row's DOM.
    nxt: Anchor = anchor
    unresolved: list[CompInst] = []  # skipped component children right of j, nearest last
    j = n_new - 1
    while j >= 0:
        matched = src[j]
        if matched is None:
            s = j
            while s > 0 and src[s - 1] is None:
                s -= 1
            if unresolved:
                nxt = _first_of(unresolved, nxt)
            run = _insert_run(root, parent, new, s, j + 1, pid, nxt, owner)
            kids[s : j + 1] = run
            for made in run:
                found = made.id if type(made) is not CompInst else first_dom(made)  # type: ignore[union-attr]
                if found is not None:
                    nxt = found
                    break
            j = s - 1
            continue
        inst = matched
        node = new[j]
        kids[j] = inst
        if type(inst) is CompInst and (moved is None or j not in moved):
            old_el = inst.el
            if old_el is node or (not inst.dirty and old_el.type.memo and props_equal(old_el, node)):  # type: ignore[arg-type]
                inst.el = node  # type: ignore[assignment]
                unresolved.append(inst)
                j -= 1
                continue
        if unresolved:
            nxt = _first_of(unresolved, nxt)
        patch(root, inst, node, pid, owner, nxt)
        if moved is not None and j in moved:
            ids: list[int] = []
            dom_ids(inst, ids)
            nxt = resolve(nxt)
            for id in ids:
                ops.append([MOVE, pid, id, nxt])
        found = inst.id if type(inst) is not CompInst else first_dom(inst)  # type: ignore[union-attr]
        if found is not None:
            nxt = found
        j -= 1
    return kids


def _in_place(old: list[Inst], new: list[Node], src: list[Inst | None], start: int, end: int) -> bool:
    """Match the children at the same positions of a middle part of equal length, if nearly all match.

    Swapping two rows of 1,000 leaves 996 in place: they keep their nodes, and only the few others are looked up
    by key and moved, instead of indexing all 998 by key and computing the longest increasing subsequence.
    """
    allowed = max(4, (end - start) >> 4)
    misses = 0
    same: list[int] = []
    for i in range(start, end):
        o, n = old[i], new[i]
        if type(n) is ComponentElement and type(o) is CompInst:
            if o.el.type is n.type and o.el.key == n.key:
                same.append(i)
                continue
        elif _matches(o, n):
            same.append(i)
            continue
        misses += 1
        if misses > allowed:
            return False
    for i in same:
        src[i] = old[i]
    return True


def _rekey(
    old: list[Inst], new: list[Node], src: list[Inst | None], start: int, end: int
) -> tuple[set[int], list[Inst]]:
    """After :func:`_in_place`: find the unmatched new children among the unmatched old ones by key; the found
    ones move (the in-place ones keep their order, so moving the others is always correct), the rest are removed."""
    index: dict[tuple[object, object], int] = {}
    removed: list[Inst] = []
    for i in range(start, end):
        if src[i] is None:
            kk = _kind_key(old[i])
            kk = kk if kk[1] is not None else (kk[0], ("#", i))
            if kk in index:
                removed.append(old[index[kk]])
            index[kk] = i
    moved: set[int] = set()
    for j in range(start, end):
        if src[j] is None:
            kk = _node_kind_key(new[j])
            i = index.pop(kk if kk[1] is not None else (kk[0], ("#", j)), -1)
            if i >= 0:
                src[j] = old[i]
                moved.add(j)
    removed += [old[i] for i in sorted(index.values())]
    return moved, removed


def _first_of(unresolved: list[CompInst], nxt: Anchor) -> Anchor:
    """The anchor after skipped children: the first DOM node of the nearest one that renders any (then clear)."""
    for inst in reversed(unresolved):
        found = first_dom(inst)
        if found is not None:
            nxt = found
            break
    unresolved.clear()
    return nxt


def _insert_run(
    root: Root,
    parent: HostInst | CompInst,
    nodes: list[Node],
    start: int,
    end: int,
    pid: int,
    before: Anchor,
    owner: CompInst | None,
) -> list[Inst]:
    wire: list[str] = []  # JSON texts (see _mount)
    first = root.nid
    made = [mount(root, nodes[k], parent, owner, wire) for k in range(start, end)]
    if wire:
        root.ops.append([INSERT, pid, resolve(before), first, wire])
    return made
