"""``AppLike`` (what ``use_app()`` gives a component) is ``App``'s own API: every member it declares exists on
``App`` with the same signature, and every public View -> host request of ``App`` is in it, so they cannot drift."""

from __future__ import annotations

import inspect
from pathlib import Path

from pyview._tooling.server._server_app import ServerApp
from pyview.app import App
from pyview.components import AppLike

# App's public methods that are not for components: its setup and lifecycle (module level, the boot, the server).
NOT_FOR_COMPONENTS = {"adopt", "close", "connect", "preload", "remove_tool", "tool"}


def protocol_members() -> dict[str, object]:
    return {
        name: value
        for name, value in vars(AppLike).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    }


def test_every_member_of_applike_is_on_app_with_the_same_signature() -> None:
    members = protocol_members()
    requests = {"send_message", "open_link", "request_display_mode", "download_file", "update_model_context"}
    assert requests <= set(members)
    for name, member in members.items():
        real = inspect.getattr_static(App, name)
        if isinstance(member, property):
            assert isinstance(real, property), name
            continue
        assert inspect.iscoroutinefunction(member) == inspect.iscoroutinefunction(real), name
        assert inspect.signature(member) == inspect.signature(real), f"AppLike.{name} differs from App.{name}"


def test_every_public_method_of_app_a_component_may_call_is_in_applike() -> None:
    methods = {
        name
        for name, value in inspect.getmembers(App)
        if not name.startswith("_") and inspect.isfunction(value) and name not in NOT_FOR_COMPONENTS
    }
    assert methods <= set(protocol_members()), sorted(methods - set(protocol_members()))


def test_mypy_accepts_app_and_the_server_app_as_applike(tmp_path: Path) -> None:
    from mypy import api

    case = tmp_path / "applike_case.py"
    case.write_text(
        "from pyview.app import App\n"
        "from pyview.components import AppLike\n"
        "from pyview._tooling.server._server_app import ServerApp\n"
        "a: AppLike = App('demo', '1.0')\n"
        "b: AppLike = ServerApp(None)\n"
    )
    root = Path(__file__).resolve().parents[2]  # the project's options and the cache its `mypy` step wrote
    project = ["--config-file", str(root / "pyproject.toml"), "--cache-dir", str(root / ".mypy_cache")]
    out, err, status = api.run([*project, "--strict", "--no-error-summary", str(case)])
    assert status == 0, out + err
    assert isinstance(ServerApp(None), App)  # and so has every member checked above
