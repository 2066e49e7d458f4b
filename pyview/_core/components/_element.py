"""Elements: what ``h.div(...)`` and a component call return; the description of a piece of UI.

Attribute names and values are normalised once, when the element is built, into the exact form the patch
stream carries (``class_`` -> ``class``, ``style`` dict -> CSS text), and every unsafe value is refused here,
so neither the renderer nor ``dom.js`` ever sees one. What is unsafe is decided by the one policy table in
:mod:`pyview._core.components._policy`, which ``render_to_string`` and ``dom.js`` apply again.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring as json_text  # '"text"', escaped as json.dumps(ensure_ascii=False) does

from pyview._core.components._policy import attr_kind, attr_problem, tag_problem, valid_name
from pyview._core.components._tags import ENUMERATED_BOOL, HTML_TAGS, SNAKE_TAGS, SPECIAL_NAMES, SVG_TAGS

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from pyview._core.components._component import Component
    from pyview._core.components._htags import HBuilders

#: Event flag bits (sent to dom.js, which acts on them synchronously in the browser's event).
PREVENT_DEFAULT = 1
STOP_PROPAGATION = 2

_PROP_TAGS = {"input": ("value", "checked", "indeterminate"), "textarea": ("value",), "select": ("value",)}
_EVENT_ALIASES = {"doubleclick": "dblclick"}


class UnsafeAttributeError(ValueError):
    """An element or attribute the security policy refuses (an inline ``on*`` handler, a ``javascript:`` URL,
    ``srcdoc``, a ``<script>`` in any spelling, ...).

    Example:
        >>> h.a("x", href="javascript:alert(1)")
        Traceback (most recent call last):
        ...
        pyview.components.UnsafeAttributeError: refusing href='javascript:alert(1)' on <a>: ...
    """


class Element:
    """One HTML or SVG element: tag, wire-ready attributes, event handlers, children and an optional key.

    ``head`` is the start of its wire tree as JSON text, ``["tag",{attrs}``, when a builder knows it (shared attrs:
    encoded once, not once per element mounted); None: mounting encodes tag and attrs. Whoever replaces ``attrs`` of
    a built element sets ``head`` to None.
    """

    __slots__ = ("attrs", "children", "events", "head", "key", "tag")

    def __init__(
        self,
        tag: str,
        attrs: dict[str, object],
        events: dict[str, tuple[Callable[..., object], int]] | None,
        children: list[Node],
        key: object = None,
        head: str | None = None,
    ) -> None:
        self.tag = tag
        self.attrs = attrs
        self.events = events
        self.children = children
        self.key = key
        self.head = head

    def __repr__(self) -> str:
        return f"<Element {self.tag} {self.attrs!r} children={len(self.children)}>"


class ComponentElement:
    """A call of a component (``Counter(start=3)``): rendered, with its own state, when mounted."""

    __slots__ = ("args", "key", "kwargs", "type")

    def __init__(self, type: Component, args: tuple[object, ...], kwargs: dict[str, object], key: object) -> None:
        self.type = type
        self.args = args
        self.kwargs = kwargs
        self.key = key

    def __repr__(self) -> str:
        return f"<{self.type.__name__} key={self.key!r}>"


if TYPE_CHECKING:
    from typing import TypeAlias

    #: What the renderer works on after flattening: text, an element, or a component call.
    Node: TypeAlias = "str | Element | ComponentElement"


class EventHandler:
    """A handler with options that must act synchronously in the browser (see :func:`prevent_default`)."""

    __slots__ = ("flags", "fn")

    def __init__(self, fn: Callable[..., object] | None, flags: int) -> None:
        self.fn = fn
        self.flags = flags

    def __call__(self, *args: object) -> object:
        return None if self.fn is None else self.fn(*args)


def _with_flag(fn: Callable[..., object] | None, flag: int) -> EventHandler:
    if isinstance(fn, EventHandler):
        return EventHandler(fn.fn, fn.flags | flag)
    return EventHandler(fn, flag)


def prevent_default(fn: Callable[..., object] | None = None) -> EventHandler:
    """Call ``event.preventDefault()`` in the browser, then run ``fn`` (if any) in Python.

    Handlers run asynchronously in Python after the browser's event has returned, so the choice is declared
    up front. Forms get it automatically for ``on_submit``.

    Example:
        >>> link = h.a("Open", href="#", on_click=prevent_default(lambda: None))
        >>> link.events["click"][1] & PREVENT_DEFAULT
        1
    """
    return _with_flag(fn, PREVENT_DEFAULT)


def stop_propagation(fn: Callable[..., object] | None = None) -> EventHandler:
    """Stop the event at this element (no handler further up runs), then run ``fn`` in Python.

    Example:
        >>> inner = h.button("x", on_click=stop_propagation(print))
        >>> inner.events["click"][1] & STOP_PROPAGATION
        2
    """
    return _with_flag(fn, STOP_PROPAGATION)


def _kebab(name: str) -> str:
    if name.startswith("--"):
        return name
    return "".join("-" + c.lower() if c.isupper() else c for c in name).replace("_", "-")


def _style_text(style: object) -> str:
    if isinstance(style, dict):
        return ";".join(f"{_kebab(str(k))}:{v}" for k, v in style.items() if v is not None and v is not False)
    return str(style)


def _class_text(value: object) -> str:
    if isinstance(value, dict):
        return " ".join(str(k) for k, on in value.items() if on)
    if isinstance(value, (list, tuple)):
        return " ".join(str(c) for c in value if c)
    return str(value)


#: keyword name -> (wire name, how its value is handled: one of the _PLAIN.. codes below)
_NAMES: dict[str, tuple[str, int]] = {}
_PLAIN, _EVENT, _HTML, _CLASS, _STYLE, _CHECKED = range(6)


def _wire_name(name: str) -> str:
    """Keyword argument -> wire name: ``@type`` for events, ``!html`` for raw HTML, else the attribute."""
    return _name_entry(name)[0]


def _name_entry(name: str) -> tuple[str, int]:
    entry = _NAMES.get(name)
    if entry is not None:
        return entry
    if name.startswith("on_"):
        event = name[3:].replace("_", "").lower()
        entry = ("@" + _EVENT_ALIASES.get(event, event), _EVENT)
    elif name == "dangerously_set_inner_html":
        entry = ("!html", _HTML)
    else:
        wire = SPECIAL_NAMES.get(name) or (name.rstrip("_").replace("_", "-") if "_" in name else name)
        if not valid_name(wire):
            raise ValueError(f"invalid attribute name {name!r}")
        kind = attr_kind(wire)
        if wire[:2].lower() == "on":
            raise UnsafeAttributeError(
                f"refusing attribute {wire!r}: inline event handlers are blocked (CSP and safety); "
                f"pass a Python function instead, e.g. on_{wire[2:].lower()}=handler"
            )
        if type(kind) is str:
            raise UnsafeAttributeError(f"refusing attribute {wire!r}: {kind}")
        code = _CHECKED if kind == 1 else _CLASS if wire == "class" else _STYLE if wire == "style" else _PLAIN
        entry = (wire, code)
    _NAMES[name] = entry
    return entry


_FUNCTION = type(lambda: None)
_URL_HINT = " (URLs may be http(s), mailto, tel, relative or a data: image; for an action use on_click=)"


#: small attribute dicts already built, by content: rows of a table repeat ``{"class": "col-md-1"}`` thousands of
#: times. Values are never mutated after a builder made them (mount copies before adding handler ids), so equal dicts
#: can be one object: 18 % less Python heap for the 10,000-row benchmark, and the reconciler's ``is`` check skips
#: their diff. Bounded: emptied when full (the dicts handed out stay valid); a race only makes a duplicate.
_SHARED: dict[tuple[tuple[str, object], ...], tuple[dict[str, object], str]] = {}
_SHARED_MAX = 4096
_NO_ATTRS: dict[str, object] = {}
#: ``(tag, keyword, value) -> (attrs, head)`` for the one-keyword calls with a short text (or None) value: the same
#: checked, shared dict and its wire head (see :class:`Element`) without classifying the keyword or looking the dict
#: up by content again.
_ONE: dict[tuple[str, str, object], tuple[dict[str, object], str]] = {}
#: JSON text of any wire value, as the patch encodes it (``Root.commit``)
encode_json = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False).encode


def shared_attrs(attrs: dict[str, object]) -> dict[str, object]:
    """``attrs``, or an equal dict built before (up to two short values, no ``.value``/``.checked``); read-only.

    Example:
        >>> shared_attrs({"class": "lbl"}) is shared_attrs({"class": "lbl"})
        True
    """
    return _share(attrs)[0]


def _share(attrs: dict[str, object]) -> tuple[dict[str, object], str | None]:
    """:func:`shared_attrs` and the JSON text of the shared dict (None: not shared, encoded when mounted)."""
    if not attrs:
        return _NO_ATTRS, "{}"
    if len(attrs) > 2:
        return attrs, None
    key = tuple(attrs.items())
    found = _SHARED.get(key)  # what is not shared is never stored, so the checks below run only for a new dict
    if found is not None:
        return found
    for name, value in key:
        # not a controlled property (.value, .checked: their diff also reads what the page reported), nor long text
        if name[0] == "." or (type(value) is str and len(value) > 64):
            return attrs, None
    if len(_SHARED) >= _SHARED_MAX:
        _SHARED.clear()
    entry = _SHARED[key] = (attrs, encode_json(attrs))
    return entry


def _with_dataset(
    build: Callable[..., Element], tag: str, children: tuple[object, ...], props: dict[str, object], key: object
) -> Element:
    """``dataset={"row_id": 3, "kind": None}`` (the typed spelling of ``data_row_id=3, data_kind=None``):
    ``data-row-id="3"``, after the element's other attributes. ``props`` is the call's own keyword dict."""
    dataset = props.pop("dataset")
    element = build(*children, key=key, **props)
    if dataset is None:
        return element
    if not hasattr(dataset, "items"):
        raise TypeError(f"dataset must be a dict of data-* values, not {type(dataset).__name__}")
    data: dict[str, object] = {}
    for name, value in dataset.items():
        wire = "data-" + _kebab(str(name))  # not through the keyword-name cache: these keys may come from data
        if not valid_name(wire):
            raise ValueError(f"invalid attribute name {wire!r} (from dataset key {name!r}) on <{tag}>")
        if value is not None:
            data[wire] = "true" if value is True else "false" if value is False else str(value)
    element.attrs = {**element.attrs, **data}  # a new dict: a built element's attrs may be shared
    element.head = None  # encoded when mounted
    return element


def flatten(children: Iterable[object], out: list[Node]) -> None:
    """Append ``children`` to ``out``: lists and generators flattened, None/bool dropped, text merged."""
    for child in children:
        kind = type(child)
        if kind is Element or kind is ComponentElement:  # first: a list of rows is all elements
            out.append(child)  # type: ignore[arg-type]
        elif kind is str or kind is int or kind is float:
            text = child if kind is str else str(child)
            if not text:
                continue
            if out and type(out[-1]) is str:
                out[-1] = out[-1] + text  # type: ignore[operator]
            else:
                out.append(text)  # type: ignore[arg-type]
        elif child is None or kind is bool:
            continue
        elif kind is list or kind is tuple or hasattr(child, "__next__"):
            flatten(child, out)  # type: ignore[arg-type]
        elif isinstance(child, (str, int, float)):
            flatten([str(child)], out)
        else:
            raise TypeError(
                f"cannot render {type(child).__name__!r} as a child: use text, numbers, h.<tag>(...), "
                "components, lists or None"
            )


def _builder(tag: str) -> Callable[..., Element]:
    """``h.div``: a function building ``<div>`` elements from keyword props. ``key=`` identifies the element among
    its siblings.

    A plain function, not an object with ``__call__``: calling an instance goes through its type's call slot,
    which packs the arguments into a tuple and a dict once more. And the whole build is this closure over ``tag``,
    not a call of a shared function: a second Python frame per element was a tenth of creating 1,000 rows.

    Every attribute name is classified once (``_NAMES``); the usual case, a text value for a plain attribute or a
    class, is a dictionary store. URL attributes (``_CHECKED``) are checked against the policy on every value.
    """
    prop_names = _PROP_TAGS.get(tag)
    tag_json = json_text(tag)
    bare = f"[{tag_json},{{}}"  # the head without attributes

    def build(*children: object, key: object = None, **props: object) -> Element:
        attrs: dict[str, object] = _NO_ATTRS
        head: str | None = bare
        events: dict[str, tuple[Callable[..., object], int]] | None = None
        html = False
        if props:
            found = one = None
            if len(props) == 1:
                (name,) = props  # half the cost of unpacking props.items() in Pyodide
                value = props[name]
                if value is None or type(value) is str:
                    one = (tag, name, value)  # h.td(class_="col-md-1"): the attrs this built before, already checked
                    found = _ONE.get(one)
            if found is not None:
                attrs, head = found
            else:
                if "dataset" in props:
                    return _with_dataset(build, tag, children, props, key)
                attrs = {}
                names = _NAMES
                for name, value in props.items():
                    entry = names.get(name)
                    wire, code = entry if entry is not None else _name_entry(name)
                    if prop_names is not None and name in prop_names:
                        if name == "value":
                            if value is not None:  # value=None: uncontrolled, the page keeps what the user typed
                                attrs[".value"] = str(value)
                        else:
                            attrs["." + name] = bool(value)
                        continue
                    if type(value) is str and code == _PLAIN:
                        attrs[wire] = value
                        continue
                    if code == _CLASS and type(value) is str:
                        if value:  # class_="": no class attribute at all
                            attrs[wire] = value
                        continue
                    if code == _EVENT:
                        if value is None:
                            continue
                        if type(value) is _FUNCTION:  # a def or lambda, the usual handler: no flags to read
                            flags = 0
                        elif not callable(value):
                            raise UnsafeAttributeError(f"{name} must be a Python function, not {type(value).__name__}")
                        else:
                            flags = value.flags if isinstance(value, EventHandler) else 0
                        if wire == "@submit":
                            flags |= PREVENT_DEFAULT
                        if events is None:
                            events = {}
                        events[wire[1:]] = (value, flags)
                        continue
                    if code == _HTML:
                        if value is not None:
                            markup = value.__html__() if hasattr(value, "__html__") else value
                            attrs["!html"] = str(markup)
                            html = True
                        continue
                    if value is None or value is False:
                        if value is False and (wire.startswith(("aria-", "data-")) or wire in ENUMERATED_BOOL):
                            attrs[wire] = "false"
                        continue
                    if value is True:
                        text = "true" if wire.startswith(("aria-", "data-")) or wire in ENUMERATED_BOOL else ""
                    elif code == _STYLE:
                        text = _style_text(value)
                    elif code == _CLASS:
                        text = _class_text(value)
                        if not text:  # class_={"x": False}, [] or "": no class attribute at all
                            continue
                    else:
                        text = value if type(value) is str else str(value)
                        if code == _CHECKED:
                            why = attr_problem(tag, wire, text)
                            if why is not None:
                                raise UnsafeAttributeError(f"refusing {wire}={text!r} on <{tag}>: {why}{_URL_HINT}")
                    attrs[wire] = text
                attrs, attrs_json = _share(attrs)
                head = None if attrs_json is None else f"[{tag_json},{attrs_json}"
                # Remembered: only a dict _share shares (not a controlled .value: its diff also reads what the page
                # reported), with no handler, no inner HTML (checked against the children below) and short text.
                if (
                    head is not None
                    and one is not None
                    and events is None
                    and not html
                    and (one[2] is None or len(one[2]) <= 64)
                ):
                    if len(_ONE) >= _SHARED_MAX:
                        _ONE.clear()
                    _ONE[one] = (attrs, head)
        kids: list[Node]
        if not children:
            kids = []
        elif len(children) == 1:
            child = children[0]
            kind = type(child)
            if kind is str:  # the common h.td("text")
                kids = [child] if child else []  # type: ignore[list-item]
            elif kind is Element or kind is ComponentElement:
                kids = [child]  # type: ignore[list-item]
            else:
                kids = []
                flatten(children, kids)
        else:
            kids = []
            flatten(children, kids)
        if html and kids:
            raise ValueError(f"<{tag}> has both children and dangerously_set_inner_html")
        return Element(tag, attrs, events, kids, key, head)

    build.__name__ = tag
    build.__qualname__ = f"h.{tag}"
    return build


class _H:
    """Element builders for every HTML and SVG tag: ``h.div(...)``, ``h.button(...)``, ``h.circle(...)``.

    Children are positional (text, numbers, elements, components, lists, None); attributes are keywords:
    ``class_`` (str, list or dict), ``for_``, ``style`` (dict or str), ``dataset={"row": 3}`` -> ``data-row``
    (``data_row=3`` too, untyped), ``aria_label`` -> ``aria-label``, ``on_click=fn`` for events.
    ``h("my-tag", ...)``: a custom element.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(h.label("Name", for_="n", class_=["field", None], dataset={"row": 3}))
        '<label for="n" class="field" data-row="3">Name</label>'
    """

    def __getattr__(self, name: str) -> Callable[..., Element]:
        if name.startswith("__"):
            raise AttributeError(name)
        tag = SNAKE_TAGS.get(name, name.rstrip("_"))
        if tag_problem(tag) is not None:
            raise AttributeError(f"h.{name}: <{tag}> elements are refused ({tag_problem(tag)})")
        if tag not in HTML_TAGS and tag not in SVG_TAGS:
            raise AttributeError(f"unknown element h.{name}; for a custom element use h({name!r}, ...)")
        builder = _builder(tag)
        setattr(self, name, builder)
        return builder

    def __call__(self, tag: str, *children: object, key: object = None, **props: object) -> Element:
        why = tag_problem(tag)
        if why is not None:
            raise UnsafeAttributeError(f"refusing element <{tag}>: {why}")
        return _builder(tag)(*children, key=key, **props)  # a custom element: rare, a new builder is cheap


h: HBuilders = _H()  # type: ignore[assignment]  # typed per tag by the generated stub _htags.pyi


def unsafe_html(markup: str, tag: str = "div", **props: object) -> Element:
    """An element whose content is ``markup`` parsed as HTML, unescaped. Only for HTML you trust completely.

    Example:
        >>> from pyview.components import render_to_string
        >>> render_to_string(unsafe_html("<b>bold</b>", tag="span"))
        '<span><b>bold</b></span>'
    """
    props["dangerously_set_inner_html"] = markup
    return h(tag, **props)
