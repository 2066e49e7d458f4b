"""Private: import from :mod:`pyview.host`."""
