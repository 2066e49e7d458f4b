"""The engine drivers' set-up, without a browser: what is missing is named with its install command."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyview._tooling.testing._engine import EngineNotFound, open_engine, which


def test_an_unknown_engine_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown engine 'opera': choose one of chromium, firefox, webkit"):
        open_engine("opera")  # type: ignore[arg-type]


def test_an_override_that_is_not_a_file_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYVIEW_FIREFOX", str(tmp_path / "firefox"))
    with pytest.raises(EngineNotFound, match=r"PYVIEW_FIREFOX=.* is not a file\. Install it with: apt-get install"):
        which("PYVIEW_FIREFOX", "firefox-esr", hint="Install it with: apt-get install -y firefox-esr")


def test_nothing_found_names_every_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYVIEW_NO_SUCH_BROWSER", raising=False)
    with pytest.raises(EngineNotFound, match=r"none of no-such-browser-1, no-such-browser-2 was found\. hint"):
        which("PYVIEW_NO_SUCH_BROWSER", "no-such-browser-1", "no-such-browser-2", hint="hint")


def test_missing_puppeteer_core_says_npm_ci_and_never_the_downloading_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from pyview._tooling.testing import _engine_firefox

    monkeypatch.setenv("PYVIEW_PUPPETEER_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(
        _engine_firefox, "__file__", str(tmp_path / "pyview" / "_tooling" / "testing" / "_engine_firefox.py")
    )
    with pytest.raises(EngineNotFound, match=r"npm ci --prefix tests/engines .*never the `puppeteer` package"):
        _engine_firefox.puppeteer_dir()


def test_the_repository_puppeteer_core_is_found() -> None:
    from pyview._tooling.testing._engine_firefox import puppeteer_dir

    assert (Path(puppeteer_dir()) / "node_modules" / "puppeteer-core" / "package.json").is_file()


def test_xvfb_starts_on_a_free_display_and_stops() -> None:
    from pyview._tooling.testing._engine_webkit import start_xvfb

    first, display = start_xvfb()
    second, other = start_xvfb()
    try:
        assert display.startswith(":") and other.startswith(":") and display != other
        assert first.poll() is None and second.poll() is None  # still running after reporting its display
    finally:
        for process in (first, second):
            process.terminate()
            process.wait(10)
