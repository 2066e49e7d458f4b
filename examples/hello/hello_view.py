"""The smallest View: Python writes into the page."""

import sys

import js


def main() -> None:
    root = js.document.getElementById("pyview-root")
    root.textContent = f"Hello from Python {sys.version_info.major}.{sys.version_info.minor}"
