"""Text arguments hold no control characters but tab, newline and carriage return.

A NUL or an escape in a tool's text argument is never what a person typed: it truncates a C string (a SQL ``LIKE``
pattern stops matching at NUL), corrupts a log line or a terminal. pyview's argument check refuses them for every
tool it declares, naming the argument, before the tool runs. Tabs and line breaks stay allowed (a note, an address).

Example:
    >>> control_character_errors("find_orders", {"customer": "ilv\\x00", "note": "a\\tb\\nc"})
    "Invalid arguments for tool 'find_orders':\\n- customer: control character U+0000 at index 3 (text arguments may \
hold tabs and line breaks, no other control characters)"
    >>> control_character_errors("find_orders", {"tags": ["ok", {"deep": "\\x1b[2J"}]})
    "Invalid arguments for tool 'find_orders':\\n- tags.1.deep: control character U+001B at index 0 (text arguments \
may hold tabs and line breaks, no other control characters)"
    >>> control_character_errors("find_orders", {"customer": "Ilva"}) is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

#: C0 controls but tab, newline and carriage return; DEL; the C1 controls.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_WHY = "text arguments may hold tabs and line breaks, no other control characters"


def control_character_errors(tool: str, arguments: dict[str, Any]) -> str | None:
    """The error message naming each text argument (nested ones by path) that holds a control character, or None."""
    lines = [
        f"- {where}: control character U+{ord(found.group()):04X} at index {found.start()} ({_WHY})"
        for where, text in _texts(arguments, "")
        if (found := CONTROL.search(text)) is not None
    ]
    return "\n".join([f"Invalid arguments for tool {tool!r}:", *lines]) if lines else None


def _texts(value: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where or "(arguments)", value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(key, where or "(keys)")
            yield from _texts(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _texts(item, f"{where}.{index}" if where else str(index))
