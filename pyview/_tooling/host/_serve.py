"""Run the MCP server a Python file defines, over stdio: ``python -m pyview._tooling.host._serve path/to/server.py``.

The file is run as a module named ``__pyview_serve__`` (so its ``if __name__ == "__main__"`` block does not
start a second server); the server is its ``server`` or ``mcp`` global, else the first ``MCPServer`` found.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any


def find_server(namespace: dict[str, Any]) -> Any:
    """The ``MCPServer`` a module's globals define, or ``None``."""
    from mcp.server.mcpserver import MCPServer

    for name in ("server", "mcp", "app"):
        if isinstance(namespace.get(name), MCPServer):
            return namespace[name]
    return next((value for value in namespace.values() if isinstance(value, MCPServer)), None)


def main(argv: list[str]) -> int:
    """Import the file and serve its server over stdio."""
    if len(argv) != 1:
        print("usage: python -m pyview._tooling.host._serve SERVER.py", file=sys.stderr)
        return 2
    path = Path(argv[0]).resolve()
    sys.path.insert(0, str(path.parent))
    namespace = runpy.run_path(str(path), run_name="__pyview_serve__")
    server = find_server(namespace)
    if server is None:
        print(f"pyview: {path} defines no MCPServer (name it `server`)", file=sys.stderr)
        return 1
    server.run("stdio")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
