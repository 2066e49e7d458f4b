"""Private: import from :mod:`pyview.ui`."""
