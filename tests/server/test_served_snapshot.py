"""Which served Views carry a memory snapshot: ``Views(snapshot=...)``, ``$PYVIEW_SNAPSHOT`` and Node on PATH
(whether they boot from it: tests/browser/test_snapshot_boot.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyview.server import Views

HELLO = Path(__file__).resolve().parents[2] / "examples" / "hello" / "hello_view.py"


def test_auto_uses_a_snapshot_where_node_can_make_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    views = Views(runtime="auto", cache_dir=None, snapshot="auto")
    assert views.add("hello", HELLO).snapshot  # a runtime part, fetched after the first paint
    assert not views.add("hello-server", HELLO, runtime="server").snapshot  # no Python in the document
    assert not views.add("hello-off", HELLO, snapshot="off").snapshot
    # never inline by default: it would take the document over the 10 MiB of stdio clients
    assert not views.add("hello-inline", HELLO, runtime="inline").snapshot
    assert views.add("hello-inline-on", HELLO, runtime="inline", snapshot="on").snapshot  # asked for explicitly


def test_auto_without_node_serves_views_without_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert not Views(runtime="auto", cache_dir=None, snapshot="auto").add("hello", HELLO).snapshot
    assert Views(runtime="inline", cache_dir=None, snapshot="on").add("hello", HELLO).snapshot  # the build says why


def test_the_snapshot_choice_is_part_of_the_uri_and_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setenv("PYVIEW_SNAPSHOT", "on")
    with_one = Views(runtime="inline", cache_dir=None).add("hello", HELLO)
    monkeypatch.setenv("PYVIEW_SNAPSHOT", "off")
    without = Views(runtime="inline", cache_dir=None).add("hello", HELLO)
    assert with_one.snapshot and not without.snapshot and with_one.uri != without.uri
    with pytest.raises(ValueError, match="snapshot must be one of"):
        Views(snapshot="always")  # type: ignore[arg-type]


def test_core_serves_one_snapshot_of_pyviews_core_to_every_view(tmp_path: Path) -> None:
    """``"core"`` (what ``pyview dev`` and this suite serve): every View's snapshot part is the same stored bytes, made
    once; a View's own snapshot (``"auto"``) is another. Booting from it: tests/browser, every served View."""
    other = tmp_path / "other_view.py"
    other.write_text(HELLO.read_text().replace("Hello", "Hei"))
    views = Views(runtime="auto", cache_dir=None, snapshot="core")
    handles = [views.add("hello", HELLO), views.add("other", other), views.add("own", HELLO, snapshot="auto")]
    assert all(handle.snapshot for handle in handles)
    assert handles[0].uri != handles[2].uri  # the choice is part of the URI

    def snapshot_part(handle: object) -> str:
        handle._load_or_build()  # type: ignore[attr-defined]
        (part,) = [p for p in handle._parts if p.name == "pyview-snapshot.bin"]  # type: ignore[attr-defined]
        return str(part.sha256)

    core, core_again, own = (snapshot_part(handle) for handle in handles)
    assert core == core_again and own != core
