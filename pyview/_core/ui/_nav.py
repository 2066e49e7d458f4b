"""Navigation: ``Tabs`` (arrow keys), ``Accordion``, ``Breadcrumbs``, ``Pagination``."""

from __future__ import annotations

from pyview._core.components._component import component
from pyview._core.components._element import h, prevent_default
from pyview._core.components._hooks import use_state
from pyview._core.ui._icons import Icon
from pyview._core.ui._util import cx, props_of, use_focus, use_id

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from pyview._core.components._element import ComponentElement, Element
    from pyview._core.components._event import Event


def _items(items: object, *fields: str) -> list[dict[str, object]]:
    """Normalise ``(a, b, ...)`` tuples or dicts to dicts with ``fields``."""
    out: list[dict[str, object]] = []
    for item in items:  # type: ignore[attr-defined]
        if isinstance(item, dict):
            out.append(item)
        else:
            out.append(dict(zip(fields, item, strict=False)))
    return out


@component
def _Tabs(tabs: object, props: dict[str, object]) -> object:
    items = _items(tabs, "id", "label", "content")
    base = use_id("pv-tabs")
    ids = [str(t["id"]) for t in items]
    enabled = [str(t["id"]) for t in items if not t.get("disabled")]
    own, set_own = use_state(props.get("default_value") or (enabled[0] if enabled else None))
    value = props["value"] if props.get("value") is not None else own
    on_change: Callable[[str], object] | None = props.get("on_change")  # type: ignore[assignment]
    focus_on = use_focus()

    def select(tab_id: str, focus: bool = False) -> None:
        if focus:
            focus_on(f"{base}-tab-{tab_id}")
        set_own(tab_id)
        if on_change is not None and tab_id != value:
            on_change(tab_id)

    def on_key(event: Event) -> None:
        key = event.key
        if not enabled or value not in ids:
            return
        pos = enabled.index(value) if value in enabled else 0
        if key == "ArrowRight":
            select(enabled[(pos + 1) % len(enabled)], True)
        elif key == "ArrowLeft":
            select(enabled[(pos - 1) % len(enabled)], True)
        elif key == "Home":
            select(enabled[0], True)
        elif key == "End":
            select(enabled[-1], True)

    current = next((t for t in items if str(t["id"]) == value), None)
    tab_list = h.div(
        [
            h.button(
                Icon(str(t["icon"]), size=15) if t.get("icon") else None,
                t["label"],
                h.span(t["badge"], class_="pv-badge") if t.get("badge") is not None else None,
                type="button",
                role="tab",
                id=f"{base}-tab-{t['id']}",
                class_="pv-tab",
                aria_selected="true" if str(t["id"]) == value else "false",
                aria_controls=f"{base}-panel",
                tabindex="0" if str(t["id"]) == value else "-1",
                disabled=bool(t.get("disabled")),
                on_click=lambda tab_id=str(t["id"]): select(tab_id),
                key=str(t["id"]),
            )
            for t in items
        ],
        role="tablist",
        class_="pv-tabs__list",
        aria_label=props.get("label"),
        on_key_down=on_key,
    )
    panel = h.div(
        current.get("content") if current else None,
        role="tabpanel",
        id=f"{base}-panel",
        class_="pv-tabs__panel",
        aria_labelledby=f"{base}-tab-{value}" if current else None,
        tabindex="0",
    )
    return h.div(tab_list, panel, class_=cx("pv-tabs", props.get("variant") == "pills" and "pv-tabs--pills"))


def Tabs(
    tabs: object,
    *,
    value: str | None = None,
    on_change: Callable[[str], object] | None = None,
    default_value: str | None = None,
    variant: str = "line",
    label: str | None = None,
    key: object = None,
) -> ComponentElement:
    """Tabs: one panel at a time. Left/Right arrows, Home and End move between tabs; Tab goes to the panel.

    Args:
        tabs: ``(id, label, content)`` tuples or dicts with ``id``, ``label``, ``content`` and optionally
            ``icon``, ``badge``, ``disabled``.
        value: the selected id (controlled, with ``on_change``); or ``default_value`` (default: the first).
        variant: ``"line"`` (underlined, default) or ``"pills"`` (a segmented control).
        label: the tab list's accessible name.

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(Tabs([("a", "Overview", "First"), ("b", "Details", "Second")]))
        >>> 'role="tablist"' in html and 'aria-selected="true"' in html and "First" in html
        True
    """
    return _Tabs(tabs, props_of(locals(), "tabs"), key=key)


@component
def _Accordion(items: object, multiple: bool, default_open: tuple[object, ...]) -> object:
    entries = _items(items, "id", "title", "content")
    base = use_id("pv-acc")
    initial: list[str] = [str(x) for x in default_open]
    opened, set_opened = use_state(initial)

    def toggle(item_id: str) -> None:
        if item_id in opened:
            set_opened([x for x in opened if x != item_id])
        else:
            set_opened([*opened, item_id] if multiple else [item_id])

    rows = []
    for entry in entries:
        item_id = str(entry["id"])
        is_open = item_id in opened
        rows.append(
            h.div(
                h.h3(
                    h.button(
                        h.span(entry["title"]),
                        Icon("chevron-down", size=16),
                        type="button",
                        class_="pv-accordion__trigger",
                        id=f"{base}-{item_id}-head",
                        aria_expanded="true" if is_open else "false",
                        aria_controls=f"{base}-{item_id}",
                        on_click=lambda item_id=item_id: toggle(item_id),
                    ),
                    class_="pv-accordion__head",
                ),
                h.div(
                    entry.get("content") if is_open else None,
                    id=f"{base}-{item_id}",
                    role="region",
                    class_="pv-accordion__panel",
                    aria_labelledby=f"{base}-{item_id}-head",
                    hidden=not is_open,
                ),
                class_="pv-accordion__item",
                key=item_id,
            )
        )
    return h.div(rows, class_="pv-accordion")


def Accordion(
    items: object, *, multiple: bool = False, default_open: Sequence[object] = (), key: object = None
) -> ComponentElement:
    """Collapsible sections; each header is a button (Enter/Space) with ``aria-expanded``.

    Args:
        items: ``(id, title, content)`` tuples or dicts with ``id``, ``title``, ``content``.
        multiple: let several sections be open at once.
        default_open: ids open at first.

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(Accordion([("a", "Shipping", "3-5 days")], default_open=["a"]))
        >>> 'aria-expanded="true"' in html and "3-5 days" in html
        True
    """
    return _Accordion(items, multiple, tuple(default_open), key=key)


def Breadcrumbs(items: object, *, label: str = "Breadcrumb") -> Element:
    """Where the user is: a trail of links, the last item being the current page.

    Args:
        items: ``(label, target)`` pairs or dicts with ``label`` and ``on_click`` (a function) or ``href``;
            the last item is the current page.

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(Breadcrumbs([("Home", lambda: None), ("Reports", None)]))
        >>> 'aria-current="page">Reports' in html
        True
    """
    entries = _items(items, "label", "target")
    crumbs = []
    for i, entry in enumerate(entries):
        last = i == len(entries) - 1
        target = entry.get("on_click") or entry.get("href") or entry.get("target")
        if last or target is None:
            node: object = h.span(entry["label"], aria_current="page" if last else None)
        elif callable(target):
            node = h.button(entry["label"], type="button", on_click=target)
        else:
            node = h.a(entry["label"], href=str(target), on_click=prevent_default(None))
        crumbs.append(h.li(node, None if last else Icon("chevron-right", size=14), key=i))
    return h.nav(h.ol(crumbs), class_="pv-breadcrumbs", aria_label=label)


def page_items(page: int, count: int, siblings: int = 1) -> list[int | None]:
    """The pages to show, ``None`` for a gap: first, last, and ``siblings`` around ``page``.

    Example:
        >>> page_items(6, 12)
        [1, None, 5, 6, 7, None, 12]
        >>> page_items(2, 4)
        [1, 2, 3, 4]
    """
    if count <= 5 + 2 * siblings:
        return list(range(1, count + 1))
    low, high = max(2, page - siblings), min(count - 1, page + siblings)
    if low <= 3:
        low, high = 2, max(high, 3 + 2 * siblings)
    if high >= count - 2:
        low, high = min(low, count - 2 - 2 * siblings), count - 1
    out: list[int | None] = [1]
    if low > 2:
        out.append(None)
    out.extend(range(low, high + 1))
    if high < count - 1:
        out.append(None)
    out.append(count)
    return out


def Pagination(
    page: int,
    page_count: int,
    *,
    on_change: Callable[[int], object] | None = None,
    siblings: int = 1,
    label: str = "Pagination",
) -> Element:
    """Page buttons with previous/next; the current page has ``aria-current="page"``.

    Args:
        page: the current page, from 1.
        page_count: how many pages there are.
        on_change: called with the chosen page number.
        label: the navigation landmark's name; give each Pagination of a View its own.

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(Pagination(2, 3))
        >>> 'aria-current="page">2</button>' in html
        True
    """

    def go(target: int) -> Callable[[], object]:
        return lambda: on_change(target) if on_change is not None else None

    buttons: list[object] = [
        h.button(
            Icon("chevron-left", size=16),
            type="button",
            class_="pv-page",
            aria_label="Previous page",
            disabled=page <= 1,
            on_click=go(page - 1),
            key="prev",
        )
    ]
    for i, item in enumerate(page_items(page, max(page_count, 1), siblings)):
        if item is None:
            buttons.append(h.span("…", class_="pv-page pv-page--gap", aria_hidden="true", key=f"gap{i}"))
        else:
            buttons.append(
                h.button(
                    str(item),
                    type="button",
                    class_="pv-page",
                    aria_label=f"Page {item}",
                    aria_current="page" if item == page else None,
                    on_click=go(item),
                    key=item,
                )
            )
    buttons.append(
        h.button(
            Icon("chevron-right", size=16),
            type="button",
            class_="pv-page",
            aria_label="Next page",
            disabled=page >= page_count,
            on_click=go(page + 1),
            key="next",
        )
    )
    return h.nav(buttons, class_="pv-pagination", aria_label=label)
