"""Formatting for labels_view."""

from __future__ import annotations


def line(greeting: str, digest: str, size: int, platform: str) -> str:
    return f"{greeting} | blob {digest} ({size} bytes) | {platform}"
