"""View state on the server: signed View instance ids and the app-only ``pyview_state`` tool.

Each result of a tool shown by a View carries ``_meta["pyview"]["instance"]``: a token signed by this server (the
same HMAC signer as the server runtime's sessions) naming a fresh, unguessable instance id and the View. A frame
showing that result (the first one, or one re-mounted later with the same result) reads and writes the instance's
values with ``pyview_state``; ``use_view_state`` does that for components. A token this server did not sign
(tampered, made up, another server's) or one bound to another authenticated user gets a clear error and no data.

Example:
    >>> from pyview._tooling.server._signing import Signer
    >>> service = ViewState(Signer(b"0123456789abcdef0123456789abcdef"), MemoryStore())
    >>> token = service.mint("weather")
    >>> service.call({"instance": token, "op": "put", "values": {"units": "F"}})
    {'v': 1, 'values': {'units': 'F'}}
    >>> service.call({"instance": token, "op": "get"})["values"]
    {'units': 'F'}
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from mcp.server.extension import ToolBinding
from mcp_types import CallToolResult, TextContent

from pyview._tooling.server._signing import Signer, TokenError
from pyview._tooling.server._state_store import MemoryStore, StateStore, StateTooLarge, merged_state

logger = logging.getLogger("pyview.server")

STATE_TOOL = "pyview_state"
_KIND = "view-state"
_VERIFIED = 10_000
"""Verified instance tokens remembered (then forgotten all at once: a dict's single steps are thread-safe)."""
_DESCRIPTION = (
    "pyview's View state: a View reads and writes the state of its own instance "
    "(called by the View, never by the model)."
)


class ViewStateError(ValueError):
    """A ``pyview_state`` call that is refused (bad arguments, a tampered or foreign instance id, too large)."""


def _principal() -> str | None:
    """The authenticated client of the current MCP request (None without auth)."""
    try:
        from mcp.server.auth.middleware.auth_context import get_access_token
    except ImportError:  # pragma: no cover - an SDK without the auth middleware
        return None
    token = get_access_token()
    return None if token is None else str(getattr(token, "client_id", "") or "") or None


class ViewState:
    """Instance ids and the store behind them (one per :class:`~pyview.server.Views`).

    Args:
        signer: signs instance ids (the server runtime's signer: one secret per machine).
        store: where the values live (:class:`MemoryStore`, :class:`~pyview.server.RedisStateStore`, ...).
        principal: the current request's authenticated user, bound into each id (default: the MCP SDK's
            access token's ``client_id``, None without auth).
    """

    def __init__(self, signer: Signer, store: StateStore, *, principal: Callable[[], str | None] = _principal) -> None:
        self.signer = signer
        self.store = store
        self.principal = principal
        self._lock = threading.Lock()
        #: instance tokens verified already (the HMAC is not checked again for each write of a View): token ->
        #: (instance id, the user it is bound to). Only the user check is made again, for each call.
        self._verified: dict[str, tuple[str, object]] = {}

    def mint(self, view: str) -> str:
        """A new instance token for a result shown by ``view``."""
        claims: dict[str, Any] = {"k": _KIND, "i": secrets.token_urlsafe(18), "v": view}
        who = self.principal()
        if who is not None:
            claims["a"] = who
        return self.signer.sign(claims)

    def instance_of(self, token: object) -> str:
        """The instance id of a token this server signed for the current user.

        Raises:
            ViewStateError: tampered, foreign, not an instance token, or another user's.
        """
        known = self._verified.get(token) if isinstance(token, str) else None
        if known is None:
            try:
                claims = self.signer.verify(token)
            except TokenError as exc:
                raise ViewStateError(f"the View instance id was refused: {exc}") from None
            instance = claims.get("i")
            if claims.get("k") != _KIND or not isinstance(instance, str):
                raise ViewStateError("the View instance id was refused: it is not a View instance id")
            known = (instance, claims.get("a"))
            if len(self._verified) >= _VERIFIED:  # bounded; a View's next write verifies its token again
                self._verified.clear()
            self._verified[str(token)] = known
        if known[1] != self.principal():
            raise ViewStateError("the View instance id was refused: it belongs to another user")
        return known[0]

    def values(self, token: object) -> dict[str, Any]:
        """The stored values of the instance ``token`` names (``{}`` when none). Raises :class:`ViewStateError`."""
        return self.store.get(self.instance_of(token)) or {}

    def call(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """One ``pyview_state`` call: ``op`` ``"get"``, or ``"put"`` with ``values`` (merged key by key) and
        optionally ``delete`` (keys removed). Returns ``{"v": 1, "values": {...all values}}``.

        Raises:
            ViewStateError: bad arguments, a refused instance id, or state past the store's size bound.
        """
        op, instance, values, delete = self._request(arguments)
        if op == "get":
            return {"v": 1, "values": self.store.get(instance) or {}}
        update = getattr(self.store, "update", None)  # a store that merges in one step (ours do)
        try:
            if callable(update):
                merged: dict[str, Any] = update(instance, values, delete)
            else:
                with self._lock:  # one read-merge-write at a time in this process
                    merged = merged_state(self.store.get(instance), values, delete)
                    self.store.put(instance, merged)
        except (StateTooLarge, TypeError) as exc:
            raise ViewStateError(f"pyview_state put: {exc}") from None
        return {"v": 1, "values": merged}

    async def acall(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """:meth:`call` on an event loop, for a store with ``aget`` and ``aupdate`` (awaited, never blocking the
        loop); call it in the request's context (the instance id is checked against its user)."""
        op, instance, values, delete = self._request(arguments)
        if op == "get":
            return {"v": 1, "values": await self.store.aget(instance) or {}}  # type: ignore[attr-defined]
        try:
            merged: dict[str, Any] = await self.store.aupdate(instance, values, delete)  # type: ignore[attr-defined]
        except (StateTooLarge, TypeError) as exc:
            raise ViewStateError(f"pyview_state put: {exc}") from None
        return {"v": 1, "values": merged}

    def _request(self, arguments: dict[str, Any]) -> tuple[str, str, dict[str, Any], list[str]]:
        """``(op, instance, values, delete)`` of a ``pyview_state`` call, checked (see :meth:`call`)."""
        op = arguments.get("op")
        if op not in ("get", "put"):
            raise ViewStateError(f"pyview_state: op must be 'get' or 'put', not {op!r}")
        instance = self.instance_of(arguments.get("instance"))
        if op == "get":
            return op, instance, {}, []
        values = arguments.get("values")
        delete = arguments.get("delete") or []
        if not isinstance(values, dict) or not isinstance(delete, list):
            raise ViewStateError("pyview_state put: values must be a JSON object (and delete a list of keys)")
        return op, instance, values, delete

    def tool_result(self, arguments: dict[str, Any]) -> CallToolResult:
        """:meth:`call` as the tool's ``CallToolResult``: ``_meta["pyview"]`` has the values; a refusal is an
        ``isError`` result whose text says why (and carries no data)."""
        try:
            answer = self.call(arguments)
        except ViewStateError as exc:
            return _refused(exc)
        return _answered(answer)

    async def atool_result(self, arguments: dict[str, Any]) -> CallToolResult:
        """:meth:`tool_result` through :meth:`acall` (a store with ``aget`` and ``aupdate``, on the event loop)."""
        try:
            answer = await self.acall(arguments)
        except ViewStateError as exc:
            return _refused(exc)
        return _answered(answer)

    @staticmethod
    def binding_for(fn: Callable[..., CallToolResult | Awaitable[CallToolResult]]) -> ToolBinding:
        """The app-only ``pyview_state`` tool calling ``fn``."""
        meta = {"ui": {"visibility": ["app"]}, "openai/widgetAccessible": True}
        return ToolBinding(fn=fn, meta=meta, kwargs={"name": STATE_TOOL, "description": _DESCRIPTION})


def _answered(answer: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text="ok")], _meta={"pyview": answer})


def _refused(exc: ViewStateError) -> CallToolResult:  # an isError result saying why, with no data
    logger.warning("pyview: %s", exc)
    return CallToolResult(content=[TextContent(type="text", text=str(exc))], is_error=True)


__all__ = ["STATE_TOOL", "MemoryStore", "ViewState", "ViewStateError"]
