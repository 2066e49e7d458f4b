"""The tool data of a server-runtime session, signed once: the "data" token a View keeps and sends only on request.

A session token (:mod:`pyview._tooling.server._runtime_sessions`) travels with every event, so it carries only what
changes with events: hook state, sequence number, expiry. What a restore also needs, the tool input and result, the host
context and capabilities, is large and rarely changes: it travels in its own token, issued with the tool result
(and again when it changed much), which the View keeps and sends only when a worker answers ``need: "data"`` (it
does not hold the session, so it must restore it). The session token names its data token by digest (``h``), so a
data token continues only its own session, and host-context changes since the data token was issued ride in the
session token (``c``: the changed top-level keys, as host-context deltas merge; ``p``: other capabilities).

Example:
    >>> from pyview._tooling.server._signing import Signer
    >>> signer = Signer(b"0123456789abcdef0123456789abcdef")
    >>> data = {"input": {}, "result": {"n": 1}, "context": {"theme": "light"}, "capabilities": {}}
    >>> token, base = issue(signer, "abc", data)
    >>> fields = changes(base.data, {**data, "context": {"theme": "dark"}})
    >>> fields
    {'c': {'theme': 'dark'}}
    >>> claims = {"i": "abc", "h": base.digest, **fields}
    >>> restored = opened(signer, token, claims)
    >>> restored == base, with_changes(restored.data, claims)["context"]
    (True, {'theme': 'dark'})
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any, NamedTuple

from pyview._tooling.server._signing import Signer, TokenError

KIND = "data"
REBASE_BYTES = 512
"""Host-context changes larger than this (as JSON) get a new data token instead of riding in every session token."""


class Base(NamedTuple):
    """What a live session keeps of the View's data token: its digest (the session token's ``h``) and its data."""

    digest: str
    data: dict[str, Any]


def digest_of(token: str) -> str:
    """The digest a session token names its data token by (SHA-256 of the token's text, base64url).

    Example:
        >>> len(digest_of("any.token"))
        43
    """
    return base64.urlsafe_b64encode(hashlib.sha256(token.encode()).digest()).rstrip(b"=").decode("ascii")


def issue(signer: Signer, instance: str, data: dict[str, Any]) -> tuple[str, Base]:
    """A new data token for session ``instance`` holding ``data`` (a copy of the top level of its context: host
    context deltas replace top-level keys, so the copy stays what the token holds)."""
    data = {**data, "context": dict(data.get("context") or {})}
    token = signer.sign({"k": KIND, "i": instance, "t": data})
    return token, Base(digest_of(token), data)


def changes(base: dict[str, Any], data: dict[str, Any]) -> dict[str, Any] | None:
    """The session-token fields that turn ``base`` (what the View's data token holds) into ``data``; None when a
    new data token is due instead (the tool data differ, a context key went away, or the changes are large).

    Example:
        >>> base = {"input": {}, "result": {}, "context": {"theme": "light"}, "capabilities": {}}
        >>> changes(base, base), changes(base, {**base, "capabilities": {"logging": {}}})
        ({}, {'p': {'logging': {}}})
        >>> changes(base, {**base, "result": {"n": 2}}) is None
        True
    """
    for key in ("input", "result", "cancelled"):  # the same objects, unless the host sent new ones
        was, now = base.get(key), data.get(key)
        if was is not now and was != now:
            return None
    was, now = base.get("context") or {}, data.get("context") or {}
    if any(key not in now for key in was):
        return None
    out: dict[str, Any] = {}
    delta = {key: value for key, value in now.items() if key not in was or was[key] != value}
    if delta:
        out["c"] = delta
    if (base.get("capabilities") or {}) != (data.get("capabilities") or {}):
        out["p"] = data.get("capabilities") or {}
    if out and len(json.dumps(out, separators=(",", ":"), ensure_ascii=False)) > REBASE_BYTES:
        return None
    return out


def opened(signer: Signer, token: object, claims: dict[str, Any]) -> Base:
    """The data token a session (its verified ``claims``) names, checked and read.

    Raises:
        TokenError: not the data token the session token names (another session's, an older one, a session
            token), too large, or not signed by this server.
    """
    if not isinstance(token, str):
        raise TokenError("the data token must be a string")
    if len(token) > signer.max_bytes:
        raise TokenError(f"the data token is too large ({len(token):,} bytes; at most {signer.max_bytes:,})")
    if not hmac.compare_digest(digest_of(token), str(claims.get("h"))):
        raise TokenError("the data token does not belong to this session token (another session's, or an older one)")
    payload = signer.verify(token)
    data = payload.get("t")
    if payload.get("k") != KIND or payload.get("i") != claims.get("i") or not isinstance(data, dict):
        raise TokenError("the data token is malformed")
    return Base(claims["h"], data)


def with_changes(data: dict[str, Any], claims: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a data token's) with the host-context and capability changes a session token carries."""
    context = claims.get("c")
    if isinstance(context, dict) and context:
        data = {**data, "context": {**(data.get("context") or {}), **context}}
    if isinstance(claims.get("p"), dict):
        data = {**data, "capabilities": claims["p"]}
    return data
