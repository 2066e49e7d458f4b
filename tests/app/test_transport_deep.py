"""Messages nested too deeply for Python's JSON parser: the transports drop or refuse them, never raise
``RecursionError`` into the JS event handler or the caller."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from pyview.app import PostMessageTransport, memory_transport_pair


class FakeHost:
    """What ``globalThis.pyviewHost`` offers the transport."""

    def __init__(self) -> None:
        self.posted: list[str] = []
        self.listener: Any = None

    def post(self, text: str) -> None:
        self.posted.append(text)

    def subscribe(self, fn: Any) -> None:
        self.listener = fn

    def unsubscribe(self) -> None:
        self.listener = None


def deep(depth: int = 5000) -> Any:
    value: Any = {}
    for _ in range(depth):
        value = [value]
    return value


def test_post_message_transport_drops_a_message_too_deep_to_decode(caplog: pytest.LogCaptureFixture) -> None:
    fake, got = FakeHost(), []
    transport = PostMessageTransport(fake, proxy_factory=lambda fn: fn)
    transport.start(got.append)
    with caplog.at_level(logging.WARNING, "pyview.app"):
        fake.listener("[" * 100_000 + "]" * 100_000)  # no RecursionError escapes into the JS listener
        fake.listener("{not json")
    fake.listener('{"jsonrpc": "2.0", "method": "after"}')
    assert got == [{"jsonrpc": "2.0", "method": "after"}]
    assert "dropped a message from the host: nested more than 500 levels deep" in caplog.text
    assert "not JSON" in caplog.text


def test_post_message_transport_refuses_to_send_a_message_too_deep_to_encode() -> None:
    fake = FakeHost()
    transport = PostMessageTransport(fake, proxy_factory=lambda fn: fn)
    transport.start(lambda message: None)
    with pytest.raises(ValueError, match="nested too deeply"):
        transport.send({"jsonrpc": "2.0", "method": "x", "params": {"v": deep()}})
    transport.send({"jsonrpc": "2.0", "method": "y"})
    assert fake.posted == ['{"jsonrpc":"2.0","method":"y"}']


def test_memory_transport_refuses_a_message_too_deep_to_encode() -> None:
    view, _host = memory_transport_pair()
    with pytest.raises(ValueError, match="nested too deeply"):
        view.send({"jsonrpc": "2.0", "method": "x", "params": {"v": deep()}})


def test_too_deep_counts_only_real_nesting() -> None:
    from pyview._core.app._transport import MAX_DEPTH, too_deep

    assert not too_deep('{"text": "' + "[" * 5000 + '"}')  # brackets inside a string do not nest
    assert not too_deep('{"t": "\\"[[[[[", "v": [[1]]}', limit=3)  # an escaped quote does not end the string
    assert too_deep('{"v": [[[1]]]}', limit=3)
    assert too_deep("[{" * 300 + "}]" * 300)  # mixed nesting, 600 levels
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    wide = "[" + ",".join(['[[1], {"a": [2]}]'] * 20_000) + "]"  # many brackets, shallow
    assert not too_deep(wide)
