"""Small helpers shared by the ui components (internal)."""

from __future__ import annotations

from pyview._core.components._hooks import current_component, use_ref

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

TONES = ("neutral", "info", "success", "warning", "danger")


def cx(*names: object) -> str:
    """Join the truthy class names.

    Example:
        >>> cx("pv-btn", None, "pv-btn--sm", False and "x")
        'pv-btn pv-btn--sm'
    """
    return " ".join(str(n) for n in names if n)


def space(value: int | str | None) -> str | None:
    """A spacing value: an int counts 4px steps (``3`` -> ``12px``), a str is any CSS length.

    Example:
        >>> space(3), space("1rem"), space(None)
        ('12px', '1rem', None)
    """
    if value is None:
        return None
    if isinstance(value, (int, float)):
        return f"{value * 4:g}px"
    return value


def props_of(arguments: dict[str, Any], *outside: str) -> dict[str, object]:
    """A component function's arguments (its ``locals()``, taken first thing) as the props of the component that
    draws it: ``**attrs`` merged in; ``key`` and the ``outside`` names, which are passed on their own, left out.
    One signature per public function for readers and type checkers, one body for all (as plotly.express does).

    Example:
        >>> def Field(label: str, *, value: int = 0, key: object = None, **attrs: object) -> dict[str, object]:
        ...     return props_of(locals(), "label")
        >>> Field("Age", value=3, key="k", min=1)
        {'value': 3, 'min': 1}
    """
    props = arguments.copy()  # a copy and a few deletions: as cheap as the dict a wrapper would write out
    attrs = props.pop("attrs", None)
    for name in (*outside, "key"):
        del props[name]
    if attrs:
        props.update(attrs)
    return props


def use_id(prefix: str = "pv") -> str:
    """An id unique in this document, stable across the component's renders (for ``for=``, ``aria-*``).

    Ids are counted per render root, so the same View gives the same ids in every run: the pre-rendered first paint
    matches what the browser renders, and renders in several threads at once do not share a counter.
    """
    ref = use_ref()
    if ref.current is None:
        comp = current_component()
        root = comp.root  # type: ignore[union-attr]  # use_ref above raised outside a render
        root.ids += 1
        ref.current = f"{prefix}-{root.ids}"
    value: str = ref.current
    return value


def use_focus() -> Callable[..., None]:
    """``focus(html_id, match=None)``: move keyboard focus, after the next update, to the element with this HTML id
    that the calling component renders (with ``match``, to the first element inside it whose attributes ``match``
    accepts). It travels in the patch stream (:meth:`Root.focus`), so it works in every runtime.
    """
    comp = current_component()
    if comp is None:
        raise RuntimeError("hooks can only be called while a @component function renders")
    root = comp.root

    def focus(html_id: str, match: Callable[[dict[str, str]], bool] | None = None) -> None:
        root.focus(comp, html_id, match)

    return focus


def call(fn: Callable[..., object] | None, *args: object) -> None:
    """Call an optional callback."""
    if fn is not None:
        fn(*args)


def options_of(options: object) -> list[tuple[str, str]]:
    """``["a", ("b", "Bee"), {"value": "c", "label": "Sea"}]`` -> ``[("a","a"), ("b","Bee"), ("c","Sea")]``.

    Example:
        >>> options_of(["a", ("b", "Bee"), {"value": "c", "label": "Sea"}])
        [('a', 'a'), ('b', 'Bee'), ('c', 'Sea')]
    """
    out: list[tuple[str, str]] = []
    for item in options:  # type: ignore[attr-defined]
        if isinstance(item, dict):
            value = str(item.get("value", item.get("label", "")))
            out.append((value, str(item.get("label", value))))
        elif isinstance(item, (tuple, list)):
            out.append((str(item[0]), str(item[1] if len(item) > 1 else item[0])))
        else:
            out.append((str(item), str(item)))
    return out
