"""The examples in a host built the way browser-side hosts are (tests/realhost/host.js, after the ext-apps example
host): the host page connects to the server from the browser (official client, Streamable HTTP, the server's
``--cors``), the View runs in a sandbox proxy on a second origin (CSP as an HTTP header, document.write), the official
AppBridge wires both, and the frame is sized exactly to the View's size reports. Every example in the server runtime,
and each in one of the runtimes that start Python in the frame (so each of those runtimes runs here once: a Python
boot per example and runtime would add minutes for no new host behaviour; tests/engines and tests/examples cover every
example in each runtime); with WebAssembly allowed as that host does (``'unsafe-eval'``), and the server runtimes also
without it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from realhost_origins import BOOT_MS, HostedView

pytestmark = pytest.mark.browser

# (runtime, WebAssembly allowed by the host's CSP)
SERVER = ("server", False)
SORTED_BY_TOTAL_DESCENDING = """() => {
  const totals = [...document.querySelectorAll("tr.o-row td:nth-child(5)")]
    .map((cell) => Number(cell.textContent.replace(/[^0-9.]/g, "")));
  return totals.length === 10 && totals.every((total, i) => i === 0 || totals[i - 1] >= total);
}"""


@pytest.mark.parametrize(("runtime", "wasm"), [SERVER, ("inline", True)])
def test_hello_again_calls_the_server(open_view: Callable[..., HostedView], runtime: str, wasm: bool) -> None:
    view = open_view("hello", runtime, "greet", {"name": "Ada"}, wasm=wasm)
    view.frame.get_by_role("heading", name="Hello, Ada!").wait_for(timeout=BOOT_MS)
    view.wait_sized_to_report()
    view.frame.get_by_role("button", name="Again").click()
    view.frame.get_by_role("heading", name="Hello, again!").wait_for(timeout=BOOT_MS)
    calls = view.seen("calls")  # through the host's client
    if runtime == "auto":  # the server runtime answers until Python has taken over, then Python calls greet
        assert "pyview_event" in calls or "greet" in calls
    else:
        assert ("pyview_event" if runtime == "server" else "greet") in calls


@pytest.mark.parametrize(("runtime", "wasm"), [SERVER, ("auto", True), ("auto", False)])
def test_weather_units(open_view: Callable[..., HostedView], runtime: str, wasm: bool) -> None:
    view = open_view("weather", runtime, "get_weather", {"city": "Oslo"}, wasm=wasm)
    view.frame.locator(".wx-city").filter(has_text="Oslo").wait_for(timeout=BOOT_MS)
    view.wait_sized_to_report()
    view.frame.get_by_role("button", name="°F").click()
    view.frame.locator(".wx-stats").filter(has_text="mph").wait_for(timeout=BOOT_MS)
    view.wait_until("seen.contexts.length > 0")  # the model is told
    assert view.seen("contexts")[-1]["content"][0]["text"].startswith("The user switched the units to Fahrenheit")


@pytest.mark.parametrize(("runtime", "wasm"), [SERVER, ("url", True)])
def test_orders_sort(open_view: Callable[..., HostedView], runtime: str, wasm: bool) -> None:
    view = open_view("orders", runtime, "list_orders", {"page_size": 10}, wasm=wasm)
    view.frame.locator("tr.o-row").first.wait_for(timeout=BOOT_MS)
    view.wait_sized_to_report()
    view.frame.locator("button.o-sort", has_text="Total").click()
    view.frame.locator("th[aria-sort=descending]").filter(has_text="Total").wait_for(timeout=BOOT_MS)
    view.view_frame().wait_for_function(SORTED_BY_TOTAL_DESCENDING, timeout=BOOT_MS)  # the server's answer is in


def test_weather_fullscreen_and_back(open_view: Callable[..., HostedView]) -> None:
    view = open_view("weather", "server", "get_weather", {"city": "Oslo"})
    view.frame.locator(".wx-city").filter(has_text="Oslo").wait_for(timeout=BOOT_MS)
    view.frame.get_by_role("button", name="Open fullscreen").click()
    view.frame.locator("[data-testid=daily] tr").nth(6).wait_for(timeout=BOOT_MS)
    view.wait_until("frame.classList.contains('fullscreen') && frame.clientHeight === innerHeight")
    view.frame.get_by_role("button", name="Exit fullscreen").click()
    view.frame.locator("[data-testid=daily]").wait_for(state="detached", timeout=BOOT_MS)
    view.wait_sized_to_report()
    assert view.seen("modes") == ["fullscreen", "inline"]


def test_orders_detail_and_export_without_downloads(open_view: Callable[..., HostedView]) -> None:
    view = open_view("orders", "server", "list_orders", {"page_size": 10})
    row = view.frame.locator("tr.o-row").first
    row.wait_for(timeout=BOOT_MS)
    order = row.get_attribute("data-order")
    row.click()
    view.frame.locator(".o-detail h2").filter(has_text=f"Order #{order}").wait_for(timeout=BOOT_MS)
    view.wait_sized_to_report()
    view.frame.get_by_role("button", name="Export CSV").click()  # this host declares no downloadFile
    area = view.frame.locator("section.o-export textarea")
    area.wait_for(timeout=BOOT_MS)
    assert area.input_value().startswith("order_id,created_at")
    view.wait_sized_to_report()
    assert view.seen("downloads") == []


def test_weather_under_vscodes_csp_without_worker_src(open_view: Callable[..., HostedView]) -> None:
    view = open_view("weather", "inline", "get_weather", {"city": "Oslo"}, preset="vscode")
    view.frame.locator(".wx-city").filter(has_text="Oslo").wait_for(timeout=BOOT_MS)
    view.frame.get_by_role("button", name="°F").click()
    view.frame.locator(".wx-stats").filter(has_text="mph").wait_for(timeout=BOOT_MS)
    view.wait_sized_to_report()
