"""The public names are pinned: adding or removing one is a deliberate change to this list."""

from __future__ import annotations

import json
import subprocess
import sys

import pyview

PUBLIC = {
    "__version__",
    # the View side (browser core)
    "App", "AppSession", "CapabilityError", "HostCapabilities", "HostContext", "HostError", "JsonRpcError",
    "PROTOCOL_VERSION", "RequestTimeoutError", "ToolCancelled", "ToolInput", "ToolResult",
    "Action", "Context", "Element", "Event", "Ref", "Selection", "View", "component", "create_context", "h",
    "prevent_default", "render_to_string", "stop_propagation", "unsafe_html", "use_action", "use_app", "use_callback",
    "use_context", "use_effect", "use_host_context", "use_memo", "use_ref", "use_selected", "use_selection",
    "use_state", "use_tool_cancelled", "use_tool_input", "use_tool_input_partial", "use_tool_result",
    "use_server_tool", "use_view_state",
    # tooling (CPython)
    "BuildError", "BuiltView", "build_view", "ServerView", "Views",
}  # fmt: skip


def test_public_names_are_pinned() -> None:
    assert set(pyview.__all__) == PUBLIC
    assert sorted(dir(pyview)) == sorted(PUBLIC)


def test_every_public_name_resolves() -> None:
    for name in PUBLIC:
        assert getattr(pyview, name) is not None, name


def test_unknown_name_is_an_attribute_error() -> None:
    try:
        pyview.NoSuchThing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as exc:
        assert "NoSuchThing" in str(exc)
    else:
        raise AssertionError("expected AttributeError")


def test_importing_pyview_loads_no_submodule_and_no_tooling() -> None:
    code = "import sys, pyview; print(sorted(m for m in sys.modules if m.startswith(('pyview', 'jinja2', 'pydantic'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['pyview', 'pyview._lazy', 'pyview._version']"


def test_browser_names_do_not_pull_in_tooling() -> None:
    code = (
        "import sys, pyview; pyview.App; pyview.component; pyview.h; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jinja2', 'pydantic', 'starlette', 'mcp')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


FACADES = [
    "pyview", "pyview.app", "pyview.components", "pyview.ui", "pyview.server", "pyview.host", "pyview.testing",
    "pyview.packager", "pyview.dev",
]  # fmt: skip


def test_public_classes_report_their_public_module() -> None:
    # in a fresh interpreter: each facade hands out its names, whose classes then say where to import them from
    code = f"""
import importlib
wrong = []
for facade in {FACADES!r}:
    module = importlib.import_module(facade)
    for name in module.__all__:
        value = getattr(module, name)
        if not isinstance(value, type) or not value.__module__.startswith("pyview"):
            continue  # functions, constants, component objects, classes re-exported from the mcp SDK
        home = importlib.import_module(value.__module__)
        if "._" in value.__module__ or getattr(home, value.__qualname__, None) is not value:
            wrong.append(f"{{facade}}.{{name}}: {{value.__module__}}")
print(wrong)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_class_reports_the_facade_it_lives_in() -> None:
    import pyview.app
    import pyview.components
    import pyview.host
    import pyview.packager
    import pyview.server
    import pyview.testing

    assert pyview.App.__module__ == "pyview.app"  # through the top-level facade: its home is still pyview.app
    assert pyview.components.View.__module__ == "pyview.components"
    assert pyview.app.HostError.__module__ == "pyview.app"
    assert pyview.server.ServerView.__module__ == "pyview.server"
    assert pyview.testing.MountedView.__module__ == "pyview.testing"
    assert pyview.host.Host.__module__ == "pyview.host"
    assert pyview.packager.BuildError.__module__ == "pyview.packager"
    assert repr(pyview.app.ToolResult) == "<class 'pyview.app.ToolResult'>"


def test_importing_pyview_loads_nothing_and_h_loads_only_the_element_builders() -> None:
    """The promise of the lazy facades (import time is a View's start-up time): ``import pyview`` loads only the
    package's root and nothing outside the standard library; touching ``pyview.h`` loads the component builders
    and neither the App, the component library, the renderer's runtime side, nor any tooling."""
    code = """
import json, sys
before = set(sys.modules)
import pyview
root = set(sys.modules) - before
pyview.h
builders = set(sys.modules) - before - root
print(json.dumps([sorted(root), sorted(builders)]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    root, builders = json.loads(out)
    outside = [m for m in root + builders if m.split(".")[0] not in sys.stdlib_module_names | {"pyview"}]
    assert outside == []  # no third-party module, whatever the environment has installed
    assert sorted(m for m in root if m.startswith("pyview")) == ["pyview", "pyview._lazy", "pyview._version"]
    loaded = [m for m in builders if m.startswith("pyview")]
    assert "pyview.components" in loaded and "pyview.app" not in loaded
    assert all(m == "pyview.components" or m.startswith("pyview._core.components") or m == "pyview._core"
               for m in loaded), loaded  # fmt: skip
    heavy = {"pyview._core.components._hooks", "pyview._core.components._root", "pyview._core.components._view"}
    assert not heavy & set(loaded), loaded  # the render machinery waits for the first component
