#!/usr/bin/env bash
# Installs everything pyview's dev host and tests need on a fresh Debian machine; safe to run again.
#   - Debian's chromium (Playwright drives it; it never downloads a browser of its own)
#   - the other engines of tests/engines, from Debian only (ENGINE_PACKAGES below, the one place they are pinned):
#     Firefox ESR (puppeteer-core drives it over WebDriver BiDi), WebKitGTK's WebKitWebDriver + MiniBrowser, Xvfb
#   - a virtualenv in .venv with pyview and its dev/test dependencies, at the versions in constraints.txt
#   - Debian's redis-server (the View-state Redis store's tests start their own on a free loopback port)
#   - the pinned Pyodide runtime (npm package `pyodide`) in the per-user cache
#   - the npm packages of the conformance host (the official ext-apps AppBridge) and of the two-origin test host
#     (tests/realhost: the official MCP client too), bundled by tests/conformance/build.mjs, when present, and of
#     tests/clients (the official MCP TypeScript client, @modelcontextprotocol/client, over stdio)
#   - axe-core (npm, pinned in tests/a11y/package.json) for the accessibility tests
#   - TypeScript (npm, pinned in tests/jscheck/package.json): scripts/test.sh type-checks the JavaScript with it
#
# Nothing to do is fast: when chromium, .venv, the runtime and the conformance build are there and none of
# constraints.txt, pyproject.toml and tests/conformance's package-lock.json, build.mjs and src/ changed since the
# last complete install
# (their hashes are in .venv/.pyview-install-stamp), it says "install: up to date" and stops. --force re-installs;
# --check only says whether an install is needed (exit status 1 if so).
set -euo pipefail
cd "$(dirname "$0")/.."

stamp_file=.venv/.pyview-install-stamp
stamp() {
  { python3 --version; cat constraints.txt pyproject.toml tests/conformance/package-lock.json \
      tests/conformance/build.mjs tests/conformance/src/*.js tests/clients/package-lock.json \
      tests/a11y/package-lock.json tests/jscheck/package-lock.json 2>/dev/null; } \
    | sha256sum | cut -d' ' -f1
}
if [ "${1:-}" != "--force" ] && [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$(stamp)" ] \
   && command -v chromium >/dev/null 2>&1 && [ -x .venv/bin/pyview ] \
   && compgen -G "${PYVIEW_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pyview}/pyodide-*" >/dev/null \
   && { [ ! -f tests/conformance/package.json ] || [ -d tests/conformance/dist ]; } \
   && { [ ! -f tests/clients/package.json ] || [ -d tests/clients/node_modules ]; } \
   && { [ ! -f tests/a11y/package.json ] || [ -f tests/a11y/node_modules/axe-core/axe.min.js ]; } \
   && { [ ! -f tests/jscheck/package.json ] || [ -x tests/jscheck/node_modules/.bin/tsc ]; }; then
  echo "install: up to date (constraints.txt, pyproject.toml, package-lock.json unchanged; --force re-installs)"
  exit 0
fi
if [ "${1:-}" = "--check" ]; then  # say whether an install is needed, and do nothing
  echo "install: needed"
  exit 1
fi
rm -f "$stamp_file"

if ! command -v chromium >/dev/null 2>&1; then
  echo "install: chromium (apt)"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

ENGINE_PACKAGES=(firefox-esr=153.* webkit2gtk-driver=2.50.* xvfb)
missing=()
for spec in "${ENGINE_PACKAGES[@]}"; do
  name="${spec%%=*}"
  want="${spec#*=}"
  [ "$want" = "$spec" ] && want="*"
  # shellcheck disable=SC2053  # $want is a glob on purpose
  [[ "$(dpkg-query -W -f='${Status} ${Version}' "$name" 2>/dev/null)" == "install ok installed "$want ]] || missing+=("$spec")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install: ${missing[*]} (apt)"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v redis-server >/dev/null 2>&1; then
  echo "install: redis-server (apt)"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq redis-server >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  echo "install: virtualenv .venv"
  python3 -m venv .venv
fi
echo "install: python packages"
.venv/bin/python -m pip install -q --disable-pip-version-check -c constraints.txt -e ".[dev]"

echo "install: pyodide runtime"
.venv/bin/pyview runtime fetch

if [ -f tests/engines/package.json ]; then
  echo "install: puppeteer-core for the Firefox engine (npm)"
  npm ci --prefix tests/engines --silent --no-audit --no-fund
fi

if [ -f tests/a11y/package.json ]; then
  echo "install: axe-core for the accessibility tests (npm)"
  npm ci --prefix tests/a11y --silent --no-audit --no-fund
fi

if [ -f tests/jscheck/package.json ]; then
  echo "install: TypeScript for the JavaScript check (npm)"
  npm ci --prefix tests/jscheck --silent --no-audit --no-fund
fi

if [ -f tests/conformance/package.json ]; then
  echo "install: conformance host (npm)"
  npm ci --prefix tests/conformance --silent --no-audit --no-fund
  npm run --prefix tests/conformance --silent build
fi

if [ -f tests/clients/package.json ]; then
  echo "install: the official MCP TypeScript client (npm), for tests/clients"
  npm ci --prefix tests/clients --silent --no-audit --no-fund
fi

stamp > "$stamp_file"
