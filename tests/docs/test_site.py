"""The documentation site builds with MkDocs (Material) + mkdocstrings in strict mode: no broken link, no unknown
reference, no docstring the API reference cannot read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mkdocs_builds_strictly(tmp_path: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    reference = (tmp_path / "site" / "reference" / "components" / "index.html").read_text()
    assert "use_server_tool" in reference and "AppLike" in reference
    assert "TYPE_CHECKING" not in reference  # the facades' stand-in for typing's constant is no API
    assert (tmp_path / "site" / "tutorial" / "index.html").is_file()
    assert_every_public_name_has_a_reference(tmp_path / "site" / "reference")


#: names each facade re-exports from the MCP SDK: its page lists them instead of rendering the SDK's docstrings
SDK_NAMES = {"APP_MIME_TYPE", "EXTENSION_ID", "ResourceCsp", "ResourcePermissions", "ToolError", "client_supports_apps"}
FACADES = ["app", "components", "ui", "server", "host", "testing", "packager", "dev"]


def assert_every_public_name_has_a_reference(reference: Path) -> None:
    import importlib

    import pyview

    missing = []
    for page in FACADES:
        facade = importlib.import_module(f"pyview.{page}")
        html = (reference / page / "index.html").read_text()
        for name in facade.__all__:
            found = f"<code>{name}</code>" in html if name in SDK_NAMES else f'id="pyview.{page}.{name}"' in html
            if not found:
                missing.append(f"pyview.{page}.{name}")
    homes = {name: module for module, names in pyview._LAZY.items() for name in names}  # e.g. "pyview.app"
    for name in set(pyview.__all__) - {"__version__"}:  # each documented on the page of the module it lives in
        home = homes[name]
        page = reference / home.split(".")[-1] / "index.html"
        if not page.is_file() or f'id="{home}.{name}"' not in page.read_text():
            missing.append(f"pyview.{name}")
    assert missing == [], "names without a reference entry: " + ", ".join(missing)


def test_every_page_in_docs_is_in_the_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text()
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    assert [page for page in pages if page not in nav] == []
