"""Text: ``Heading``, ``Text``, ``Code``, ``Link``."""

from __future__ import annotations

from pyview._core.components._app_hooks import use_app
from pyview._core.components._component import component
from pyview._core.components._element import h, prevent_default
from pyview._core.ui._icons import Icon
from pyview._core.ui._util import cx

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.components._element import ComponentElement, Element

_LEVEL_SIZE = {1: "2xl", 2: "xl", 3: "lg", 4: "md", 5: "sm", 6: "xs"}
TEXT_TONES = ("primary", "secondary", "tertiary", "info", "success", "warning", "danger", "disabled")


def Heading(
    *children: object, level: int = 2, size: str | None = None, class_: object = None, **attrs: object
) -> Element:
    """A heading ``<h1>``..``<h6>`` sized from the host's ``--font-heading-*`` variables.

    Args:
        level: the heading level (1-6), for the document outline.
        size: ``xs``, ``sm``, ``md``, ``lg``, ``xl``, ``2xl`` or ``3xl``; by default it follows the level.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Heading("Revenue", level=3))
        '<h3 class="pv-heading pv-heading--lg">Revenue</h3>'
    """
    if not 1 <= level <= 6:
        raise ValueError(f"heading level must be 1..6, not {level}")
    size = size or _LEVEL_SIZE[level]
    return h(f"h{level}", *children, class_=cx("pv-heading", f"pv-heading--{size}", class_), **attrs)


def Text(
    *children: object,
    size: str = "sm",
    tone: str | None = None,
    weight: str | None = None,
    tag: str = "p",
    truncate: bool = False,
    mono: bool = False,
    class_: object = None,
    **attrs: object,
) -> Element:
    """Body text sized and coloured from the host's variables.

    Args:
        size: ``xs``, ``sm`` (default), ``md`` or ``lg`` (``--font-text-*-size``).
        tone: ``primary``, ``secondary``, ``tertiary``, ``info``, ``success``, ``warning``, ``danger``,
            ``disabled``; None inherits.
        weight: ``normal``, ``medium``, ``semibold`` or ``bold``.
        tag: ``"p"`` (default), ``"span"``, ``"div"`` ...
        truncate: one line, cut with an ellipsis.
        mono: the host's monospace font.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Text("Updated 2 min ago", size="xs", tone="secondary"))
        '<p class="pv-text pv-text--xs pv-tone--secondary">Updated 2 min ago</p>'
    """
    classes = cx(
        "pv-text",
        f"pv-text--{size}",
        tone and f"pv-tone--{tone}",
        weight and f"pv-weight--{weight}",
        truncate and "pv-truncate",
        class_,
    )
    style = attrs.pop("style", None)
    if mono:
        style = {"font-family": "var(--pv-mono)", **(style if isinstance(style, dict) else {})}
    return h(tag, *children, class_=classes, style=style, **attrs)


def Code(text: str, *, block: bool = False, language: str | None = None, class_: object = None) -> Element:
    """Inline code, or a preformatted block (``block=True``), in the host's monospace font.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Code("pip install pyview"))
        '<code class="pv-code">pip install pyview</code>'
        >>> render_to_string(Code("x = 1", block=True))
        '<pre class="pv-codeblock"><code>x = 1</code></pre>'
    """
    if block:
        return h.pre(h.code(text, dataset={"language": language}), class_=cx("pv-codeblock", class_))
    return h.code(text, class_=cx("pv-code", class_))


@component
def _Link(children: tuple[object, ...], href: str, external: bool, class_: object, attrs: dict[str, object]) -> object:
    app = use_app()
    opener = getattr(app, "open_link", None)

    async def open_link() -> None:
        assert opener is not None
        await opener(href)

    return h.a(
        *children,
        Icon("external-link", size=12) if external else None,
        href=href,
        class_=cx("pv-link", class_),
        target=None if opener else "_blank",
        rel="noopener noreferrer",
        on_click=prevent_default(open_link) if opener else None,
        **attrs,
    )


def Link(
    *children: object, href: str, external: bool = False, class_: object = None, key: object = None, **attrs: object
) -> ComponentElement:
    """A link opened by the host (``app.open_link``: a sandboxed View cannot navigate by itself).

    Without an App (pre-render, tests) it is a plain ``target="_blank"`` link.

    Args:
        *children: the link text.
        href: the URL.
        external: show an "external" icon after the text.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(Link("Docs", href="https://example.com"))
        '<a href="https://example.com" class="pv-link" target="_blank" rel="noopener noreferrer">Docs</a>'
    """
    return _Link(children, href, external, class_, attrs, key=key)
