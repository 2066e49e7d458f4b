"""The View's side of the server's tools: typed-ish wrappers over ``App.call_server_tool``.

The View runs in Pyodide with the standard library only (no pydantic), so results are plain dicts shaped like
the server's models (``OrderPage``, ``Order``...). A failed call raises :class:`ToolFailed` with a message that
is fit to show: the server's own ``isError`` text, what went wrong talking to the host, or which field of a
result has the wrong shape (``checks.py``): a malformed result never reaches the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from orders_view._types import ExportedFile
from orders_view.checks import CANCELLED, EXPORTED, ORDER, PAGE, unreadable
from pyview.app import shape_problem

if TYPE_CHECKING:
    from collections.abc import Mapping

    from orders_view._types import CancelResult, Order, OrderPage
    from pyview.app import ToolResult
    from pyview.components import AppLike


class ExportedCsv(ExportedFile):
    """What ``export_orders`` gives the screen: the tool's ``ExportedFile`` and the CSV resource it names."""

    file: dict[str, Any]


# What the table asks for by default; list_orders's own defaults.
DEFAULT_QUERY: dict[str, Any] = {"status": None, "customer": None, "page": 1, "page_size": 20, "sort": "-created"}
QUERY_KEYS = tuple(DEFAULT_QUERY)


class ToolFailed(Exception):
    """A tool call that did not give a result: the message is for the person using the View."""


def query_of(page: Mapping[str, Any]) -> dict[str, Any]:
    """The query that produced an ``OrderPage`` (what the table's controls show).

    Example:
        >>> query_of({"status": "paid", "page": 2, "page_size": 20, "sort": "-total", "orders": []})
        {'status': 'paid', 'customer': None, 'page': 2, 'page_size': 20, 'sort': '-total'}
    """
    return {key: page.get(key, DEFAULT_QUERY[key]) for key in QUERY_KEYS}


def shows(page: Mapping[str, Any] | None, query: dict[str, Any]) -> bool:
    """Whether ``page`` is the answer to ``query`` (a search differing only in spaces is the same search).

    Example:
        >>> shows({"customer": "ben", "orders": []}, {**DEFAULT_QUERY, "customer": "ben "})
        True
        >>> shows(None, DEFAULT_QUERY)
        False
    """
    return page is not None and arguments(query_of(page)) == arguments(query)


def arguments(query: dict[str, Any]) -> dict[str, Any]:
    """Tool arguments for a query: unset filters are left out, as a person would write them.

    Example:
        >>> arguments({"status": None, "customer": " ben ", "page": 1, "page_size": 20, "sort": "-created"})
        {'customer': 'ben', 'page': 1, 'page_size': 20, 'sort': '-created'}
    """
    args = {key: query.get(key) for key in QUERY_KEYS}
    args["customer"] = (args["customer"] or "").strip() or None
    return {key: value for key, value in args.items() if value is not None}


def error_text(text: str) -> str:
    """The message of a failed tool: the SDK words a ``ToolError`` as ``Error executing tool NAME: message``.

    Example:
        >>> error_text("Error executing tool get_order: There is no order #5.")
        'There is no order #5.'
    """
    head, sep, message = text.partition(": ")
    return message if sep and head.startswith("Error executing tool ") else text


class OrdersApi:
    """The four tools of ``server.py``, called through the host (``tools/call``, host capability ``serverTools``)."""

    def __init__(self, app: AppLike | None) -> None:
        self.app = app

    @property
    def available(self) -> bool:
        """Whether the host lets the View call server tools (not before the handshake, not on every host)."""
        return self.app is not None and self.app.supports("serverTools")

    # Each result is checked against its shape (checks.py) before it is returned as the TypedDict that
    # `pyview types server.py` wrote into _types.py from the tool's output schema: mypy checks every read of it.
    async def list_orders(self, query: dict[str, Any]) -> OrderPage:
        return cast("OrderPage", await self._call("list_orders", arguments(query), PAGE))

    async def get_order(self, order_id: int) -> Order:
        return cast("Order", await self._call("get_order", {"id": order_id}, ORDER))

    async def cancel_order(self, order_id: int, reason: str) -> CancelResult:
        return cast("CancelResult", await self._call("cancel_order", {"id": order_id, "reason": reason}, CANCELLED))

    async def export_orders(self, query: dict[str, Any]) -> ExportedCsv:
        """The ``ExportedFile`` from ``structuredContent``, plus ``"file"``: the embedded CSV resource it names
        (``{"uri", "mimeType", "text"}``, what ``download_file`` takes). The CSV travels once, in that resource."""
        args = arguments(query)
        wanted = {k: v for k, v in args.items() if k in ("status", "customer", "sort")}
        result = await self._result("export_orders", wanted)
        data = self._data("export_orders", result, EXPORTED)
        file = embedded_file(result.content, data.get("uri"))
        if file is None:
            raise ToolFailed("export_orders answered without the CSV file.")
        return cast("ExportedCsv", {**data, "file": file})

    async def _call(self, name: str, args: dict[str, Any], shape: dict[str, Any]) -> dict[str, Any]:
        return self._data(name, await self._result(name, args), shape)

    async def _result(self, name: str, args: dict[str, Any]) -> ToolResult:
        if self.app is None or not self.available:
            raise ToolFailed("This host does not let the View call the orders server.")
        try:
            result = await self.app.call_server_tool(name, args)
        except Exception as exc:  # host refused, timed out, or the link closed: say so, plainly
            raise ToolFailed(f"The host could not run {name}: {exc}") from exc
        if result.is_error:
            raise ToolFailed(error_text(result.text) or f"{name} failed.")
        return result

    def _data(self, name: str, result: ToolResult, shape: dict[str, Any]) -> dict[str, Any]:
        data = result.structured_content
        if data is None:
            raise ToolFailed(f"{name} answered without data.")
        why = shape_problem(data, shape)
        if why:
            raise ToolFailed(unreadable(name, why))
        return data


def embedded_file(content: list[dict[str, Any]], uri: object) -> dict[str, Any] | None:
    """The text resource ``uri`` among a result's content blocks, or None.

    Example:
        >>> blocks = [{"type": "text", "text": "Exported 2 orders"},
        ...           {"type": "resource", "resource": {"uri": "file:///o.csv", "mimeType": "text/csv", "text": "a,b"}}]
        >>> embedded_file(blocks, "file:///o.csv")["text"]
        'a,b'
        >>> embedded_file(blocks, "file:///other.csv") is None
        True
    """
    for block in content:
        resource = block.get("resource") if block.get("type") == "resource" else None
        if isinstance(resource, dict) and resource.get("uri") == uri and isinstance(resource.get("text"), str):
            return resource
    return None
