"""How the machine's Chromium is found and started."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pyview._tooling.testing import _chromium
from pyview.testing import CHROMIUM_ARGS, ChromiumNotFound, chromium_executable


class _FreeSpace:
    def __init__(self, free: int) -> None:
        self.f_bavail, self.f_frsize = free // 4096, 4096


def test_a_small_dev_shm_moves_shared_memory_to_tmp(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "statvfs", lambda path: _FreeSpace(64 * 1024**2))  # a container's default 64 MB
    assert _chromium.chromium_args() == [*CHROMIUM_ARGS, "--disable-dev-shm-usage"]


def test_a_roomy_dev_shm_keeps_the_flags_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "statvfs", lambda path: _FreeSpace(16 * 1024**3))
    assert _chromium.chromium_args() == list(CHROMIUM_ARGS)


def test_no_dev_shm_at_all_moves_shared_memory_to_tmp(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(path: str) -> None:
        raise FileNotFoundError(path)

    monkeypatch.setattr(os, "statvfs", missing)
    assert "--disable-dev-shm-usage" in _chromium.chromium_args()


def test_a_wrong_pyview_chromium_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYVIEW_CHROMIUM", str(tmp_path / "no-such-chrome"))
    with pytest.raises(ChromiumNotFound, match="apt-get install -y chromium"):
        chromium_executable()
