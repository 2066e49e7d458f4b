"""Private: pyview's CPython tooling (packager, server, host, dev host, testing); never shipped in a View.

Import from the facades :mod:`pyview.packager`, :mod:`pyview.server`, :mod:`pyview.host`,
:mod:`pyview.dev`, :mod:`pyview.testing` and :mod:`pyview.cli`; docs/ARCHITECTURE.md has the layout.
"""
