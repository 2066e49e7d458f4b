"""The benchmark's hello View: Python writes one line into the page."""

import js


def main() -> None:
    js.document.getElementById("pyview-root").textContent = "Hello from Python"
