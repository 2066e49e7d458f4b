"""Hook state of a mounted View as JSON, and back: what a server-runtime session carries between events, and what
the frame's Python is seeded with when it takes a View over from the server runtime (the hand-over).

A snapshot lists, for every mounted component that has state, the values of its ``use_state`` slots (which must be
plain data, or a clear :class:`SnapshotError` names the hook and the component) and of its ``use_ref`` boxes
(kept when they hold plain data; refs holding functions, tasks or actions are per-process and start from their
initial value after a restore).

A component is identified by where a fresh mount of the same tree creates it: the DOM id the renderer is about to
give out when the component first renders (pre-order), its depth, its name and an occurrence counter. Restoring
mounts the View afresh with a *seeder* (``root.seed``) that hands every new ``use_state``/``use_ref`` slot its
saved value, so parents render with their saved state before their children are created, and the whole tree
comes back in one pass.

Plain data is JSON plus tagged forms for tuples, sets, bytes, dicts with non-string keys, and pyview's payload
types (``ToolResult``, ``HostContext``...); a payload that *is* the App's current tool input/result is saved as
a reference, so ``saved is use_tool_result()`` still holds after a restore.

Example:
    >>> encode((1, {"a": b"x"}), None)
    {'__pv': 'tuple', 'v': [1, {'a': {'__pv': 'bytes', 'v': 'eA=='}}]}
    >>> decode(encode((1, {"a": b"x"}), None), None)
    (1, {'a': b'x'})
"""

from __future__ import annotations

import base64
import math

from pyview._core.app import _types
from pyview._core.components._action import Action
from pyview._core.components._hooks import Effect, Ref, _State
from pyview._core.components._instances import CompInst, HostInst, TextInst

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

    from pyview._core.components._instances import Inst

TAG = "__pv"
APP_FIELDS = ("tool_input", "tool_input_partial", "tool_result", "tool_cancelled")
_PAYLOADS: dict[str, type[_types.Payload]] = {
    cls.__name__: cls
    for cls in (
        _types.Payload, _types.ToolResult, _types.ToolInput, _types.ToolCancelled, _types.HostInfo,
        _types.HostContext, _types.HostCapabilities, _types.ActionResult, _types.ResourceResult,
    )
}  # fmt: skip
_MAX_DEPTH = 64


class SnapshotError(ValueError):
    """A component keeps a value the server runtime cannot save (the message names the hook and component)."""


class Unsaveable(TypeError):
    """A value that is not plain data (internal: turned into a :class:`SnapshotError` with context)."""


def app_parts(app: object) -> dict[int, list[str]]:
    """The lists and dicts directly inside the App's tool input/result (``structuredContent``, ``arguments``...),
    by ``id``: state holding one of them is saved as a reference (``[field, key]``), not as a copy.

    Example:
        >>> class App: tool_result = _types.ToolResult({"structuredContent": {"n": 1}})
        >>> list(app_parts(App()).values())
        [['tool_result', 'structuredContent']]
    """
    out: dict[int, list[str]] = {}
    for name in APP_FIELDS:
        raw = getattr(getattr(app, name, None), "raw", None)
        if isinstance(raw, dict):
            for key, item in raw.items():
                if isinstance(item, (dict, list)):
                    out[id(item)] = [name, key]
    return out


def encode(value: object, app: object, depth: int = 0, parts: dict[int, list[str]] | None = None) -> Any:
    """``value`` as JSON-ready data (see the module docs); raises :class:`Unsaveable`.

    A list or dict that *is* part of the App's tool input/result is saved as a reference (see :func:`app_parts`):
    after a restore it is that part again, as in the live session, and neither the token nor the restored session
    holds it twice.
    """
    if value is None or type(value) in (str, bool, int):
        return value
    if type(value) is float:
        if not math.isfinite(value):
            raise Unsaveable(f"the float {value!r} (JSON has no NaN or infinity)")
        return value
    if depth > _MAX_DEPTH:
        raise Unsaveable(f"data nested more than {_MAX_DEPTH} levels deep")
    if parts is None:
        parts = app_parts(app) if app is not None else {}
    if isinstance(value, (list, dict)) and id(value) in parts:
        return {TAG: "part", "v": parts[id(value)]}
    if isinstance(value, list):
        return [encode(item, app, depth + 1, parts) for item in value]
    if isinstance(value, dict):
        if all(type(key) is str for key in value) and TAG not in value:
            return {key: encode(item, app, depth + 1, parts) for key, item in value.items()}
        pairs = [
            [encode(key, app, depth + 1, parts), encode(item, app, depth + 1, parts)] for key, item in value.items()
        ]
        return {TAG: "dict", "v": pairs}
    if isinstance(value, tuple):
        return {TAG: "tuple", "v": [encode(item, app, depth + 1, parts) for item in value]}
    if isinstance(value, (set, frozenset)):
        kind = "set" if isinstance(value, set) else "frozenset"
        return {TAG: kind, "v": [encode(item, app, depth + 1, parts) for item in value]}
    if isinstance(value, bytes):
        return {TAG: "bytes", "v": base64.b64encode(value).decode("ascii")}
    if isinstance(value, _types.Payload):
        for name in APP_FIELDS:
            if app is not None and getattr(app, name, None) is value:
                return {TAG: "app", "v": name}
        out: dict[str, Any] = {TAG: "payload", "c": type(value).__name__, "v": encode(value.raw, app, depth + 1, parts)}
        if isinstance(value, _types.ToolInput) and value.partial:
            out["p"] = True
        return out
    raise Unsaveable(f"a {type(value).__module__}.{type(value).__qualname__} object, which is not plain data")


def decode(data: Any, app: object) -> Any:
    """The value :func:`encode` saved (payload references resolve against ``app``)."""
    if isinstance(data, list):
        return [decode(item, app) for item in data]
    if not isinstance(data, dict):
        return data
    tag = data.get(TAG)
    if tag is None:
        return {key: decode(item, app) for key, item in data.items()}
    inner: Any = data.get("v")
    if tag == "tuple":
        return tuple(decode(item, app) for item in inner)
    if tag == "set":
        return {decode(item, app) for item in inner}
    if tag == "frozenset":
        return frozenset(decode(item, app) for item in inner)
    if tag == "bytes":
        return base64.b64decode(inner)
    if tag == "dict":
        return {decode(key, app): decode(item, app) for key, item in inner}
    if tag == "app":
        return getattr(app, str(inner), None)
    if tag == "part":
        raw = getattr(getattr(app, str(inner[0]), None), "raw", None) if isinstance(inner, list) else None
        part = raw.get(inner[1]) if isinstance(raw, dict) and len(inner) == 2 else None
        if not isinstance(part, (dict, list)):
            raise ValueError(f"a saved state refers to {inner!r} of the tool data, which this session does not have")
        return part
    if tag == "payload":
        cls = _PAYLOADS.get(str(data.get("c")), _types.Payload)
        raw = decode(inner, app)
        return _types.ToolInput(raw, partial=True) if cls is _types.ToolInput and data.get("p") else cls(raw)
    raise ValueError(f"unknown tag {tag!r} in a saved state")


def component_keys(container: HostInst) -> Iterator[tuple[str, CompInst]]:
    """``(key, component)`` for every component under ``container``, in pre-order, keyed as a fresh mount would be.

    The View's error list (``.pyview-errors``, which a fresh mount does not have) is skipped.
    """
    nid = 1  # the DOM id a fresh mount would give the next node
    seen: dict[str, int] = {}
    # An explicit stack, not nested generators: every event of a server-runtime View walks its whole tree here, and
    # each level of ``yield from`` would hand every component up through all the levels above it.
    stack: list[Inst] = container.kids[::-1]
    while stack:
        inst = stack.pop()
        if type(inst) is TextInst:
            nid += 1
        elif type(inst) is HostInst:
            if inst.el.key == "pyview-errors":
                continue
            nid += 1
            stack.extend(inst.kids[::-1])
        elif type(inst) is CompInst:
            yield key_of(inst, nid, seen), inst
            stack.extend(inst.kids[::-1])


def key_of(comp: CompInst, nid: int, seen: dict[str, int]) -> str:
    """A component's key: the next DOM id at its first render, depth, name, and occurrence among equal ones."""
    base = f"{nid}.{comp.depth}.{getattr(comp.el.type, '__qualname__', '?')}"
    occurrence = seen.get(base, 0)
    seen[base] = occurrence + 1
    return f"{base}.{occurrence}"


def capture(container: HostInst, app: object, *, effects: bool = True) -> dict[str, dict[str, list[Any]]]:
    """The snapshot of a mounted tree: ``{component key: {slot index: ["s" | "r" | "e", value]}}``.

    With ``effects`` (the tree's effects have run), a synchronous effect with plain-data dependencies that set
    nothing up (no cleanup) is saved as done (``"e"``, its deps): a restore does not run it again while its deps
    are the same, so an effect that copies the tool result into state does not undo what the user changed since.
    Effects with a cleanup or ``async`` (subscriptions, timers, loads), with ``[]`` or no deps, or with deps that are
    not plain data run again after a restore, as after a remount.

    Raises:
        SnapshotError: a ``use_state`` value is not plain data (naming the hook and the component).
    """
    out: dict[str, dict[str, list[Any]]] = {}
    parts = app_parts(app) if app is not None else {}
    for key, comp in component_keys(container):
        slots: dict[str, list[Any]] = {}
        states = 0
        for index, slot in enumerate(comp.hooks):
            if type(slot) is _State:
                states += 1
                try:
                    slots[str(index)] = ["s", encode(slot.value, app, 0, parts)]
                except Unsaveable as exc:
                    name = getattr(comp.el.type, "__qualname__", "?")
                    shown = repr(slot.value)
                    shown = shown if len(shown) <= 60 else shown[:57] + "..."
                    raise SnapshotError(
                        f"use_state #{states} of component {name} (hooks such as use_tool_result count too) holds "
                        f"{shown}, {exc}: the server runtime saves a View's state as JSON between events (str, "
                        "numbers, bool, None, lists, dicts, tuples, sets, bytes and pyview's payload types); keep "
                        "such objects out of use_state"
                    ) from None
            elif type(slot) is Effect:
                if effects and slot.deps and slot.cleanup is None and slot.fn is not None:
                    try:
                        slots[str(index)] = ["e", encode(list(slot.deps), app, 0, parts)]
                    except Unsaveable:
                        continue  # runs again after a restore
            elif type(slot) is Ref and type(slot.current) is not Action:
                try:
                    slots[str(index)] = ["r", encode(slot.current, app, 0, parts)]
                except Unsaveable:
                    continue  # a per-process box (a function, a task...): starts afresh after a restore
        if slots:
            out[key] = slots
    return out


class Seeder:
    """``root.seed``: gives each slot created during a restoring mount its saved value (see the module docs)."""

    def __init__(self, snapshot: dict[str, dict[str, list[Any]]], app: object) -> None:
        self.snapshot = snapshot
        self.app = app
        self.used: set[tuple[str, str]] = set()
        self._keys: dict[int, str] = {}
        self._seen: dict[str, int] = {}

    def __call__(self, comp: CompInst, index: int, kind: str, default: object) -> object:
        key = self._keys.get(id(comp))
        if key is None:
            key = self._keys[id(comp)] = key_of(comp, comp.root.nid, self._seen)
        saved = self.snapshot.get(key, {}).get(str(index))
        if saved is None or saved[0] != kind:
            return default
        self.used.add((key, str(index)))
        value = decode(saved[1], self.app)
        return tuple(value) if kind == "e" else value

    def unused(self) -> int:
        """How many saved ``use_state`` values found no slot (the restored tree differs from the saved one)."""
        return sum(
            1
            for key, slots in self.snapshot.items()
            for index, (kind, _value) in slots.items()
            if kind == "s" and (key, index) not in self.used
        )
