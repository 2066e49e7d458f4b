"""Render components to an HTML string (build-time first paint, tests); no effects run.

Every element and attribute is checked again against the security policy (:mod:`pyview._core.components._policy`), so an
``Element`` built or changed behind the builders' back cannot reach the page either. Text inside SVG and MathML is
escaped like any text (the browser's parser reads entities there: ``<style>`` in an ``<svg>`` is not raw text), and the
raw text of an HTML ``<style>`` never contains anything a parser could read as a tag.
"""

from __future__ import annotations

from pyview._core.components._element import UnsafeAttributeError
from pyview._core.components._instances import CompInst, HostInst, TextInst
from pyview._core.components._policy import attr_kind, attr_problem, local_name, tag_problem
from pyview._core.components._root import Root
from pyview._core.components._tags import VOID_TAGS

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Mapping

    from pyview._core.components._instances import Inst

_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})
_TAG_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!/?")

# the namespaces the browser's parser puts elements in, as far as text escaping cares
HTML, SVG, MATHML = 0, 1, 2
# elements whose children the parser reads as HTML again (HTML integration points, MathML text integration points)
_SVG_HTML_POINTS = frozenset({"foreignobject", "desc", "title"})
_MATHML_HTML_POINTS = frozenset({"mi", "mo", "mn", "ms", "mtext"})


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


def style_text(css: str) -> str:
    """CSS for the raw text of an HTML ``<style>``: every ``<`` that could open a tag becomes the CSS escape
    ``\\3c `` (the same character inside CSS strings), so no parser, HTML or foreign, reads markup in it.

    Example:
        >>> style_text('p::after{content:"</style><img>"} @media (width < 600px){}')
        'p::after{content:"\\\\3c /style>\\\\3c img>"} @media (width < 600px){}'
    """
    if "<" not in css:
        return css
    parts = css.split("<")
    return parts[0] + "".join(("\\3c " if part[:1] in _TAG_START and part else "<") + part for part in parts[1:])


def render_to_string(node: object) -> str:
    """The HTML of ``node`` (an element, a component call, text or a list), with its initial state.

    Effects do not run; event handlers are left out (they attach when the View starts in the browser).

    Example:
        >>> from pyview.components import h
        >>> render_to_string(h.p("1 < 2", title='say "hi"'))
        '<p title="say &quot;hi&quot;">1 &lt; 2</p>'
    """
    root = Root(effects=False)
    root.pauses_collector = False  # called anywhere, a server's threads included: the collector is not ours
    root.mount(node)
    out: list[str] = []
    write_children(root.container.kids, out, props=True, sort=False)
    root.unmount()
    return "".join(out)


def write_children(
    kids: list[Inst], out: list[str], *, props: bool, sort: bool, select: object = None, ns: int = HTML
) -> None:
    """Append the HTML of instances; adjacent texts get ``<!-- -->`` between them.

    Raises:
        UnsafeAttributeError: an element or attribute the security policy refuses.
    """
    last_text = [False]
    for kid in kids:
        _write(kid, out, props, sort, select, last_text, ns)


def _refuse(subject: str, why: str) -> None:
    raise UnsafeAttributeError(f"refusing {subject}: {why}")


def namespaces(tag: str, attrs: Mapping[str, object], ns: int) -> tuple[int, int]:
    """(the element's namespace, its children's) as the browser's parser sees them (breakouts aside: escaping
    does not depend on them being right, see :func:`style_text`)."""
    local = local_name(tag)
    if ns == HTML:
        ns = SVG if local == "svg" else MATHML if local == "math" else HTML
    if ns == SVG and local in _SVG_HTML_POINTS:
        return ns, HTML
    if ns == MATHML and (
        local in _MATHML_HTML_POINTS
        or (
            local == "annotation-xml"
            and str(attrs.get("encoding", "")).lower() in ("text/html", "application/xhtml+xml")
        )
    ):
        return ns, HTML
    return ns, ns


def _write(inst: Inst, out: list[str], props: bool, sort: bool, select: object, last_text: list[bool], ns: int) -> None:
    kind = type(inst)
    if kind is TextInst:
        if last_text[0]:
            out.append("<!-- -->")
        out.append(inst.text.translate(_TEXT))  # type: ignore[union-attr]
        last_text[0] = True
        return
    if kind is CompInst:
        for kid in inst.kids:  # type: ignore[union-attr]
            _write(kid, out, props, sort, select, last_text, ns)
        return
    last_text[0] = False
    host: HostInst = inst  # type: ignore[assignment]
    el = host.el
    tag = el.tag
    attrs = el.attrs
    why = tag_problem(tag)
    if why is not None:
        _refuse(f"element <{tag}>", why)
    own_ns, child_ns = namespaces(tag, attrs, ns)
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
            checked = attr_kind(name)
            if checked != 0:
                why = checked if type(checked) is str else attr_problem(tag, name, str(value))
                if why is not None:
                    _refuse(f"{name}={value!r} on <{tag}>", why)
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
    elif own_ns == HTML and tag.lower() == "style":  # raw text: no entities, so nothing in it may look like a tag
        out.append(style_text("".join(k.text for k in host.kids if type(k) is TextInst)))
    else:
        child_select = attrs.get(".value") if tag == "select" and props else select
        write_children(host.kids, out, props=props, sort=sort, select=child_select, ns=child_ns)
    out.append(f"</{tag}>")
