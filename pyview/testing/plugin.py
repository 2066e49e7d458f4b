"""pyview's pytest plugin (registered through the ``pytest11`` entry point)."""

from __future__ import annotations
