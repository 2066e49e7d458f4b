"""Rendering the document template, and embedding text and bytes safely inside ``<script>`` elements."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

import jinja2

# Python's base85 alphabet with the characters that cost more elsewhere swapped out: ``<`` ``>`` ``&`` (HTML, and
# JSON encoders that escape them as \u003c) and the backtick. No quote, backslash or space either, so the text
# travels as is in a JSON string and needs no trimming. blobs.js decodes it: its ALPHABET is this one
# (tests/build/test_packager.py checks).
BASE85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%.()*+-;,=/?@^_:{|}~"
_PYTHON_B85 = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
_FROM_PYTHON_B85 = bytes.maketrans(_PYTHON_B85, BASE85.encode("ascii"))
_TO_PYTHON_B85 = bytes.maketrans(BASE85.encode("ascii"), _PYTHON_B85)


@lru_cache(maxsize=16)  # the runtime's blobs are the same in every build of a process
def base85(data: bytes) -> str:
    """``data`` as base85 text (4 bytes -> 5 characters, zero-padded to a multiple of 4; the reader knows the size).

    Denser than base64 (5 characters for 4 bytes against 4 for 3), which matters for an inline document with a memory
    snapshot; blobs.js decodes it with a plain loop.

    Example:
        >>> base85(b"pyview")
        'aCvrVWp@Ao'
        >>> unbase85('aCvrVWp@Ao', 6)
        b'pyview'
    """
    return base64.b85encode(data, pad=True).translate(_FROM_PYTHON_B85).decode("ascii")


def unbase85(text: str, size: int) -> bytes:
    """The bytes of a :func:`base85` text (tests and tools read blobs back with it)."""
    return base64.b85decode(text.encode("ascii").translate(_TO_PYTHON_B85))[:size]


# A blob's text is written as parts of this many characters (a multiple of 5: each part decodes on its own), one
# element each. WebKit's HTML parser builds one multi-MB text token far slower than many small ones (bench/startup.py),
# and that parse is what a tool result waits for.
BLOB_PART_CHARS = 65_535


class Blob:
    """Bytes embedded in the document as base85 text, served to the runtime by the boot shim's ``fetch``.

    Example:
        >>> blob = Blob("x.bin", bytes(60_000), None)
        >>> [len(part) for part in blob.parts]
        [65535, 9465]
    """

    def __init__(self, name: str, data: bytes, encoding: str | None) -> None:
        self.name = name
        self.encoding = encoding  # "gzip" when the boot must decompress it
        self.size = len(data)
        self.text = base85(data)
        self.parts = [self.text[at : at + BLOB_PART_CHARS] for at in range(0, len(self.text), BLOB_PART_CHARS)] or [""]


def blob_text(html: str, name: str) -> tuple[str, int, str | None]:
    """A blob's base85 text, byte count and encoding read back from a built document (for tests and tools).

    Example:
        >>> html = render_document(title="t", css="", config="{}", shim_scripts=[], inline=False,
        ...                        blobs=[Blob("x.bin", b"pyview" * 20_000, None)])
        >>> text, size, encoding = blob_text(html, "x.bin")
        >>> unbase85(text, size) == b"pyview" * 20_000, encoding
        (True, None)
    """
    first = re.search(f'<script type="application/octet-stream" id="pyview-blob:{re.escape(name)}"([^>]*)>', html)
    if first is None:
        raise KeyError(f"no blob {name!r} in the document")
    attributes = dict(re.findall(r'data-([a-z]+)="([^"]*)"', first.group(1)))
    parts = re.findall(r'<script type="application/octet-stream"[^>]*>([^<]*)</script>', html[first.start() :])
    text = "".join(parts[: int(attributes.get("parts", "1"))])
    return text, int(attributes["bytes"]), attributes.get("encoding")


def script_json(value: object) -> str:
    """JSON that is safe inside ``<script type="application/json">``: ``<``, ``>`` and ``&`` are escaped.

    Example:
        >>> script_json({"html": "</script><b>"})
        '{"html": "\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e"}'
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ": "))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def script_text(code: str) -> str:
    """JavaScript that is safe inside an inline ``<script>``: a literal ``</script`` cannot end the element early.

    Example:
        >>> script_text('s = "</script>"')
        's = "<\\\\/script>"'
    """
    return code.replace("</script", "<\\/script").replace("<!--", "<\\!--")


def compact_js(code: str) -> str:
    r"""The shim's JavaScript without indentation, blank lines, comment lines and ``/* */`` blocks at a line start
    (code after a block's end on its line stays).

    A comment after code goes only when nothing before it on the line can hold a ``//`` (no quote, backtick or
    slash), so strings, regular expressions and URLs are never touched. A line ending in ``;``, ``{``, ``,``, ``(``
    or ``[`` is joined with the next one (no line break there can matter to JavaScript's automatic semicolons),
    unless it holds a ``//`` (a comment kept after code would swallow the next line). Lines inside a template
    literal (an odd number of backticks so far) are kept as they are.

    Example:
        >>> compact_js("/* header\n * more */\n  // note\n  let a = 1; // gone\n  f('//'); // kept\n  g(\n    1)\n")
        "let a = 1;f('//'); // kept\ng(1)\n"
        >>> compact_js("/** @type {any} */ let b = 2;\n/* x\n */ c();\n")
        'let b = 2;c();\n'
    """
    out: list[str] = []
    in_block = in_template = False
    join = False  # the previous line may run on into this one
    for line in code.splitlines():
        if in_template:
            out.append("\n" + line)
            in_template = line.count("`") % 2 == 0
            join = False
            continue
        text = line.strip()
        if in_block or text.startswith("/*"):
            # a block ends where its "*/" does: code after it on that line stays (a JSDoc cast, `/** @type */ let a`)
            in_block = "*/" not in text[2 * (not in_block) :]
            text = "" if in_block else text.split("*/", 1)[1].strip()
        if not text or text.startswith("//"):
            continue
        at = text.find(" //")
        if at > 0 and not any(mark in text[:at] for mark in "\"'`/"):
            text = text[:at].rstrip()
        out.append(text if join or not out else "\n" + text)
        in_template = text.count("`") % 2 == 1
        join = not in_template and text.endswith((";", "{", ",", "(", "[")) and "//" not in text
    return "".join(out).lstrip("\n") + "\n"


PYTHON_ONLY = ("// pyview:python-only {", "// pyview:python-only }")


def without_python_only(code: str) -> str:
    r"""The shim's JavaScript without its Python-only sections: the lines from a ``// pyview:python-only {`` marker
    line to the next ``// pyview:python-only }`` line (for runtime ``server`` documents, which load no Python).

    Example:
        >>> without_python_only("a();\n  // pyview:python-only {\n  b();\n  // pyview:python-only }\nc();\n")
        'a();\nc();\n'
    """
    out: list[str] = []
    inside = False
    for line in code.splitlines(keepends=True):
        text = line.strip()
        if text.startswith(PYTHON_ONLY[0] if not inside else PYTHON_ONLY[1]):
            inside = not inside
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError("a `// pyview:python-only {` section is not closed")
    return "".join(out)


def compact_css(css: str) -> str:
    r"""pyview's own CSS without comments, indentation and blank lines (for ``boot.css``; it has no ``/*`` in a
    string).

    Example:
        >>> compact_css("/* chrome */\n.a {\n  color: red; /* why */\n}\n")
        '.a {\ncolor: red;\n}\n'
    """
    out: list[str] = []
    while "/*" in css:
        start = css.index("/*")
        end = css.find("*/", start + 2)
        css = css[:start] + ("" if end < 0 else css[end + 2 :])
    for line in css.splitlines():
        text = line.strip()
        if text:
            out.append(text)
    return "\n".join(out) + "\n"


@cache
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pyview._tooling.packager", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env.get_template("view.html.j2")


def render_document(**context: Any) -> str:
    """Render ``templates/view.html.j2``; values marked ``safe`` there are escaped by the helpers above."""
    from pyview._version import __version__

    return latin1_only(_template().render(version=__version__, **context))


_WIDE = re.compile(r"[^\x00-\xff]")
_RAW_TEXT_OPEN = re.compile(r"<(script|style)\b[^>]*>")


def _html_ref(match: re.Match[str]) -> str:
    return f"&#x{ord(match.group()):x};"


def _js_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # a surrogate pair: valid in JS and JSON strings, and in a regular expression without /u
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def _css_escape(match: re.Match[str]) -> str:
    return f"\\{ord(match.group()):06x}"  # six hex digits: no space needed to end the escape


def latin1_only(html: str) -> str:
    r"""``html`` with every character above U+00FF escaped: as ``&#x…;`` in markup, ``\uXXXX`` in scripts (JS and
    JSON) and ``\XXXXXX`` in styles.

    Why: a single such character (the loading state's "…") makes WebKit decode the whole multi-MB document into a
    16-bit string and parse it as one, which costs the inline document's parse more CPU; on WebKit the first tool
    result waits for that parse (bench/startup.py).

    Example:
        >>> latin1_only('<p title="…">Grüße…</p><script>a = "…"</script>')
        '<p title="&#x2026;">Grüße&#x2026;</p><script>a = "\\u2026"</script>'
        >>> latin1_only('<style>p::after { content: "…" }</style>')
        '<style>p::after { content: "\\002026" }</style>'
    """
    if _latin1(html):
        return html
    out: list[str] = []
    at = 0
    opening = _RAW_TEXT_OPEN.search(html)
    while opening is not None:
        tag = opening.group(1)
        close = html.find(f"</{tag}>", opening.end())  # a find, not a lazy match: the blobs are megabytes
        if close < 0:  # no end tag: not raw text
            opening = _RAW_TEXT_OPEN.search(html, opening.start() + 1)
            continue
        out.append(_escaped(html[at : opening.end()], _html_ref))
        out.append(_escaped(html[opening.end() : close], _js_escape if tag == "script" else _css_escape))
        at = close
        opening = _RAW_TEXT_OPEN.search(html, close)
    out.append(_escaped(html[at:], _html_ref))
    return "".join(out)


def _latin1(text: str) -> bool:
    try:
        text.encode("latin-1")  # in C; a regular expression would look at each character in Python's engine
    except UnicodeEncodeError:
        return False
    return True


def _escaped(text: str, escape: Callable[[re.Match[str]], str]) -> str:
    return text if _latin1(text) else _WIDE.sub(escape, text)
