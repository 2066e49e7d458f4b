"""Cancellation with a real host: a View tool the host cancels, and a server tool call the View cancels."""

from __future__ import annotations

import asyncio
from typing import Any

from pyview import App, View, component, h, use_app, use_ref

app = App("cancel", "1.0.0")
events: list[str] = []  # read by the test through pyviewPyodide


@app.tool(description="Runs until the host cancels it")
async def wait_forever() -> str:
    events.append("tool started")
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        events.append("tool cancelled")
        raise
    return "never"


@component
def Cancel() -> Any:
    the_app = use_app()
    running = use_ref()

    def start() -> None:
        running.current = asyncio.ensure_future(the_app.call_server_tool("slow", {}))

    def stop() -> None:
        if running.current is not None:
            running.current.cancel()
            events.append("call cancelled")

    return h.main(h.button("Call slow", on_click=start), h.button("Stop", on_click=stop))


view = View(Cancel, app)
