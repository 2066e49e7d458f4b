#!/usr/bin/env bash
# The whole test suite: lint, types (Python, and the JavaScript over its JSDoc), then every test (unit and
# real-browser). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy --strict"
.venv/bin/mypy
echo "== tsc (the JavaScript, over its JSDoc types)"
tests/jscheck/node_modules/.bin/tsc -p tests/jscheck
echo "== pytest"
# Bytecode caches on: with PYTHONDONTWRITEBYTECODE set (some environments set it), each pytest worker and every
# Python process a test starts (servers over stdio, CLIs) compiled pyview and the tests from source again.
unset PYTHONDONTWRITEBYTECODE
export PYVIEW_WEATHER=offline  # the weather example simulates: no test reaches the network
# One pytest-xdist worker per core (at most 4): most of a browser test is one Chromium renderer booting Pyodide,
# so two run side by side on two cores. loadscope keeps each module's browser tests on one worker, in order, after
# its other tests (pyview/_tooling/testing/_xdist.py). Pass -n 0 to run in one process.
.venv/bin/python -m pytest -q -n auto --maxprocesses=4 --dist loadscope "$@"
