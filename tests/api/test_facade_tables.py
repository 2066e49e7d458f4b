"""Each facade has one table of its public names, and everything else that names them agrees with it.

A lazy facade (``pyview``, ``pyview.app``, ``components``, ``ui``, ``server``) keeps ``_LAZY`` (module -> the
public names it defines) and computes ``__all__`` from it at run time; the ``if TYPE_CHECKING:`` imports that give
type checkers and the API reference the real types (each ``X as X``, the re-export marker) must name the same
things from the same modules. An eager facade (``pyview.host``, ``testing``, ``packager``, ``dev``, ``cli``)
imports each public name once, and its ``__all__`` is exactly what it imports.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from pyview._tooling.packager._sources import PYVIEW_ROOT

FACADES = ["pyview", *sorted(f"pyview.{path.stem}" for path in PYVIEW_ROOT.glob("[!_]*.py"))]
LAZY = ["pyview", "pyview.app", "pyview.components", "pyview.server", "pyview.ui"]
# names a facade defines or imports itself, outside its table
OWN = {"pyview": {"__version__"}}


def source(facade: str) -> ast.Module:
    path = PYVIEW_ROOT / ("__init__.py" if facade == "pyview" else f"{facade.removeprefix('pyview.')}.py")
    return ast.parse(Path(path).read_text("utf-8"))


def imported(nodes: list[ast.stmt]) -> dict[str, str]:
    """``name -> module`` of the ``from module import name`` statements among ``nodes``; a name twice fails."""
    found: dict[str, str] = {}
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.module != "__future__":
            for alias in node.names:
                name = alias.asname or alias.name
                assert name not in found, f"{name} is imported twice"
                found[name] = node.module
    return found


def type_checking_blocks(tree: ast.Module) -> list[ast.If]:
    return [node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]


def type_checking_imports(tree: ast.Module) -> dict[str, str]:
    return imported([inner for block in type_checking_blocks(tree) for inner in block.body])


def not_reexported(nodes: list[ast.stmt]) -> list[str]:
    """The names ``from module import ...`` statements among ``nodes`` import other than as ``X as X``."""
    froms = [node for node in nodes if isinstance(node, ast.ImportFrom) and node.module != "__future__"]
    return [alias.name for node in froms for alias in node.names if alias.asname != alias.name]


def assigned(nodes: list[ast.stmt]) -> set[str]:
    """The names the statements among ``nodes`` assign (``a = ...``, ``a, b = ...``, ``a: T = ...``)."""
    targets = [t for node in nodes if isinstance(node, ast.Assign) for t in node.targets]
    targets += [node.target for node in nodes if isinstance(node, ast.AnnAssign)]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def test_every_facade_is_lazy_or_eager() -> None:
    for facade in FACADES:
        assert (facade in LAZY) == hasattr(importlib.import_module(facade), "_LAZY"), facade


@pytest.mark.parametrize("facade", LAZY)
def test_a_lazy_facade_names_each_export_in_its_table_only_as_the_table_says(facade: str) -> None:
    module = importlib.import_module(facade)
    table: dict[str, tuple[str, ...]] = module._LAZY
    private = {"pyview": "pyview"}.get(facade, facade.replace("pyview.", "pyview._core.", 1))
    if facade == "pyview.server":
        private = "pyview._tooling.server"
    where = {
        name: f"{private}.{target}" if target.startswith("_") else target for target in table for name in table[target]
    }
    assert module.__all__ == [*where, *OWN.get(facade, ())]
    tree = source(facade)
    assert type_checking_imports(tree) == where
    for name in where:  # and each entry loads
        assert getattr(module, name) is not None


@pytest.mark.parametrize("facade", LAZY)
def test_a_lazy_facade_shows_type_checkers_its_exports_and_no_getattr(facade: str) -> None:
    # mypy --strict and pyright read `import X as X` as a re-export; a literal __all__ is not needed, and a
    # computed one is what they cannot read. A __getattr__ they saw would make every misspelt name an `object`.
    tree = source(facade)
    (block,) = type_checking_blocks(tree)
    assert not_reexported(block.body) == []
    assert OWN.get(facade, set()) & set(not_reexported(tree.body)) == set()  # pyview's `__version__ as __version__`
    assert {"__all__", "__getattr__", "__dir__"} & assigned(tree.body) == set()
    assert {"__all__", "__getattr__", "__dir__"} <= assigned(block.orelse)


@pytest.mark.parametrize("facade", sorted(set(FACADES) - set(LAZY)))
def test_an_eager_facade_exports_exactly_what_it_imports(facade: str) -> None:
    module = importlib.import_module(facade)
    tree = source(facade)
    names = {name for name, where in imported(tree.body).items() if where != "pyview._lazy"}
    assert set(module.__all__) == names
    assert not type_checking_imports(tree)


def test_the_checks_see_a_missing_name_and_an_import_type_checkers_cannot_see_as_exported() -> None:
    tree = ast.parse("if TYPE_CHECKING:\n    from pyview._core.app._app import App\n_LAZY = {'_app': ('App',)}\n")
    assert type_checking_imports(tree) == {"App": "pyview._core.app._app"}
    assert not_reexported(tree.body[0].body) == ["App"]  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="imported twice"):
        imported(ast.parse("from a import x\nfrom b import x\n").body)
