"""The in-process View loader: the View's own files only, private module names, thread-safe, no sys.path games."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from pyview._tooling.packager._loader import ViewImportError, load_view_module
from pyview._tooling.packager._sources import load_view_sources


def _package(folder: Path, name: str, files: dict[str, str]) -> Path:
    package = folder / name
    package.mkdir(parents=True)
    for path, text in files.items():
        (package / path).parent.mkdir(parents=True, exist_ok=True)
        (package / path).write_text(text)
    return package


def test_a_package_imports_itself_absolutely_and_relatively_without_touching_sys_path(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        "shop_view",
        {
            "__init__.py": "from shop_view.format import money\nfrom .table import ROWS\nimport shop_view.parts.deep\n",
            "format.py": "def money(cents):\n    return f'{cents / 100:.2f} EUR'\n",
            "table.py": "from . import format\nROWS = [format.money(150)]\n",
            "parts/deep.py": "import shop_view\nVALUE = 'deep'\n",  # a folder without __init__.py
        },
    )
    path_before, modules_before = list(sys.path), set(sys.modules)

    module = load_view_module(load_view_sources(package))

    assert module.money(250) == "2.50 EUR" and module.ROWS == ["1.50 EUR"]
    assert module.shop_view.parts.deep.VALUE == "deep"
    assert sys.path == path_before
    added = set(sys.modules) - modules_before
    assert "shop_view" not in sys.modules and all(name.startswith("_pyview_") for name in added)
    assert load_view_module(load_view_sources(package)) is module  # cached per origin and version


def test_two_views_with_the_same_module_name_load_independently(tmp_path: Path) -> None:
    first = tmp_path / "a" / "view.py"
    second = tmp_path / "b" / "view.py"
    for path, word in ((first, "first"), (second, "second")):
        path.parent.mkdir()
        path.write_text(f"WORD = {word!r}\n")

    assert load_view_module(load_view_sources(first)).WORD == "first"
    assert load_view_module(load_view_sources(second)).WORD == "second"
    assert load_view_module(load_view_sources(first)).WORD == "first"


def test_an_edited_view_is_imported_afresh(tmp_path: Path) -> None:
    view = tmp_path / "edited_view.py"
    view.write_text("X = 1\n")
    old = load_view_module(load_view_sources(view))
    view.write_text("X = 2\n")

    new = load_view_module(load_view_sources(view))

    assert (old.X, new.X) == (1, 2)


def test_only_the_views_own_files_are_served(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text("X = 1\n")  # beside the View, but not part of it (not shipped either)
    view = tmp_path / "lonely_view.py"
    view.write_text("import helpers\n")

    with pytest.raises(ViewImportError, match=r"lonely_view.py:1: ModuleNotFoundError: No module named 'helpers'"):
        load_view_module(load_view_sources(view))


def test_a_missing_submodule_is_named_as_the_view_knows_it(tmp_path: Path) -> None:
    package = _package(tmp_path, "gap_view", {"__init__.py": "\n\nfrom gap_view.nowhere import x\n"})

    with pytest.raises(ViewImportError) as caught:
        load_view_module(load_view_sources(package))

    message = str(caught.value)
    assert "gap_view/__init__.py:3: ModuleNotFoundError: No module named 'gap_view.nowhere'" in message
    assert "_pyview_" not in message


def test_a_failure_names_file_and_line_and_is_raised_again(tmp_path: Path) -> None:
    files = {"__init__.py": "from bad_view.chart import C\n", "chart.py": "\nC = 1 / 0\n"}
    package = _package(tmp_path, "bad_view", files)
    sources = load_view_sources(package)

    for _ in range(2):
        with pytest.raises(ViewImportError, match=r"bad_view/chart.py:2: ZeroDivisionError: division by zero") as e:
            load_view_module(sources)
        assert isinstance(e.value.cause, ZeroDivisionError) and not e.value.browser_only


def test_a_view_that_needs_the_browser_says_so(tmp_path: Path) -> None:
    view = tmp_path / "browser_view.py"
    view.write_text("import js\n")

    with pytest.raises(ViewImportError) as caught:
        load_view_module(load_view_sources(view))

    assert caught.value.browser_only


def test_pydantic_models_with_string_annotations_resolve(tmp_path: Path) -> None:
    view = tmp_path / "typed_view.py"
    view.write_text(
        "from __future__ import annotations\n"
        "from pydantic import BaseModel\n"
        "class Day(BaseModel):\n    high: float\n"
        "class Forecast(BaseModel):\n    days: list[Day]\n"
    )

    module = load_view_module(load_view_sources(view))

    assert module.Forecast.model_validate({"days": [{"high": 3}]}).days[0].high == 3.0


def test_threads_loading_one_view_at_once_import_it_once(tmp_path: Path) -> None:
    log = tmp_path / "imports.log"
    view = tmp_path / "counted_view.py"
    view.write_text(f"with open({str(log)!r}, 'a') as f:\n    f.write('x')\n")
    sources = load_view_sources(view)
    start = threading.Barrier(8)
    modules: list[object] = []

    def load() -> None:
        start.wait()
        modules.append(load_view_module(sources))

    threads = [threading.Thread(target=load) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(modules) == 8 and all(module is modules[0] for module in modules)
    assert log.read_text() == "x"
