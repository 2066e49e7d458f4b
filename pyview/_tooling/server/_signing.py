"""Signed session tokens for the server runtime: ``base64url(body).base64url(hmac_sha256(body))``.

The body is the payload as JSON, or that JSON zlib-compressed when it is shorter so (hook state and tool data are
repetitive JSON, and tokens travel with events); the MAC is checked before anything is decompressed, and
decompression stops at a bound.

The token is what a View instance holds between events: which instance it is, which View, the sources digest, a
sequence number, an expiry, the hook-state snapshot and the tool data. Only the server can make one (HMAC-SHA256
with a server secret), so a View cannot forge its own state or another instance's.

The secret is ``$PYVIEW_SECRET`` (any text, at least 16 characters), else a random key kept in a ``0600`` file in
the cache folder, created once, atomically, so every worker process and every restart on the machine shares it.

Example:
    >>> signer = Signer(b"0123456789abcdef0123456789abcdef")
    >>> token = signer.sign({"i": "abc", "n": 1})
    >>> signer.verify(token)
    {'i': 'abc', 'n': 1}
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import zlib
from pathlib import Path
from typing import Any

logger = logging.getLogger("pyview.server")

SECRET_ENV = "PYVIEW_SECRET"
SECRET_FILE = "server-secret"
_MIN_SECRET = 16
_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_LOOKAHEAD = 262  # zlib's MIN_LOOKAHEAD: a window of 2**bits bytes reaches back 2**bits - 262 of them


class TokenError(Exception):
    """A session token that is malformed, not signed by this server, or expired (the message says which)."""


class Signer:
    """Signs and verifies tokens with one secret.

    Args:
        secret: the HMAC key (bytes).
        max_bytes: the largest token accepted by :meth:`verify` (larger ones are refused before any work).
    """

    def __init__(self, secret: bytes, *, max_bytes: int = 1_000_000) -> None:
        if len(secret) < _MIN_SECRET:
            raise ValueError(f"the signing secret must be at least {_MIN_SECRET} bytes")
        self._secret = secret
        self.max_bytes = max_bytes

    def sign(self, payload: dict[str, Any]) -> str:
        """The token for ``payload`` (a JSON object)."""
        raw = json.dumps(payload, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()
        packed = compressed(raw) if len(raw) > 200 else raw
        body = _b64(packed if len(packed) < len(raw) else raw)
        return f"{body}.{_b64(self._mac(body))}"

    def verify(self, token: object) -> dict[str, Any]:
        """The payload of a token this server signed.

        Raises:
            TokenError: not a string, too large, malformed, or a bad signature (nothing of the payload is used).
        """
        if not isinstance(token, str):
            raise TokenError("the session token must be a string")
        if len(token) > self.max_bytes:
            raise TokenError(f"the session token is too large ({len(token):,} bytes; at most {self.max_bytes:,})")
        body, dot, mac = token.partition(".")
        if not dot or not body or not mac:
            raise TokenError("the session token is malformed")
        try:
            given = _unb64(mac)
        except ValueError:
            raise TokenError("the session token is malformed") from None
        if not hmac.compare_digest(given, self._mac(body)):
            raise TokenError("the session token was not signed by this server (forged, or another server's)")
        try:
            payload = json.loads(unpacked(_unb64(body), self.max_bytes * 8))
        except (ValueError, zlib.error):
            raise TokenError("the session token is malformed") from None
        if not isinstance(payload, dict):
            raise TokenError("the session token is malformed")
        return payload

    def _mac(self, body: str) -> bytes:
        return hmac.new(self._secret, body.encode("ascii"), hashlib.sha256).digest()


def load_secret(folder: Path | None) -> bytes:
    """The signing secret: ``$PYVIEW_SECRET``, else the key file in ``folder`` (created ``0600`` if missing).

    Without either (no environment variable, no usable folder) a random per-process key is used and a warning
    logged: sessions then survive only in this process's memory.

    Raises:
        ValueError: ``$PYVIEW_SECRET`` is set but shorter than 16 characters.
    """
    explicit = os.environ.get(SECRET_ENV)
    if explicit:
        if len(explicit) < _MIN_SECRET:
            raise ValueError(f"${SECRET_ENV} must be at least {_MIN_SECRET} characters (use a long random value)")
        return explicit.encode()
    if folder is not None:
        try:
            return _key_file(folder / SECRET_FILE)
        except OSError as exc:
            logger.warning("pyview: cannot keep a server secret in %s (%s)", folder, exc)
    logger.warning(
        "pyview: no $%s and no cache folder: server-runtime sessions cannot be restored by other processes", SECRET_ENV
    )
    return secrets.token_bytes(32)


def _key_file(path: Path) -> bytes:
    """Read the key file, or create it atomically (write a private temporary file, then link it into place)."""
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
        with contextlib.suppress(FileExistsError):  # another process won the race: use its key
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return _read_key(path)


def _read_key(path: Path) -> bytes:
    text = path.read_text("ascii").strip()
    if len(text) < _MIN_SECRET:
        raise OSError(f"{path} holds no usable key")
    mode = path.stat().st_mode & 0o777
    if mode & 0o077:
        logger.warning("pyview: %s is readable by others (mode %o); it should be 0600", path, mode)
    return text.encode()


def compressed(raw: bytes) -> bytes:
    """``raw`` zlib-compressed (level 6) with a window just large enough for it.

    Every token is signed with its own compressor, and zlib's default 32 KiB window (with its hash tables) costs
    more to set up than a small token costs to compress; a window that holds all of ``raw`` finds the same matches,
    so the output is as small. Any zlib decompressor reads it (the window size is in the stream's header).

    Example:
        >>> raw = b'{"state": [1, 2, 3], "again": [1, 2, 3]}' * 20
        >>> len(compressed(raw)) == len(zlib.compress(raw, 6)), zlib.decompress(compressed(raw)) == raw
        (True, True)
    """
    bits = max(9, min(15, (len(raw) + _LOOKAHEAD).bit_length()))  # zlib's windows: 2**9 to 2**15 bytes
    packer = zlib.compressobj(6, zlib.DEFLATED, bits, max(1, min(8, bits - 6)))
    return packer.compress(raw) + packer.flush()


def unpacked(body: bytes, limit: int) -> bytes:
    """A token's JSON: ``body`` itself, or decompressed (at most ``limit`` bytes of it).

    Example:
        >>> unpacked(zlib.compress(b'{"n":1}'), 100), unpacked(b'{"n":1}', 100)
        (b'{"n":1}', b'{"n":1}')
    """
    if body[:1] == b"{":
        return body
    inflater = zlib.decompressobj()
    raw = inflater.decompress(body, limit)
    if inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("the token does not decompress within its bound")
    return raw


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    if not _B64URL.fullmatch(text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
