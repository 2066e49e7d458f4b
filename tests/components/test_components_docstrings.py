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

# the facade, and the component test helpers (CPython tooling now, exported by pyview.testing)
PRIVATE = {"__init__": "pyview.components", "testing": "pyview._tooling.testing._screen"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(PRIVATE.get(name, f"pyview._core.components.{name}"))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL)
    assert result.failed == 0
