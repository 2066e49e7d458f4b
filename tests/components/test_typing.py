"""The public surface is typed: mypy reports each wrong use in typing_cases/wrong.py, and the ``h`` stub is current."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).resolve().parent / "typing_cases"
# The project's mypy options and cache (scripts/test.sh's `mypy` step wrote it): pyview and the standard library come
# from the cache, and only the checked files are analysed (other options would re-analyse everything, ~10 s each).
PROJECT_MYPY = ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(ROOT / ".mypy_cache")]


def expected_errors(path: Path) -> set[tuple[int, str]]:
    found = set()
    for number, line in enumerate(path.read_text().splitlines(), 1):
        for code in re.findall(r"# E: ([\w-]+)", line):
            found.add((number, code))
    return found


def test_mypy_reports_every_wrong_use() -> None:
    from mypy import api

    wrong = CASES / "wrong.py"
    out, err, _status = api.run([*PROJECT_MYPY, "--strict", "--no-error-summary", "--show-error-codes",
                                 "--python-version", "3.11", str(wrong)])  # fmt: skip
    reported = {
        (int(m.group(1)), m.group(2)) for m in re.finditer(r"wrong\.py:(\d+): error: .*\[([\w-]+)\]$", out, re.M)
    }
    assert reported == expected_errors(wrong), out + err


def test_the_h_stub_is_generated_from_the_tag_tables() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import runpy; print(runpy.run_path('scripts/gen_htags.py')['render'](), end='')"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert done.stdout == (ROOT / "pyview" / "_core" / "components" / "_htags.pyi").read_text(), (
        "run scripts/gen_htags.py"
    )


def test_the_docs_python_snippets_call_h_as_typed(tmp_path: Path) -> None:
    # every ```python block of the docs and READMEs: no h.<tag>(...) call with a name the typed stub lacks
    import re

    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md", *sorted((ROOT / "examples").glob("*/*.md"))]
    for index, page in enumerate(pages):
        for number, block in enumerate(re.findall(r"```python\n(.*?)```", page.read_text(), re.S)):
            (tmp_path / f"page{index}_{number}.py").write_text(block)
    from mypy import api

    # a snippet's unresolved imports are reported too (not HBuilders lines); strict checks untyped defs' h calls too
    out, _err, _status = api.run([*PROJECT_MYPY, "--no-error-summary", "--explicit-package-bases",
                                  "--python-version", "3.11", str(tmp_path)])  # fmt: skip
    assert [line for line in out.splitlines() if "HBuilders" in line] == []
