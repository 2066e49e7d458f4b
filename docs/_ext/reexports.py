"""A Griffe extension for the API reference: a name imported as ``from module import X as X`` is public, the
re-export convention of PEP 484 that mypy and pyright follow. pyview's lazy facades mark their exports so (their
``__all__`` is computed at run time, which Griffe does not read); Griffe treats other imports as private."""

from __future__ import annotations

import ast
from typing import Any

import griffe


class RedundantAliasReexports(griffe.Extension):
    def on_alias_instance(self, *, alias: griffe.Alias, node: ast.AST | griffe.ObjectNode, **kwargs: Any) -> None:
        if isinstance(node, ast.ImportFrom) and any(name.asname == alias.name == name.name for name in node.names):
            alias.public = True
