"""An independent judge for the hostile corpus, and the forged patches it feeds to dom.js.

The judge does not use pyview's policy code: it parses markup as a browser does (html5lib follows the WHATWG
parser, foreign content included) and reads URLs as the WHATWG URL parser does, then lists everything that could run
code: a ``<script>`` in any namespace, an ``on*``/``srcdoc``/``http-equiv`` attribute, a URL whose scheme runs code
or loads a document of its own, an SVG animation that writes such a URL or a handler.
"""

from __future__ import annotations

import html
import re
from typing import Any

import html5lib
from hostile_view.payloads import js

EXEC_SCHEMES = {"javascript", "vbscript", "livescript", "mocha"}
URL_ATTRS = {"href", "src", "action", "formaction", "poster", "data", "background", "dynsrc", "lowsrc", "base"}
FRAMES = {"iframe", "frame", "embed", "object"}
IMAGE_CONTEXTS = {("img", "src"), ("image", "href"), ("video", "poster"), ("input", "src"), ("feimage", "href")}
ANIMATIONS = {"set", "animate", "animatetransform", "animatemotion", "animatecolor"}
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_C0_SPACE = "".join(chr(c) for c in range(0x21))


def url_scheme(value: str) -> tuple[str, str] | None:
    """(scheme, rest) as the WHATWG URL parser reads them, or None for a relative URL."""
    value = value.strip(_C0_SPACE)
    for ch in "\t\n\r":
        value = value.replace(ch, "")
    found = _SCHEME.match(value)
    if found is None:
        return None
    return found.group()[:-1].lower(), value[found.end() :]


def dangerous_url(tag: str, attr: str, value: str) -> bool:
    """Whether a browser following this URL could run code or show a document of its own."""
    parsed = url_scheme(value)
    if parsed is None:
        return False
    scheme, rest = parsed
    if scheme in EXEC_SCHEMES:
        return True
    if scheme != "data":
        return False
    media = rest.split(",")[0].split(";")[0].strip().lower()
    if media == "image/svg+xml":
        return (tag, attr) not in IMAGE_CONTEXTS
    if tag in FRAMES:
        return not media.startswith("image/")
    return not media.startswith(("image/", "audio/", "video/"))


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1].rsplit(":", 1)[-1].lower()


def element_problems(tag: str, attrs: dict[str, str]) -> list[str]:
    """What could run code in one element (names may carry ``{namespace}`` or ``prefix:``)."""
    local = _local(tag)
    found = [f"<{tag}> element"] if local == "script" else []
    for name, value in attrs.items():
        attr = _local(name)
        if attr.startswith("on") or attr in ("srcdoc", "http-equiv"):
            found.append(f"{name} on <{tag}>")
        elif attr in URL_ATTRS and dangerous_url(local, attr, value):
            found.append(f"{name}={value!r} on <{tag}>")
    if local in ANIMATIONS:
        for name, value in attrs.items():
            attr = _local(name)
            if attr == "attributename" and _local(value.strip()).startswith(("on", "srcdoc")):
                found.append(f"<{tag} {name}={value!r}>")
            if attr in ("to", "from", "by", "values") and any(
                dangerous_url("a", "href", part) for part in value.split(";")
            ):
                found.append(f"<{tag} {name}={value!r}>")
    return found


def parse(markup: str) -> Any:
    """``markup`` parsed as the children of a ``<div>``, as a browser does (an ElementTree element)."""
    return html5lib.parseFragment(markup, container="div", treebuilder="etree", namespaceHTMLElements=True)


def problems(markup: str) -> list[str]:
    """Everything in ``markup`` that could run code once a browser parsed it."""
    found: list[str] = []
    for element in parse(markup).iter():
        if isinstance(element.tag, str):
            found += element_problems(element.tag, dict(element.attrib))
    return found


def elements(markup: str) -> list[str]:
    """The local names of the elements a browser makes of ``markup``, in document order."""
    return [_local(el.tag) for el in parse(markup).iter() if isinstance(el.tag, str)][1:]


# -- forged patches: what a compromised patch stream could send dom.js ----------------------------------------------

FORGED_BASE = 1_000_000
ADOPT_BASE = 2_000_000
#: an image that fails to decode without a request (so its error event fires under any CSP)
BROKEN_PNG = "data:image/png;base64,AAAA"
_PAYLOAD = "<script>{}</script>"


def _svg_data(name: str) -> str:
    return f"data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload=\"{js(name)}\"/>"


def forged_trees() -> list[Any]:
    """Wire trees (dom.js's format) no Python builder would make; dom.js must build them without running code."""
    link = [["text", {"y": "20"}, ["link"]]]
    return [
        ["svg", {}, [["svg:script", {}, [js("f-svg-script")]]]],
        ["SCRIPT", {}, [js("f-script-upper")]],
        ["script", {}, [js("f-script")]],
        ["iframe", {"srcdoc": _PAYLOAD.format(js("f-srcdoc"))}],
        ["iframe", {"SRCDOC": _PAYLOAD.format(js("f-srcdoc-upper"))}],
        ["iframe", {"srcDoc": _PAYLOAD.format(js("f-srcdoc-camel"))}],
        ["iframe", {"src": "javascript:" + js("f-iframe-js")}],
        ["iframe", {"src": "data:text/html," + _PAYLOAD.format(js("f-iframe-data"))}],
        ["iframe", {"src": _svg_data("f-iframe-svg")}],
        ["embed", {"src": _svg_data("f-embed-svg")}],
        ["object", {"data": "data:text/html," + _PAYLOAD.format(js("f-object-data"))}],
        ["a", {"href": "javascript:" + js("f-a-js")}, ["a1"]],
        ["a", {"HREF": "javascript:" + js("f-a-upper")}, ["a2"]],
        ["a", {"href": "\x01java\tscript:" + js("f-a-ctrl")}, ["a3"]],
        ["a", {"href": "data:text/html," + _PAYLOAD.format(js("f-a-data"))}, ["a4"]],
        ["a", {"href": _svg_data("f-a-svg")}, ["a5"]],
        ["area", {"href": "vbscript:x"}],
        ["svg", {}, [["a", {"xlink:href": "javascript:" + js("f-svg-xlink")}, link]]],
        ["svg", {}, [["a", {"XLINK:HREF": "javascript:" + js("f-svg-xlink-upper")}, link]]],
        ["svg", {}, [["a", {}, [["set", {"attributeName": "href", "to": "javascript:" + js("f-set")}], *link]]]],
        [
            "svg",
            {},
            [["a", {}, [["animate", {"attributeName": "href", "values": "#;javascript:" + js("f-animate")}], *link]]],
        ],
        [
            "svg",
            {},
            [["a", {}, [["set", {"attributeName": "xlink:href", "to": " JavaScript:" + js("f-set-x")}], *link]]],
        ],
        [
            "svg",
            {},
            [["rect", {"width": "9", "height": "9"}, [["set", {"attributeName": "onclick", "to": js("f-on")}]]]],
        ],
        ["img", {"src": BROKEN_PNG, "onerror": js("f-onerror")}],
        ["img", {"src": BROKEN_PNG, "ONERROR": js("f-onerror-upper")}],
        ["svg", {"onload": js("f-svg-onload")}],
        ["meta", {"http-equiv": "refresh", "content": "0;url=data:text/html," + _PAYLOAD.format(js("f-refresh"))}],
        ["base", {"href": "javascript:" + js("f-base")}],
        ["div", {".innerHTML": f'<img src={BROKEN_PNG} onerror="{js("f-inner-html")}">'}],
        ["form", {"action": "javascript:" + js("f-action")}, [["button", {"formaction": "javascript:x"}, ["b"]]]],
        ["details", {"open": "", "ontoggle": js("f-ontoggle")}, [["summary", {}, ["d"]]]],
        ["a", {"x y": "1", 'x"': "2"}, ["bad attribute names"]],
        ["x y", {}, ["bad tag name"]],
    ]


def count(tree: Any) -> int:
    """How many DOM nodes (ids) a wire tree takes."""
    if isinstance(tree, str):
        return 1
    return 1 + sum(count(kid) for kid in (tree[2] if len(tree) > 2 else []))


def forged_patches() -> list[list[Any]]:
    """Patch lists: make ``#forged``, build each forged tree in it (one patch each), then set refused attributes and
    properties on it; the last op sets a text after all of them, to show that dom.js went on."""
    patches: list[list[Any]] = [[[0, 0, None, FORGED_BASE, [["div", {"id": "forged"}]]]]]
    next_id = FORGED_BASE + 1
    for tree in forged_trees():
        patches.append([[0, FORGED_BASE, None, next_id, [tree]]])
        next_id += count(tree)
    patches.append(
        [
            [3, FORGED_BASE, "onclick", js("f-op3-onclick")],
            [3, FORGED_BASE, "SrcDoc", _PAYLOAD.format(js("f-op3-srcdoc"))],
            [3, FORGED_BASE, ".innerHTML", f'<img src={BROKEN_PNG} onerror="{js("f-op3-inner")}">'],
            [3, FORGED_BASE, ".outerHTML", f'<img src={BROKEN_PNG} onerror="{js("f-op3-outer")}">'],
            [0, FORGED_BASE, None, next_id, [["p", {"id": "after"}, ["before"]]]],
            [4, next_id + 1, "applied after every refusal"],
            # raw HTML (dangerously_set_inner_html) goes through the policy too: parsed inert, copied node by node
            [0, FORGED_BASE, None, next_id + 2, [["div", {"id": "forged-html"}]]],
            [
                3,
                next_id + 2,
                "!html",
                f'<img src={BROKEN_PNG} onerror="{js("f-html-img")}"><b>kept</b>'
                f'<a href="javascript:{js("f-html-a")}">link</a><svg><script>{js("f-html-svg")}</script></svg>'
                f'<iframe srcdoc="{_PAYLOAD.format(js("f-html-srcdoc"))}"></iframe>',
            ],
        ]
    )
    return patches


def adopt_cases() -> list[tuple[Any, Any]]:
    """(pre-rendered tree, the tree dom.js hydrates it with): the hostile attribute is in both, or in the tree."""
    set_link = ["svg", {}, [["a", {}, [["set", {"attributeName": "href", "to": "javascript:" + js("h-set")}]]]]]
    cases = [
        (["a", {"href": "javascript:" + js("h-a")}, ["h1"]], None),
        (["iframe", {}], ["iframe", {"srcdoc": _PAYLOAD.format(js("h-srcdoc"))}]),
        (["iframe", {}], ["iframe", {"SrcDoc": _PAYLOAD.format(js("h-srcdoc-camel"))}]),
        (["a", {"href": "/safe"}, ["h4"]], ["a", {"HREF": "javascript:" + js("h-a-upper")}, ["h4"]]),
        (["div", {}], ["div", {".innerHTML": f'<img src={BROKEN_PNG} onerror="{js("h-inner-html")}">'}]),
        (["p", {"title": "x", "onclick": js("h-onclick")}, ["h6"]], None),
        (
            ["img", {"src": BROKEN_PNG}],
            ["img", {"src": BROKEN_PNG, "onerror": js("h-img")}],
        ),
        (set_link, None),
    ]
    return [(pre, pre if tree is None else tree) for pre, tree in cases]


def adopt_patches() -> tuple[list[list[Any]], list[list[Any]]]:
    """(patch making the two containers, patch hydrating them): ``#adopt`` gets the adopt cases, ``#adopt-replace``
    a first-paint ``<script>`` that must be replaced, not adopted. The test puts the markup in between."""
    trees = [tree for _, tree in adopt_cases()]
    script = ["script", {}, [js("h-script")]]
    first = ADOPT_BASE + 2
    make = [[0, 0, None, ADOPT_BASE, [["div", {"id": "adopt"}], ["div", {"id": "adopt-replace"}]]]]
    hydrate = [
        [6, ADOPT_BASE, first, trees],
        [6, ADOPT_BASE + 1, first + sum(count(tree) for tree in trees), [script]],
    ]
    return make, hydrate


def adopt_markup() -> tuple[str, str]:
    """The tampered first paint of ``#adopt`` and ``#adopt-replace``."""
    return "".join(to_markup(pre) for pre, _ in adopt_cases()), to_markup(["script", {}, [js("h-script")]])


_VOID = {"img", "input", "br", "hr", "meta", "link", "area", "base", "col", "embed", "source", "track", "wbr"}


def to_markup(tree: Any) -> str:
    """A wire tree as HTML (what a tampered first paint would hold)."""
    if isinstance(tree, str):
        return html.escape(tree, quote=False)
    attrs = "".join(f' {name}="{html.escape(value)}"' for name, value in (tree[1] if len(tree) > 1 else {}).items())
    kids = "".join(to_markup(kid) for kid in (tree[2] if len(tree) > 2 else []))
    return f"<{tree[0]}{attrs}>" if tree[0] in _VOID else f"<{tree[0]}{attrs}>{kids}</{tree[0]}>"
