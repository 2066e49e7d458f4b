"""A View for the hostile corpus (tests/security): every markup payload as text in every element that carries text
(pre-rendered as the first paint, then hydrated), and hostile tool results rendered through the element builders."""

from __future__ import annotations

from typing import Any

from pyview import App, View, component, h, use_tool_result
from pyview.components import UnsafeAttributeError

from .payloads import MARKUP

app = App("hostile", "1.0.0")


def text_everywhere(text: str) -> Any:
    """``text`` in every kind of element that carries text: HTML, raw-text and RCDATA elements, SVG, MathML."""
    return h.section(
        h.p(text),
        h.span(text, title=text, class_=text, dataset={"payload": text}, aria_label=text),
        h.style(text),
        h.svg(
            h.style(text),
            h.text(text, y=10),
            h.title(text),
            h.desc(h.style(text)),
            h.foreign_object(h.style(text), h.p(text)),
        ),
        h("math", h.style(text), h("mtext", h.style(text)), h("mi", text)),
        h.textarea(text),
        h.title(text),
        h.noscript(text),
        h.select(h.option(text, value=text)),
        h.input(value=text, placeholder=text, name=text),
        h.table(h.tbody(h.tr(h.td(text)))),
        h.pre(h.code(text)),
        h.img(alt=text),
    )


def attempt(build: Any) -> Any:
    """The element ``build()`` makes, or a visible note of why the builders refused it."""
    try:
        return build()
    except (UnsafeAttributeError, ValueError, AttributeError) as exc:
        return h.code("refused: " + str(exc)[:60], class_="refused")


def built_from(data: dict[str, Any]) -> list[Any]:
    """What the View makes of a hostile tool result: ``{"urls": [...], "names": [...], "tags": [...]}``."""
    urls = data.get("urls", [])
    return [
        *(attempt(lambda url=url: h.a("link", href=url)) for url in urls),
        *(attempt(lambda url=url: h.svg(h.a(h.text("svg link"), xlink_href=url))) for url in urls),
        *(attempt(lambda url=url: h.svg(h.set(attribute_name="href", to=url))) for url in urls),
        *(attempt(lambda name=name: h.span("attr", **{name: "x"})) for name in data.get("names", [])),
        *(attempt(lambda tag=tag: h(tag, "tag")) for tag in data.get("tags", [])),
    ]


@component
def Hostile() -> Any:
    result = use_tool_result()
    data = (result.structured_content or {}) if result is not None else {}
    built = built_from(data)
    return h.main(
        h.h1("Hostile corpus"),
        [text_everywhere(text) for text in MARKUP],
        h.div(built, data_testid="result") if result is not None else None,
        h.output(f"{len(built)} built" if result is not None else "waiting", data_testid="summary"),
    )


view = View(Hostile, app)
