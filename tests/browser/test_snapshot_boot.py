"""A View built with a memory snapshot restores it in Chromium (inline and url), and falls back to a plain start,
with a console note, when the snapshot does not match or cannot be loaded. A served View (``Views``) carries one by
default where Node can make one, and is served without one (a log warning) when making it fails."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview.packager import BuiltView
from pyview.testing import SandboxedView

pytestmark = pytest.mark.browser
VIEWS = Path(__file__).parent / "views"
NOTE = "pyview: starting Python without its memory snapshot"


@pytest.fixture(scope="module")
def runtime_server() -> Iterator[str]:
    from starlette.applications import Starlette
    from starlette.routing import Mount

    from pyview.server import runtime_files_app
    from pyview.testing import serving

    with serving(Starlette(routes=[Mount("/pyodide", app=runtime_files_app())])) as url:
        yield f"{url}/pyodide/"


def _start(page: Any, html: str, csp: dict[str, list[str]] | None = None) -> tuple[SandboxedView, dict[str, float]]:
    view = SandboxedView.mount(page, html, ui_csp=csp or None)
    marks = view.wait_until_started(timeout=180)
    assert view.error_panel() is None
    # the View's module was imported in Node before the snapshot, and its `js` is this page's
    assert view.frame.locator("#pyview-root").inner_text() == "Hello from Python 3.14"
    return view, marks


def _notes(view: SandboxedView) -> list[str]:
    return [message.text for message in view.console if message.text.startswith(NOTE)]


def test_inline_view_restores_its_snapshot(page: Any, build: Callable[..., BuiltView]) -> None:
    view, marks = _start(page, build("hello_view.py", snapshot=True).html)
    assert "snapshot" in marks and marks["snapshot"] <= marks["python"] <= marks["render"]
    assert _notes(view) == [] and view.console_errors() == []
    # the runtime's blobs (every part of each) were kept only until Python was up
    assert view.frame.locator("script[type='application/octet-stream']").count() == 0


def test_url_view_fetches_its_snapshot_beside_the_runtime(
    page: Any, build: Callable[..., BuiltView], runtime_server: str
) -> None:
    built = build("hello_view.py", runtime="url", runtime_url=runtime_server, snapshot=True)
    view, marks = _start(page, built.html, built.csp)
    assert "snapshot" in marks and _notes(view) == []
    # the frame's own record of what it fetched (Playwright's request events can arrive after the marks on a
    # loaded machine, so a list filled by page.on("request") was sometimes still without it)
    fetched = view.frame.evaluate("() => performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert any(url.startswith(f"{runtime_server}snapshots/") for url in fetched), fetched


def test_a_snapshot_for_another_build_falls_back_to_a_plain_start(page: Any, build: Callable[..., BuiltView]) -> None:
    built = build("hello_view.py", snapshot=True)
    head, rest = built.html.split('id="pyview-config">', 1)
    config, tail = rest.split("</script>", 1)
    pinned = json.loads(config)["snapshot"]["buildId"]
    # the document pins another Pyodide build than the one its snapshot was made with
    html = f'{head}id="pyview-config">{config.replace(pinned, "0" * 64)}</script>{tail}'
    assert html != built.html
    view, marks = _start(page, html)
    assert "snapshot" not in marks
    notes = _notes(view)
    assert len(notes) == 1 and "Pyodide build" in notes[0], notes


def test_a_missing_url_snapshot_falls_back_to_a_plain_start(
    page: Any, build: Callable[..., BuiltView], runtime_server: str
) -> None:
    built = build("hello_view.py", runtime="url", runtime_url=runtime_server, snapshot=True)
    html = built.html.replace("/snapshots/", "/snapshots/missing-")
    view, marks = _start(page, html, built.csp)
    assert "snapshot" not in marks
    notes = _notes(view)
    assert len(notes) == 1 and "404" in notes[0], notes


def test_a_served_view_boots_from_its_snapshot(page: Any) -> None:
    from pyview.server import Views

    # inline only when asked for ("auto", the default, keeps a snapshot beside the document, never inline)
    views = Views(runtime="inline", cache_dir=None, snapshot="on")
    handle = views.add("hello", VIEWS / "hello_view.py")
    assert handle.snapshot
    view, marks = _start(page, handle.html())
    assert "snapshot" in marks and marks["snapshot"] <= marks["python"]
    assert _notes(view) == [] and view.console_errors() == []


def test_a_served_view_whose_snapshot_cannot_be_made_is_served_without_one(
    page: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, runtime_server: str
) -> None:
    from pyview.packager import BuildError
    from pyview.server import Views

    def fails(*args: object, **kwargs: object) -> None:
        raise BuildError("making the memory snapshot in Node failed (exit 1)")

    monkeypatch.setattr("pyview._tooling.packager._packager.make_snapshot", fails)
    # a url View boots here without a host's tools (an auto View's snapshot is a runtime part: the same rule)
    views = Views(runtime="url", runtime_url=runtime_server, cache_dir=None, snapshot="auto")
    handle = views.add("hello", VIEWS / "hello_view.py")
    with caplog.at_level("WARNING", logger="pyview.server"):
        html = handle.html()
    assert "served without a memory snapshot: making the memory snapshot in Node failed" in caplog.text
    assert '"snapshot"' not in html.split('id="pyview-config">', 1)[1].split("</script>", 1)[0]
    view, marks = _start(page, html, handle.meta["ui"]["csp"])
    assert "snapshot" not in marks and _notes(view) == []
