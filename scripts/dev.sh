#!/usr/bin/env bash
# The main job: install what is needed, then run the dev host with the weather example (prints the URL to open).
# Extra arguments go to `pyview dev`, e.g. --port 9000 or --no-browser.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
exec .venv/bin/pyview dev examples/weather/server.py "$@"
