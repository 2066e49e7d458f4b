"""The js-framework-benchmark app in pyview: a keyed table of rows, and the buttons that drive each operation."""

from __future__ import annotations

from typing import Any

from pyview import Selection, View, component, h, use_callback, use_selected, use_selection, use_state

ADJECTIVES = ("pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint", "clean",
              "elegant", "easy", "angry", "crazy", "helpful", "mushy", "odd", "unsightly", "adorable", "important",
              "inexpensive", "cheap", "expensive", "fancy")  # fmt: skip
COLOURS = ("red", "yellow", "blue", "green", "pink", "brown", "purple", "brown", "white", "black", "orange")
NOUNS = ("table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger", "pizza", "mouse",
         "keyboard")  # fmt: skip

_next_id = [1]
_seed = [7]


def _pick(words: tuple[str, ...]) -> str:
    # the same linear congruential generator as vanilla.html: random.choice would cost more than the rendering
    seed = _seed[0] = (_seed[0] * 1103515245 + 12345) % 2147483648
    return words[seed % len(words)]


def build_rows(count: int) -> list[tuple[int, str]]:
    start = _next_id[0]
    _next_id[0] += count
    pick = _pick
    return [(start + i, f"{pick(ADJECTIVES)} {pick(COLOURS)} {pick(NOUNS)}") for i in range(count)]


@component
def Row(row_id: int, label: str, selection: Selection, remove: Any) -> Any:
    # Selecting a row re-renders only the old and the new row, not the table (see use_selection).
    selected = use_selected(selection, row_id)
    return h.tr(
        h.td(str(row_id), class_="col-md-1"),
        h.td(h.a(label, class_="lbl", on_click=lambda: selection.set(row_id)), class_="col-md-4"),
        h.td(h.a(h.span("x", class_="remove"), on_click=lambda: remove(row_id)), class_="col-md-1"),
        h.td(class_="col-md-6"),
        class_="danger" if selected else None,
    )


@component
def Bench() -> Any:
    rows, set_rows = use_state(list)
    selection = use_selection(0)
    remove = use_callback(lambda row_id: set_rows(lambda old: [r for r in old if r[0] != row_id]), [])

    def update() -> None:
        set_rows(lambda old: [(i, f"{label} !!!") if n % 10 == 0 else (i, label) for n, (i, label) in enumerate(old)])

    def swap() -> None:
        def swapped(old: list[tuple[int, str]]) -> list[tuple[int, str]]:
            if len(old) < 999:
                return old
            new = list(old)
            new[1], new[998] = new[998], new[1]
            return new

        set_rows(swapped)

    return h.div(
        h.div(
            h.button("Create 1,000 rows", id="run", on_click=lambda: set_rows(build_rows(1000))),
            h.button("Create 10,000 rows", id="runlots", on_click=lambda: set_rows(build_rows(10000))),
            h.button("Append 1,000 rows", id="add", on_click=lambda: set_rows(lambda old: old + build_rows(1000))),
            h.button("Update every 10th row", id="update", on_click=update),
            h.button("Clear", id="clear", on_click=lambda: set_rows([])),
            h.button("Swap rows", id="swaprows", on_click=swap),
        ),
        h.table(
            h.tbody(
                [Row(i, label, selection, remove, key=i) for i, label in rows],
                id="tbody",
            ),
            class_="table",
        ),
    )


view = View(Bench)
