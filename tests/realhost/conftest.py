"""Fixtures of the two-origin test host: the origins, the example servers (``--cors``), a page per test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from realhost_origins import BUNDLE, HostedView, McpProcess, Origins

from pyview._tooling.host._host_looks import HOSTS
from pyview.host import host_capabilities


@pytest.fixture(scope="session")
def origins() -> Iterator[Origins]:
    if not BUNDLE.exists():
        pytest.fail(f"{BUNDLE} is missing: run scripts/install.sh (it bundles the official client and AppBridge)")
    served = Origins()
    yield served
    served.close()


@pytest.fixture(scope="session")
def example_server(origins: Origins, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., McpProcess]]:
    """``example_server(example, runtime)``: that example's server, started once; one server runs at a time."""
    folder = tmp_path_factory.mktemp("realhost")
    env = {
        "PYVIEW_WEATHER": "offline",  # tests never touch the network
        "PYVIEW_ORDERS_DB": str(folder / "orders.sqlite3"),
        "PYVIEW_VIEW_CACHE": str(folder / "views"),  # each View built once per session
    }
    running: dict[tuple[str, str], McpProcess] = {}

    def start(example: str, runtime: str) -> McpProcess:
        key = (example, runtime)
        if key not in running:
            for process in running.values():
                process.close()
            running.clear()
            running[key] = McpProcess(example, runtime, origins.page_origin, env)
        return running[key]

    yield start
    for process in running.values():
        process.close()


@pytest.fixture
def open_view(
    pyview_tabs: Any, origins: Origins, example_server: Callable[..., McpProcess]
) -> Iterator[Callable[..., HostedView]]:
    """``open_view(example, runtime, tool, args, wasm=True, workers=True, capabilities=None, preset=None)``: the tool
    called by the host page (from the browser, over Streamable HTTP) and its View shown in the sandbox proxy.
    Capabilities default to the ext-apps example host's; ``preset`` takes a dev host profile's (``"vscode"``...)."""
    pages: list[Any] = []

    def open_one(example: str, runtime: str, tool: str, args: dict[str, Any], **options: Any) -> HostedView:
        preset = options.pop("preset", None)
        if preset is not None:  # a dev host profile: its capabilities and its CSP's wasm and worker-src
            look = HOSTS[preset]
            defaults = {"capabilities": host_capabilities(preset), "wasm": look.allow_wasm, "workers": look.workers}
            options = {**defaults, **options}
        server = example_server(example, runtime)
        page = pyview_tabs.take({"width": 800, "height": 900})
        consoles: list[str] = []

        def record(message: Any) -> None:
            consoles.append(f"{message.type}: {message.text}")

        page.on("console", record)
        pages.append((page, server, consoles, record))
        page.goto(f"{origins.page_origin}/host.html")
        settings = {"sandbox": origins.sandbox_origin, **options}
        page.evaluate("([url, tool, args, options]) => realHost.open(url, tool, args, options)",
                      [server.url, tool, args, settings])  # fmt: skip
        view = HostedView(page)
        view.wait_until("seen.initialized")
        return view

    yield open_one
    for page, server, consoles, record in pages:
        print(_what_happened(page, server, consoles))  # shown with a failing test's report only
        errors = page.evaluate("() => realHost.seen.errors")
        logged = page.evaluate("() => realHost.seen.logs.filter((log) => log.level === 'error')")
        page.remove_listener("console", record)
        pyview_tabs.give_back(page)
        assert errors == [] and logged == [], (errors, logged)


def _what_happened(page: Any, server: McpProcess, consoles: list[str]) -> str:
    """What the host saw, where the View's boot got to, and the server's last lines: what a failure here needs."""
    view = HostedView(page)
    try:
        seen = page.evaluate("() => realHost.seen")
        seen = {key: value for key, value in seen.items() if key != "sizes"} | {"sizes": seen["sizes"][-5:]}
    except Exception as exc:  # a crashed page says why
        seen = repr(exc)
    try:
        boot = view.view_frame().evaluate(
            "() => ({marks: globalThis.pyviewBoot && pyviewBoot.marks,"
            " server: globalThis.pyviewServer && pyviewServer.state(), text: document.body.innerText.slice(0, 400)})"
        )
    except Exception as exc:
        boot = repr(exc)
    return "\n".join([
        f"host saw: {seen}", f"View: {boot}", "console (last 40):", *consoles[-40:],
        "server (last 20 lines):", *server.lines[-20:],
    ])  # fmt: skip
