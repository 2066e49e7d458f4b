"""The health endpoint (``GET /healthz``): what a load balancer or an orchestrator asks each server process.

It answers 200 while the process serves, with what an operator watches: the live View sessions this process holds
against their bound, and whether View state reaches its store. A store that is away does not make the process
unhealthy: Views keep working from memory (docs/server.md "Failure modes"), and every worker shares the store, so
taking them out of rotation would stop everything instead of nothing. A stopping process closes its listener
(uvicorn), so checks on new connections fail and the balancer sends calls elsewhere.

Example:
    >>> from mcp.server.mcpserver import MCPServer
    >>> from pyview.server import Views
    >>> health(MCPServer("demo", extensions=[Views()]))
    {'status': 'ok', 'sessions': 0, 'max_sessions': 1000, 'view_state': 'ok'}
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from pyview._tooling.server._part_resources import views_extensions

DEFAULT_HEALTH_PATH = "/healthz"


def health(server: Any) -> dict[str, Any]:
    """This process's health: ``status``, its live ``sessions`` and their bound (``max_sessions``), summed over the
    server's ``Views``, and ``view_state``: ``"ok"``, or ``"degraded"`` while a store last found unreachable keeps
    View state in memory (the server log says why; the answer names no host or error, as it is unauthenticated)."""
    sessions = bound = 0
    degraded = False
    for views in views_extensions(server):
        runtime = views.server_runtime
        sessions += runtime.live_sessions
        bound += runtime.max_sessions
        degraded = degraded or isinstance(getattr(runtime.state_store, "degraded", None), str)
    return {"status": "ok", "sessions": sessions, "max_sessions": bound, "view_state": "degraded" if degraded else "ok"}


def health_route(server: Any, path: str = DEFAULT_HEALTH_PATH) -> Route:
    """The route answering ``GET``/``HEAD`` at ``path`` with :func:`health` as JSON (never cached)."""

    async def endpoint(request: Request) -> JSONResponse:
        return JSONResponse(health(server), headers={"Cache-Control": "no-store"})

    return Route(path, endpoint, methods=["GET", "HEAD"])
