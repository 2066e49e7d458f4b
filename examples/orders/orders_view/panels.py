"""Panels above the table: a banner (an error with Dismiss and, for a failed load, Try again; or a success
notice) and the CSV export shown as text for hosts that cannot save files."""

from __future__ import annotations

from typing import TYPE_CHECKING

from orders_view.format import plural
from orders_view.icons import icon
from pyview.components import component, h

if TYPE_CHECKING:
    from typing import Any

    from orders_view.api import ExportedCsv
    from pyview.components import Element


@component
def Banner(text: str, kind: str, on_dismiss: Any = None, on_retry: Any = None) -> Element:
    return h.div(
        icon("check" if kind == "success" else "alert"),
        h.p(text),
        h.button("Try again", type="button", on_click=on_retry) if on_retry else None,
        h.button("Dismiss", type="button", on_click=on_dismiss) if on_dismiss else None,
        class_=f"o-banner o-banner--{kind}",
        role="alert" if kind == "error" else "status",
    )


@component
def ExportPanel(export: ExportedCsv, on_close: Any) -> Element:
    """The CSV as selectable text, for hosts that cannot save files for a View (no ``downloadFile``)."""
    return h.section(
        h.header(
            h.strong(f"{export['filename']} · {plural(export['rows'], 'order')}"),
            h.button(icon("close"), "Close", class_="o-button o-button--ghost", type="button", on_click=on_close),
        ),
        h.p("This host can't save files from apps. Select the text below and copy it (Ctrl+C or ⌘C)."),
        h.textarea(
            value=export["file"]["text"], readonly=True, aria_label="CSV export", spellcheck="false", wrap="off"
        ),
        class_="o-export",
        aria_label="CSV export",
    )
