"""The server runtime's pieces in isolation: the state codec, component keys, restore, and the signing key."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pyview._core.app._types import HostContext, ToolInput, ToolResult
from pyview._core.components._hook_state import Seeder, SnapshotError, Unsaveable, capture, decode, encode
from pyview._core.components._html import write_children
from pyview._core.components._root import Root
from pyview._core.components._view import app_tree
from pyview._tooling.server._signing import Signer, TokenError, load_secret
from pyview.components import component, h, use_effect, use_ref, use_state
from pyview.testing import render


class FakeApp:
    def __init__(self) -> None:
        self.tool_result = ToolResult({"content": [{"type": "text", "text": "hi"}]})
        self.tool_input = ToolInput({"arguments": {"a": 1}})


@pytest.mark.parametrize(
    "value",
    [None, 1, 2.5, "x", True, [1, [2]], {"a": {"b": 1}}, (1, 2), {1, 2}, frozenset({"a"}), b"\x00\xff",
     {1: "one", (1, 2): "pair"}, {"__pv": "not a tag"}, [(1, {"k": (2,)})]],
)  # fmt: skip
def test_plain_data_round_trips(value: object) -> None:
    assert decode(encode(value, None), None) == value
    assert type(decode(encode(value, None), None)) is type(value)


def test_payloads_round_trip_and_app_values_keep_their_identity() -> None:
    app = FakeApp()
    restored_app = FakeApp()
    saved = encode([app.tool_result, app.tool_input, HostContext({"theme": "dark"})], app)
    result, tool_input, context = decode(saved, restored_app)
    assert result is restored_app.tool_result and tool_input is restored_app.tool_input
    assert isinstance(context, HostContext) and context.theme == "dark"
    partial = decode(encode(ToolInput({"arguments": {}}, partial=True), None), None)
    assert isinstance(partial, ToolInput) and partial.partial


@pytest.mark.parametrize("value", [object(), lambda: 1, float("nan"), [float("inf")], {"k": object()}])
def test_other_objects_are_refused(value: object) -> None:
    with pytest.raises(Unsaveable):
        encode(value, None)


def test_restore_gives_every_component_its_saved_state() -> None:
    @component
    def Item(label: str) -> Any:
        picked, set_picked = use_state(False)
        clicks = use_ref(0)
        return h.li(label, "*" if picked else "", on_click=lambda: (set_picked(True), setattr(clicks, "current", 3)))

    @component
    def Items() -> Any:
        items, _ = use_state(["a", "b", "c"])
        shown, set_shown = use_state(1)
        return h.ul([Item(item, key=item) for item in items[:shown]], h.button("more", on_click=lambda: set_shown(3)))

    screen = render(Items())
    screen.click("more")
    screen.click("b")
    live = screen.root
    saved = capture(live.container, None)
    restored = Root(effects=False)
    seeder = Seeder(saved, None)
    restored.seed = seeder  # type: ignore[attr-defined]
    restored.mount(app_tree(restored, Items(), None))  # as render() and the server mount it

    def html(root: Root) -> str:
        out: list[str] = []
        write_children(root.container.kids, out, props=True, sort=False)
        return "".join(out)

    assert html(restored) == html(live) and "*" in html(live)
    assert seeder.unused() == 0
    assert capture(restored.container, None) == saved


def test_unsaveable_state_names_the_hook_and_component() -> None:
    @component
    def Keeper() -> Any:
        use_state(1)
        use_state(object())
        return h.p("x")

    root = Root(effects=False)
    root.mount(Keeper())
    with pytest.raises(SnapshotError, match=r"use_state #2 of component .*Keeper .*holds <object object"):
        capture(root.container, None)


def test_tokens_are_signed_and_checked() -> None:
    signer = Signer(b"k" * 32, max_bytes=1000)
    token = signer.sign({"n": 1, "s": {"x": [1, 2]}})
    assert signer.verify(token) == {"n": 1, "s": {"x": [1, 2]}}
    body, mac = token.split(".")
    for bad in (f"{body}x.{mac}", f"{body}.{mac[:-2]}AA", Signer(b"j" * 32).sign({"n": 1}), "a.b.c", "", 5, "x" * 2000):
        with pytest.raises(TokenError):
            signer.verify(bad)
    with pytest.raises(ValueError, match="at least 16"):
        Signer(b"short")


def test_the_secret_comes_from_the_environment_or_a_private_key_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PYVIEW_SECRET", raising=False)
    first = load_secret(tmp_path)
    assert load_secret(tmp_path) == first  # the same key for every process on the machine
    assert os.stat(tmp_path / "server-secret").st_mode & 0o777 == 0o600
    assert [path.name for path in tmp_path.iterdir()] == ["server-secret"]  # no temporary files left
    monkeypatch.setenv("PYVIEW_SECRET", "an explicit secret of enough length")
    assert load_secret(tmp_path) == b"an explicit secret of enough length"
    monkeypatch.setenv("PYVIEW_SECRET", "short")
    with pytest.raises(ValueError, match="PYVIEW_SECRET"):
        load_secret(tmp_path)


def test_a_restore_reruns_only_effects_that_set_something_up() -> None:
    runs: list[str] = []

    @component
    def Copier() -> Any:
        source, _ = use_state("from the tool")
        shown, set_shown = use_state("")

        def copy() -> None:  # copies data into state: done once, must not undo the user's change after a restore
            runs.append("copy")
            set_shown(source)

        def subscribe() -> Any:  # sets something up in this process: needed again in a new one
            runs.append("subscribe")
            return lambda: None

        use_effect(copy, [source])
        use_effect(subscribe, [source])
        use_effect(lambda: runs.append("mount"), [])
        return h.p(shown, on_click=lambda: set_shown("changed by the user"))

    screen = render(Copier())
    screen.click("from the tool")
    assert screen.text == "changed by the user"
    saved = capture(screen.root.container, None)
    runs.clear()
    restored = Root(effects=True, schedule=lambda fn: fn())
    restored.seed = Seeder(saved, None)  # type: ignore[attr-defined]
    restored.mount(app_tree(restored, Copier(), None))
    out: list[str] = []
    write_children(restored.container.kids, out, props=True, sort=False)
    assert "".join(out) == "<p>changed by the user</p>"
    assert sorted(runs) == ["mount", "subscribe"]


def test_state_holding_part_of_the_tool_data_is_saved_by_reference() -> None:
    app, restored_app = FakeApp(), FakeApp()
    for each in (app, restored_app):
        each.tool_result = ToolResult({"structuredContent": {"orders": [{"id": 1}]}})
    page = app.tool_result.structured_content
    assert page is not None
    saved = encode({"page": page, "copy": dict(page)}, app)
    assert saved["page"] == {"__pv": "part", "v": ["tool_result", "structuredContent"]}
    state = decode(saved, restored_app)
    assert state["page"] is restored_app.tool_result.structured_content  # the same object again, held once
    assert state["copy"] == page and state["copy"] is not restored_app.tool_result.structured_content
    with pytest.raises(ValueError, match="refers to"):
        decode(saved, None)
