"""Private: import from :mod:`pyview.server`."""
