"""Render components to an HTML string (build-time first paint, tests); no effects run."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyview.components._instances import CompInst, HostInst, TextInst
from pyview.components._tags import VOID_TAGS

if TYPE_CHECKING:
    from pyview.components._instances import Inst

_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def escape_text(text: str) -> str:
    """Escape text for an HTML text node.

    Example:
        >>> escape_text("<b> & </b>")
        '&lt;b&gt; &amp; &lt;/b&gt;'
    """
    return text.translate(_TEXT)


def escape_attr(text: str) -> str:
    """Escape text for a double-quoted HTML attribute value."""
    return text.translate(_ATTR)


def render_to_string(node: object) -> str:
    """The HTML of ``node`` (an element, a component call, text or a list), with its initial state.

    Effects do not run; event handlers are left out (they attach when the View starts in the browser).

    Example:
        >>> from pyview.components import h
        >>> render_to_string(h.p("1 < 2", title='say "hi"'))
        '<p title="say &quot;hi&quot;">1 &lt; 2</p>'
    """
    from pyview.components._root import Root

    root = Root(effects=False)
    root.mount(node)
    out: list[str] = []
    write_children(root.container.kids, out, props=True, sort=False)
    root.unmount()
    return "".join(out)


def write_children(kids: list[Inst], out: list[str], *, props: bool, sort: bool, select: object = None) -> None:
    """Append the HTML of instances; adjacent texts get ``<!-- -->`` between them."""
    last_text = [False]
    for kid in kids:
        _write(kid, out, props, sort, select, last_text)


def _write(inst: Inst, out: list[str], props: bool, sort: bool, select: object, last_text: list[bool]) -> None:
    kind = type(inst)
    if kind is TextInst:
        if last_text[0]:
            out.append("<!-- -->")
        out.append(inst.text.translate(_TEXT))  # type: ignore[union-attr]
        last_text[0] = True
        return
    if kind is CompInst:
        for kid in inst.kids:  # type: ignore[union-attr]
            _write(kid, out, props, sort, select, last_text)
        return
    last_text[0] = False
    host: HostInst = inst  # type: ignore[assignment]
    el = host.el
    tag = el.tag
    attrs = el.attrs
    items = sorted(attrs.items()) if sort else attrs.items()
    out.append("<" + tag)
    inner: str | None = None
    text_value: str | None = None
    for name, value in items:
        first = name[0]
        if first == "!":
            inner = str(value)
        elif first == ".":
            if not props:
                continue
            if name == ".value":
                if tag == "textarea":
                    text_value = str(value)
                elif tag == "input":
                    out.append(f' value="{str(value).translate(_ATTR)}"')
            elif name == ".checked" and value:
                out.append(" checked")
        elif first != "@":
            out.append(f' {name}="{str(value).translate(_ATTR)}"' if value != "" else f" {name}")
    if tag == "option" and select is not None:
        option_value = attrs.get("value")
        if option_value is None:
            option_value = "".join(k.text for k in host.kids if type(k) is TextInst)
        if option_value == select and "selected" not in attrs:
            out.append(" selected")
    out.append(">")
    if tag in VOID_TAGS:
        return
    if inner is not None:
        out.append(inner)
    elif text_value is not None:
        out.append(text_value.translate(_TEXT))
    elif tag == "style":
        out.append("".join(k.text for k in host.kids if type(k) is TextInst).replace("</", "<\\/"))
    else:
        child_select = attrs.get(".value") if tag == "select" and props else select
        write_children(host.kids, out, props=props, sort=sort, select=child_select)
    out.append(f"</{tag}>")
