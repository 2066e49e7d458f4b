"""Rendering the document template, and embedding text and bytes safely inside ``<script>`` elements."""

from __future__ import annotations

import base64
import json
from functools import cache
from typing import Any

import jinja2


class Blob:
    """Bytes embedded in the document as base64, served to the runtime by the boot shim's ``fetch``."""

    def __init__(self, name: str, data: bytes, encoding: str | None) -> None:
        self.name = name
        self.encoding = encoding  # "gzip" when the boot must decompress it
        self.base64 = base64.b64encode(data).decode("ascii")


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
    r"""The shim's JavaScript without indentation, blank lines, comment lines and ``/* */`` blocks at a line start.

    A comment after code goes only when nothing before it on the line can hold a ``//`` (no quote, backtick or
    slash), so strings, regular expressions and URLs are never touched.

    Example:
        >>> compact_js("/* header\n * more */\n  // note\n  let a = 1; // gone\n  f('//'); // kept\n")
        "let a = 1;\nf('//'); // kept\n"
    """
    out: list[str] = []
    in_block = False
    for line in code.splitlines():
        text = line.strip()
        if in_block:
            in_block = "*/" not in text
            continue
        if text.startswith("/*"):
            in_block = "*/" not in text
            continue
        if text and not text.startswith("//"):
            at = text.find(" //")
            if at > 0 and not any(mark in text[:at] for mark in "\"'`/"):
                text = text[:at].rstrip()
            out.append(text)
    return "\n".join(out) + "\n"


@cache
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pyview.build", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env.get_template("view.html.j2")


def render_document(**context: Any) -> str:
    """Render ``templates/view.html.j2``; values marked ``safe`` there are escaped by the helpers above."""
    from pyview._version import __version__

    return _template().render(version=__version__, **context)
