"""Private: import from :mod:`pyview.testing`."""
