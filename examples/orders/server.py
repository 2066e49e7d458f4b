"""The orders MCP server: four tools over a SQLite shop database, and one pyview View to browse it.

Run it:
    python examples/orders/server.py                  # stdio (what a desktop host launches)
    python examples/orders/server.py --http           # Streamable HTTP at http://127.0.0.1:8000/mcp
    python examples/orders/server.py --http --cors http://localhost:8080   # for a host page in a browser
    pyview serve examples/orders/server.py --http     # the same, through pyview's CLI

The model sees ``list_orders`` and ``get_order``; both open the View. ``cancel_order`` and ``export_orders`` are
app-only (``visibility="app"``): the View calls them when the person clicks, the model never does.
"""

from __future__ import annotations

import argparse
import functools
import sys
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, EmbeddedResource, TextContent, TextResourceContents
from orders_store import (
    MAX_ID,
    MAX_PAGE_SIZE,
    MAX_SEARCH,
    CancelResult,
    ExportedFile,
    Order,
    OrderError,
    OrderPage,
    OrderStore,
    Sort,
    Status,
    default_db_path,
)
from pydantic import Field

from pyview.server import ToolError, Views

views = Views()
# The View is the orders_view/ package next to this file (a relative path is resolved against this file).
orders_view = views.add(
    "orders",
    "orders_view",
    title="Orders",
    description="Browse, filter, cancel and export the shop's orders.",
    prefers_border=True,
)


@functools.cache
def store() -> OrderStore:
    """The shop's database, opened (and created and seeded, the first time) on the first tool call."""
    return OrderStore(default_db_path())


def refuse(error: OrderError) -> ToolError:
    """An :class:`OrderError` becomes an ``isError`` result whose text is the store's message."""
    return ToolError(str(error))


@views.tool(orders_view, read_only=True, title="List orders")
def list_orders(
    status: Annotated[Status | None, Field(description="only orders with this status")] = None,
    customer: Annotated[
        str | None, Field(max_length=MAX_SEARCH, description="part of the customer's name or email")
    ] = None,
    page: Annotated[int, Field(ge=1, le=MAX_ID, description="1-based page number")] = 1,
    page_size: Annotated[int, Field(ge=1, le=MAX_PAGE_SIZE)] = 20,
    sort: Annotated[Sort, Field(description="column, '-' prefix for descending")] = "-created",
) -> OrderPage:
    """List the shop's orders, newest first, optionally filtered by status and customer. Shows an orders table."""
    try:
        return store().list_orders(status=status, customer=customer, page=page, page_size=page_size, sort=sort)
    except OrderError as error:
        raise refuse(error) from None


@views.tool(orders_view, read_only=True, title="Show an order")
def get_order(id: Annotated[int, Field(ge=1, le=MAX_ID, description="the order number, e.g. 1042")]) -> Order:
    """One order with its line items, shipping address and history."""
    try:
        return store().get_order(id)
    except OrderError as error:
        raise refuse(error) from None


@views.tool(orders_view, visibility="app", destructive=True, title="Cancel an order")
def cancel_order(
    id: Annotated[int, Field(ge=1, le=MAX_ID, description="the order number")],
    reason: Annotated[str, Field(min_length=1, max_length=200, description="shown to the customer")],
) -> CancelResult:
    """Cancel a pending or paid order (refunding a paid one). Called by the View after the person confirms."""
    try:
        return store().cancel_order(id, reason)
    except OrderError as error:
        raise refuse(error) from None


@views.tool(orders_view, visibility="app", read_only=True, title="Export orders as CSV")
def export_orders(
    status: Status | None = None,
    customer: Annotated[str | None, Field(max_length=MAX_SEARCH)] = None,
    sort: Sort = "-created",
) -> Annotated[CallToolResult, ExportedFile]:
    """Every order matching the filters as CSV, in an embedded text/csv resource (structuredContent names it)."""
    try:
        export = store().export_csv(status=status, customer=customer, sort=sort)
    except OrderError as error:
        raise refuse(error) from None
    # A CallToolResult lets us add the file as an embedded resource beside the text; the Annotated second half is
    # the outputSchema, and the SDK checks structured_content against it. The CSV travels once: in the resource
    # (structured_content only names it, and says how many rows and bytes it holds).
    file = export.file()
    csv_file = TextResourceContents(uri=file.uri, mime_type=file.mime_type, text=export.csv)
    return CallToolResult(
        content=[TextContent(type="text", text=str(export)), EmbeddedResource(type="resource", resource=csv_file)],
        structured_content=file.model_dump(mode="json"),
    )


server = MCPServer(
    "orders",
    instructions="A small shop's orders. Use list_orders to browse or filter and get_order for one order.",
    extensions=[views],
)


def main() -> None:
    from pyview.server import serve

    parser = argparse.ArgumentParser(description="The pyview orders example: an MCP server with a View.")
    parser.add_argument("--http", action="store_true", help="serve Streamable HTTP at /mcp instead of stdio")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--cors", metavar="ORIGINS", help="host page origins that may connect from a browser")
    args = parser.parse_args()
    views.warm_up()  # build the View in the background now, so the host's first resources/read is quick

    def ready(url: str) -> None:  # stderr: on stdio, stdout is the protocol
        print(f"orders: serving on {url}; database {default_db_path()}", file=sys.stderr)

    if args.http:
        serve(server, "http", host=args.host, port=args.port, cors=args.cors, on_ready=ready)
    else:
        serve(server, on_ready=ready)


if __name__ == "__main__":
    main()
