"""Installing pyview changes no other project's test run: a scratch project keeps its own test order and its
pytest-xdist settings, with pyview's plugin loaded (through its ``pytest11`` entry point) beside it."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

SCRATCH_TESTS = """
from typing import Any

import pytest

@pytest.mark.browser
def test_first_marked_browser():
    pass

def test_second():
    pass

def test_third_asks_for_no_fixture(request):
    assert "pyview_browser" not in request.fixturenames
"""

# run on xdist's controller: which scheduler it chose, and whether loadscope may still reorder by size
SCRATCH_CONFTEST = """
def pytest_terminal_summary(terminalreporter, config):
    session = config.pluginmanager.getplugin("dsession")
    if session is not None:
        name = type(session.sched).__name__
        terminalreporter.write_line(f"SCHEDULER={name} REORDER={config.option.loadscopereorder}")
"""


@pytest.fixture
def scratch(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeini("[pytest]\nmarkers =\n    browser: the scratch project's own marker\n")
    pytester.makeconftest(SCRATCH_CONFTEST)
    pytester.makepyfile(test_scratch=SCRATCH_TESTS)
    return pytester


def test_a_project_keeps_its_own_test_order(scratch: pytest.Pytester) -> None:
    result = scratch.runpytest_subprocess("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3)
    assert any(line.startswith("plugins:") and "pyview" in line for line in result.outlines)  # loaded, yet quiet
    ran = [line.split("::")[1].split()[0] for line in result.outlines if "test_scratch.py::" in line]
    assert ran == ["test_first_marked_browser", "test_second", "test_third_asks_for_no_fixture"]


def test_a_project_keeps_its_xdist_settings(scratch: pytest.Pytester) -> None:
    result = scratch.runpytest_subprocess("-n", "2", "--dist", "loadscope", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["SCHEDULER=LoadScopeScheduling REORDER=True"])


def test_pyview_order_is_there_when_asked(scratch: pytest.Pytester) -> None:
    result = scratch.runpytest_subprocess("-v", "-p", "no:cacheprovider", "--pyview-order")
    ran = [line.split("::")[1].split()[0] for line in result.outlines if "test_scratch.py::" in line]
    assert ran == ["test_second", "test_third_asks_for_no_fixture", "test_first_marked_browser"]
    asked = scratch.runpytest_subprocess("-n", "2", "--dist", "loadscope", "-p", "no:cacheprovider", "--pyview-order")
    asked.stdout.fnmatch_lines(["SCHEDULER=ModuleRunScheduling REORDER=False"])
