"""Private: import from :mod:`pyview.components`."""
