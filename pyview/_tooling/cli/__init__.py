"""Private: the ``pyview`` command line, one module per command; run it through :mod:`pyview.cli`."""
