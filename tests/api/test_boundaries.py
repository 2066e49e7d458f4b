"""The boundary between pyview's two worlds, enforced (docs/ARCHITECTURE.md, "Two worlds, one boundary").

The browser core is the Python that ships inside every View's document and also runs inside the MCP server
(server-rendered results, the server runtime). It may import the standard library and itself, and ``js``/``pyodide``
only inside the functions that run in the browser. The tooling (build, server, host, dev, testing) may import
anything, but the browser core never imports the tooling. The layout shows the line: the core is the package
root's files, the facades ``app``/``components``/``ui`` and ``_core/``; the tooling is ``_tooling/`` and its
facades.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from pyview._tooling.packager._sources import BROWSER_CORE, PYVIEW_ROOT, TOOLING, browser_core_sources

BROWSER_ONLY = ("js", "pyodide")
CORE_PACKAGES = tuple(name for name in BROWSER_CORE if not name.endswith(".py"))
CORE_MODULES = tuple(name[:-3] for name in BROWSER_CORE if name.endswith(".py"))


def core_files() -> list[Path]:
    return [PYVIEW_ROOT / path.removeprefix("pyview/") for path in sorted(browser_core_sources())]


def imports(tree: ast.AST, package: str = "pyview") -> list[tuple[str, int, bool]]:
    """``(module, line, at_module_level)`` for every import in ``tree``; relative ones resolved from ``package``."""
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = not top or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, not nested) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                module = child.module or ""
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    module = ".".join([*base, module] if module else base)
                if child.module:
                    found.append((module, child.lineno, not nested))
                else:  # `from .. import server` imports the module pyview.server
                    found.extend((f"{module}.{alias.name}", child.lineno, not nested) for alias in child.names)
            visit(child, not nested)

    visit(tree, True)
    return found


def type_checking_lines(tree: ast.AST) -> set[int]:
    """Lines inside ``if TYPE_CHECKING:`` blocks (never run)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def allowed_in_core(module: str) -> bool:
    top = module.split(".")[0]
    if top == "__future__" or top in sys.stdlib_module_names:
        return True
    if top != "pyview":
        return False
    inside = module.split(".")[1] if "." in module else ""
    return inside in CORE_PACKAGES or inside in CORE_MODULES or inside == ""  # "": `from pyview import x`


def test_the_shipped_set_is_the_browser_core() -> None:
    shipped = {path.split("/")[1] for path in browser_core_sources()}
    assert shipped == {name for name in BROWSER_CORE}


@pytest.mark.parametrize("path", core_files(), ids=lambda path: path.relative_to(PYVIEW_ROOT).as_posix())
def test_browser_core_imports_only_the_standard_library_and_itself(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    skipped = type_checking_lines(tree)
    parts = path.relative_to(PYVIEW_ROOT.parent).with_suffix("").parts
    package = ".".join(parts if path.name == "__init__.py" else parts[:-1]).removesuffix(".__init__")
    problems = []
    for module, line, top in imports(tree, package):
        if line in skipped:
            continue
        if module.split(".")[0] in BROWSER_ONLY:
            if top:
                problems.append(f"line {line}: {module} at import time (import it inside the browser-only function)")
        elif not allowed_in_core(module):
            problems.append(f"line {line}: {module} is neither the standard library nor pyview's browser core")
    assert not problems, f"{path.relative_to(PYVIEW_ROOT)}:\n" + "\n".join(problems)


def test_the_check_catches_a_tooling_import_and_a_top_level_js_import() -> None:
    tree = ast.parse("import js\nfrom pyview.server import Views\nfrom .. import server\ndef f():\n    import js\n")
    found = [(module, top) for module, _, top in imports(tree, "pyview.components")]
    assert found == [("js", True), ("pyview.server", True), ("pyview.server", True), ("js", False)]
    assert not allowed_in_core("pyview.server") and not allowed_in_core("pydantic")
    assert allowed_in_core("pyview._core.components._hooks") and allowed_in_core("json")


def test_nothing_of_the_tooling_is_shipped() -> None:
    shipped = browser_core_sources()
    assert shipped, "the shipped set is empty"
    assert not [path for path in shipped if path.startswith("pyview/_tooling/")]
    assert not [path for path in shipped if path.split("/")[1] in TOOLING]
    assert not [path for path in shipped if not path.endswith(".py")]  # the JS shim is inlined, not shipped as files


def test_every_top_level_entry_is_core_or_tooling() -> None:
    # a new module or folder must be put on one side (BROWSER_CORE or TOOLING in pyview/_tooling/packager/_sources.py)
    entries = {
        path.name
        for path in PYVIEW_ROOT.iterdir()
        if path.name not in ("__pycache__", "py.typed") and not path.name.startswith(".")
    }
    assert not set(BROWSER_CORE) & set(TOOLING)
    unclassified = entries - set(BROWSER_CORE) - set(TOOLING)
    assert not unclassified, f"put each in BROWSER_CORE or TOOLING: {sorted(unclassified)}"
    assert entries == set(BROWSER_CORE) | set(TOOLING)


# file names more than one package may use: each means the same kind of thing wherever it is (docs/ARCHITECTURE.md,
# "The layout")
SHARED_MODULE_NAMES = {"__init__.py", "_errors.py"}


def test_no_two_modules_share_a_file_name() -> None:
    seen: dict[str, list[str]] = {}
    for path in sorted(PYVIEW_ROOT.rglob("*.py")):
        seen.setdefault(path.name, []).append(path.relative_to(PYVIEW_ROOT).as_posix())
    shared = {name: paths for name, paths in seen.items() if len(paths) > 1 and name not in SHARED_MODULE_NAMES}
    assert not shared, f"give each module a name that says what it holds: {shared}"
