"""The hostile corpus in CPython: the element builders refuse it, and render_to_string's output, parsed as a browser
parses it (html5lib, foreign content included), holds nothing that could run code."""

from __future__ import annotations

import pytest
import security_oracle as oracle
from hostile_view import text_everywhere
from hostile_view.payloads import (
    ANIMATION_BAD_TARGETS,
    ANIMATION_TAGS,
    ANIMATION_VALUE_NAMES,
    BAD_NAMES,
    BAD_TAGS,
    BAD_URLS,
    MARKUP,
    OK_URLS,
    URL_NAMES,
    URL_TAGS,
)

from pyview.components import Element, UnsafeAttributeError, h, render_to_string

BASELINE = oracle.elements(render_to_string(text_everywhere("plain text")))


@pytest.mark.parametrize("payload", MARKUP, ids=[f"m{i + 1}" for i in range(len(MARKUP))])
def test_markup_stays_text_in_every_element(payload):
    markup = render_to_string(text_everywhere(payload))
    assert oracle.problems(markup) == []
    assert oracle.elements(markup) == BASELINE  # no element broke out of any text, raw text or foreign content


def test_style_in_svg_and_mathml_is_text_not_markup():
    # issue 11: this wrote the <img> raw, and foreign-content parsing made it an element that ran
    markup = render_to_string(h.svg(h.style("<img src=x onerror=alert(1)>")))
    assert oracle.elements(markup) == ["svg", "style"] and oracle.problems(markup) == []
    style = oracle.parse(markup).find(".//{http://www.w3.org/2000/svg}style")
    assert style.text == "<img src=x onerror=alert(1)>"  # and the browser reads the same text back
    for wrapped in (h("math", h.style("<img>")), h.svg(h.foreign_object(h("math", h.style("</style><img>"))))):
        assert oracle.elements(render_to_string(wrapped))[-1] == "style"


@pytest.mark.parametrize("tag", BAD_TAGS)
def test_refused_element_names(tag):
    with pytest.raises(ValueError, match="refusing element"):
        h(tag, "x")


def test_refused_element_builders():
    for name in ("script", "base", "plaintext", "meta", "link"):
        with pytest.raises(AttributeError, match="refused"):
            getattr(h, name)


@pytest.mark.parametrize("name", BAD_NAMES)
@pytest.mark.parametrize("tag", ["a", "iframe", "svg", "set", "meta"])
def test_refused_attribute_names(tag, name):
    with pytest.raises(ValueError):
        h(tag, **{name: "x"})


@pytest.mark.parametrize("url", BAD_URLS + OK_URLS)
def test_urls_in_every_url_attribute_of_every_element(url):
    for tag in URL_TAGS:
        for name in URL_NAMES:
            local = name.rsplit(":", 1)[-1].lower()
            try:
                element = h(tag, **{name: url})
            except UnsafeAttributeError:
                continue
            assert not oracle.dangerous_url(tag, local, url), f"<{tag} {name}={url!r}> was accepted"
            markup = render_to_string(h.svg(element) if tag in ("image", "use") else element)
            assert oracle.problems(markup) == [], markup


@pytest.mark.parametrize("url", BAD_URLS)
def test_every_bad_url_is_refused_where_it_would_navigate(url):
    for name in ("href", "HREF", "xlink:href", "XLINK:HREF", "xlink_href"):
        with pytest.raises(UnsafeAttributeError, match="refusing"):
            h.a("x", **{name: url})
    with pytest.raises(UnsafeAttributeError):
        h.iframe(src=url)


@pytest.mark.parametrize("url", OK_URLS)
def test_ordinary_urls_are_kept(url):
    assert h.a("x", href=url).attrs["href"] == url


@pytest.mark.parametrize("tag", ANIMATION_TAGS)
def test_svg_animations_may_not_write_code(tag):
    for name in ANIMATION_VALUE_NAMES:
        for url in BAD_URLS:
            if oracle.dangerous_url("a", "href", url):
                with pytest.raises(UnsafeAttributeError):
                    h(tag, attributeName="href", **{name: url})
                with pytest.raises(UnsafeAttributeError):
                    h(tag, attributeName="href", **{name: "#a;" + url})  # one of several values
    for target in ANIMATION_BAD_TARGETS:
        with pytest.raises(UnsafeAttributeError, match="may not write"):
            h(tag, attributeName=target, to="x")
    kept = h.svg(h(tag, attributeName="href", to="#frame2", values="#a;#b"), h.animate(attribute_name="opacity"))
    assert oracle.problems(render_to_string(kept)) == []


def test_render_to_string_checks_elements_made_around_the_builders():
    link = h.a("x", href="/ok")
    link.attrs["HREF"] = "javascript:alert(1)"  # changed after it was built
    sneaky = [
        Element("svg:script", {}, None, ["alert(1)"]),
        Element("SCRIPT", {}, None, ["alert(1)"]),
        Element("iframe", {"srcDoc": "<script>alert(1)</script>"}, None, []),
        Element("img", {"onerror": "alert(1)"}, None, []),
        Element("a", {'x"><script>': "1"}, None, []),
        link,
    ]
    for element in sneaky:
        with pytest.raises(UnsafeAttributeError, match="refusing"):
            render_to_string(h.div(element))


def test_legitimate_markup_is_unchanged():
    view = h.div(
        h.a("docs", href="https://example.com/docs?q=1&r=2", target="_blank", rel="noopener"),
        h.img(src="data:image/png;base64,iVBORw0KGgo=", alt="logo"),
        h.svg(h.image(href="data:image/svg+xml,<svg/>"), h.use(href="#icon"), view_box="0 0 4 4"),
        h.a("mail", href="mailto:a@example.com"),
        h.style("@media (width < 600px) { .x > .y { color: red } }"),
    )
    markup = render_to_string(view)
    assert oracle.problems(markup) == []
    assert "@media (width < 600px) { .x > .y { color: red } }" in markup
    assert 'href="data:image/svg+xml,&lt;svg/&gt;"' in markup
