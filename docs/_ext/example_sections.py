"""A Griffe extension for the API reference: pyview's docstrings head their doctests ``Example:`` (singular), which
Griffe's Google parser reads as an admonition of Markdown text; this renames the heading to ``Examples:`` so the
doctests render as code."""

from __future__ import annotations

import re
from typing import Any

import griffe

_HEADING = re.compile(r"^(\s*)Example:\s*$", re.M)


class ExampleSections(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        docstring = obj.docstring
        if docstring is not None:
            docstring.value = _HEADING.sub(r"\1Examples:", docstring.value)
