"""Private: import from :mod:`pyview.app`."""
