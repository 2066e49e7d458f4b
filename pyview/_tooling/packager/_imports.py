r"""Which modules Python source imports, found from its tokens (``ast`` of the build's Python may not parse it: the
stdlib shipped is Python 3.14, the build may run on 3.11).

Example:
    >>> eager, lazy = imports_of("import os.path\nfrom . import b\ndef f():\n    import json\n", "pkg.a", False)
    >>> sorted(eager), sorted(lazy)
    (['os', 'os.path', 'pkg', 'pkg.b'], ['json'])
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Iterable, Mapping


def imports_of(source: str, module: str, is_package: bool) -> tuple[set[str], set[str]]:
    """The modules ``source`` imports: ``(at import time, only inside functions)``, each with its parent packages.

    ``from a import b`` counts ``a`` and ``a.b`` (``b`` may be a submodule); relative imports are resolved against
    ``module``; imports under ``if __name__ == "__main__":`` are left out.
    """
    package = module if is_package else module.rpartition(".")[0]
    skipped = (tokenize.COMMENT, tokenize.NL)
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in skipped]
    eager: set[str] = set()
    lazy: set[str] = set()
    blocks = ["module"]  # what each open indented block is: "module" level, "function" body, "main" block
    opens: str | None = None  # what the current line's block will be, when it opens one
    previous: tokenize.TokenInfo | None = None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == tokenize.INDENT:
            blocks.append(opens or blocks[-1])
        elif token.type == tokenize.DEDENT:
            blocks.pop()
        line_start = previous is None or previous.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
        if line_start and token.type not in (tokenize.INDENT, tokenize.DEDENT):
            opens = _block_opened(tokens, index, blocks[-1])
        if token.type in (tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE):
            previous, index = token, index + 1
            continue
        one_line_body = previous is not None and previous.string == ":" and opens in ("function", "main")
        kind = opens if one_line_body and opens else blocks[-1]
        statement = line_start or (previous is not None and previous.string in (";", ":"))
        if statement and token.type == tokenize.NAME and token.string in ("import", "from"):
            names, index = _import_statement(tokens, index, package)
            if kind != "main":
                (lazy if kind == "function" else eager).update(names)
            previous = tokens[index - 1]
            continue
        previous, index = token, index + 1
    eager, lazy = _with_parents(eager), _with_parents(lazy)
    return eager, lazy - eager


def _block_opened(tokens: list[tokenize.TokenInfo], index: int, current: str) -> str | None:
    if current in ("function", "main"):
        return current
    first = tokens[index].string
    if first in ("def", "async"):
        return "function"
    words = [t.string for t in tokens[index : index + 4]]
    if first == "if" and words[1:3] == ["__name__", "=="] and words[3] in ("'__main__'", '"__main__"'):
        return "main"
    return None


def _import_statement(tokens: list[tokenize.TokenInfo], index: int, package: str) -> tuple[set[str], int]:
    """The names one ``import``/``from`` statement starting at ``index`` imports, and the index after it."""
    found: set[str] = set()
    ends = (tokenize.NEWLINE, tokenize.ENDMARKER)
    if tokens[index].string == "import":
        index += 1
        while True:
            name, index = _dotted(tokens, index)
            if name:
                found.add(name)
            if index < len(tokens) and tokens[index].string == "as":
                index += 2
            if index < len(tokens) and tokens[index].string == ",":
                index += 1
                continue
            return found, index
    index += 1
    level = 0
    while index < len(tokens) and tokens[index].string in (".", "..."):
        level += len(tokens[index].string)
        index += 1
    name, index = _dotted(tokens, index)
    if index >= len(tokens) or tokens[index].string != "import":  # `yield from`, `raise ... from` never get here
        return found, index
    index += 1
    if level:
        base = package.split(".") if package else []
        base = base[: len(base) - (level - 1)] if level > 1 else base
        name = ".".join(base + ([name] if name else []))
    if name:
        found.add(name)
    while index < len(tokens) and tokens[index].type not in ends and tokens[index].string != ";":
        token = tokens[index]
        if token.type == tokenize.NAME and token.string != "as" and tokens[index - 1].string != "as" and name:
            found.add(f"{name}.{token.string}")
        index += 1
    return found, index


def _dotted(tokens: list[tokenize.TokenInfo], index: int) -> tuple[str, int]:
    parts: list[str] = []
    while index < len(tokens) and tokens[index].type == tokenize.NAME and tokens[index].string != "import":
        parts.append(tokens[index].string)
        index += 1
        if index < len(tokens) and tokens[index].string == ".":
            index += 1
        else:
            break
    return ".".join(parts), index


def _with_parents(names: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for name in names:
        parts = name.split(".")
        out.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
    return out


def module_name(path: str) -> tuple[str, bool] | None:
    """``("a.b", is_package)`` for a ``.py`` path inside a zip or document (``a/b.py``, ``a/b/__init__.py``)."""
    if not path.endswith(".py"):
        return None
    stem = path[:-3]
    if stem.endswith("/__init__") or stem == "__init__":
        return stem[: -len("/__init__")].replace("/", "."), True
    return stem.replace("/", "."), False


def code_imports(files: Mapping[str, str]) -> set[str]:
    """Every module the Python ``files`` (``{"pkg/mod.py": source}``) import, anywhere in their code."""
    found: set[str] = set()
    for path, source in files.items():
        named = module_name(path)
        if named is None:
            continue
        imported = _IMPORTED.get((path, source))
        if imported is None:
            eager, lazy = imports_of(source, *named)
            imported = frozenset(eager | lazy)
            remember_imports(path, source, imported)
        found |= imported
    return found


def remember_imports(path: str, source: str, imported: frozenset[str]) -> None:
    """Record what ``source`` at ``path`` imports, for :func:`code_imports` (the core's come from its cache)."""
    if len(_IMPORTED) >= _IMPORTED_MAX:
        _IMPORTED.clear()
    _IMPORTED[(path, source)] = imported


# (path, source) -> what it imports: every inline build scans the browser core and the View again, the same
# sources each time (~0.7 s of tokenizing a build); bounded, as the core and Views change in a dev session.
_IMPORTED: dict[tuple[str, str], frozenset[str]] = {}
_IMPORTED_MAX = 1024
