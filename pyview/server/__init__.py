"""Serving Views from MCP servers (CPython only)."""

from __future__ import annotations

from pyview.server._runtime_files import RUNTIME_HEADERS, runtime_files_app

__all__ = ["RUNTIME_HEADERS", "runtime_files_app"]
