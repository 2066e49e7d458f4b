"""``pyview build`` and ``pyview serve`` take ``--runtime`` and ``--runtime-url`` from one definition, whose modes
are the packager's."""

from __future__ import annotations

from typing import get_args

import pytest

from pyview._tooling.cli._build_command import RUNTIME_MODES
from pyview._tooling.cli._main import command_parser
from pyview._tooling.packager._packager import RuntimeMode


def test_the_command_line_offers_the_packagers_runtime_modes() -> None:
    assert get_args(RuntimeMode) == RUNTIME_MODES


@pytest.mark.parametrize("mode", RUNTIME_MODES)
def test_build_and_serve_take_every_mode_and_a_runtime_url(mode: str) -> None:
    parser = command_parser()
    build = parser.parse_args(["build", "v.py", "-o", "v.html", "--runtime", mode, "--runtime-url", "https://cdn/"])
    serve = parser.parse_args(["serve", "server.py", "--runtime", mode, "--runtime-url", "https://cdn/"])
    assert (build.runtime, build.runtime_url) == (serve.runtime, serve.runtime_url) == (mode, "https://cdn/")
    assert parser.parse_args(["build", "v.py", "-o", "v.html"]).runtime == "inline"
    assert parser.parse_args(["serve", "server.py"]).runtime is None  # serve picks auto, or what the server says
