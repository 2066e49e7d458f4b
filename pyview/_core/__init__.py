"""Private: pyview's browser core, shipped into every View's document and run by the server too.

Standard library only. Import from the facades :mod:`pyview.app`, :mod:`pyview.components` and
:mod:`pyview.ui`; docs/ARCHITECTURE.md has the layout.
"""
