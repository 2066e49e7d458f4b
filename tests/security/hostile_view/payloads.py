"""The hostile corpus: what a tool result, a forged patch or a tampered first paint may carry.

Written for this suite after the classes of the OWASP XSS filter-evasion cheat sheet (case, entities, nulls and
whitespace in schemes, malformed tags, event handlers everywhere, ``<svg>``/``<math>`` foreign content, ``<set>`` and
``<animate>``, ``srcdoc``, ``data:``/``vbscript:`` URLs, mutation-XSS breakouts) and the cases of issue 11.

Every script in it calls :func:`js`: it posts ``"pwned:<id>"`` to the top window, where the browser test listens.
Standard library only: the View in this folder imports it in Pyodide too.
"""

from __future__ import annotations


def js(name: str) -> str:
    """The code every payload tries to run: tell the test page it ran."""
    return f"top.postMessage('pwned:{name}','*')"


def _markup() -> list[str]:
    """Markup meant to break out of text, attribute values and raw-text elements."""
    r = js
    return [
        f"<script>{r('m1')}</script>",
        f"<ScRiPt>{r('m2')}</sCrIpT>",
        f'<img src=x onerror="{r("m3")}">',
        f"<IMG SRC=x ONERROR={r('m4')}>",
        "<img src=x onerror=&#116;&#111;&#112;.postMessage('pwned:m5','*')>",
        f"<svg/onload={r('m6')}>",
        f"<svg><script>{r('m7')}</script></svg>",
        f"<math><mtext><table><mglyph><style><img src=x onerror={r('m8')}>",
        f'<svg></p><style><a id="</style><img src=x onerror={r("m9")}>">',
        f'<noscript><p title="</noscript><img src=x onerror={r("m10")}>">',
        f"</style><img src=x onerror={r('m11')}>",
        f"</textarea><img src=x onerror={r('m12')}>",
        f"</title><img src=x onerror={r('m13')}>",
        f"</noscript><img src=x onerror={r('m14')}>",
        f"</iframe><img src=x onerror={r('m15')}>",
        f"]]><img src=x onerror={r('m16')}>",
        f"<!--<img src=x onerror={r('m17')}>-->",
        f"--><img src=x onerror={r('m18')}>",
        f"<<img src=x onerror={r('m19')}>",
        f'<img """><img src=x onerror={r("m20")}>"\\>',
        f'<iframe srcdoc="<script>{r("m21")}</script>"></iframe>',
        f'<iframe src="javascript:{r("m22")}"></iframe>',
        f'<a href="javascript:{r("m23")}">x</a>',
        f"<body onload={r('m24')}>",
        f"<details open ontoggle={r('m25')}>",
        f"<input autofocus onfocus={r('m26')}>",
        f"<video><source onerror={r('m27')}></video>",
        f'<object data="data:text/html,<script>{r("m28")}</script>"></object>',
        f"<embed src=\"data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload=\\'{r('m29')}\\'/>\">",
        f'<meta http-equiv=refresh content="0;url=data:text/html,<script>{r("m30")}</script>">',
        f"<svg><a><animate attributeName=href values=javascript:{r('m31')} /><text y=20>x</text></a></svg>",
        f"<svg><set attributeName=onmouseover to={r('m32')} /></svg>",
        f"<math><style><img src=x onerror={r('m33')}></style></math>",
        f"<svg><style><img src=x onerror={r('m34')}></style></svg>",
        f"<form><button formaction=javascript:{r('m35')}>x</button></form>",
        f"<isindex type=image src=1 onerror={r('m36')}>",
        f"<xmp><img src=x onerror={r('m37')}></xmp>",
        f"<plaintext><img src=x onerror={r('m38')}>",
        f'"><img src=x onerror={r("m39")}>',
        f"'><img src=x onerror={r('m40')}>",
        "\x00<script>top.postMessage('pwned:m41','*')</script>",
        "<scr\x00ipt>top.postMessage('pwned:m42','*')</script>",
        f'<a href="&#x6A;avascript:{r("m43")}">x</a>',
        f'<a href=" &#14;  javascript:{r("m44")}">x</a>',
        f'<div style="background:url(javascript:{r("m45")})">x</div>',
        f'<base href="javascript:{r("m46")}//">',
        f'<link rel=stylesheet href="javascript:{r("m47")}">',
        f"<template><img src=x onerror={r('m48')}></template>",
    ]


#: Markup payloads: each is only ever text, inside every element that carries text.
MARKUP: list[str] = _markup()

#: URLs that could run code (or load a document of their own); every builder and dom.js must refuse them.
BAD_URLS: list[str] = [
    "javascript:" + js("u1"),
    "JavaScript:" + js("u2"),
    "JAVASCRIPT:" + js("u3"),
    " javascript:" + js("u4"),
    "\tjavascript:" + js("u5"),
    "\x00javascript:" + js("u6"),
    "\x01\x02\x1fjavascript:" + js("u7"),
    "java\tscript:" + js("u8"),
    "java\nscript:" + js("u9"),
    "java\rscript:" + js("u10"),
    "javascript\t:" + js("u11"),
    "  \n JaVa\tScRiPt :" + js("u12"),
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "livescript:x",
    "data:text/html,<script>" + js("u13") + "</script>",
    "data:text/html;base64,PHNjcmlwdD50b3AucG9zdE1lc3NhZ2UoJ3B3bmVkOnUxNCcsJyonKTwvc2NyaXB0Pg==",
    "DATA:TEXT/HTML,<script>" + js("u15") + "</script>",
    " data:text/html,<script>" + js("u16") + "</script>",
    "data:application/xhtml+xml,<html xmlns='http://www.w3.org/1999/xhtml'><script>" + js("u17") + "</script></html>",
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload=\"" + js("u18") + '"/>',
    "data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4=",
    "data:,<script>" + js("u19") + "</script>",
    "data:text/javascript," + js("u20"),
]

#: URLs that look odd but are fine (relative, or an allowed scheme): they must be kept, and stay harmless.
OK_URLS: list[str] = [
    "https://example.com/?q=javascript:alert(1)",
    "HTTPS://EXAMPLE.COM/",
    "http://example.com/a b",
    "/relative/javascript:x",
    "#javascript:x",
    "?javascript:x",
    "&#106;avascript:alert(1)",
    "javascript",
    "mailto:someone@example.com",
    "tel:+4712345678",
    "data:image/png;base64,iVBORw0KGgo=",
]

#: Element names that must never be created.
BAD_TAGS: list[str] = [
    "script",
    "SCRIPT",
    "sCrIpT",
    "svg:script",
    "SVG:SCRIPT",
    "svg:Script",
    "math:script",
    "html:script",
    "xlink:script",
    "base",
    "BASE",
    "plaintext",
    "scr ipt",
    "script>",
    "<script",
    "img/src",
    "a:b:c",
    "1script",
    "",
    "\u017fcript",
    "scr\u0130pt",
]

#: Attribute names that are refused whatever their value.
BAD_NAMES: list[str] = [
    "onclick",
    "ONCLICK",
    "OnClIcK",
    "onerror",
    "onload",
    "onbegin",
    "onend",
    "xlink:onclick",
    "svg:onload",
    "on",
    "srcdoc",
    "SRCDOC",
    "srcDoc",
    "SrCdOc",
    "x:srcdoc",
    "http-equiv",
    "HTTP-EQUIV",
    'x" onmouseover="1',
    "a b",
    "a=b",
    "x:",
    "a:b:c",
]

#: Attribute names whose value is a URL, in the spellings a payload may use.
URL_NAMES: list[str] = [
    "href",
    "HREF",
    "Href",
    "xlink:href",
    "XLINK:HREF",
    "xlink:Href",
    "src",
    "SRC",
    "action",
    "formaction",
    "FormAction",
    "poster",
    "data",
    "background",
    "dynsrc",
    "lowsrc",
    "xml:base",
]

#: Elements the URL attributes are tried on.
URL_TAGS: list[str] = ["a", "area", "iframe", "embed", "object", "img", "form", "button", "video", "image", "use"]

#: SVG animation elements, their target-naming attribute and the attributes that carry their values.
ANIMATION_TAGS: list[str] = ["set", "animate", "animateTransform", "animateMotion", "ANIMATE", "svg:set"]
ANIMATION_VALUE_NAMES: list[str] = ["to", "from", "by", "values", "TO", "Values"]
ANIMATION_BAD_TARGETS: list[str] = ["onclick", "ONCLICK", " onbegin", "xlink:onclick", "srcdoc", "SRCDOC"]
