"""A View that writes into the page from Python, with no pyview API: the boot alone runs it."""

import sys

import js


def main() -> None:
    root = js.document.getElementById("pyview-root")
    root.textContent = f"Hello from Python {sys.version_info.major}.{sys.version_info.minor}"
