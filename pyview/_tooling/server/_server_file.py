"""An MCP server defined in a Python file: how ``pyview serve``, ``pyview types`` and the tests load it.

Example:
    >>> try:
    ...     load_server("no/such/server.py")
    ... except Exception as exc:
    ...     print(exc)
    server file not found: no/such/server.py
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when a server is loaded: naming the function costs nothing
    from mcp.server.mcpserver import MCPServer

DEFAULT_PATH = "/mcp"
DEFAULT_RUNTIME_PATH = "/pyodide"

_PREFERRED_NAMES = ("server", "mcp", "app")


def load_server(spec: str) -> tuple[Any, MCPServer[Any]]:
    """Import ``server.py`` (or ``server.py:NAME``) as a module and return it and its ``MCPServer``.

    Without ``NAME`` the server is the module's only ``MCPServer``, or the one named ``server``, ``mcp`` or
    ``app``.

    Raises:
        BuildError: the file does not exist, fails to import, or does not hold exactly one server.
    """
    from mcp.server.mcpserver import MCPServer

    from pyview._tooling.packager._errors import BuildError

    file_part, name = (spec, "") if Path(spec).exists() or ":" not in spec else spec.rsplit(":", 1)
    path = Path(file_part).resolve()
    if not path.is_file():
        raise BuildError(f"server file not found: {file_part}")
    module_name = path.stem if path.stem.isidentifier() else "_pyview_server"
    if module_name in sys.modules:  # e.g. a test suite's own module called "server"
        module_name = f"_pyview_server_{module_name}"
    module_spec = importlib.util.spec_from_file_location(module_name, path)
    if module_spec is None or module_spec.loader is None:
        raise BuildError(f"cannot import {path} as a Python module")
    module = importlib.util.module_from_spec(module_spec)
    sys.path.insert(0, str(path.parent))
    sys.modules[module_name] = module
    try:
        module_spec.loader.exec_module(module)
    except BuildError:
        raise
    except Exception as exc:
        raise BuildError(f"{file_part} failed to import: {type(exc).__name__}: {exc}") from exc
    if name:
        server = getattr(module, name, None)
        if not isinstance(server, MCPServer):
            raise BuildError(f"{file_part} has no MCPServer named {name!r}")
        return module, server
    found = {key: value for key, value in vars(module).items() if isinstance(value, MCPServer)}
    if len(found) > 1:
        found = {key: value for key, value in found.items() if key in _PREFERRED_NAMES} or found
    if len(found) != 1:
        what = "no MCPServer" if not found else f"several MCPServers ({', '.join(found)})"
        raise BuildError(f"{file_part} defines {what}; name one: pyview serve {file_part}:NAME")
    return module, next(iter(found.values()))
