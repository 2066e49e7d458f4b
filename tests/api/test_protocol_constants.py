"""The MCP Apps method names live in one module, pyview/_core/app/_protocol.py: the App, the host and the server runtime
use its constants, and every method name pyview's JavaScript (the runtime shim, the dev host) uses is one of them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pyview._core.app import _protocol

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


def test_pyview_names_methods_through_the_protocol_module() -> None:
    files = sorted((ROOT / "pyview").rglob("*.py"))  # the App, the host, the server runtime, the dev host...
    found = [
        hit for path in files if path.name != "_protocol.py" for hit in literal_methods(path.read_text(), path.name)
    ]
    assert found == [], "use the constant of pyview/_core/app/_protocol.py"


def test_the_check_finds_a_literal_method() -> None:
    assert {"ui/initialize", "ui/notifications/tool-result", "tools/call", "ping"} <= METHODS
    source = 'def f(peer):\n    """Send ``ping``."""\n    return peer.request("ping", {})\n'
    assert literal_methods(source, "x.py") == ["x.py:3: 'ping'"]


# -- the shipped JavaScript: its method names are values of the same module (checked, not generated: the shim stays
# small enough for the server-runtime document's size budget) ------------------------------------------------------

# the runtime shim shipped in every document, and the dev host's page (found wherever the layout puts them)
JS_FILES = sorted(path for path in (ROOT / "pyview").rglob("*") if path.suffix in (".js", ".mjs"))
NAMESPACES = sorted({value.split("/")[0] for value in METHODS if "/" in value})  # ui, notifications, tools...
# a quoted method-shaped string ("ns/..." for a namespace in use, or "ping"), wherever it is: no JS tokenizer to fool
QUOTED_METHOD = re.compile(rf"[\"'`]((?:{'|'.join(NAMESPACES)})/[\w/-]+|ping)[\"'`]")
NOT_METHODS = {"ui/resourceUri"}  # the _meta key that names a tool's View


def js_methods(source: str) -> set[str]:
    """Every quoted string of ``source`` shaped like an MCP method name."""
    return set(QUOTED_METHOD.findall(source)) - NOT_METHODS


def test_the_shipped_javascript_names_only_methods_of_the_protocol_module() -> None:
    found = {f"{path.name}: {name}" for path in JS_FILES for name in js_methods(path.read_text())}
    assert {hit.split(": ")[1] for hit in found} >= {"ui/initialize", "tools/call", "ui/notifications/tool-result"}
    assert sorted(hit for hit in found if hit.split(": ")[1] not in METHODS) == [], (
        "add it to pyview/_core/app/_protocol.py"
    )


def test_the_javascript_check_finds_a_method_the_module_lacks() -> None:
    source = "post({ jsonrpc: '2.0', method: \"ui/notifications/tool-result\" }); request(`ui/made-up`, {}); x('ui');"
    assert js_methods(source) == {"ui/notifications/tool-result", "ui/made-up"}
    assert "ui/made-up" not in METHODS
