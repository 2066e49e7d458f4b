"""``pyview new NAME``: a new project whose View runs in ``pyview dev`` and whose tests pass at once (tooling).

Example:
    $ pyview new my-app
    $ cd my-app && pyview dev server.py
    $ python -m pytest -q
"""

from __future__ import annotations

import argparse
import keyword
import re
import sys
from pathlib import Path
from typing import Any

SERVER = '''"""The MCP server of {name}: one tool, shown by the View in {pkg}_view/.

Run it: ``pyview dev server.py`` (a local host), ``pyview serve server.py --http`` (for a real host), or
``python server.py`` (stdio).
"""

from mcp.server.mcpserver import MCPServer

from pyview.server import Views, serve

views = Views()
{pkg}_view = views.add("{pkg}", "{pkg}_view")


@views.tool({pkg}_view, read_only=True)
def greet(name: str) -> str:
    """Greet someone by name."""
    return f"Hello, {{name}}!"


server = MCPServer("{name}", extensions=[views])

if __name__ == "__main__":
    serve(server)  # stdio
'''

VIEW = '''"""The View of {name}: Python components, run in the host's iframe by Pyodide.

The boot finds ``view`` and starts it; ``pyview build {pkg}_view -o {pkg}.html`` writes the document alone.
"""

from pyview import App, Element, View, component, h, use_server_tool, use_tool_result

app = App("{name}", "0.1.0")


@component
def Greeting() -> Element:
    result = use_tool_result()  # None until the host sends the tool's result
    greet = use_server_tool("greet")  # the server's tool, called from the View
    if result is None:
        return h.main(h.p("Waiting for the tool…"), aria_busy="true")
    answer = greet.result or result  # the newest answer
    return h.main(  # the View's landmark: screen readers find it, axe's "region" rule passes
        h.h1(answer.text),
        h.button("Greeting…" if greet.pending else "Greet the world", on_click=lambda: greet.call({{"name": "world"}})),
        h.p(f"Failed: {{greet.error}}", role="alert") if greet.error else None,
    )


view = View(Greeting, app)
'''

TEST = '''"""The View under the real App, the real Python host and the real server tools, in process (no browser)."""

from pathlib import Path

import pytest

import server
from pyview.testing import run

VIEW = Path(__file__).resolve().parents[1] / "{pkg}_view"

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def test_shows_the_tool_result_and_greets_again():
    async with run(VIEW, server=server) as pilot:
        assert pilot.find("p").text == "Waiting for the tool…"
        await pilot.call_tool("greet", {{"name": "Ada"}})  # as the model would
        assert pilot.find("h1").text == "Hello, Ada!"
        await pilot.click("Greet the world")
        assert pilot.find("h1").text == "Hello, world!"
        assert pilot.host.requests[-1]["params"] == {{"name": "greet", "arguments": {{"name": "world"}}}}
'''

A11Y_TEST = '''"""Accessibility: axe-core in the View's frame, in a real browser (Chromium), light and dark.

axe-core comes from npm, pinned in package.json: ``npm install`` (or set PYVIEW_AXE_CORE to its axe.min.js).
"""

from pathlib import Path

import server
from pyview.testing import find_axe

VIEW = Path(__file__).resolve().parents[1] / "{pkg}_view"


def test_the_view_is_accessible_in_both_themes(mount_view):
    axe = find_axe()  # fails at once, with the install command, where axe-core is not installed
    view = mount_view(VIEW, server=server.server)
    view.send_tool_result("Hello, Ada!")
    view.locator("h1").wait_for()
    for theme in ("light", "dark"):
        view.set_host_context(theme=theme)
        view.frame.wait_for_function("(t) => document.documentElement.dataset.theme === t", arg=theme)
        view.check_accessibility(axe=axe, label=theme).assert_accessible()
'''

PACKAGE_JSON = """{{
  "private": true,
  "devDependencies": {{
    "axe-core": "4.14.1"
  }}
}}
"""

README = """# {name}

An MCP App: a tool (`greet`, in `server.py`) whose result a View written in Python (`{pkg}_view/`) shows.

```console
pyview dev server.py              # a local host: call the tool, see the View, every message logged
npm install                       # axe-core, pinned, for the accessibility test
python -m pytest -q               # the View under the real App, host and server; axe-core over it in Chromium
pyview serve server.py --http     # Streamable HTTP at http://127.0.0.1:8000/mcp, for a real host
```

Start with `{pkg}_view/__init__.py` (the components) and `server.py` (the tools).
"""

PYPROJECT = """[project]
name = "{name}"
version = "0.1.0"
requires-python = ">=3.11"
dependencies = ["pyview-mcp"]

[tool.pytest.ini_options]
pythonpath = ["."]
testpaths = ["tests"]
addopts = ["--pyview-order"]  # browser tests after the async ones (see pyview's docs/testing.md)
"""


def project_files(name: str) -> dict[str, str]:
    """The files of a new project called ``name``, by relative path.

    Example:
        >>> sorted(project_files("my-app"))[:4]
        ['README.md', 'my_app_view/__init__.py', 'package.json', 'pyproject.toml']
        >>> sorted(project_files("my-app"))[4:]
        ['server.py', 'tests/test_accessibility.py', 'tests/test_view.py']
    """
    pkg = package_name(name)
    values: dict[str, Any] = {"name": name, "pkg": pkg}
    return {
        "README.md": README.format(**values),
        "pyproject.toml": PYPROJECT.format(**values),
        "package.json": PACKAGE_JSON.format(**values),
        "server.py": SERVER.format(**values),
        f"{pkg}_view/__init__.py": VIEW.format(**values),
        "tests/test_view.py": TEST.format(**values),
        "tests/test_accessibility.py": A11Y_TEST.format(**values),
    }


def package_name(name: str) -> str:
    """A Python identifier from a project name: ``my-app`` -> ``my_app``; refuses names that give none.

    Example:
        >>> package_name("My App-2")
        'my_app_2'
    """
    pkg = re.sub(r"\W+", "_", name.strip().lower()).strip("_")
    if not pkg or pkg[0].isdigit() or keyword.iskeyword(pkg):
        raise ValueError(f"{name!r} is not a usable project name: start with a letter (e.g. my-app)")
    return pkg


def create(folder: Path, name: str | None = None) -> list[Path]:
    """Write a new project into ``folder`` (which must not exist or be empty); returns the files written."""
    name = name or folder.name
    files = project_files(name)
    if folder.exists() and any(folder.iterdir()):
        raise FileExistsError(f"{folder} exists and is not empty: choose a new folder")
    written = []
    for relative, text in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def register_cli(commands: Any) -> None:
    """Add ``pyview new`` to the ``pyview`` command line."""
    new = commands.add_parser("new", help="create a project: a server, a View package, tests and a README")
    new.add_argument("name", help="the project's folder (its name is the folder's last part), e.g. my-app")
    new.set_defaults(handler=_new)


def _new(args: argparse.Namespace) -> int:
    folder = Path(args.name)
    try:
        written = create(folder)
    except (FileExistsError, ValueError) as exc:
        print(f"pyview: error: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(f"  wrote {path}")
    print(
        f"\nNext:\n  cd {folder}\n  pyview dev server.py      # see the View\n  python -m pytest -q       # its tests"
    )
    return 0
