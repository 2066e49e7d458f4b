"""``Table``: columns, sorting, pagination, row selection, keyed rows and an empty state."""

from __future__ import annotations

from pyview._core.components._component import component
from pyview._core.components._element import h
from pyview._core.components._hooks import use_state
from pyview._core.ui._feedback import EmptyState
from pyview._core.ui._icons import Icon
from pyview._core.ui._nav import Pagination
from pyview._core.ui._util import cx, props_of

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.components._element import ComponentElement, Element
    from pyview._core.components._event import Event

_ARIA_SORT = {"asc": "ascending", "desc": "descending"}


def columns_of(columns: object) -> list[dict[str, Any]]:
    """Normalise columns: a key string, or a dict with ``key`` and optionally ``label``, ``align``,
    ``sortable``, ``format`` (value -> text), ``render`` (row -> node), ``width``.

    Example:
        >>> [c["label"] for c in columns_of(["name", {"key": "total_usd", "align": "right"}])]
        ['Name', 'Total usd']
    """
    out: list[dict[str, Any]] = []
    for col in columns:  # type: ignore[attr-defined]
        spec = {"key": col} if isinstance(col, str) else dict(col)
        spec.setdefault("label", str(spec["key"]).replace("_", " ").capitalize())
        out.append(spec)
    return out


def sort_key(value: object) -> tuple[int, Any]:
    """Order numbers numerically and text case-insensitively; empty values last.

    Example:
        >>> sorted([3, None, "b", 10, "A"], key=sort_key)
        [3, 10, 'A', 'b', None]
    """
    if value is None or value == "":
        return (2, 0)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (0, value)
    return (1, str(value).lower())


def _key_of(row_key: str | Callable[[Any], object], row: Any, index: int) -> object:
    if callable(row_key):
        return row_key(row)
    if isinstance(row, dict) and row_key in row:
        return row[row_key]
    return index


@component
def _Table(rows: object, columns: object, p: dict[str, Any]) -> object:
    cols = columns_of(columns)
    data = list(rows)  # type: ignore[call-overload]
    sort, set_sort = use_state(p["default_sort"])
    page, set_page = use_state(1)
    none_selected: list[object] = []
    own_selected, set_own_selected = use_state(none_selected)
    selected = list(p["selected"]) if p["selected"] is not None else own_selected
    row_key = p["row_key"]
    keyed = [(_key_of(row_key, row, i), row) for i, row in enumerate(data)]

    if sort is not None:
        col_key, direction = sort
        keyed.sort(
            key=lambda kr: sort_key(kr[1].get(col_key) if isinstance(kr[1], dict) else None),
            reverse=direction == "desc",
        )
    page_size = p["page_size"]
    page_count = max(1, -(-len(keyed) // page_size)) if page_size else 1
    page = min(page, page_count)
    shown = keyed[(page - 1) * page_size : page * page_size] if page_size else keyed

    def toggle_sort(col_key: str) -> None:
        if sort is not None and sort[0] == col_key:
            set_sort((col_key, "desc") if sort[1] == "asc" else None)
        else:
            set_sort((col_key, "asc"))
        set_page(1)

    def set_selected(keys: list[object]) -> None:
        set_own_selected(keys)
        if p["on_select"] is not None:
            p["on_select"](keys)

    def toggle_row(k: object) -> None:
        set_selected([x for x in selected if x != k] if k in selected else [*selected, k])

    page_keys = [k for k, _ in shown]
    all_on = bool(page_keys) and all(k in selected for k in page_keys)
    some_on = any(k in selected for k in page_keys)

    def toggle_page(event: Event) -> None:
        if all_on:
            set_selected([k for k in selected if k not in page_keys])
        else:
            set_selected([*selected, *[k for k in page_keys if k not in selected]])

    selectable = p["selectable"]
    head_cells: list[object] = []
    if selectable:
        box = _select_box("Select all rows on this page", all_on, toggle_page, indeterminate=some_on and not all_on)
        head_cells.append(h.th(box, class_="pv-table__check", key="__check"))
    for col in cols:
        sortable = col.get("sortable", p["sortable"])
        active = sort is not None and sort[0] == col["key"]
        icon = ("arrow-up" if sort[1] == "asc" else "arrow-down") if active else "arrow-up-down"
        label = (
            h.button(
                col["label"],
                Icon(icon, size=13),
                type="button",
                class_="pv-table__sort",
                on_click=lambda k=col["key"]: toggle_sort(k),
            )
            if sortable
            else col["label"]
        )
        head_cells.append(
            h.th(
                label,
                scope="col",
                class_=_align(col),
                key=col["key"],
                style={"width": col.get("width")},
                aria_sort=_ARIA_SORT[sort[1]] if active else None,
            )
        )
    body: list[object] = []
    for k, row in shown:
        is_on = k in selected
        cells: list[object] = []
        if selectable:
            cells.append(
                h.td(_select_box(f"Select row {k}", is_on, lambda k=k: toggle_row(k)), class_="pv-table__check")
            )
        for col in cols:
            cells.append(h.td(_cell(col, row), class_=_align(col)))
        on_row = p["on_row_click"]
        body.append(
            h.tr(
                cells,
                key=k,
                aria_selected=("true" if is_on else "false") if selectable else None,
                on_click=(lambda row=row, on_row=on_row: on_row(row)) if on_row else None,
                style={"cursor": "pointer"} if on_row else None,
            )
        )
    if not body:
        empty = p["empty"]
        body.append(
            h.tr(
                h.td(
                    empty if empty is not None else EmptyState("No data"), col_span=len(cols) + (1 if selectable else 0)
                ),
                class_="pv-table__empty",
                key="__empty",
            )
        )
    footer = None
    if page_size and len(keyed) > page_size:
        first = (page - 1) * page_size + 1
        footer = h.div(
            h.span(f"{first}–{first + len(shown) - 1} of {len(keyed)}", aria_live="polite"),
            Pagination(page, page_count, on_change=set_page, label=f"{p['caption'] or 'Table'} pages"),
            class_="pv-table__foot",
        )
    table = h.table(
        h.caption(p["caption"]) if p["caption"] is not None else None,
        h.thead(h.tr(head_cells)),
        h.tbody(body),
        class_=cx("pv-table", p["dense"] and "pv-table--dense"),
    )
    return h.div(h.div(table, class_="pv-table-scroll"), footer, class_="pv-table-wrap")


def _select_box(label: str, checked: bool, on_change: Callable[..., object], **state: object) -> Element:
    """The checkbox that selects a row, or (in the header) every row on the page."""
    return h.input(
        type="checkbox", class_="pv-check__box", aria_label=label, checked=checked, on_change=on_change, **state
    )


def _align(col: dict[str, Any]) -> str | None:
    align = col.get("align")
    return {"right": "pv-num", "center": "pv-center"}.get(align) if align else None


def _cell(col: dict[str, Any], row: Any) -> object:
    render = col.get("render")
    if render is not None:
        return render(row)
    value = row.get(col["key"]) if isinstance(row, dict) else getattr(row, col["key"], None)
    fmt = col.get("format")
    if fmt is not None:
        return fmt(value)
    return "" if value is None else value


def Table(
    rows: object,
    columns: object,
    *,
    row_key: str | Callable[[Any], object] = "id",
    sortable: bool = True,
    default_sort: tuple[str, str] | None = None,
    page_size: int | None = None,
    selectable: bool = False,
    selected: object = None,
    on_select: Callable[[list[object]], object] | None = None,
    on_row_click: Callable[[Any], object] | None = None,
    empty: object = None,
    caption: object = None,
    dense: bool = False,
    key: object = None,
) -> ComponentElement:
    """A data table: click a header to sort (ascending, descending, off), pages, selectable rows.

    Args:
        rows: dicts (or objects) to show.
        columns: keys, or dicts with ``key``, ``label``, ``align`` (``"right"`` for numbers), ``sortable``,
            ``format`` (value -> text), ``render`` (row -> node), ``width``.
        row_key: the field (or function) identifying a row: keeps rows' DOM and selection across updates
            (default ``"id"``; falls back to the position).
        sortable: whether columns sort by default.
        default_sort: ``(column key, "asc" | "desc")`` at first.
        page_size: rows per page (None: all on one page).
        selectable: a checkbox per row and a select-all for the page; ``selected`` (keys) and
            ``on_select(keys)`` make it controlled.
        on_row_click: called with the row when a row is clicked.
        empty: what to show without rows (default: an ``EmptyState``).
        caption: the table's caption (its accessible name).

    Example:
        >>> from pyview.components import render_to_string
        >>> rows = [{"id": 1, "name": "Ada", "score": 9}, {"id": 2, "name": "Alan", "score": 7}]
        >>> html = render_to_string(Table(rows, ["name", {"key": "score", "align": "right"}]))
        >>> "<td>Ada</td>" in html and '<td class="pv-num">9</td>' in html
        True
    """
    return _Table(rows, columns, props_of(locals(), "rows", "columns"), key=key)
