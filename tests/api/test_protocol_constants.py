"""The MCP Apps method names live in one module, pyview/app/_protocol.py, which the App and the host both use."""

from __future__ import annotations

import ast
from pathlib import Path

from pyview.app import _protocol

ROOT = Path(__file__).resolve().parents[2]
METHODS = {value for name, value in vars(_protocol).items() if name.isupper() and isinstance(value, str)}


def literal_methods(source: str, where: str) -> list[str]:
    """The method names written as string literals in ``source`` (docstrings aside)."""
    tree = ast.parse(source)
    scopes = [node for node in ast.walk(tree) if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))]
    docstrings = {id(n.body[0].value) for n in scopes if n.body and isinstance(n.body[0], ast.Expr)}
    return [
        f"{where}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in METHODS and id(node) not in docstrings
    ]


def test_the_app_and_the_host_name_methods_through_the_protocol_module() -> None:
    files = [*sorted((ROOT / "pyview" / "app").glob("*.py")), *sorted((ROOT / "pyview" / "host").glob("*.py"))]
    found = [
        hit for path in files if path.name != "_protocol.py" for hit in literal_methods(path.read_text(), path.name)
    ]
    assert found == [], "use the constant of pyview/app/_protocol.py"


def test_the_check_finds_a_literal_method() -> None:
    assert {"ui/initialize", "ui/notifications/tool-result", "tools/call", "ping"} <= METHODS
    source = 'def f(peer):\n    """Send ``ping``."""\n    return peer.request("ping", {})\n'
    assert literal_methods(source, "x.py") == ["x.py:3: 'ping'"]
