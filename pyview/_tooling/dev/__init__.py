"""Private: import from :mod:`pyview.dev`."""
