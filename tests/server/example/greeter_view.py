"""The View of the test server: shows the latest greeting (plain js, independent of pyview.app)."""

import js


def main() -> None:
    root = js.document.getElementById("pyview-root")
    root.textContent = "Waiting for a greeting..."
