"""axe-core for the accessibility tests: pinned in ``package.json`` here, installed by scripts/install.sh."""

from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_path() -> Path:
    if not AXE.is_file():
        pytest.fail(f"axe-core is not installed in {AXE.parents[2]}: run bash scripts/install.sh", pytrace=False)
    return AXE
