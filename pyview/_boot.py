"""The Python half of the boot: import the developer's View and run it (browser core).

The JS shim writes the sources under ``config["mountRoot"]`` and calls :func:`run`. A failure is shown in the View as a
traceback whose frames name the developer's files as they know them (``examples/weather/view.py``), not the paths
inside the Pyodide file system.
"""

from __future__ import annotations

import json

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    import traceback
    from types import ModuleType

TRACEBACK_HINT = "The View's Python code raised an exception while starting. The traceback names the file and line."


async def run(config_json: str) -> None:
    """Import the entry module named in the config and start it (docs/ARCHITECTURE.md, "How a View module is run")."""
    config = json.loads(config_json)
    try:
        module = __import__(config["entry"])
        await start_module(module)
    except BaseException as exc:  # the View must show every failure, including SystemExit
        report_exception(exc, config)


async def start_module(module: ModuleType) -> None:
    """Start a View module: ``view.start()``, else ``main()``, else importing it was the program."""
    view = getattr(module, "view", None)
    if view is not None and hasattr(view, "start"):
        await view.start()
        return
    main = getattr(module, "main", None)
    if callable(main):
        result = main()
        if hasattr(result, "__await__"):
            await result


def report_exception(exc: BaseException, config: dict[str, object]) -> None:
    """Show ``exc`` in the View's error panel (the shim also logs it to the host)."""
    display = config.get("display")
    mount_root = str(config.get("mountRoot", ""))
    text, where = format_exception(exc, mount_root, display if isinstance(display, dict) else {})
    title = f"Python error in {where[0]}, line {where[1]}" if where else "Python error"
    import js  # browser only

    js.pyviewBoot.fail("python", title, text, TRACEBACK_HINT)


def format_exception(
    exc: BaseException, mount_root: str, display: dict[str, str]
) -> tuple[str, tuple[str, int] | None]:
    """Format ``exc`` with the developer's file names, and find the innermost frame in the developer's code.

    Args:
        exc: the exception.
        mount_root: where the boot wrote the sources (``/pyview/src``).
        display: ``{path under mount_root: path the developer knows}`` for the developer's files.

    Returns:
        The traceback text, and ``(file, line)`` of the innermost developer frame (``None`` if there is none).

    Example:
        >>> try:
        ...     exec(compile("1/0", "/pyview/src/view.py", "exec"))
        ... except ZeroDivisionError as e:
        ...     text, where = format_exception(e, "/pyview/src", {"view.py": "examples/view.py"})
        >>> where
        ('examples/view.py', 1)
        >>> 'File "examples/view.py", line 1' in text
        True
    """
    import traceback  # only on failure: it costs start-up time otherwise

    prefix = mount_root.rstrip("/") + "/"
    where: tuple[str, int] | None = None

    def shown(filename: str) -> str | None:
        if filename.startswith(prefix):
            return display.get(filename[len(prefix) :])
        return None

    summary = traceback.TracebackException.from_exception(exc)
    for depth, link in enumerate(_chain(summary)):
        for frame in link.stack:
            _ = frame.line  # read the source line now, while linecache can still find the file
            name = shown(frame.filename)
            if name is not None:
                if depth == 0:  # the innermost developer frame of the exception that was raised last
                    where = (name, frame.lineno or 0)
                frame.filename = name
            elif frame.filename.startswith(prefix):
                frame.filename = frame.filename[len(prefix) :]
        filename = getattr(link, "filename", None)  # set for syntax errors only
        if isinstance(filename, str):
            name = shown(filename)
            if name is not None:
                if depth == 0:  # a syntax error points at its own file and line, past the import frames
                    where = (name, int(link.lineno or 0))
                link.filename = name
    return "".join(summary.format()), where


def _chain(summary: traceback.TracebackException) -> list[traceback.TracebackException]:
    chain = []
    seen: set[int] = set()
    node: traceback.TracebackException | None = summary
    while node is not None and id(node) not in seen:
        seen.add(id(node))
        chain.append(node)
        node = node.__cause__ or node.__context__
    return chain
