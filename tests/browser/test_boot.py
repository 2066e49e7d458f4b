"""A built View boots Pyodide in a sandboxed, opaque-origin frame, or shows why it cannot."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pyview.packager import BuiltView
from pyview.testing import SandboxedView

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def build(build: Callable[..., BuiltView]) -> Callable[..., BuiltView]:
    """``build`` without the default core snapshot (tests/browser/conftest.py): this module is about the plain start."""
    return functools.partial(build, snapshot=False)


def view_requests(page: Any, request: Any, requests: list[str]) -> None:
    """Record a request the View's frame made. Not the View's: the host page's own fetch of the document, and the
    frame's load of the ``blob:`` URL the host gave the document as (``sandboxedFrame``)."""
    if request.frame != page.main_frame and not (request.is_navigation_request() and request.url.startswith("blob:")):
        requests.append(request.url)


def test_inline_view_runs_python_with_no_request_leaving_the_frame(
    own_page: Any, build: Callable[..., BuiltView]
) -> None:
    requests: list[str] = []
    own_page.on("request", lambda request: view_requests(own_page, request, requests))
    view = SandboxedView.mount(own_page, build("hello_view.py").html)

    marks = view.wait_until_started()

    assert view.error_panel() is None
    assert view.frame.locator("#pyview-root").inner_text() == "Hello from Python 3.14"
    assert "render" in marks and marks["parsed"] <= marks["start"] <= marks["python"] <= marks["render"]
    assert view.frame.locator("#pyview-boot").count() == 0  # the loading state is gone
    # each blob is written as many parts (a faster parse on WebKit), and all of them were read back and freed
    assert view.frame.locator("script[type='application/octet-stream']").count() == 0
    assert [url for url in requests if not url.startswith(("about:", "data:"))] == []
    assert view.console_errors() == []


@pytest.fixture(scope="module")
def runtime_server() -> Iterator[str]:
    """The pinned runtime served over HTTP by pyview's own runtime app, on a free loopback port."""
    from starlette.applications import Starlette
    from starlette.routing import Mount

    from pyview.server import runtime_files_app
    from pyview.testing import serving

    with serving(Starlette(routes=[Mount("/pyodide", app=runtime_files_app())])) as url:
        yield f"{url}/pyodide/"


def test_url_view_loads_the_runtime_from_the_declared_origin(
    page: Any, build: Callable[..., BuiltView], runtime_server: str
) -> None:
    built = build("hello_view.py", runtime="url", runtime_url=runtime_server)
    origin = runtime_server.rsplit("/pyodide/", 1)[0]
    assert built.csp == {"resourceDomains": [origin], "connectDomains": [origin]}
    assert built.size < 200_000  # the runtime is not in the document

    view = SandboxedView.mount(page, built.html, ui_csp=built.csp)
    view.wait_until_started()

    assert view.error_panel() is None
    assert view.frame.locator("#pyview-root").inner_text() == "Hello from Python 3.14"


def test_url_view_without_its_csp_domains_fails_readably(
    page: Any, build: Callable[..., BuiltView], runtime_server: str
) -> None:
    built = build("hello_view.py", runtime="url", runtime_url=runtime_server, boot_timeout=8)
    view = SandboxedView.mount(page, built.html)  # the host ignores the declared domains

    view.wait_until_started()

    panel = view.error_panel()
    assert panel is not None
    # whichever the browser reports first: the CSP violation, or the missing loader
    assert (panel["kind"], panel["title"]) in {
        ("csp", "The host blocked the Python runtime's files"),
        ("runtime", "The Python runtime could not be loaded"),
    }
    assert f"{runtime_server}pyodide.js" in panel["text"]
    assert "resourceDomains and connectDomains" in panel["text"]


def test_default_csp_shows_the_wasm_panel_and_tells_the_host(page: Any, build: Callable[..., BuiltView]) -> None:
    view = SandboxedView.mount(page, build("hello_view.py").html, allow_wasm=False)

    marks = view.wait_until_started(timeout=30)

    panel = view.error_panel()
    assert panel is not None and panel["kind"] == "csp"
    assert "'wasm-unsafe-eval'" in panel["text"]
    assert "python" not in marks  # the probe told before the runtime was started, not a timeout after it
    logs = [m for m in view.messages() if m.get("method") == "notifications/message"]
    logs = [m for m in logs if m["params"]["level"] == "error"]  # the boot also logs which runtime runs (info)
    assert logs and logs[0]["params"]["level"] == "error"
    assert logs[0]["params"]["data"]["kind"] == "csp"


def test_python_exception_shows_the_developer_file_and_line(page: Any, build: Callable[..., BuiltView]) -> None:
    view = SandboxedView.mount(page, build("broken_view.py").html)

    view.wait_until_started()

    panel = view.error_panel()
    assert panel is not None and panel["kind"] == "python"
    assert panel["title"] == "Python error in tests/browser/views/broken_view.py, line 6"
    assert 'File "tests/browser/views/broken_view.py", line 6, in load_settings' in panel["text"]
    assert "KeyError: 'units'" in panel["text"]
    assert "/pyview/src" not in panel["text"]
    logs = [m for m in view.messages() if m.get("method") == "notifications/message"]
    logs = [m for m in logs if m["params"]["level"] == "error"]  # the boot also logs which runtime runs (info)
    assert logs and "KeyError" in logs[0]["params"]["data"]["detail"]


def test_a_left_out_stdlib_module_fails_naming_the_build_option(page: Any, build: Callable[..., BuiltView]) -> None:
    view = SandboxedView.mount(page, build("dynamic_import_view.py").html)

    view.wait_until_started()

    panel = view.error_panel()
    assert panel is not None and panel["kind"] == "python"
    assert panel["title"] == "Python error in tests/browser/views/dynamic_import_view.py, line 7"
    assert "No module named 'xml.dom.minidom': pyview left the standard library module" in panel["text"]
    assert "`pyview build --stdlib xml.dom.minidom`" in panel["text"] and "--stdlib all" in panel["text"]


def test_loading_state_shows_at_once_then_the_timeout_panel(page: Any, build: Callable[..., BuiltView]) -> None:
    built = build("hello_view.py", boot_timeout=0.3)
    # in the document itself: shown at once (characters above U+00FF are written as references: see latin1_only)
    assert "Starting Python&#x2026;" in built.html.split('id="pyview-boot"', 1)[1]
    view = SandboxedView.mount(page, built.html)

    # one read: the panel replaces the loading state at any moment (a count() then inner_text() could see it, then
    # wait 30 s for it to come back)
    first_text = view.frame.evaluate("() => document.getElementById('pyview-boot')?.innerText ?? ''")
    view.wait_until_started()

    assert "Starting Python" in first_text or view.error_panel() is not None
    panel = view.error_panel()
    assert panel is not None and panel["kind"] == "timeout"
    assert "did not start in time" in panel["title"]


# each tool result in turn, to one frame (a pydantic boot costs seconds): the shown text follows each result
RESULTS = [
    ({"city": "Oslo", "temperature_c": "4.25", "condition": "sleet"}, "Oslo: 4.2 °C, sleet"),
    ({"city": "Oslo", "condition": "sleet"}, "invalid result: temperature_c: Field required"),
]


def test_embedded_pydantic_validates_the_tool_result(own_page: Any, build: Callable[..., BuiltView]) -> None:
    built = build("pydantic_view.py", packages=["pydantic>=2.12,<3"])
    assert any(name.startswith("package: pydantic_core-") and "pyemscripten" in name for name, _ in built.parts)
    # pydantic_core is native code, which may import any stdlib module: the document keeps the whole standard library
    assert any("the whole standard library is embedded: pydantic_core-" in note for note in built.notes)
    requests: list[str] = []
    own_page.on("request", lambda request: view_requests(own_page, request, requests))
    view = SandboxedView.mount(own_page, built.html)

    hello = view.wait_for_message("ui/initialize", timeout=60)
    view.post({"jsonrpc": "2.0", "id": hello["id"], "result": {
        "protocolVersion": hello["params"]["protocolVersion"], "hostInfo": {"name": "test", "version": "1"},
        "hostCapabilities": {}, "hostContext": {}}})  # fmt: skip
    view.wait_for_message("ui/notifications/initialized")
    root = view.frame.locator("#pyview-root")
    for structured, shown in RESULTS:
        view.post({"jsonrpc": "2.0", "method": "ui/notifications/tool-result",
                   "params": {"content": [], "structuredContent": structured}})  # fmt: skip

        root.filter(has_text=shown).wait_for(timeout=10_000)
        assert view.error_panel() is None
    assert [url for url in requests if not url.startswith(("about:", "data:"))] == []


def test_a_document_cut_short_inside_a_blob_says_so(page: Any, build: Callable[..., BuiltView]) -> None:
    html = build("hello_view.py").html
    # drop the last part of the Emscripten module's blob (the document's last blob, read first)
    module = html.index('id="pyview-blob:pyodide.asm.mjs"')
    start = html.rindex('<script type="application/octet-stream">')
    assert start > module
    view = SandboxedView.mount(page, html[:start] + html[html.index("</script>", start) + len("</script>") :])

    view.wait_until_started()

    panel = view.error_panel()
    assert panel is not None
    assert (panel["kind"], panel["title"]) == ("runtime", "The Python runtime could not be loaded")
    assert "the document is cut short: pyview-blob:pyodide.asm.mjs has" in panel["text"]
