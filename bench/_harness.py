"""Shared pieces of the benchmarks: a browser, a runtime server on loopback, frame mounting, statistics."""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CONFORMANCE_DIST = REPO / "tests" / "conformance" / "dist"


@contextmanager
def runtime_server() -> Iterator[str]:
    """Serve the pinned Pyodide runtime on a free loopback port; yields its base URL."""
    from starlette.applications import Starlette
    from starlette.routing import Mount

    from pyview.server import runtime_files_app
    from pyview.testing import serving

    with serving(Starlette(routes=[Mount("/pyodide", app=runtime_files_app())])) as url:
        yield f"{url}/pyodide/"


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from pyview.testing import launch_chromium

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table, right-aligned numbers."""
    cells = [[str(h) for h in headers], *[[_cell(v) for v in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for index, row in enumerate(cells):
        lines.append(
            "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))
        )
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.1f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def server_tree(view_file: Path, arguments: dict[str, Any], result: dict[str, Any]) -> list[Any]:
    """The View rendered in CPython for a tool result, as a pyview server puts it in ``_meta["pyview"]["tree"]``."""
    import importlib.util
    import json

    from pyview._core.components._root import Root
    from pyview._core.components._view import app_tree, as_node
    from pyview.app import ToolInput, ToolResult
    from pyview.testing import FakeApp

    spec = importlib.util.spec_from_file_location(f"_bench_{view_file.stem}", view_file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    patches: list[str] = []
    app = FakeApp(tool_input=ToolInput({"arguments": arguments}), tool_result=ToolResult(result))
    root = Root(patches.append, effects=False)
    root.mount(app_tree(root, as_node(module.view.root_component), app), hydrate=True)
    tree: list[Any] = json.loads(patches[0])[0][3]
    return tree
