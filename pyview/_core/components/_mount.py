"""Mounting and unmounting instances: building the wire trees of new subtrees (internal).

A new subtree becomes wire trees (``[tag, attrs, children]`` or a string) whose nodes get consecutive DOM ids in
pre-order, so the insert op does not carry ids; see ``_reconcile`` for the op list. Each tree is built as its JSON
text directly (``Root.commit`` splices it into the patch): nested lists built, walked by the encoder, then freed cost
twice as much (8 % of creating 1,000 rows, counted), and a built element brings its tag and attributes encoded
(``Element.head``: once per shared attrs dict).
"""

from __future__ import annotations

from json.encoder import encode_basestring as json_text  # '"text"', escaped as json.dumps(ensure_ascii=False) does

from pyview._core.components._component import _ContextSlot
from pyview._core.components._element import ComponentElement, Element, encode_json, flatten
from pyview._core.components._errors import error_box
from pyview._core.components._hooks import Effect, RenderFrame, rendering
from pyview._core.components._instances import _NO_KIDS, CompInst, HostInst, TextInst, count_cleanups, dom_ids
from pyview._core.components._selection import _Selected, unsubscribe

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any

    from pyview._core.components._element import Node
    from pyview._core.components._instances import Inst
    from pyview._core.components._root import Root

REMOVE = 1
_CONTROLLED = frozenset(["input", "textarea", "select"])


#: event type -> '"@type":', the start of its handler id in a wire tree (a bounded set: the keyword names used)
_HANDLER_JSON: dict[str, str] = {}


def _handler_json(type_: str) -> str:
    if len(_HANDLER_JSON) >= 1024:
        _HANDLER_JSON.clear()
    text = _HANDLER_JSON[type_] = json_text("@" + type_) + ":"
    return text


def _head(el: Element) -> str:
    """``["tag",{attrs}`` of an element whose builder did not know it (see :class:`Element`)."""
    return f"[{json_text(el.tag)},{encode_json(el.attrs) if el.attrs else '{}'}"


def call_component(root: Root, comp: CompInst) -> list[Node]:
    """Run a component function with its hooks; a failure renders an error box in its place.

    The effects it scheduled before raising still run: such an effect is often what repairs the state that made
    it raise (one taking a new tool result into state), and the component's next render that succeeds replaces
    the box. Dropping them would leave their new dependencies recorded but never acted on: a box for good.
    """
    frame = rendering.get()
    if frame is None:  # outside a Root pass (which sets one frame for all the components it renders)
        token = rendering.set(RenderFrame())
        try:
            return call_component(root, comp)
        finally:
            rendering.reset(token)
    previous = frame.comp
    frame.comp = comp
    comp.hook_i = 0
    comp.dirty = False
    el = comp.el
    try:
        out = el.type.fn(*el.args, **el.kwargs)
    except Exception as exc:
        root.report(exc, f"rendering {el.type.__name__}", show=False)
        out = error_box(exc, f"Error in {el.type.__name__}")
    finally:
        frame.comp = previous
    kind = type(out)
    if kind is Element or kind is ComponentElement:
        return [out]  # type: ignore[list-item]
    nodes: list[Node] = []
    flatten([out], nodes)
    return nodes


def _finish(root: Root, comp: CompInst) -> None:
    if comp.pending is not None:
        root.effects.extend(comp.pending)  # type: ignore[arg-type]
        comp.pending = None


def mount(root: Root, node: Node, parent: HostInst | CompInst, owner: CompInst | None, out: list[str]) -> Inst:
    """Create the instance for ``node``; append its wire trees to ``out`` (ids allocated in pre-order)."""
    kind = type(node)
    if kind is str:
        text = TextInst(root.nid, node)  # type: ignore[arg-type]
        root.nid += 1
        out.append(json_text(node))  # type: ignore[arg-type]
        return text
    if kind is Element:
        return _mount_element(root, node, owner, out)  # type: ignore[arg-type]
    comp = CompInst(node, parent, owner, root)  # type: ignore[arg-type]
    nodes: list[Any] = call_component(root, comp)
    for i, child in enumerate(nodes):  # the nodes list becomes the kids list: no second list, no spare slots
        if type(child) is Element:  # a row's one element: no dispatch call
            nodes[i] = _mount_element(root, child, comp, out)
        else:
            nodes[i] = mount(root, child, comp, comp, out)
    comp.kids = nodes
    if comp.pending is not None:  # effects to schedule (checked here: no call per row without any)
        _finish(root, comp)
    return comp


def _mount_element(root: Root, el: Element, owner: CompInst | None, out: list[str]) -> HostInst:
    at = root.nid  # this element's DOM id
    inst = HostInst(at, el)
    head = el.head
    if head is None:
        head = _head(el)
    deep = False
    events = el.events
    if events is not None:
        handlers = root.handlers
        hid = root.hid
        hids: tuple[Any, ...] = ()
        # the handler ids go into the attrs object: '["a",{"class":"lbl"' + ',"@click":7' + '}'
        wired = head[:-1]
        sep = "," if el.attrs else ""
        for type_, (fn, flags) in events.items():
            handlers[hid] = fn
            hids += (type_, hid)  # () + (type, id) is that pair itself: no list for the usual one handler
            name = _HANDLER_JSON.get(type_) or _handler_json(type_)
            wired = f"{wired}{sep}{name}[{hid},{flags}]" if flags else f"{wired}{sep}{name}{hid}"
            sep = ","
            hid += 1
        root.hid = hid
        inst.hids = hids
        head = wired + "}"
        deep = True
    tag = el.tag
    if tag in _CONTROLLED:
        root.controlled[at] = inst
        deep = True
    children = el.children
    if not children:
        root.nid = at + 1
        # no attributes: '["td"]', not '["td",{}]' (head[:-3] drops ',{}')
        out.append(head + "]" if el.attrs or events is not None else head[:-3] + "]")
    elif len(children) == 1 and type(children[0]) is str:  # h.td("text"): no loop
        text = children[0]
        inst.kids = [TextInst(at + 1, text)]
        root.nid = at + 2
        out.append(f"{head},[{json_text(text)}]]")
    else:
        wire: list[str] = []
        kids: list[Any] = [None] * len(children)  # exactly sized: a live tree keeps every one of these lists
        nid = at + 1
        for i, child in enumerate(children):
            kind = type(child)
            if kind is str:  # text: no call, the id counter stays local
                kids[i] = TextInst(nid, child)  # type: ignore[arg-type]
                nid += 1
                wire.append(json_text(child))  # type: ignore[arg-type]
                continue
            root.nid = nid
            if kind is Element:
                kid: Inst = _mount_element(root, child, owner, wire)  # type: ignore[arg-type]
            else:
                kid = mount(root, child, inst, owner, wire)
            nid = root.nid
            kids[i] = kid
            if kid.deep:
                deep = True
        root.nid = nid
        inst.kids = kids
        out.append(f"{head},[{','.join(wire)}]]")
    inst.deep = deep
    return inst


def unmount(root: Root, inst: Inst) -> None:
    """Forget an instance (handlers, effects, context and selection subscriptions); the caller removes its DOM."""
    unmount_all(root, [inst])


def unmount_all(root: Root, insts: list[Inst]) -> None:
    """Forget several instances, in order (see :func:`unmount`).

    In the browser (``root.idle`` set), removed subtrees that hold no effect cleanup are forgotten once the page is
    idle (``Root.forget_removed``), not before it paints the removal: walking 1,000 removed rows was a tenth of
    replacing them. Whatever could see them first (an event, a render, effects) forgets them before it runs.
    """
    if root.idle is not None:  # freed once the page is idle (see Root.flush), not before it paints the removal
        root.trash.append(insts)
        for inst in insts:
            if inst.deep and (type(inst) is not CompInst or inst.cleanups):
                break  # an effect cleanup to run now, or an element that may hold one
        else:
            root.removed.append(insts)
            return
    forget(root, insts)


def forget(root: Root, insts: list[Inst]) -> None:
    """Forget removed instances now: handlers, controlled inputs, context and selection subscriptions, and queue
    their effect cleanups (they run in the next commit).

    One loop over an explicit stack, parents before children in document order (effect cleanups run parent
    first), visiting only subtrees marked ``deep`` and calling no Python function per instance: clearing a
    1,000-row table is a short loop, not thousands of calls.
    """
    handlers = root.handlers
    controlled = root.controlled
    stack: list[Inst] = insts[::-1]
    pop = stack.pop
    while stack:
        inst = pop()
        kind = type(inst)
        if kind is HostInst:
            if not inst.deep:
                continue  # no handler and no component below: nothing to forget, and no cycle to break
            hids = inst.hids  # type: ignore[union-attr]
            if hids is not None:
                if len(hids) == 2:
                    handlers.pop(hids[1], None)
                else:
                    for i in range(1, len(hids), 2):
                        handlers.pop(hids[i], None)
            if controlled and inst.el.tag in _CONTROLLED:  # type: ignore[union-attr]
                controlled.pop(inst.id, None)  # type: ignore[union-attr]
        elif kind is CompInst:
            comp: CompInst = inst  # type: ignore[assignment]
            comp.alive = False
            root.dirty.discard(comp)
            for slot in comp.hooks:
                slot_type = type(slot)
                if slot_type is Effect:
                    if slot.cleanup is not None:  # type: ignore[attr-defined]
                        root.cleanups.append(slot.cleanup)  # type: ignore[attr-defined]
                        slot.cleanup = None  # type: ignore[attr-defined]
                        count_cleanups(comp, -1)
                elif slot_type is _Selected:
                    subscribers = slot.selection.subscribers  # type: ignore[attr-defined]
                    comps = subscribers.get(slot.key)  # type: ignore[attr-defined]
                    if comps is comp:
                        del subscribers[slot.key]  # type: ignore[attr-defined]
                    elif comps is not None:
                        unsubscribe(slot.selection, slot.key, comp)  # type: ignore[attr-defined]
                elif slot_type is _ContextSlot:
                    provider = slot.provider  # type: ignore[attr-defined]
                    if provider is not None and provider.consumers:
                        provider.consumers.discard(comp)
            comp.hooks = []
            comp.consumers = None
        else:
            continue
        # A component closes cycles with its slots (they point back at it), its children (their ``parent``), its
        # consumers (their context slots) and its handlers' closures: cut here, a removed subtree is freed at once
        # by reference counting, not left for the cyclic collector, whose passes over a server's whole heap grow
        # with every live session (and in the browser would land in a later click).
        kids = inst.kids  # type: ignore[union-attr]
        if kids:
            inst.kids = _NO_KIDS  # type: ignore[union-attr]
            if len(kids) == 1:
                if kids[0].deep:  # a lone text or plain element (a link's label) has nothing to forget
                    stack.append(kids[0])
            else:
                stack.extend(reversed(kids))


def _remove(root: Root, inst: Inst) -> None:
    if type(inst) is CompInst:
        ids: list[int] = []
        dom_ids(inst, ids)
        for id in ids:
            root.ops.append([REMOVE, id])
    else:
        root.ops.append([REMOVE, inst.id])  # type: ignore[union-attr]
    unmount(root, inst)
