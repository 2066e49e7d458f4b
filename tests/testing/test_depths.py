"""One test body, two depths: the quickstart in process and in Chromium (the ``view_pilot`` fixture)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

HELLO = Path(__file__).resolve().parents[2] / "examples" / "hello"


def hello_server() -> Any:
    spec = importlib.util.spec_from_file_location("hello_server_for_depths", HELLO / "server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.server


def test_the_quickstart_at_every_depth(view_pilot: Any) -> None:
    pilot = view_pilot(HELLO / "hello_view.py", server=hello_server())
    assert pilot.text_of("p") == "Waiting for the tool…"
    result = pilot.call_tool("greet", {"name": "<Ada>"})
    assert result.text == "Hello, <Ada>!"
    assert pilot.text_of("h1") == "Hello, <Ada>!"  # text, never markup
    pilot.click("Again")
    assert pilot.text_of("h1") == "Hello, again!"
    calls = [r["params"] for r in pilot.requests if r["method"] == "tools/call"]
    assert calls == [{"name": "greet", "arguments": {"name": "again"}}]
