"""Finding elements in the test DOM: by text, role, test id or a small CSS selector subset."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyview._tooling.testing._minidom import MElement

_PART = re.compile(r"\*|[#.]?[-\w]+|\[[^\]]+\]")
_ATTR = re.compile(r"\[\s*([-\w:]+)\s*(?:([~^$*]?=)\s*(?:\"([^\"]*)\"|'([^']*)'|([^\]\s]*)))?\s*\]")
_ROLES = {
    "button": "button",
    "a": "link",
    "textarea": "textbox",
    "select": "combobox",
    "h1": "heading",
    "h2": "heading",
    "h3": "heading",
    "h4": "heading",
    "h5": "heading",
    "h6": "heading",
    "ul": "list",
    "ol": "list",
    "li": "listitem",
    "form": "form",
    "nav": "navigation",
    "main": "main",
    "img": "img",
    "table": "table",
    "tr": "row",
    "td": "cell",
    "th": "columnheader",
    "dialog": "dialog",
    "progress": "progressbar",
}
_INPUT_ROLES = {
    "checkbox": "checkbox",
    "radio": "radio",
    "range": "slider",
    "button": "button",
    "submit": "button",
    "search": "searchbox",
    "number": "spinbutton",
}


def role_of(node: MElement) -> str | None:
    """The explicit ``role`` or the implicit ARIA role of common elements."""
    explicit = node.attrs.get("role")
    if explicit:
        return explicit.split()[0]
    if node.tag == "input":
        return _INPUT_ROLES.get(node.attrs.get("type", "text"), "textbox")
    if node.tag == "a" and "href" not in node.attrs:
        return None
    return _ROLES.get(node.tag)


def name_of(node: MElement) -> str:
    """Accessible name, roughly: aria-label, else text content, else title/placeholder/value."""
    label = node.attrs.get("aria-label")
    if label:
        return label.strip()
    text = " ".join(node.text.split())
    return text or node.attrs.get("title") or node.attrs.get("placeholder") or ""


def _compound(node: MElement, parts: list[str]) -> bool:
    for part in parts:
        if part == "*":
            continue
        first = part[0]
        if first == "#":
            if node.attrs.get("id") != part[1:]:
                return False
        elif first == ".":
            if part[1:] not in node.attrs.get("class", "").split():
                return False
        elif first == "[":
            found = _ATTR.fullmatch(part)
            if found is None:
                raise ValueError(f"unsupported attribute selector {part!r}")
            name, op, *quoted = found.groups()
            have = node.attrs.get(name)
            if have is None:
                return False
            if op:
                want = next((q for q in quoted if q is not None), "")
                if not _compare(op, have, want):
                    return False
        elif node.tag.lower() != part.lower():
            return False
    return True


def _compare(op: str, have: str, want: str) -> bool:
    if op == "=":
        return have == want
    if op == "~=":
        return want in have.split()
    if op == "^=":
        return have.startswith(want)
    if op == "$=":
        return have.endswith(want)
    return want in have


def parse_selector(selector: str) -> list[tuple[str, list[str]]]:
    """``"ul > li.done a"`` -> ``[(" ", ["ul"]), (">", ["li", ".done"]), (" ", ["a"])]``."""
    steps: list[tuple[str, list[str]]] = []
    combinator = " "
    for token in re.split(r"(\s*>\s*|\s+)", selector.strip()):
        if not token:
            continue
        if not token.strip() or token.strip() == ">":
            combinator = ">" if ">" in token else " "
            continue
        parts = _PART.findall(token)
        if "".join(parts) != token:
            raise ValueError(f"unsupported selector {selector!r} (supported: tag, #id, .class, [attr=v], ' ', '>')")
        steps.append((combinator, parts))
        combinator = " "
    return steps


def matches(node: MElement, steps: list[tuple[str, list[str]]], scope: MElement) -> bool:
    """Whether ``node`` matches the parsed selector, with ancestors limited to ``scope``'s subtree."""
    if not steps or not _compound(node, steps[-1][1]):
        return False
    combinator = steps[-1][0]
    rest = steps[:-1]
    if not rest:
        return True
    parent = node.parent
    while parent is not None and parent is not scope:
        if matches(parent, rest, scope):
            return True
        if combinator == ">":
            return False
        parent = parent.parent
    return False


def query(
    scope: MElement,
    selector: str | None = None,
    *,
    text: str | None = None,
    role: str | None = None,
    name: str | None = None,
    test_id: str | None = None,
    exact: bool = True,
) -> list[MElement]:
    """Elements under ``scope`` matching every criterion given (text: the deepest matching elements)."""
    steps = parse_selector(selector) if selector else None
    found: list[MElement] = []
    for node in scope.walk():
        if steps is not None and not matches(node, steps, scope):
            continue
        if test_id is not None and node.attrs.get("data-testid") != test_id:
            continue
        if role is not None and role_of(node) != role:
            continue
        if name is not None and not _text_ok(name_of(node), name, exact):
            continue
        if text is not None:
            if not _text_ok(" ".join(node.text.split()), text, exact):
                continue
            if any(_text_ok(" ".join(c.text.split()), text, exact) for c in node.walk()):
                continue
        found.append(node)
    return found


def _text_ok(have: str, want: str, exact: bool) -> bool:
    return have == want if exact else want.lower() in have.lower()
