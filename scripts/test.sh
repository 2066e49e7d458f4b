#!/usr/bin/env bash
# The whole test suite: lint, types, then every test (unit and real-browser). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
export PYVIEW_WEATHER=offline  # the weather example simulates: no test reaches the network
.venv/bin/python -m pytest -q "$@"
