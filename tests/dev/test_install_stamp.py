"""scripts/install.sh does nothing, fast, when nothing changed since the last complete install (scripts/dev.sh runs
it on every start)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_install_is_a_no_op_when_nothing_changed() -> None:
    check = subprocess.run(["bash", "scripts/install.sh", "--check"], cwd=ROOT, capture_output=True, text=True)
    if check.returncode != 0:
        pytest.skip("this checkout changed since its last complete install (run scripts/install.sh)")
    done = subprocess.run(["bash", "scripts/install.sh"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("install: up to date"), done.stdout


def test_the_stamp_covers_the_pins_and_the_lock() -> None:
    script = (ROOT / "scripts" / "install.sh").read_text()
    for name in ("constraints.txt", "pyproject.toml", "tests/conformance/package-lock.json", "build.mjs", "src/"):
        assert name in script.split("stamp() {", 1)[1].split("}", 1)[0]
    assert script.rstrip().endswith('stamp > "$stamp_file"')  # written only after everything succeeded
