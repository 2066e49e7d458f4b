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
import subprocess
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


# the public modules: the package and its files without a leading underscore (pyview.app, pyview.server...)
FACADES = ("pyview", *sorted(f"pyview.{path.stem}" for path in PYVIEW_ROOT.glob("[!_]*.py")))


def private_files() -> list[Path]:
    # the package root's _*.py files and everything under _core/ and _tooling/ (pyview/__init__.py is a facade)
    found = [path for path in PYVIEW_ROOT.rglob("*.py") if path.relative_to(PYVIEW_ROOT).parts[0].startswith("_")]
    return sorted(path for path in found if path != PYVIEW_ROOT / "__init__.py")


def module_name(path: Path) -> str:
    parts = path.relative_to(PYVIEW_ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if path.name == "__init__.py" else parts)


@pytest.mark.parametrize("path", private_files(), ids=lambda path: path.relative_to(PYVIEW_ROOT).as_posix())
def test_private_code_imports_private_modules_only(path: Path) -> None:
    # the facades are for users and tests; private code names the module that defines a thing, so the import graph
    # inside pyview is one graph of private modules (type-checking imports included)
    package = module_name(path).rpartition(".")[0]
    found = [(module, line) for module, line, _ in imports(ast.parse(path.read_text("utf-8")), package)]
    facades = [f"line {line}: {module}" for module, line in found if module in FACADES]
    assert not facades, f"{path.relative_to(PYVIEW_ROOT)} imports a facade; import the private module:\n" + "\n".join(
        facades
    )


def test_the_import_rule_knows_every_facade() -> None:
    assert {"pyview", "pyview.app", "pyview.components", "pyview.ui", "pyview.server", "pyview.host"} <= set(FACADES)
    assert {"pyview.dev", "pyview.testing", "pyview.packager", "pyview.cli"} <= set(FACADES)
    assert not [name for name in FACADES if name.split(".")[-1].startswith("_")]
    assert PYVIEW_ROOT / "_core" / "app" / "_app.py" in private_files()
    assert PYVIEW_ROOT / "_boot.py" in private_files() and PYVIEW_ROOT / "app.py" not in private_files()


# file names more than one package may use: each means the same kind of thing wherever it is (docs/ARCHITECTURE.md,
# "The layout")
SHARED_MODULE_NAMES = {"__init__.py", "_errors.py"}


def test_no_two_modules_share_a_file_name() -> None:
    seen: dict[str, list[str]] = {}
    for path in sorted(PYVIEW_ROOT.rglob("*.py")):
        seen.setdefault(path.name, []).append(path.relative_to(PYVIEW_ROOT).as_posix())
    shared = {name: paths for name, paths in seen.items() if len(paths) > 1 and name not in SHARED_MODULE_NAMES}
    assert not shared, f"give each module a name that says what it holds: {shared}"


def module_level_imports(package: Path) -> dict[str, set[str]]:
    """``module -> modules of the same package it imports when it is imported`` (not in functions or
    ``if TYPE_CHECKING:``); ``from package import _x`` counts as importing ``_x``."""
    name = module_name(package / "__init__.py")
    graph: dict[str, set[str]] = {}
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        skipped = type_checking_lines(tree)
        found: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.lineno not in skipped and node.module:
                if node.module == name:
                    found.update(f"{name}.{alias.name}" for alias in node.names)
                elif node.module.startswith(name + "."):
                    found.add(node.module)
        graph[module_name(path)] = found
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle in ``graph`` (the modules in order, the first repeated at the end), or ``[]``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> list[str]:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target] if target in path else [module, target]
            if target not in state and (found := visit(target, [*path, target])):
                return found
        state[module] = 2
        return []

    for module in sorted(graph):
        if module not in state and (found := visit(module, [module])):
            return found
    return []


@pytest.mark.parametrize("package", ["_core/components", "_core/app", "_core/ui"])
def test_module_level_imports_form_a_dag(package: str) -> None:
    # a clear order: each module imports what it needs at its top, and nothing imports back up; the few imports
    # left inside functions say why (browser only, or import time)
    graph = module_level_imports(PYVIEW_ROOT / package)
    assert len(graph) > 3
    assert not cycle(graph), " -> ".join(cycle(graph))


def test_the_cycle_check_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


# the portable subset (docs/ARCHITECTURE.md, "Rules for the browser core"): modules a MicroPython runtime lacks or
# that cost import time; type checkers still read them under `if TYPE_CHECKING:`
NOT_AT_RUN_TIME = ("typing", "dataclasses", "enum")


@pytest.mark.parametrize("path", core_files(), ids=lambda path: path.relative_to(PYVIEW_ROOT).as_posix())
def test_browser_core_uses_no_typing_dataclasses_or_enum_at_run_time(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    skipped = type_checking_lines(tree)
    found = [f"line {line}: {module}" for module, line, _ in imports(tree) if line not in skipped]
    problems = [problem for problem in found if problem.split(": ")[1].split(".")[0] in NOT_AT_RUN_TIME]
    assert not problems, f"{path.relative_to(PYVIEW_ROOT)} (see pyview/_core/_typing.py):\n" + "\n".join(problems)


def test_importing_and_rendering_loads_no_typing() -> None:
    # what the rule buys: `import pyview`, its facades and a render import neither typing nor dataclasses (enum comes
    # with the standard library's re, and the App's asyncio imports typing by itself on CPython)
    code = (
        "import sys, pyview, pyview.app, pyview.components, pyview.ui\n"
        "pyview.View; pyview.use_server_tool; pyview.components.AppLike; pyview.app.ToolResult\n"
        "print(pyview.render_to_string(pyview.ui.Stack(pyview.ui.Button('Go'), pyview.h.p('hi'))))\n"
        "print(sorted(set(sys.modules) & {'typing', 'dataclasses', 'asyncio'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120).stdout
    assert "<p>hi</p>" in out and out.split("\n")[1] == "[]", out


# the modules that touch the page (each imports js or pyodide inside browser-only functions only)
JS_MODULES = {"_boot.py", "_core/app/_browser.py", "_core/components/_browser_root.py"}


def test_only_the_browser_modules_import_js() -> None:
    touching = {
        path.relative_to(PYVIEW_ROOT).as_posix()
        for path in core_files()
        if any(module.split(".")[0] in BROWSER_ONLY for module, _, _ in imports(ast.parse(path.read_text("utf-8"))))
    }
    assert touching == JS_MODULES
