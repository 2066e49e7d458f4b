"""Fetching the runtime and checking wheels: the failures a user can hit, with the messages they get."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from pyview._tooling.packager import _runtime as runtime
from pyview._tooling.packager._wheels import check_wheel
from pyview.packager import BuildError, RuntimeFetchError, ensure_runtime


def test_missing_npm_says_how_to_fix_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYVIEW_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))

    with pytest.raises(RuntimeFetchError, match="npm` was not found") as caught:
        ensure_runtime(progress=lambda _: None)

    assert "pyview runtime fetch" in str(caught.value)


def test_npm_failure_is_reported_with_its_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "npm").write_text("#!/bin/sh\necho 'npm error code E404 registry unreachable' >&2\nexit 1\n")
    (fake / "npm").chmod(0o755)
    monkeypatch.setenv("PYVIEW_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PATH", str(fake))

    with pytest.raises(RuntimeFetchError, match="registry unreachable"):
        ensure_runtime(progress=lambda _: None)
    assert not (tmp_path / "cache" / f"pyodide-{runtime.PYODIDE_VERSION}").exists()


def test_tampered_tarball_is_refused(tmp_path: Path) -> None:
    tarball = tmp_path / "pyodide-314.0.7.tgz"
    tarball.write_bytes(b"not the real thing")
    with pytest.raises(RuntimeFetchError, match="does not match its pinned sha512"):
        runtime._verify_integrity(tarball)


def test_cached_runtime_is_reused_without_npm(monkeypatch: pytest.MonkeyPatch) -> None:
    ensure_runtime(progress=lambda _: None)  # fetched once (or already cached)
    monkeypatch.setenv("PATH", "")
    dist = ensure_runtime(progress=lambda _: None)
    assert dist.file("pyodide.asm.wasm").stat().st_size > 9_000_000


def _wheel(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def test_placeholder_wheel_is_refused(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path / "pydantic_core-0.0.1-py3-none-any.whl", {"pydantic_core/__init__.py": ""})
    with pytest.raises(BuildError, match="empty placeholder"):
        check_wheel(wheel)


def test_foreign_platform_wheel_is_refused(tmp_path: Path) -> None:
    wheel = tmp_path / "pydantic_core-2.46.4-cp311-cp311-manylinux_2_17_x86_64.whl"
    with pytest.raises(BuildError, match="cannot run in Pyodide"):
        check_wheel(wheel)


def test_pure_and_pyodide_wheels_pass(tmp_path: Path) -> None:
    check_wheel(_wheel(tmp_path / "tiny-1.0-py3-none-any.whl", {"tiny/__init__.py": "X = 1\n"}))
    check_wheel(tmp_path / "pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl")
