"""scripts/test.sh type-checks pyview's JavaScript with ``tsc -p tests/jscheck``: every script pyview ships is in it."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JSCHECK = ROOT / "tests" / "jscheck"


def checked_files() -> set[Path]:
    lines = (JSCHECK / "tsconfig.json").read_text().splitlines()
    config = json.loads("\n".join(line for line in lines if not line.strip().startswith("//")))  # its comment lines
    found: set[Path] = set()
    for pattern in config["include"]:
        base, _, glob = pattern.rpartition("/")
        found.update(path.resolve() for path in (JSCHECK / base).glob(glob))
    return found


def test_every_javascript_file_of_pyview_is_type_checked() -> None:
    shipped = {path.resolve() for path in (ROOT / "pyview").rglob("*.js")}
    assert shipped - checked_files() == set()


def test_the_check_runs_before_pytest_with_the_pinned_typescript() -> None:
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert script.index("tsc -p tests/jscheck") < script.index("-m pytest")
    assert json.loads((JSCHECK / "package.json").read_text())["devDependencies"]["typescript"].count(".") == 2
    assert "npm ci --prefix tests/jscheck" in (ROOT / "scripts" / "install.sh").read_text()
