"""Measured figures live in one generated file, bench/RESULTS.md; code, docstrings and design docs keep the why.

A figure written into a comment is true on the day it was measured and rots after: these tests fail when a dated
measurement or a "went from" history comes back, and check that the benches do write their results.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Revision ids of the MCP and MCP Apps specifications: names that look like dates, not the date of a measurement.
SPEC_REVISIONS = {"2025-11-25", "2026-01-26", "2026-07-28"}
# An ISO date outside quotes (a quoted one is a value in an example, like a date input's ``min="2026-01-01"``).
DATE = re.compile(r"(?<![\"'\w-])(20\d\d-\d\d-\d\d)(?![\"'\w-])")
UNIT = r"\s?(?:ms|s|MB|KB|MiB|KiB|%|x)\b"
HISTORY = re.compile(
    r"went from|load average (?:of |about |~)?\d"
    rf"|\d[\d.,]*(?:{UNIT})?\s?(?:->|→)\s?\d[\d.,]*{UNIT}"  # "7.7 -> 15.4 MB", "475 -> 400 ms"
    rf"|\bfrom \d[\d.,]*(?:{UNIT})? to \d[\d.,]*{UNIT}"  # "from 5.56 MB to 12.69 MB"
    rf"|\(was \d[\d.,]*{UNIT}\)"  # "(was 232 KB)"
)


def _checked_files() -> list[Path]:
    code = [p for p in (ROOT / "pyview").rglob("*") if p.suffix in {".py", ".js", ".md"}]
    return sorted([*code, *(ROOT / "bench").glob("*.py"), *(ROOT / "docs").glob("*.md")])


def dated_measurements(text: str) -> list[str]:
    """The lines of ``text`` that carry a date or a before/after figure."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        dates = set(DATE.findall(line)) - SPEC_REVISIONS
        if dates or HISTORY.search(line):
            found.append(f"{number}: {line.strip()}")
    return found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Measured (2026-12-01, on 2 cores): fast", ["1: Measured (2026-12-01, on 2 cores): fast"]),
        ("x\nunder load average 10-24 it moved", ["2: under load average 10-24 it moved"]),
        ("the document grows from 5.56 MB to 12.69 MB", ["1: the document grows from 5.56 MB to 12.69 MB"]),
        ("7.7 -> 15.4 MB, and 475 -> 400 ms", ["1: 7.7 -> 15.4 MB, and 475 -> 400 ms"]),
        ("orders ~180 KB (was 232 KB)", ["1: orders ~180 KB (was 232 KB)"]),
        ("spec 2026-01-26; the 2025-11-25 revision", []),  # specification revisions are names
        ('DatePicker("Due", min="2026-01-01")', []),  # a quoted date is a value
        ("the load average at the end of the run", []),  # naming the figure is not stating it
        ("click -> patch applied", []),
    ],
)
def test_what_counts_as_a_dated_measurement(text: str, found: list[str]) -> None:
    assert dated_measurements(text) == found


def test_code_and_design_docs_hold_no_dated_measurement() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _checked_files()
        for line in dated_measurements(path.read_text(encoding="utf-8"))
    ]
    assert not found, "figures belong in bench/RESULTS.md (a bench writes them); keep the why:\n" + "\n".join(found)


def test_the_checked_files_include_the_design_doc_and_the_benches() -> None:
    names = {str(path.relative_to(ROOT)) for path in _checked_files()}
    assert {"docs/ARCHITECTURE.md", "bench/startup.py", "pyview/_core/runtime/boot.js"} <= names


@pytest.fixture
def harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    sys.modules.pop("_harness", None)
    import _harness

    monkeypatch.setattr(_harness, "RESULTS", tmp_path / "RESULTS.md")
    monkeypatch.setattr(sys, "argv", ["bench/fake.py", "--runs", "1"])
    return _harness


def test_a_bench_replaces_only_its_own_section(harness: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    harness.run_recorded(lambda: print("speed  12.0"), "bench/speed.py")
    harness.run_recorded(lambda: print("size  3"), "bench/size.py")
    harness.run_recorded(lambda: print("speed  9.5"), "bench/speed.py")

    text = harness.RESULTS.read_text(encoding="utf-8")
    assert text.startswith(harness.RESULTS_HEAD)
    assert [line for line in text.splitlines() if line.startswith("## ")] == ["## size", "## speed"]
    assert "speed  9.5" in text and "speed  12.0" not in text and "size  3" in text
    assert "`python bench/speed.py --runs 1`" in text and "load average" in text and "commit " in text
    assert "speed  9.5" in capsys.readouterr().out  # it still prints what it measured


def test_a_bench_run_recorded_as_a_part_keeps_the_whole_runs_section(harness: ModuleType) -> None:
    harness.run_recorded(lambda: print("counter  0.9x"), "bench/load.py")
    harness.run_recorded(lambda: print("orders  0.3x"), "bench/load.py", "orders")
    harness.run_recorded(lambda: print("orders  0.4x"), "bench/load.py", "orders")

    text = harness.RESULTS.read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.startswith("## ")] == ["## load", "## load:orders"]
    assert "counter  0.9x" in text and "orders  0.4x" in text and "orders  0.3x" not in text


def test_a_run_is_marked_uncommitted_for_changed_code_not_for_the_results_file(
    harness: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    (repo / "bench").mkdir(parents=True)
    (repo / "bench" / "RESULTS.md").write_text("# Benchmark results\n", encoding="utf-8")
    (repo / "bench" / "speed.py").write_text("print(1)\n", encoding="utf-8")
    for command in (["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]):
        subprocess.run(["git", *command], cwd=repo, check=True)
    monkeypatch.setattr(harness, "REPO", repo)
    monkeypatch.setattr(harness, "RESULTS", repo / "bench" / "RESULTS.md")

    harness.run_recorded(lambda: print("speed  1"), "bench/speed.py")  # writes RESULTS.md
    harness.run_recorded(lambda: print("size  2"), "bench/size.py")  # RESULTS.md is changed now: still clean
    assert "with uncommitted changes" not in harness.RESULTS.read_text(encoding="utf-8")
    (repo / "bench" / "speed.py").write_text("print(2)\n", encoding="utf-8")
    harness.run_recorded(lambda: print("speed  3"), "bench/speed.py")
    assert "with uncommitted changes" in harness.RESULTS.read_text(encoding="utf-8")


def test_a_failed_bench_leaves_the_results_as_they_were(harness: ModuleType) -> None:
    harness.run_recorded(lambda: print("speed  12.0"), "bench/speed.py")
    before = harness.RESULTS.read_text(encoding="utf-8")

    def broken() -> None:
        print("speed  half a table")
        raise RuntimeError("the browser went away")

    with pytest.raises(RuntimeError):
        harness.run_recorded(broken, "bench/speed.py")
    assert harness.RESULTS.read_text(encoding="utf-8") == before
    assert sys.stdout is not None and not isinstance(sys.stdout, harness._Tee)


def test_asking_a_bench_for_its_help_records_nothing(harness: ModuleType) -> None:
    harness.run_recorded(lambda: print("speed  12.0"), "bench/speed.py")
    before = harness.RESULTS.read_text(encoding="utf-8")

    def help_only() -> None:
        import argparse

        argparse.ArgumentParser(prog="speed.py").parse_args(["--help"])

    with pytest.raises(SystemExit) as stop:
        harness.run_recorded(help_only, "bench/speed.py")
    assert stop.value.code == 0
    assert harness.RESULTS.read_text(encoding="utf-8") == before
