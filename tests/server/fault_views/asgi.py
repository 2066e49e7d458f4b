"""The fault server as a stateless Streamable HTTP app (JSON answers), for uvicorn: what runs behind a load
balancer, one process per port or ``--workers N``."""

from __future__ import annotations

from server import server

from pyview.server import http_app

app = http_app(server, runtime_path=None, stateless_http=True, json_response=True)
