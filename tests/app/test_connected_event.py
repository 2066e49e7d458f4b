"""The ``connected`` event: listeners learn when the handshake's context, capabilities and host info are in place."""

from __future__ import annotations

import asyncio
from typing import Any

from pyview.app import App, memory_transport_pair


def test_connected_fires_once_after_the_handshake_with_the_context_set() -> None:
    async def scenario() -> list[Any]:
        view_end, host_end = memory_transport_pair()
        app = App("demo", "1.0")
        seen: list[Any] = []
        app.add_listener("connected", lambda session: seen.append(app.host_context.theme))

        def host(message: dict[str, Any]) -> None:
            if message.get("method") == "ui/initialize":
                host_end.send({"jsonrpc": "2.0", "id": message["id"], "result": {
                    "protocolVersion": message["params"]["protocolVersion"], "hostInfo": {"name": "h", "version": "1"},
                    "hostCapabilities": {}, "hostContext": {"theme": "dark"}}})  # fmt: skip

        host_end.start(host)
        assert seen == []
        await app.connect(view_end)
        return seen

    assert asyncio.run(scenario()) == ["dark"]
