"""The stylesheet and the ``Theme`` wrapper that ships it once per document."""

from __future__ import annotations

from pyview._core.components._element import h

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.components._element import Element

_CACHE: list[str] = []


def stylesheet() -> str:
    """The whole CSS of ``pyview.ui``: the tokens (host variables with fallbacks) and every component's rules.

    Example:
        >>> css = stylesheet()
        >>> "--pv-fg:var(--color-text-primary," in css and ".pv-btn{" in css
        True
    """
    if not _CACHE:
        from pyview._core.ui import _css_base, _css_forms, _css_more
        from pyview._core.ui._tokens import token_css

        text = "\n".join([token_css(), _css_base.CSS, _css_forms.CSS, _css_more.CSS])
        _CACHE.append("\n".join(line.strip() for line in text.splitlines() if line.strip()))
    return _CACHE[0]


def StyleSheet() -> Element:
    """A ``<style>`` element carrying :func:`stylesheet`; put it once in a View (``Theme`` does it for you).

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(StyleSheet()).startswith('<style data-pv-ui="1">:root{')
        True
    """
    return h.style(stylesheet(), dataset={"pv_ui": "1"})


def Theme(*children: object, class_: object = None, style: object = None, **attrs: object) -> Element:
    """The root of a View built with ``pyview.ui``: ships the stylesheet once and sets the host's font and colours.

    It works in the build's pre-render too (the ``<style>`` is part of the HTML). The App applies the host's
    ``styles.variables`` and ``data-theme``; the components follow them, with light and dark fallbacks.

    Args:
        *children: the View's content.
        class_: extra classes for the wrapper ``<div class="pv-theme">``.
        style: inline style of the wrapper.
        **attrs: other attributes of the wrapper.

    Example:
        >>> from pyview.components import render_to_string
        >>> from pyview.ui import Button
        >>> html = render_to_string(Theme(Button("Save")))
        >>> html.startswith('<div class="pv-theme"><style data-pv-ui="1">')
        True
    """
    return h.div(StyleSheet(), *children, class_=["pv-theme", class_], style=style, **attrs)
