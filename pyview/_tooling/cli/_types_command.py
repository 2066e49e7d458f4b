"""``pyview types SERVER.py -o VIEW/_types.py``: stdlib-only TypedDicts from each tool's output schema (tooling).

The View runs in Pyodide without the server's models (pydantic...), but it reads their JSON as the tool result's
``structuredContent``. This writes one ``TypedDict`` per object schema (the models, by their titles) and one
``<Tool>Result`` alias per tool, so ``use_server_tool("get_weather", output=GetWeatherResult).data["tmep"]`` and
``result.structured_content`` cast to it are checked by mypy.

Example:
    >>> print(render_types({"get_temp": {"type": "object", "title": "Temp", "required": ["c"],
    ...     "properties": {"c": {"type": "number"}, "note": {"type": "string"}}}}, "server.py"))
    ... # doctest: +ELLIPSIS
    "...
    class Temp(TypedDict):
        c: float
        note: NotRequired[str]
    <BLANKLINE>
    <BLANKLINE>
    GetTempResult = Temp
    <BLANKLINE>
"""

from __future__ import annotations

import argparse
import asyncio
import json
import keyword
import re
import sys
from pathlib import Path
from typing import Any

_SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}


def _lit(value: object) -> str:
    """A Python literal as ruff formats it (double quotes)."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^0-9A-Za-z]+", name) if part) or "Value"


class _Writer:
    def __init__(self) -> None:
        self.classes: dict[str, str] = {}  # name -> source, dependencies first
        self.names: dict[str, str] = {}  # schema as JSON -> its class name
        self.defs: dict[str, Any] = {}

    def name_for(self, schema: dict[str, Any], fallback: str) -> tuple[str, bool]:
        """The class name for ``schema`` and whether it is new (same title, other schema: a numbered name)."""
        # a tool's top-level schema carries the $defs of its models: the same model nested elsewhere is the same type
        shape = {k: v for k, v in schema.items() if k not in ("$defs", "definitions")}
        key = json.dumps(shape, sort_keys=True, default=str)
        if key in self.names:
            return self.names[key], False
        base = _camel(str(schema.get("title") or fallback))
        name, n = base, 2
        while name in self.classes:
            name, n = f"{base}{n}", n + 1
        self.names[key] = name
        self.classes[name] = ""  # reserved now: a recursive schema refers to itself by name
        return name, True

    def type_of(self, schema: Any, hint: str) -> str:
        if not isinstance(schema, dict) or not schema:
            return "Any"
        if "$ref" in schema:
            ref = str(schema["$ref"]).rsplit("/", 1)[-1]
            return self.type_of(self.defs.get(ref, {}), ref)
        if "const" in schema:
            return f"Literal[{_lit(schema['const'])}]"
        if "enum" in schema:
            values = [_lit(v) for v in schema["enum"]]
            literal = "Literal[" + ", ".join(values) + "]"
            if len(literal) <= 60:
                return literal
            name, new = self.name_for(schema, hint)  # a long one gets a name, one value a line
            if new:
                self.classes[name] = f"{name} = Literal[\n" + "".join(f"    {v},\n" for v in values) + "]\n"
            return name
        for key in ("anyOf", "oneOf"):
            if key in schema:
                options = dict.fromkeys(self.type_of(option, hint) for option in schema[key])
                return " | ".join(options)
        kind = schema.get("type")
        if isinstance(kind, list):
            return " | ".join(self.type_of({**schema, "type": k}, hint) for k in kind)
        if kind in _SCALARS:
            return _SCALARS[kind]
        if kind == "array":
            return f"list[{self.type_of(schema.get('items'), hint + 'Item')}]"
        if kind == "object" or "properties" in schema:
            if "properties" in schema:
                return self.typed_dict(schema, hint)
            extra = schema.get("additionalProperties")
            return f"dict[str, {self.type_of(extra, hint + 'Value') if isinstance(extra, dict) else 'Any'}]"
        return "Any"

    def typed_dict(self, schema: dict[str, Any], hint: str) -> str:
        name, new = self.name_for(schema, hint)
        if not new and self.classes.get(name) == "":  # a recursive schema: a forward reference to itself
            return _lit(name)
        if new:
            source = self._source(name, schema)
            del self.classes[name]  # after the classes it refers to
            self.classes[name] = source
        return name

    def _source(self, name: str, schema: dict[str, Any]) -> str:
        required = set(schema.get("required", ()))
        fields = []
        for key, prop in schema.get("properties", {}).items():
            kind = self.type_of(prop, name + _camel(key))
            fields.append((key, kind if key in required else f"NotRequired[{kind}]"))
        if all(key.isidentifier() and not keyword.iskeyword(key) for key, _ in fields):
            body = "".join(f"    {key}: {kind}\n" for key, kind in fields) or "    pass\n"
            return f"class {name}(TypedDict):\n{body}"
        items = "".join(f"        {_lit(key)}: {kind},\n" for key, kind in fields)
        return f"{name} = TypedDict(\n    {_lit(name)},\n    {{\n{items}    }},\n)\n"


def render_types(schemas: dict[str, dict[str, Any]], source: str) -> str:
    """The module text for ``{tool name: output schema}`` (tools without a schema are left out)."""
    writer = _Writer()
    aliases = []
    for tool, schema in sorted(schemas.items()):
        writer.defs = {**schema.get("$defs", {}), **schema.get("definitions", {})}
        kind = writer.type_of(schema, _camel(tool) + "Output")
        aliases.append(f"{_camel(tool)}Result = {kind}")
    head = (
        f'"""Types of the tools\' structured results, written by `pyview types {source}`: do not edit, re-run it.\n\n'
        "Standard library only, so the View can import it in the browser.\n"
        '"""\n\n'
        "from typing import Any, Literal, NotRequired, TypedDict  # noqa: F401\n"
    )
    body = "\n\n".join(source_ for source_ in writer.classes.values())
    gap = "\n\n" if body.startswith("class ") else "\n"  # as isort wants it: two blank lines before a class
    return head + gap + body + ("\n\n" if body else "") + "\n".join(aliases) + "\n"


async def output_schemas(server: Any) -> dict[str, dict[str, Any]]:
    """``{tool name: outputSchema}`` of an ``MCPServer``'s tools that declare one."""
    tools = await server.list_tools()
    found: dict[str, dict[str, Any]] = {}
    for tool in tools:
        schema = getattr(tool, "output_schema", None) or getattr(tool, "outputSchema", None)
        if isinstance(schema, dict):
            found[tool.name] = schema
    return found


def register_cli(commands: Any) -> None:
    """Add ``pyview types`` to the ``pyview`` command line."""
    types = commands.add_parser("types", help="write TypedDicts for the View from the server's tool output schemas")
    types.add_argument("server", help="the server file (FILE or FILE:NAME, as for pyview serve)")
    types.add_argument("-o", "--output", required=True, help="the Python file to write, e.g. my_view/_types.py")
    types.set_defaults(handler=_types)


def _types(args: argparse.Namespace) -> int:
    from pyview._tooling.server._server_file import load_server

    _module, server = load_server(args.server)
    text = render_types(asyncio.run(output_schemas(server)), Path(args.server).name)
    Path(args.output).write_text(text, encoding="utf-8")
    print(f"pyview types: wrote {args.output}", file=sys.stderr)
    return 0
