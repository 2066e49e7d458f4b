"""The stylesheet uses no colour or font that is not a host variable (or its fallback)."""

from __future__ import annotations

import re

import pytest

from pyview._core.ui._tokens import COLORS, HOST_VARIABLES, OTHERS, token_css
from pyview.components import render_to_string
from pyview.ui import stylesheet

# properties whose values carry a colour or a font
PAINT = re.compile(
    r"^(color|background(-color)?|border(-(top|right|bottom|left))?(-color)?|outline(-color)?|fill|stroke|"
    r"box-shadow|font(-family)?|caret-color|accent-color|text-decoration(-color)?|scrollbar-color|stop-color|"
    r"column-rule(-color)?)$"
)
ALLOWED_WORDS = {
    "none", "transparent", "currentcolor", "inherit", "solid", "dashed", "dotted", "underline", "0", "unset",
    "in", "srgb", "color-mix", "calc", "-1", "*", "!important",
}  # fmt: skip


def _strip_vars(value: str) -> str:
    """Remove every ``var(--pv-*)`` reference; fail on a ``var()`` of anything else."""
    out, i = [], 0
    while i < len(value):
        if value.startswith("var(", i):
            depth, j = 0, i
            while True:
                if value[j] == "(":
                    depth += 1
                elif value[j] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            inner = value[i + 4 : j]
            assert inner.startswith("--pv-"), f"component CSS must use --pv-* tokens, found var({inner})"
            out.append(" ")
            i = j + 1
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def declarations(css: str) -> list[tuple[str, str]]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for block in re.findall(r"\{([^{}]*)\}", css):
        for decl in block.split(";"):
            if ":" in decl:
                name, value = decl.split(":", 1)
                found.append((name.strip(), value.strip()))
    return found


def test_every_token_is_a_host_variable_with_a_fallback() -> None:
    css = token_css()
    tokens = dict(declarations(css))
    assert len(tokens) == len(COLORS) + len(OTHERS) + 2 * 4 + 2 * 7
    for name, value in tokens.items():
        assert name.startswith("--pv-")
        match = re.fullmatch(r"var\((--[a-z0-9-]+),(.+)\)", value)
        assert match, f"{name}: {value}"
        assert match.group(1) in HOST_VARIABLES, f"{name} refers to {match.group(1)}, not a host variable"
    for _, var, light, dark in COLORS:
        assert f"var({var},light-dark({light},{dark}))" in css


def violations(css: str) -> tuple[list[str], int]:
    """The colour/font declarations in ``css`` that use anything but ``--pv-*`` tokens, and how many were checked."""
    bad: list[str] = []
    checked = 0
    for name, value in declarations(css):
        if name.startswith("--"):
            bad.append(f"defines its own variable {name}")
            continue
        if not PAINT.match(name):
            continue
        checked += 1
        try:
            rest = _strip_vars(value).lower()
        except AssertionError as exc:
            bad.append(f"{name}: {value} ({exc})")
            continue
        if re.search(r"#[0-9a-f]|\b(rgba?|hsla?|oklch|lab|lch|light-dark)\(", rest):
            bad.append(f"{name}: {value}")
            continue
        for word in re.findall(r"[a-z!*-][a-z0-9!*.-]*|\d[\d.]*[a-z%]*", rest):
            if word not in ALLOWED_WORDS and not re.fullmatch(r"-?[\d.]+(px|em|%|s|ms)?", word):
                bad.append(f"{name}: {value} uses {word!r}")
        if name in ("font-family", "font") and rest.strip() not in ("", "inherit"):
            bad.append(f"{name}: {value}")
    return bad, checked


def test_component_css_paints_only_with_tokens() -> None:
    bad, checked = violations(stylesheet().replace(token_css(), ""))
    assert bad == []
    assert checked > 150


@pytest.mark.parametrize(
    "css",
    [
        ".x{color:#fff}",
        ".x{background:rgb(0 0 0)}",
        ".x{border:1px solid red}",
        ".x{font-family:Arial}",
        ".x{color:var(--my-color, blue)}",
        ".x{--pv-new:#000}",
        ".x{box-shadow:0 1px 2px rgba(0,0,0,.1)}",
    ],
)
def test_the_check_catches_literal_colours_and_fonts(css: str) -> None:
    assert violations(css)[0]


def test_inline_styles_of_components_use_no_literal_colours() -> None:
    """What the components put in style="" carries no colour either (the gallery renders them all)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "gallery"))
    try:
        import view as gallery
    finally:
        sys.path.pop(0)
    html = gallery.view.render_html()
    for style in re.findall(r' style="([^"]*)"', html):
        for name, value in (d.split(":", 1) for d in style.split(";") if ":" in d):
            if PAINT.match(name.strip()):
                assert _strip_vars(value).strip() == "", f"inline {name}:{value}"
    assert "<style data-pv-ui" in html and html.count("<style") == 1


def test_stylesheet_is_one_element_in_theme() -> None:
    from pyview.ui import Theme

    html = render_to_string(Theme("x"))
    assert html.count("<style") == 1
    assert "light-dark(" in html and ":root[data-theme=dark]{color-scheme:dark}" in html
