"""The orders View keeps the person's filter, sort, page and open order with the View instance (use_view_state).

The host answers ``pyview_state`` with pyview's own server side (``ViewState`` over a ``MemoryStore``); a new
frame for the same tool result (a re-mount) comes back to the same screen.
"""

from __future__ import annotations

from typing import Any

import pytest

# isort: off
from test_orders_view import OrdersHost, chip, header, rows, tool_result  # puts examples/orders on sys.path

from pyview.app import ToolResult
from pyview.testing import render
from pyview.server import MemoryStore
from pyview._tooling.server._signing import Signer
from pyview._tooling.server._state_tool import ViewState

from orders_store import OrderStore
from orders_view import screen as screen_module
from orders_view.screen import OrdersScreen

# isort: on


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_module, "RESULT_GRACE", 0)
    monkeypatch.setattr(screen_module, "TYPING_DEBOUNCE", 0)


class StateHost(OrdersHost):
    """OrdersHost that also answers ``pyview_state`` as a pyview server does."""

    def __init__(self, store: OrderStore, state: ViewState) -> None:
        super().__init__(store)
        self.state = state

    async def call_server_tool(self, name: str, arguments: Any = None) -> ToolResult:
        if name != "pyview_state":
            return await super().call_server_tool(name, arguments)
        self.calls.append((name, arguments))
        answer = self.state.tool_result(dict(arguments or {}))
        return ToolResult(answer.model_dump(by_alias=True, exclude_none=True, mode="json"))


def test_filter_sort_page_and_open_order_come_back_in_a_new_frame() -> None:
    store = OrderStore(":memory:")
    state = ViewState(Signer(b"orders-test-secret-0123456789abc"), MemoryStore())
    first_page = tool_result(store.list_orders())
    result = ToolResult({**first_page.raw, "_meta": {"pyview": {"v": 1, "instance": state.mint("orders")}}})

    host = StateHost(store, state)
    host.emit("tool_result", result)
    screen = render(OrdersScreen(), app=host)
    screen.click(chip(screen, "Delivered"))
    screen.click(header(screen, "Total"))
    screen.click("Next ›")
    row = screen.find("tr.o-row")
    screen.click(row)
    order_id = int((row.get("data-order") or "0").lstrip("#"))
    assert screen.find(".o-detail h2").text.startswith(f"Order #{order_id}")
    # what ui/resource-teardown does in a frame (the App awaits it; tests/browser/test_view_state_browser.py)
    screen.loop.run_until_complete(host._pyview_view_state.flush())  # type: ignore[attr-defined]
    screen.unmount()
    screen.close()

    again_host = StateHost(store, state)  # a new frame, the same tool result
    again_host.emit("tool_result", result)
    again = render(OrdersScreen(), app=again_host)
    again.settle()
    assert again.find(".o-detail h2").text.startswith(f"Order #{order_id}")  # the open order
    assert again_host.calls[1:] == [
        ("list_orders", {"status": "delivered", "page": 2, "page_size": 20, "sort": "-total"}),
        ("get_order", {"id": order_id}),
    ]
    again.click("All orders")
    assert chip(again, "Delivered").get("aria-pressed") == "true"
    assert header(again, "Total").parent.get("aria-sort") == "descending"
    assert "Page 2 of" in again.find(".o-pager").text
    assert {r["status"] for r in rows(again)} == {"Delivered"}
    assert again.errors == [] and again_host.logs == []
    again.close()


def test_another_result_of_the_tool_starts_with_its_own_state() -> None:
    store = OrderStore(":memory:")
    state = ViewState(Signer(b"orders-test-secret-0123456789abc"), MemoryStore())
    page = tool_result(store.list_orders()).raw
    one = ToolResult({**page, "_meta": {"pyview": {"v": 1, "instance": state.mint("orders")}}})
    two = ToolResult({**page, "_meta": {"pyview": {"v": 1, "instance": state.mint("orders")}}})
    host = StateHost(store, state)
    host.emit("tool_result", one)
    screen = render(OrdersScreen(), app=host)
    screen.click(chip(screen, "Delivered"))
    screen.loop.run_until_complete(host._pyview_view_state.flush())  # type: ignore[attr-defined]
    screen.close()
    other = StateHost(store, state)
    other.emit("tool_result", two)
    fresh = render(OrdersScreen(), app=other)
    assert chip(fresh, "Delivered").get("aria-pressed") != "true" and len(rows(fresh)) == 20
    fresh.close()
