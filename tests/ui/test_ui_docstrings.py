"""pyview.ui loads lazily, documents every public name, and keeps to the browser core's rules (its examples run in
tests/api/test_doctests.py)."""

from __future__ import annotations

import pyview._core.ui
import pyview.ui


def test_public_names_load_lazily_and_are_documented() -> None:
    import subprocess
    import sys

    code = "import sys, pyview.ui; print(sorted(m for m in sys.modules if m.startswith('pyview._core.ui.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"  # importing the package loads no component module
    for name in pyview.ui.__all__:
        value = getattr(pyview.ui, name)
        if callable(value):
            assert value.__doc__ and "Example:" in value.__doc__, f"{name} has no example"


def test_browser_core_rules() -> None:
    """Standard library only, no dataclasses/enum/runtime typing, no js at import time."""
    import ast
    from pathlib import Path

    allowed = {"__future__", "typing", "collections", "pyview", "math", "asyncio", "importlib", "time", "traceback"}
    for path in Path(pyview._core.ui.__path__[0]).glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for name in names:
                    assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
        for node in tree.body:  # module level: no js, typing only under TYPE_CHECKING
            if isinstance(node, ast.Import | ast.ImportFrom):
                mod = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
                assert mod not in ("js", "dataclasses", "enum"), f"{path.name} imports {mod} at import time"
                if mod == "typing":
                    assert [a.name for a in node.names] == ["TYPE_CHECKING"], path.name
        assert len(path.read_text().splitlines()) < 330, f"{path.name} is too long"
