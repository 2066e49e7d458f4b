"""The host half of the MCP Apps protocol, in Python: used by the dev host and the test harness (CPython only)."""

from __future__ import annotations

from pyview.host._csp import build_csp

__all__ = ["build_csp"]
