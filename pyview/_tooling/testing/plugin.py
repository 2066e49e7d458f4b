"""pyview's pytest plugin (registered through the ``pytest11`` entry point): Views under test in Chromium.

Fixtures:
    ``mount_view``: a function that builds (once per session) and mounts a View under the Python host in
        headless Chromium and returns a :class:`~pyview.testing.MountedView`.
    ``view_pilot``: one synchronous test body run twice, in process and in Chromium (:class:`SyncPilot`).
    ``pyview_build``: ``pyview_build(path, **options) -> BuiltView``, cached for the session.
    ``pyview_browser``: the session's headless Chromium (Playwright, sync API).
    ``pyview_tabs``: the tabs of that browser that mounts share (:class:`~pyview._tooling.testing._tabs.Tabs`).
    ``pyview_host_server``: the session's relay server (:class:`~pyview.testing.HostServer`).

A test fails if its View logs a console error, throws, or reports a Python traceback, unless it is marked
``@pytest.mark.pyview_allow_errors`` or sets ``view.allow_errors = True``. See docs/testing.md.

Installing pyview changes no other project's test run: the fixtures do nothing until a test asks for one, and the
test order and pytest-xdist's scheduling change only with ``--pyview-order`` (browser tests last; under
``--dist loadscope``, :mod:`pyview._tooling.testing._xdist`'s scheduler that keeps that order).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Unpack

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from pyview._tooling.host._backend import Backend
    from pyview._tooling.packager._packager import BuiltView
    from pyview._tooling.testing._depths import SyncPilot
    from pyview._tooling.testing._harness import MountedView, SessionOptions
    from pyview._tooling.testing._server import HostServer
    from pyview._tooling.testing._tabs import Tabs

MountView = Callable[..., "MountedView"]


ORDER_OPTION = "--pyview-order"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("pyview").addoption(
        ORDER_OPTION,
        action="store_true",
        default=False,
        help="run browser tests after all others (and keep that order under pytest-xdist's --dist loadscope)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "pyview_allow_errors: a View's console errors or Python tracebacks do not fail the test"
    )


_BROWSER_FIXTURES = {"pyview_browser", "pyview_tabs", "mount_view"}


def uses_browser(item: pytest.Item) -> bool:
    """Whether a test runs in a browser: marked ``browser``, or using ``pyview_browser`` or ``mount_view``."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("browser") is not None or bool(fixtures & _BROWSER_FIXTURES)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``--pyview-order``, run browser tests last: once Playwright's sync API has started, the main thread has
    an event loop set, and ``asyncio.run`` (pytest-anyio's async tests) refuses to start there."""
    if config.getoption(ORDER_OPTION):
        items.sort(key=uses_browser)  # stable: the order within each group is kept


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--pyview-order`` under pytest-xdist's ``--dist loadscope``, keep that order: see
    :mod:`pyview._tooling.testing._xdist`."""
    if not config.getoption(ORDER_OPTION) or config.getvalue("dist") != "loadscope":
        return None
    from pyview._tooling.testing._xdist import ModuleRunScheduling

    return ModuleRunScheduling(config, log)


@pytest.fixture(scope="session")
def pyview_browser() -> Iterator[Browser]:
    """Headless Chromium for the whole session (the machine's Chromium; Playwright never downloads one)."""
    from playwright.sync_api import expect, sync_playwright

    from pyview._tooling.testing._chromium import ChromiumNotFound, launch_chromium

    # Waits, not time limits: an `expect` waits for its state; on a loaded 2-core machine a click into a frame
    # can take seconds, so the bound on each wait is generous (Playwright's default is 5 s).
    expect.set_options(timeout=30_000)
    with sync_playwright() as playwright:
        try:
            browser = launch_chromium(playwright)
        except ChromiumNotFound as exc:
            pytest.fail(str(exc), pytrace=False)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def pyview_tabs(pyview_browser: Browser) -> Iterator[Tabs]:
    """The tabs of ``pyview_browser`` that mounts share (:class:`~pyview._tooling.testing._tabs.Tabs`): a mount in a
    tab given back by an earlier test costs the browser one new process instead of several."""
    from pyview._tooling.testing._tabs import Tabs

    tabs = Tabs(pyview_browser)
    yield tabs
    tabs.close()


@pytest.fixture(scope="session")
def pyview_host_server() -> Iterator[HostServer]:
    """The relay server every mounted View of the session is served from."""
    from pyview._tooling.testing._server import HostServer

    server = HostServer.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pyview_build() -> Callable[..., BuiltView]:
    """``pyview_build(path, **options)``: build a View once per path and option set in this session."""
    from pyview._tooling.packager._packager import build_view

    cache: dict[tuple[object, ...], BuiltView] = {}

    def build(path: str | os.PathLike[str], **options: Any) -> BuiltView:
        key = (str(Path(path).resolve()), *sorted((k, repr(v)) for k, v in options.items()))
        if key not in cache:
            cache[key] = build_view(path, **options)
        return cache[key]

    return build


@pytest.fixture
def mount_view(
    request: pytest.FixtureRequest,
    pyview_tabs: Tabs,
    pyview_host_server: HostServer,
    pyview_build: Callable[..., BuiltView],
) -> Iterator[MountView]:
    """Mount a View under the Python host in a fresh page; returns its :class:`~pyview.testing.MountedView`.

    ``mount_view(view, *, tools=None, server=None, backend=None, profile="full", host_context=None, tool=None,
    ui_meta=None, allow_wasm=True, build_options=None, wait=True, timeout=60, init_script=None)``:

    - ``view``: a View's ``.py`` file or package folder (relative to the test file, else the current folder),
      a ``BuiltView``, an HTML string, or a ``ui://`` URI read from the server behind the host;
    - ``tools``: scripted tool responses ``{name: value or fn(arguments)}`` (a :class:`ScriptedBackend`);
    - ``server``: a real MCP server instead: an ``MCPServer``, a Python file, a URL or a command line;
    - ``wait``: wait until the View completed the handshake (raises at once if it failed to start);
    - ``init_script``: JavaScript run in the View's document before its own scripts (a test's observers; see
      :func:`~pyview.testing.with_script`).
    """
    from pyview._tooling.host._backend import ScriptedBackend
    from pyview._tooling.host._mcp import McpBackend
    from pyview._tooling.testing._harness import mount
    from pyview._tooling.testing._sandbox import with_script

    handles: list[MountedView] = []
    backends: list[Backend] = []
    here = Path(str(request.node.path)).parent
    allowed = request.node.get_closest_marker("pyview_allow_errors") is not None

    def mount_one(
        view: object,
        *,
        tools: Mapping[str, object] | None = None,
        server: object = None,
        build_options: Mapping[str, Any] | None = None,
        wait: bool = True,
        timeout: float = 60.0,
        init_script: str | None = None,
        **options: Unpack[SessionOptions],
    ) -> MountedView:
        backend = options.get("backend")
        if backend is None and server is not None:
            backend = McpBackend(server)
        elif backend is None and tools is not None:
            backend = ScriptedBackend(tools=tools)
        if backend is not None:
            pyview_host_server.run(backend.start())
            backends.append(backend)
        html, meta = _document(view, here, backend, pyview_host_server, pyview_build, build_options or {})
        if init_script is not None:
            html = with_script(html, init_script)
        options["backend"] = backend
        options["ui_meta"] = {**meta, **(options.get("ui_meta") or {})}
        handle = mount(pyview_host_server, pyview_tabs.take(), html, tabs=pyview_tabs, **options)
        handles.append(handle)
        if wait:
            handle.wait_ready(timeout)
        return handle

    yield mount_one

    problems = []
    for handle in handles:
        if not (allowed or handle.allow_errors):
            problems += handle.errors()
        handle.close()
    for backend in backends:
        pyview_host_server.run(backend.close())
    if problems:
        pytest.fail("the View reported errors:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture(params=["python", pytest.param("chromium", marks=pytest.mark.browser)])
def view_pilot(request: pytest.FixtureRequest) -> Iterator[Callable[..., SyncPilot]]:
    """``view_pilot(view, *, server=None, tools=None, ...)``: one test body, run twice: in process
    (``pyview.testing.run``: the real App, host and server in CPython) and in Chromium (``mount_view``).

    Both return a :class:`~pyview.testing.SyncPilot` (``call_tool``, ``click``, ``type``, ``text_of``, ``text``,
    ``requests``); ``pilot.depth`` says which one runs.
    """
    from pyview._tooling.testing._depths import ChromiumPilot, InProcessPilot

    opened: list[InProcessPilot] = []
    here = Path(str(request.node.path)).parent

    def start(view: object, **options: Any) -> SyncPilot:
        if isinstance(view, str | os.PathLike) and not Path(view).is_absolute() and (here / view).exists():
            view = here / view
        if request.param == "python":
            pilot = InProcessPilot(view, **options)
            opened.append(pilot)
            return pilot
        mount: MountView = request.getfixturevalue("mount_view")
        return ChromiumPilot(mount(view, **options), request.getfixturevalue("pyview_host_server"))

    yield start
    for pilot in opened:
        pilot.close()


def _document(
    view: object,
    here: Path,
    backend: Backend | None,
    server: HostServer,
    build: Callable[..., BuiltView],
    options: Mapping[str, Any],
) -> tuple[str, dict[str, Any]]:
    """The View's HTML and its resource ``_meta.ui`` (CSP domains of a URL-runtime build)."""
    from pyview._tooling.host._context import resource_ui_meta
    from pyview._tooling.packager._packager import BuiltView

    if isinstance(view, BuiltView):
        return view.html, ({"csp": view.csp} if view.csp else {})
    if isinstance(view, str) and view.startswith("ui://"):
        if backend is None:
            raise ValueError(f"mount_view({view!r}) needs a server or tools behind the host to read it from")
        contents = server.run(backend.read_resource(view))["contents"][0]
        return str(contents.get("text", "")), resource_ui_meta(contents)
    if isinstance(view, str) and view.lstrip().startswith("<"):
        return view, {}
    if not isinstance(view, str | os.PathLike):
        raise TypeError(f"mount_view() takes a path, a BuiltView, HTML or a ui:// URI, not {type(view).__name__}")
    path = Path(view)
    if not path.is_absolute() and (here / path).exists():
        path = here / path
    built = build(path, **options)
    return built.html, ({"csp": built.csp} if built.csp else {})
