"""Extra packages for a View (``--package``): resolved by pip for Pyodide's platform, checked, cached.

pip is asked for wheels of the exact Pyodide platform (``pyemscripten_2026_0_wasm32``, cp314). A wheel is accepted only
if it is pure Python (``py3-none-any``) or built for that platform, and a pure wheel whose modules are all empty is
refused: PyPI serves such placeholders (``pydantic_core-0.0.1``) when a native package has no build for the
platform asked.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path

from pyview._tooling.packager._errors import BuildError
from pyview._tooling.packager._runtime import PYODIDE_ABI, PYODIDE_PLATFORM, PYODIDE_PYTHON, cache_root


def resolve_wheels(requirements: Sequence[str]) -> list[Path]:
    """Download (once) the wheels for ``requirements`` and their dependencies, for the Pyodide platform.

    Args:
        requirements: pip requirement strings, e.g. ``["pydantic>=2.12"]``.

    Returns:
        The wheel files, in a stable order.

    Raises:
        BuildError: pip cannot resolve them for Pyodide, or gave a wheel that cannot run there.
    """
    if not requirements:
        return []
    key = hashlib.sha256("\n".join(sorted(requirements)).encode()).hexdigest()[:16]
    folder = cache_root() / "wheels" / f"{PYODIDE_PLATFORM}-{key}"
    done = folder / ".complete"
    if not done.exists():
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.whl"):
            stale.unlink()
        _pip_download(requirements, folder)
        done.write_text("\n".join(requirements), "utf-8")
    wheels = sorted(folder.glob("*.whl"))
    for wheel in wheels:
        check_wheel(wheel)
    return wheels


def _pip_download(requirements: Sequence[str], folder: Path) -> None:
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--only-binary=:all:", "--platform", PYODIDE_PLATFORM, "--python-version", PYODIDE_PYTHON,
        "--implementation", "cp", "--abi", PYODIDE_ABI, "--abi", "abi3", "--abi", "none",
        "--dest", str(folder), *requirements,
    ]  # fmt: skip
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        tail = "\n".join(completed.stderr.strip().splitlines()[-6:])
        raise BuildError(
            f"pip could not resolve {', '.join(requirements)} for Pyodide ({PYODIDE_PLATFORM}, cp314):\n{tail}\n"
            "Only pure-Python wheels and wheels built for this platform can run inside a View."
        )


def check_wheel(wheel: Path) -> None:
    """Refuse a wheel that cannot run in Pyodide: a foreign platform tag, or an empty placeholder.

    Example:
        >>> check_wheel(Path("numpy-2.0-cp311-cp311-manylinux_2_17_x86_64.whl"))
        Traceback (most recent call last):
        ...
        pyview.packager.BuildError: numpy-2.0-cp311-cp311-manylinux_2_17_x86_64.whl is built for ...
    """
    parts = wheel.name[: -len(".whl")].split("-")
    platform = parts[-1]
    if platform != "any" and PYODIDE_PLATFORM not in platform.split("."):
        raise BuildError(
            f"{wheel.name} is built for {platform}, which cannot run in Pyodide; "
            f"only pure-Python or {PYODIDE_PLATFORM} wheels can."
        )
    if platform == "any" and _is_placeholder(wheel):
        name = parts[0]
        raise BuildError(
            f"{wheel.name} is an empty placeholder, not the real {name}: PyPI serves it when {name} has no build for "
            f"{PYODIDE_PLATFORM}. Pin a version of {name} that publishes {PYODIDE_PLATFORM} wheels."
        )


def _is_placeholder(wheel: Path) -> bool:
    with zipfile.ZipFile(wheel) as archive:
        modules = [info for info in archive.infolist() if info.filename.endswith(".py")]
        return bool(modules) and all(info.file_size == 0 for info in modules)
