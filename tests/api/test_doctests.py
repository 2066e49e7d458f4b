"""Every example in pyview's docstrings runs, and none is left out.

Each module under ``pyview/`` is searched for examples: the functions and classes it defines, including the classes
a facade claims (they report the facade as their ``__module__``; their methods still say where they were written).
A test fails when a module has more ``>>>`` lines than the examples collected from it (an example that never runs),
and each module's examples run with the project's doctest flags. An example that needs a server or a browser says
``# doctest: +SKIP``.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "pyview"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
FACADES = ("app", "components", "ui", "server", "host", "testing", "packager", "dev")
PROMPT = re.compile(r"^\s*>>> ", re.M)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(module_name(path) for path in PACKAGE.rglob("*.py") if PROMPT.search(path.read_text("utf-8")))


class WrittenHere(doctest.DocTestFinder):
    """A finder that takes a class where its methods were written, not where its ``__module__`` points."""

    def _from_module(self, module: ModuleType | None, object: Any) -> bool:  # doctest's name
        if module is not None and inspect.isclass(object):
            files = {code.co_filename for value in vars(object).values() if (code := _code(value)) is not None}
            if files:
                return getattr(module, "__file__", None) in files
            source = Path(str(getattr(module, "__file__", ""))).read_text("utf-8")  # no code: its class statement
            return re.search(rf"^class {object.__name__}\b", source, re.M) is not None
        return bool(super()._from_module(module, object))  # type: ignore[misc]  # private in typeshed


def _code(value: Any) -> Any:
    """The code object behind a method, property, static or class method, or None."""
    value = getattr(value, "__func__", None) or getattr(value, "fget", None) or value
    return getattr(value, "__code__", None)


def examples_of(name: str) -> list[doctest.DocTest]:
    for facade in FACADES:  # as a user sees them: the facades have claimed their classes
        importlib.import_module(f"pyview.{facade}")
    module = importlib.import_module(name)
    return [test for test in WrittenHere().find(module, name) if test.examples]


def test_every_module_with_examples_is_found() -> None:
    assert len(MODULES) > 100 and "pyview._core.components._policy" in MODULES and "pyview.host" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_run_and_every_one_is_collected(name: str) -> None:
    tests = examples_of(name)
    module = importlib.import_module(name)
    written = len(PROMPT.findall(Path(str(module.__file__)).read_text("utf-8")))
    collected = sum(len(test.examples) for test in tests)
    assert collected == written, f"{name}: {written} '>>>' lines, {collected} examples collected"
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in tests:
        runner.run(test, clear_globs=True)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name} (see above)"
