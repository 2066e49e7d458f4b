"""A tiny in-Python DOM that applies the patch stream as ``dom.js`` does (tests without a browser)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from pyview._core.components._html import HTML, escape_attr, escape_text, namespaces, style_text
from pyview._core.components._policy import attr_problem, prop_allowed, tag_problem
from pyview._core.components._tags import VOID_TAGS

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any


class MText:
    """A text node."""

    __slots__ = ("data", "id", "parent")

    def __init__(self, data: str) -> None:
        self.data = data
        self.parent: MElement | None = None
        self.id: int | None = None

    @property
    def text(self) -> str:
        return self.data


class MElement:
    """An element: attributes, properties (``value``/``checked``), handler ids, children."""

    def __init__(self, tag: str, attrs: dict[str, str] | None = None) -> None:
        self.tag = tag
        self.attrs: dict[str, str] = attrs or {}
        self.props: dict[str, Any] = {}
        self.handlers: dict[str, tuple[int, int]] = {}
        self.children: list[MElement | MText] = []
        self.parent: MElement | None = None
        self.id: int | None = None
        self.raw_html: str | None = None

    # -- reading -------------------------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The text content (like ``textContent``)."""
        if self.raw_html is not None:
            return self.raw_html
        return "".join(child.text for child in self.children)

    @property
    def value(self) -> Any:
        """The ``value`` property of an input, select or textarea."""
        if "value" in self.props:
            return self.props["value"]
        if self.tag == "textarea":
            return self.text
        return self.attrs.get("value", "")

    @property
    def checked(self) -> bool:
        """The ``checked`` property of a checkbox or radio."""
        return bool(self.props.get("checked", "checked" in self.attrs))

    def get(self, name: str, default: str | None = None) -> str | None:
        """An attribute's value."""
        return self.attrs.get(name, default)

    @property
    def html(self) -> str:
        """The outer HTML (attributes sorted; properties are not attributes, as in a browser)."""
        return serialize(self, outer=True)

    @property
    def inner_html(self) -> str:
        return serialize(self, outer=False)

    def walk(self) -> Iterator[MElement]:
        """This element's descendant elements, in document order."""
        for child in self.children:
            if type(child) is MElement:
                yield child
                yield from child.walk()

    def __repr__(self) -> str:
        text = self.text
        return f"<{self.tag} {self.attrs!r} {text[:40]!r}>"

    # -- changing ------------------------------------------------------------------------------------------
    def insert(self, node: MElement | MText, before: MElement | MText | None) -> None:
        if node.parent is not None:
            node.parent.children.remove(node)
        node.parent = self
        if before is None:
            self.children.append(node)
        else:
            self.children.insert(self.children.index(before), node)


def serialize(node: MElement, *, outer: bool) -> str:
    out: list[str] = []
    _serialize(node, out, outer)
    return "".join(out)


def _serialize(node: MElement, out: list[str], outer: bool, ns: int = HTML) -> None:
    own_ns, child_ns = namespaces(node.tag, node.attrs, ns) if outer else (ns, ns)  # as render_to_string does
    if outer:
        out.append("<" + node.tag)
        for name, value in sorted(node.attrs.items()):
            out.append(f' {name}="{escape_attr(value)}"' if value != "" else f" {name}")
        out.append(">")
        if node.tag in VOID_TAGS:
            return
    if node.raw_html is not None:
        out.append(node.raw_html)
    elif outer and own_ns == HTML and node.tag.lower() == "style":
        out.append(style_text("".join(child.data for child in node.children if type(child) is MText)))
    else:
        last_text = False
        for child in node.children:
            if type(child) is MText:
                if last_text:
                    out.append("<!-- -->")
                out.append(escape_text(child.data))
                last_text = True
            else:
                last_text = False
                _serialize(child, out, True, child_ns)  # type: ignore[arg-type]
    if outer:
        out.append(f"</{node.tag}>")


class MiniDom:
    """Applies patches (``apply(json)``) to ``root`` and simulates delegated events (``fire``)."""

    def __init__(self, root: MElement | None = None) -> None:
        self.root = root if root is not None else MElement("div", {"id": "pyview-root"})
        self.root.id = 0
        self.nodes: dict[int, MElement | MText] = {0: self.root}
        self.dispatcher: Callable[[int, str], object] | None = None
        self.adopted = False
        self.focused: MElement | None = None
        """The element the last focus op named (dom.js focuses it once the patch's task is over)."""

    def apply(self, patch: str) -> None:
        for op in json.loads(patch):
            code = op[0]
            nodes = self.nodes
            if code == 0:
                self._insert(nodes[op[1]], nodes[op[2]] if op[2] is not None else None, op[3], op[4])  # type: ignore[arg-type]
            elif code == 1:
                node = nodes[op[1]]
                node.parent.children.remove(node)  # type: ignore[union-attr]
                node.parent = None
                self._forget(node)
            elif code == 2:
                nodes[op[1]].insert(nodes[op[2]], nodes[op[3]] if op[3] is not None else None)  # type: ignore[union-attr]
            elif code == 3:
                self._set(nodes[op[1]], op[2], op[3])  # type: ignore[arg-type]
            elif code == 4:
                nodes[op[1]].data = op[2]  # type: ignore[union-attr]
            elif code == 5:
                parent: MElement = nodes[op[1]]  # type: ignore[assignment]
                for child in parent.children:
                    child.parent = None
                    self._forget(child)
                parent.children = []
            elif code == 6:
                self._hydrate(nodes[op[1]], op[2], op[3])  # type: ignore[arg-type]
            elif code == 7:
                self.focused = nodes[op[1]]  # type: ignore[assignment]
            else:
                raise ValueError(f"unknown op {op!r}")

    def _forget(self, node: MElement | MText) -> None:
        if node.id is not None:
            self.nodes.pop(node.id, None)
        if type(node) is MElement:
            for child in node.children:
                self._forget(child)

    def _build(self, tree: Any, counter: list[int]) -> MElement | MText:
        refused = type(tree) is not str and tag_problem(tree[0]) is not None  # dom.js builds an inert stand-in
        node: MElement | MText = (
            MText(tree) if type(tree) is str else MElement("pyview-refused" if refused else tree[0])
        )
        node.id = counter[0]
        self.nodes[counter[0]] = node
        counter[0] += 1
        if type(node) is MElement:
            attrs = tree[1] if len(tree) > 1 and not refused else {}
            for name, value in attrs.items():
                if name[0] != ".":
                    self._set(node, name, value)
            for child in tree[2] if len(tree) > 2 else ():
                node.insert(self._build(child, counter), None)
            for name, value in attrs.items():  # properties after children (a select's options exist)
                if name[0] == ".":
                    self._set(node, name, value)
        return node

    def _insert(self, parent: MElement, before: MElement | MText | None, first: int, trees: list[Any]) -> None:
        counter = [first]
        for tree in trees:
            parent.insert(self._build(tree, counter), before)

    def _set(self, node: MElement, name: str, value: Any) -> None:
        first = name[0]
        if first == "@":
            if value is None:
                node.handlers.pop(name[1:], None)
            else:
                node.handlers[name[1:]] = (value, 0) if type(value) is int else (value[0], value[1])
        elif first == ".":
            if prop_allowed(name[1:]):
                node.props[name[1:]] = value
        elif first == "!":
            node.raw_html = value
            for child in node.children:
                self._forget(child)
            node.children = []
        elif value is None or attr_problem(node.tag, name, value) is not None:  # dom.js skips a refused one
            node.attrs.pop(name, None)
        else:
            node.attrs[name] = value

    def _hydrate(self, parent: MElement, first: int, trees: list[Any]) -> None:
        if parent.children and _matches(parent.children, trees):
            counter = [first]
            for child, tree in zip(parent.children, trees, strict=True):
                self._adopt(child, tree, counter)
            self.adopted = True
            return
        for child in parent.children:
            child.parent = None
        parent.children = []
        self._insert(parent, None, first, trees)

    def _adopt(self, node: MElement | MText, tree: Any, counter: list[int]) -> None:
        node.id = counter[0]
        self.nodes[counter[0]] = node
        counter[0] += 1
        if type(node) is MText:
            node.data = tree
            return
        element: MElement = node  # type: ignore[assignment]
        attrs = tree[1] if len(tree) > 1 else {}
        for name in [n for n, v in element.attrs.items() if n not in attrs or attr_problem(element.tag, n, v)]:
            del element.attrs[name]
        for name, value in attrs.items():
            self._set(element, name, value)
        for child, sub in zip(element.children, tree[2] if len(tree) > 2 else (), strict=False):
            self._adopt(child, sub, counter)

    # -- events --------------------------------------------------------------------------------------------
    def fire(self, target: MElement, type_: str, data: dict[str, Any] | None = None) -> bool:
        """Dispatch ``type_`` from ``target`` up to the root, as dom.js does; False if default prevented."""
        event: dict[str, Any] = {"type": type_}
        if target.id is not None:
            event["target"] = target.id
        if target.tag in ("input", "textarea", "select"):
            event["value"] = target.value
            if target.attrs.get("type") in ("checkbox", "radio"):
                event["checked"] = target.checked
        if data:
            event.update(data)
        payload = json.dumps(event)
        prevented = False
        node: MElement | None = target
        while node is not None:
            found = node.handlers.get(type_)
            if found is not None:
                hid, flags = found
                prevented = prevented or bool(flags & 1)
                if self.dispatcher is not None:
                    self.dispatcher(hid, payload)
                if flags & 2:
                    break
            node = node.parent
        return not prevented


def _matches(children: list[MElement | MText], trees: list[Any]) -> bool:
    if len(children) != len(trees):
        return False
    for child, tree in zip(children, trees, strict=True):
        if type(tree) is str:
            if type(child) is not MText:
                return False
        elif (
            type(child) is not MElement
            or child.tag != tree[0]
            or tag_problem(tree[0]) is not None
            or (
                not (len(tree) > 1 and "!html" in tree[1])
                and not _matches(child.children, tree[2] if len(tree) > 2 else [])
            )
        ):
            return False
    return True


def parse_html(markup: str) -> MElement:
    """Parse HTML (e.g. from :func:`render_to_string`) into a root element; comments are dropped."""
    from html.parser import HTMLParser

    root = MElement("div", {"id": "pyview-root"})
    stack = [root]

    class Parser(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            node = MElement(tag, {name: value or "" for name, value in attrs})
            stack[-1].insert(node, None)
            if tag not in VOID_TAGS:
                stack.append(node)

        def handle_endtag(self, tag: str) -> None:
            if len(stack) > 1 and stack[-1].tag == tag:
                stack.pop()

        def handle_comment(self, data: str) -> None:
            stack[-1].insert(MText(""), None)  # keeps the texts on either side apart, then dropped

        def handle_data(self, data: str) -> None:
            last = stack[-1].children[-1] if stack[-1].children else None
            if type(last) is MText and last.data:
                last.data += data
            else:
                stack[-1].insert(MText(data), None)

    parser = Parser(convert_charrefs=True)
    parser.feed(markup)
    parser.close()
    for node in [root, *root.walk()]:
        node.children = [c for c in node.children if type(c) is not MText or c.data]
    return root
