"""The counter server as a stateless Streamable HTTP app, for ``uvicorn --workers 2 asgi:app``."""

from __future__ import annotations

from server import server

from pyview.server import http_app

app = http_app(server, runtime_path=None, stateless_http=True, json_response=True, health_path="/healthz")
