#!/usr/bin/env bash
# Installs everything pyview's dev host and tests need on a fresh Debian machine; safe to run again.
#   - Debian's chromium (Playwright drives it; it never downloads a browser of its own)
#   - a virtualenv in .venv with pyview and its dev/test dependencies, at the versions in constraints.txt
#   - the pinned Pyodide runtime (npm package `pyodide`) in the per-user cache
#   - the npm packages of the conformance host (the official ext-apps AppBridge), when present
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "install: chromium (apt)"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  echo "install: virtualenv .venv"
  python3 -m venv .venv
fi
echo "install: python packages"
.venv/bin/python -m pip install -q --disable-pip-version-check -c constraints.txt -e ".[dev]"

echo "install: pyodide runtime"
.venv/bin/pyview runtime fetch

if [ -f tests/conformance/package.json ]; then
  echo "install: conformance host (npm)"
  npm ci --prefix tests/conformance --silent --no-audit --no-fund
  npm run --prefix tests/conformance --silent build
fi
