"""Errors raised while building a View document."""

from __future__ import annotations


class BuildError(Exception):
    """A View could not be built; the message says what is wrong and where (file and line when known)."""


class RuntimeFetchError(BuildError):
    """The Pyodide runtime is missing and could not be fetched; the message gives the command that fixes it."""
