"""The README's quickstart is examples/hello, and it works: served by the SDK, mounted under the host, clicked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
HELLO = REPO / "examples" / "hello"


def code_of(path: Path) -> str:
    """The file without its module docstring, as the README shows it."""
    return path.read_text().split("\n\n", 1)[1]


def test_readme_quickstart_is_the_hello_example() -> None:
    blocks = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(), re.S)
    assert blocks[0] == "# hello_view.py: a View\n" + code_of(HELLO / "hello_view.py")
    assert blocks[1] == "# server.py: the MCP server that ships it (official mcp SDK)\n" + code_of(HELLO / "server.py")


@pytest.mark.browser
def test_quickstart_runs_end_to_end(mount_view: Any) -> None:
    view = mount_view(HELLO / "hello_view.py", server=HELLO / "server.py")

    assert view.locator("p").inner_text() == "Waiting for the tool…"  # the pre-rendered first paint, then live
    view.send_tool_result({"content": [{"type": "text", "text": "Hello, <Ada>!"}]})
    view.locator("h1").filter(has_text="Hello, <Ada>!").wait_for()  # escaped text, not markup
    view.locator("button").click()
    call = view.host.next_request("tools/call")
    assert call["params"] == {"name": "greet", "arguments": {"name": "again"}}
    view.locator("h1").filter(has_text="Hello, again!").wait_for()  # the View shows the server's answer
    view.locator("button").filter(has_text="Again").wait_for()  # the call finished: no longer pending
