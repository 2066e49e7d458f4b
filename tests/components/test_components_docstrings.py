"""The examples in the public docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "_action",
    "_app",
    "_component",
    "_element",
    "_event",
    "_hooks",
    "_html",
    "_policy",
    "_view",
    "_view_state",
    "testing",
    "__init__",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module("pyview.components" if name == "__init__" else f"pyview.components.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL)
    assert result.failed == 0
