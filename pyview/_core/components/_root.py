"""A render root: owns the mounted tree, batches updates per tick, sends one patch per update, runs effects
and dispatches events coming back from the page."""

from __future__ import annotations

import gc
import json
import sys

from pyview._core.components._element import Element, encode_json, flatten
from pyview._core.components._errors import describe
from pyview._core.components._event import Event, call_handler
from pyview._core.components._hooks import RenderFrame, rendering
from pyview._core.components._instances import After, CompInst, HostInst, TextInst, count_cleanups, host_id
from pyview._core.components._mount import forget, mount
from pyview._core.components._reconcile import HYDRATE, INSERT, reconcile, render_component
from pyview._core.components._timer import timers

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.components._hooks import Effect

    ErrorHook = Callable[[BaseException, str], object]

#: ``[7, id]``: focus node ``id`` once the patch is applied (see :meth:`Root.focus`); ops 0-6 are in ``_reconcile``.
FOCUS = 7
_MAX_PASSES = 50
_DEFERRED_GC = 5000  # objects allocated during an update (collector paused) above which it collects right after
#: The patch encoder (``encode_json``) has no circular-reference check: the ops are lists and dicts the renderer built
#: (a cycle would still fail, as a RecursionError), and the check's bookkeeping per list and dict was 40 % of the
#: encoding of a 1,000-row insert.
_encode_patch = encode_json


class Root:
    """Renders a tree into the element with DOM id 0, sending patches to ``sink`` (a ``str -> None``).

    ``schedule(fn)`` must call ``fn`` soon (next tick); it defaults to the running asyncio loop's
    ``call_soon``. Several state changes before that tick render once. ``idle(fn)``, if set (the browser sets it),
    calls ``fn`` once the page has painted and is idle: a big update's garbage is collected then, not before paint.
    """

    pauses_collector = True
    """Whether an update pauses the cyclic collector (see :meth:`flush`). It is the whole process's: a root that
    shares its process with other work, on other threads too (a server's), leaves it alone."""

    def __init__(
        self,
        sink: Callable[[str], object] | None = None,
        *,
        schedule: Callable[[Callable[[], None]], object] | None = None,
        on_error: ErrorHook | None = None,
        effects: bool = True,
    ) -> None:
        self.sink = sink
        self.run_effects = effects
        self.schedule = schedule
        self.on_error = on_error
        self.container = HostInst(0, Element("pyview-root", {}, None, [], None))
        self.container.deep = True
        self.nid = 1
        self.hid = 1
        self.ids = 0  # pyview.ui's use_id counter: ids are unique per root and the same in every run
        self.handlers: dict[int, Callable[..., object]] = {}
        self.controlled: dict[int, HostInst] = {}
        self.touched: list[HostInst] = []
        self.ops: list[list[object]] = []
        self.dirty: set[CompInst] = set()
        self.effects: list[Effect] = []
        self.cleanups: list[Callable[[], object]] = []
        self.errors: list[tuple[BaseException, str]] = []
        self.error_listener: Callable[[], object] | None = None
        self.tasks: set[Any] = set()
        #: when each of its tasks that waits in ``_timer.sleep`` (a toast's timer) wakes, in loop time
        self.timers: dict[Any, float] = {}
        self.loop: Any = None
        self.scheduled = False
        self.rendering = False
        self.collecting = False  # a collection of what an update allocated is scheduled
        self.idle: Callable[[Callable[[], None]], object] | None = None
        self.holding = False  # the collector stays paused until the idle collection (see flush)
        self.trash: list[object] = []  # removed instances, freed when the page is idle (with idle only)
        #: removed subtrees not yet forgotten (with idle only; see forget_removed)
        self.removed: list[list[Any]] = []
        self.emptying = False
        self.updates = 0
        #: while a mount restores saved hook state (a server-runtime restore, or the frame's Python taking a View
        #: over from the server runtime): ``seed(comp, index, kind, default)`` gives each new hook slot its saved
        #: value (a ``_hook_state.Seeder``). Dropped at the first commit, so components mounted later start fresh.
        self.seed: Callable[[Any, int, str, object], object] | None = None
        #: the last focus request not yet sent (see ``focus``): the component asking, an HTML id, a match
        self.focus_wanted: tuple[CompInst, str, Callable[[dict[str, str]], bool] | None] | None = None

    # -- rendering ---------------------------------------------------------------------------------------
    def mount(self, node: object, *, hydrate: bool = False) -> None:
        """Render ``node`` into the container (replacing what is there) and commit."""
        if self.removed:
            self.forget_removed()
        nodes: list[Any] = []
        flatten([node], nodes)
        container = self.container
        collecting = self.pauses_collector and gc.isenabled()  # as for an update (see flush): a first render too
        if collecting:
            gc.disable()
        self.rendering = True
        token = rendering.set(RenderFrame())  # one frame for every component this renders (see RenderFrame)
        try:
            if hydrate and not container.kids:
                wire: list[str] = []  # JSON texts (see _mount)
                first = self.nid
                container.kids = [mount(self, n, container, None, wire) for n in nodes]
                self.ops.append([HYDRATE, 0, first, wire])
            else:
                container.kids = reconcile(self, container, container.kids, nodes, 0, None, None)
            self.rendering = False
            self.flush()
        finally:
            rendering.reset(token)
            self.rendering = False
            if collecting:
                self._resume_collector()

    def unmount(self) -> None:
        """Remove everything (effects are cleaned up)."""
        self.mount(None)

    def release(self) -> None:
        """Drop the mounted tree at once, sending no patch and running no effect cleanup: for a tree rendered once
        and thrown away (the server's render of a tool result). Its components' cycles are broken, so it is freed
        now by reference counting rather than by a later pass of the cyclic collector."""
        container = self.container
        forget(self, container.kids)
        container.kids = []
        self.handlers.clear()
        self.controlled.clear()
        self.cleanups.clear()

    def mark_dirty(self, comp: CompInst) -> None:
        """Queue ``comp`` for re-rendering on the next tick (called by state setters)."""
        comp.dirty = True
        self.dirty.add(comp)
        self._flush_soon()

    def _flush_soon(self) -> None:
        if not self.scheduled and not self.rendering:
            schedule = self.schedule
            if schedule is None and self.loop is not None:
                schedule = self.loop.call_soon
            if schedule is not None:
                self.scheduled = True
                schedule(self.flush)

    def focus(self, comp: CompInst, html_id: str, match: Callable[[dict[str, str]], bool] | None = None) -> None:
        """Move keyboard focus, after the next update, to the element with HTML id ``html_id`` rendered by ``comp``
        (or, with ``match``, to the first element inside it whose attributes ``match`` accepts).

        A request, not a DOM call: it travels in the patch stream as a ``FOCUS`` op naming the node, so it works the
        same wherever the patches are applied (Pyodide in the frame, the server runtime). The newest request wins;
        one that finds no element is dropped.
        """
        self.focus_wanted = (comp, html_id, match)
        self._flush_soon()

    def flush(self) -> None:
        """Render every dirty component (parents first), send one patch, run effects; repeat if needed."""
        self.scheduled = False
        # A render allocates many objects and no cycles worth collecting mid-way; the cyclic collector would
        # rescan the whole (growing) heap many times: pause it for the update (bench/render.py's large lists).
        collecting = self.pauses_collector and gc.isenabled()
        if collecting:
            gc.disable()
        try:
            self._flush()
        finally:
            if collecting:
                self._resume_collector()
            if self.trash and not self.emptying and self.idle is not None:
                # Freeing 1,000 removed rows (40,000 objects) would double the time until a clear is painted.
                self.emptying = True
                try:
                    self.idle(self._empty_trash)
                except Exception:
                    self._empty_trash()

    def _empty_trash(self) -> None:
        self.emptying = False
        if self.removed:
            self.forget_removed()
        self.trash.clear()

    def forget_removed(self) -> None:
        """Forget the removed subtrees whose unmounting waited for the page to be idle (see ``unmount_all``).

        Called when the page is idle, and before anything that could see them: an event (a click on a removed
        row still in flight), a render (a removed row's state set meanwhile), effects, a new mount.
        """
        removed, self.removed = self.removed, []
        for insts in removed:
            forget(self, insts)

    def _resume_collector(self) -> None:
        # Counted before the collector is back on: its first allocation would collect everything the update
        # allocated at once (a second for 10,000 rows in Pyodide), before the browser paints.
        if gc.get_count()[0] <= _DEFERRED_GC:
            gc.enable()
        elif self.idle is not None:
            # Kept paused until the page has painted; then it is collected (see _collect_garbage).
            self.holding = True
            self._collect_soon(self.idle)
        else:
            gc.enable()
            # The objects allocated while the collector was paused would make the first allocation after this
            # update collect them, i.e. the user's next click. Collect them right after this update.
            schedule = self.schedule
            if schedule is None and self.loop is not None:
                schedule = self.loop.call_soon
            if schedule is not None:
                self._collect_soon(schedule)

    def _collect_soon(self, schedule: Callable[[Callable[[], None]], object]) -> None:
        if self.collecting:
            return
        self.collecting = True
        try:
            schedule(self._collect_garbage)
        except Exception:  # never leave the collector paused
            self._collect_garbage()

    def _collect_garbage(self) -> None:
        self.collecting = False
        if self.holding:
            self.holding = False
            gc.enable()
        gc.collect(0)

    def _flush(self) -> None:
        token = rendering.set(RenderFrame())  # one frame for every component this renders (see RenderFrame)
        try:
            self._render_passes()
        finally:
            rendering.reset(token)

    def _render_passes(self) -> None:
        for _ in range(_MAX_PASSES):
            self.rendering = True
            try:
                while self.dirty:
                    if self.removed:  # a removed component may be dirty: forgetting it discards it
                        self.forget_removed()
                    batch = sorted(self.dirty, key=_depth)
                    self.dirty = set()
                    for comp in batch:
                        if self.removed:  # a component rendered before may have removed this one
                            self.forget_removed()
                        if comp.alive and comp.dirty:
                            render_component(self, comp, host_id(comp), After(comp))
            finally:
                self.rendering = False
            if self.touched:
                self._restore_controlled()
            self.commit()
            if not self.dirty and self.focus_wanted is None:  # an effect may have asked for focus: one more commit
                return
        self.dirty.clear()
        self.report(RuntimeError("state keeps changing in effects: stopped after 50 renders"), "rendering")

    def _restore_controlled(self) -> None:
        touched, self.touched = self.touched, []
        for inst in touched:
            dom = inst.dom
            if dom is None or self.controlled.get(inst.id) is not inst:
                continue
            attrs = inst.el.attrs
            for name, shown in dom.items():
                wanted = attrs.get(name)
                if wanted is not None and wanted != shown:
                    self.ops.append([3, inst.id, name, wanted])
                    dom[name] = wanted

    def commit(self) -> None:
        """Send the pending ops as one JSON patch, then run effect cleanups and effects."""
        self.seed = None
        if self.focus_wanted is not None:
            self._add_focus()
        if self.ops:
            ops, self.ops = self.ops, []
            self.updates += 1
            if self.sink is not None:
                self.sink(patch_json(ops))
        if not self.run_effects:
            self.effects.clear()
            self.cleanups.clear()
            return
        if self.cleanups:
            cleanups, self.cleanups = self.cleanups, []
            for cleanup in cleanups:
                self._run(cleanup, "an effect cleanup")
        if self.effects:
            effects, self.effects = self.effects, []
            for effect in effects:
                if effect.cleanup is not None:
                    cleanup, effect.cleanup = effect.cleanup, None
                    count_cleanups(effect.comp, -1)
                    self._run(cleanup, "an effect cleanup")
            if self.removed:  # effects read comp.alive (and may set state): removed components must be dead
                self.forget_removed()
            for effect in effects:
                if effect.comp.alive and effect.fn is not None:
                    result = self._run(effect.fn, "an effect")
                    if callable(result):
                        effect.cleanup = result
                    elif hasattr(result, "__await__"):
                        task = self.spawn(result, "an effect")
                        effect.cleanup = task.cancel if task is not None else None
                    if effect.cleanup is not None:
                        count_cleanups(effect.comp, 1)

    def _add_focus(self) -> None:
        comp, html_id, match = self.focus_wanted  # type: ignore[misc]
        self.focus_wanted = None
        if not comp.alive:
            return
        found = _find(comp.kids, lambda attrs: attrs.get("id") == html_id)
        if found is not None and match is not None:
            found = _find(found.kids, match)
        if found is not None:
            self.ops.append([FOCUS, found.id])

    def _run(self, fn: Callable[[], object], where: str) -> object:
        try:
            return fn()
        except Exception as exc:
            self.report(exc, where)
            return None

    # -- events ------------------------------------------------------------------------------------------
    def dispatch(self, hid: int, payload: str) -> None:
        """Run handler ``hid`` with the serialised event (called by dom.js through the dispatcher)."""
        if self.removed:  # a removed element's handler must be gone
            self.forget_removed()
        fn = self.handlers.get(int(hid))
        if fn is None:
            return  # the node was removed while the event was in flight
        data = json.loads(payload) if payload else {}
        target = self.controlled.get(data.get("target", -1))
        if target is not None:
            dom = target.dom if target.dom is not None else {}
            for name in ("value", "checked"):
                if name in data:
                    dom["." + name] = data[name]
            target.dom = dom
        held, self.scheduled = self.scheduled, True  # rendered below, at once: no second flush queued for it
        try:
            result = call_handler(fn, Event(data))
        except Exception as exc:
            self.report(exc, f"the {data.get('type', 'event')} handler")
            result = target = None  # what it changed before raising is still rendered
        finally:
            self.scheduled = held
        if hasattr(result, "__await__"):
            self.spawn(result, f"the {data.get('type', 'event')} handler")
        elif target is not None:
            # A synchronous handler had its say: if the state did not take the typed value, the update
            # puts the state's value back (a controlled input). Async handlers are not waited for.
            self.touched.append(target)
        if (self.dirty or self.touched or self.focus_wanted is not None) and not self.rendering:
            # A user's event renders at once, still batched (every state change of the handler is in): the
            # patch lands before the browser's next frame instead of a timer tick later.
            self.flush()

    def spawn(self, awaitable: Any, where: str) -> Any:
        """Run a coroutine as a task; its exception is reported like a handler's."""
        import asyncio  # asyncio only once something runs: a render alone never imports it (import time)

        loop = self.loop
        if loop is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = asyncio.get_event_loop()
        token = timers.set(self.timers)  # the task's context keeps it: its _timer.sleep registers here
        try:
            task = loop.create_task(awaitable) if asyncio.iscoroutine(awaitable) else asyncio.ensure_future(awaitable)
        finally:
            timers.reset(token)
        self.tasks.add(task)

        def done(t: Any) -> None:
            self.tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                self.report(t.exception(), where)

        task.add_done_callback(done)
        return task

    def report(self, exc: BaseException, where: str, *, show: bool = True) -> None:
        """Report an error to ``on_error`` and (``show``) list it in the View's error box."""
        if self.on_error is not None:
            try:  # noqa: SIM105 (contextlib would cost import time)
                self.on_error(exc, where)
            except Exception:
                pass
        else:
            print(f"pyview: error in {where}:\n{describe(exc)}", file=sys.stderr)
        if show:
            self.errors.append((exc, where))
            del self.errors[:-5]
            if self.error_listener is not None:
                self.error_listener()


def patch_json(ops: list[list[Any]]) -> str:
    """The patch text of ``ops``: the trees of insert and hydrate ops are JSON texts already (see ``_mount``).

    Example:
        >>> patch_json([[1, 5], [0, 2, None, 9, ['["li",{},["a"]]']]])
        '[[1,5],[0,2,null,9,[["li",{},["a"]]]]]'
    """
    parts: list[str] = []
    plain: list[list[Any]] = []  # ops without trees, encoded together
    for op in ops:
        code = op[0]
        if code == INSERT:
            _, pid, before, first, trees = op
            head = f"[{INSERT},{pid},{'null' if before is None else before},{first},["
        elif code == HYDRATE:
            _, pid, first, trees = op
            head = f"[{HYDRATE},{pid},{first},["
        else:
            plain.append(op)
            continue
        if plain:
            parts.append(_encode_patch(plain)[1:-1])
            plain = []
        parts.append(head + ",".join(trees) + "]]")
    if not parts:
        return _encode_patch(ops)
    if plain:
        parts.append(_encode_patch(plain)[1:-1])
    return "[" + ",".join(parts) + "]"


def _find(kids: list[Any], accept: Callable[[dict[str, str]], bool]) -> HostInst | None:
    """The first element (pre-order, as ``querySelector``) below ``kids`` whose attributes ``accept`` takes."""
    for kid in kids:
        kind = type(kid)
        if kind is HostInst and accept(kid.el.attrs):
            return kid  # type: ignore[no-any-return]
        if kind is not TextInst:
            found = _find(kid.kids, accept)
            if found is not None:
                return found
    return None


def _depth(comp: CompInst) -> int:
    return comp.depth
