"""Element builders, attribute normalisation, refused values and rendering to a string."""

from __future__ import annotations

import pytest

from pyview.components import UnsafeAttributeError, component, h, render_to_string, unsafe_html


def test_attribute_names_and_values_are_normalised():
    el = h.label(
        "Name",
        for_="name",
        class_=["field", None, "wide"],
        data_row_id=3,
        aria_label="The name",
        aria_hidden=False,
        hidden=True,
        title=None,
        style={"font_size": "12px", "backgroundColor": "red", "--gap": 2},
    )
    assert render_to_string(el) == (
        '<label for="name" class="field wide" data-row-id="3" aria-label="The name" aria-hidden="false" hidden'
        ' style="font-size:12px;background-color:red;--gap:2">Name</label>'
    )


def test_dataset_is_the_typed_spelling_of_data_attributes():
    el = h.tr(dataset={"row_id": 3, "rowKind": "x", "on": True, "off": False, "gone": None}, id="r")
    assert render_to_string(el) == '<tr id="r" data-row-id="3" data-row-kind="x" data-on="true" data-off="false"></tr>'
    assert h.tr(dataset={"row_id": 3}).attrs == h.tr(data_row_id=3).attrs  # the same as the keywords
    assert h.tr(dataset=None).attrs == {}
    with pytest.raises(TypeError, match="dataset must be a dict"):
        h.tr(dataset="x")
    with pytest.raises(ValueError, match="invalid attribute name"):
        h.tr(dataset={"a b": 1})
    assert h("my-row", dataset={"id": 1}).attrs == {"data-id": "1"}  # a custom element too


def test_class_dict_and_svg_camel_case():
    assert render_to_string(h.div(class_={"on": True, "off": False})) == '<div class="on"></div>'
    svg = h.svg(h.linear_gradient(id="g"), h.circle(r=4, stroke_width=2), view_box="0 0 10 10")
    assert render_to_string(svg) == (
        '<svg viewBox="0 0 10 10"><linearGradient id="g"></linearGradient>'
        '<circle r="4" stroke-width="2"></circle></svg>'
    )


def test_children_are_flattened_and_text_escaped():
    el = h.ul([h.li(i) for i in range(2)], None, False, (h.li("<b>&</b>"),), "tail")
    assert render_to_string(el) == "<ul><li>0</li><li>1</li><li>&lt;b&gt;&amp;&lt;/b&gt;</li>tail</ul>"


def test_attribute_values_are_escaped():
    assert render_to_string(h.a("x", href='/a?b=1&c="2"')) == '<a href="/a?b=1&amp;c=&quot;2&quot;">x</a>'


def test_adjacent_texts_from_components_stay_apart_when_parsed():
    @component
    def Name():
        return "Ada"

    assert render_to_string(h.p("Hi ", Name())) == "<p>Hi <!-- -->Ada</p>"


@pytest.mark.parametrize(
    "props",
    [
        {"href": "javascript:alert(1)"},
        {"href": " JaVa\tScRiPt:alert(1)"},
        {"src": "vbscript:x"},
        {"action": "data:text/html,<script>1</script>"},
        {"formaction": "javascript:void(0)"},
    ],
)
def test_urls_that_run_code_are_refused(props):
    with pytest.raises(UnsafeAttributeError, match="refusing"):
        h.a("x", **props)


def test_safe_urls_are_kept():
    assert render_to_string(h.img(src="data:image/png;base64,AAAA", alt="")) == (
        '<img src="data:image/png;base64,AAAA" alt>'
    )
    assert 'href="https://example.com/?q=javascript:"' in render_to_string(
        h.a("x", href="https://example.com/?q=javascript:")
    )


def test_inline_handlers_and_string_handlers_are_refused():
    with pytest.raises(UnsafeAttributeError, match="inline event handlers"):
        h.button("x", **{"onclick": "alert(1)"})
    with pytest.raises(UnsafeAttributeError, match="must be a Python function"):
        h.button("x", on_click="alert(1)")
    with pytest.raises(UnsafeAttributeError):
        h.iframe(srcdoc="<script>alert(1)</script>")


def test_script_elements_and_bad_names_are_refused():
    with pytest.raises(AttributeError, match="refused"):
        _ = h.script
    with pytest.raises(ValueError, match="refusing"):
        h("script", "alert(1)")
    with pytest.raises(ValueError, match="invalid attribute"):
        h.div(**{'x" onmouseover="1': "y"})
    with pytest.raises(AttributeError, match="unknown element"):
        _ = h.dvi


def test_raw_html_only_through_the_loud_api():
    assert render_to_string(h.div("<i>x</i>")) == "<div>&lt;i&gt;x&lt;/i&gt;</div>"
    assert render_to_string(unsafe_html("<i>x</i>", tag="section")) == "<section><i>x</i></section>"
    assert render_to_string(h.div(dangerously_set_inner_html="<hr>")) == "<div><hr></div>"


def test_void_elements_and_form_values():
    html = render_to_string(
        h.form(
            h.input(value="a<b", checked=True, type="checkbox"),
            h.textarea(value="</textarea>"),
            h.select(h.option("A", value="a"), h.option("B", value="b"), value="b"),
            h.br(),
        )
    )
    assert html == (
        '<form><input value="a&lt;b" checked type="checkbox"><textarea>&lt;/textarea&gt;</textarea>'
        '<select><option value="a">A</option><option value="b" selected>B</option></select><br></form>'
    )


def test_style_element_text_is_not_escaped_but_cannot_close_early():
    # no "<" that could open a tag is left: "\3c " is the same character inside CSS strings
    assert render_to_string(h.style("a > b {}</style><i>")) == "<style>a > b {}\\3c /style>\\3c i></style>"
    assert render_to_string(h.style("@media (width < 600px) {}")) == "<style>@media (width < 600px) {}</style>"


def test_the_model_dom_writes_style_text_as_render_to_string_does():
    from pyview.testing import render

    screen = render(h.div(h.style("a > b {} </x>"), h.svg(h.style("a<b")), h.svg(h.foreign_object(h.style("<c")))))
    assert "<style>a > b {} \\3c /x></style>" in screen.html  # no "patched DOM differs" for CSS with > or <


def test_style_inside_svg_and_mathml_is_escaped_text():
    # the parser reads <style> in foreign content as markup with entities, not as raw text
    assert render_to_string(h.svg(h.style("<img src=x>"))) == "<svg><style>&lt;img src=x&gt;</style></svg>"
    assert render_to_string(h("math", h.style("a<b"))) == "<math><style>a&lt;b</style></math>"
    # back in HTML (foreignObject, MathML text integration points): raw text again
    assert render_to_string(h.svg(h.foreign_object(h.style("<b")))) == (
        "<svg><foreignObject><style>\\3c b</style></foreignObject></svg>"
    )


def test_unrenderable_child_is_a_clear_error():
    with pytest.raises(TypeError, match="cannot render 'object'"):
        h.div(object())
