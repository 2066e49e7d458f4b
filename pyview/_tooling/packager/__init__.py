"""Private: import from :mod:`pyview.packager`."""
