"""Host profiles that copy real hosts, their CSP and size limit, and the dev host's saved downloads (no browser)."""

from __future__ import annotations

import base64
import doctest
import importlib
import tempfile
from pathlib import Path

import pytest

from pyview._tooling.dev._downloads import Downloads, safe_name, served_type
from pyview._tooling.host._host_looks import HOSTS, size_problem
from pyview.host import PROFILES, Host, build_csp, default_host_context, host_capabilities


@pytest.mark.parametrize(
    "module",
    [
        "pyview._tooling.host._host_looks",
        "pyview._tooling.host._profiles",
        "pyview._tooling.host._csp",
        "pyview._tooling.dev._downloads",
        "pyview._tooling.cli._dev_command",
        "pyview._tooling.dev._shots",
    ],
)
def test_docstring_examples(module: str) -> None:
    imported = importlib.import_module(module)
    globs = {**vars(imported), "tempfile": importlib.import_module("tempfile")}
    failures, tried = doctest.testmod(imported, globs=globs, optionflags=doctest.ELLIPSIS)
    assert tried and not failures


def test_every_profile_has_a_look_and_a_consistent_context() -> None:
    assert set(PROFILES) == set(HOSTS)
    for name in PROFILES:
        look = HOSTS[name]
        context = default_host_context(name)
        assert context["availableDisplayModes"] == list(look.display_modes)
        assert set(host_capabilities(name)) == set(look.capabilities)
        described = look.describe()
        assert described["name"] == name and described["displayModes"][0] == "inline"
        if name not in ("full", "minimal"):
            variables = context["styles"]["variables"]
            assert variables["--font-sans"] == look.variables["--font-sans"]
            assert variables["--color-background-primary"].startswith("light-dark(")
            assert set(look.chrome) == {"page", "panel", "text", "muted", "accent", "bubble", "thread"}


def test_profiles_copy_what_each_host_is_known_for() -> None:
    assert "pip" in HOSTS["chatgpt"].display_modes and "downloadFile" not in HOSTS["chatgpt"].capabilities
    assert HOSTS["claude"].max_resource_bytes == 5_000_000 and HOSTS["claude"].platform == "desktop"
    assert "Anthropic Sans" in HOSTS["claude"].variables["--font-sans"]
    # the ext-apps host-probe presets: Claude Desktop only tools, resources, links and messages; Copilot no downloads
    assert set(HOSTS["claude"].capabilities) == {"serverTools", "serverResources", "openLinks", "message"}
    assert "downloadFile" not in HOSTS["copilot"].capabilities and "updateModelContext" in HOSTS["copilot"].capabilities
    assert not HOSTS["vscode"].workers and HOSTS["vscode"].allow_wasm  # no worker-src in VS Code's webviews
    assert HOSTS["goose"].allow_wasm
    assert not HOSTS["strict"].allow_wasm and not HOSTS["strict"].workers


def test_csp_per_profile() -> None:
    strict = build_csp(None, allow_wasm=HOSTS["strict"].allow_wasm, workers=HOSTS["strict"].workers)
    assert strict == (
        "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; media-src 'self' data:; connect-src 'none'"
    )  # exactly the spec's default
    chatgpt = build_csp(None, allow_wasm=True, workers=True)
    assert "'wasm-unsafe-eval'" in chatgpt and chatgpt.endswith("worker-src 'self' blob:")
    assert "worker-src" not in build_csp(None, workers=HOSTS["vscode"].workers)


def test_size_limit_message() -> None:
    problem = size_problem("é" * 3_000_000, HOSTS["claude"])  # 6 MB of UTF-8
    assert problem == "the View is 6.0 MB; Claude shows resources up to 5.0 MB (profile claude)"
    assert size_problem("x" * 6_000_000, HOSTS["chatgpt"]) is None


def test_host_sandbox_capability_for_named_profiles() -> None:
    host = Host(profile="claude", ui_meta={"csp": {"connectDomains": ["https://api.example"]}})
    assert host.capabilities["sandbox"]["csp"] == {"connectDomains": ["https://api.example"]}
    assert "sandbox" not in Host(profile="minimal", ui_meta={}).capabilities


def test_downloads_are_real_files(tmp_path: Path) -> None:
    box = Downloads(tmp_path)
    text = box.add_content(
        {"type": "resource", "resource": {"uri": "ui://orders/orders.csv", "text": "id,total\n1,2\n"}}
    )
    blob = box.add_content(
        {
            "type": "resource",
            "resource": {"uri": "x:/a.png", "mimeType": "image/png", "blob": base64.b64encode(b"\x89PNG").decode()},
        }
    )
    link = box.add_content({"type": "resource_link", "uri": "ui://r/report", "name": "report.json"}, b"{}")
    assert [i["name"] for i in box.items] == ["orders.csv", "a.png", "report.json"]
    assert Path(text["path"]).read_text() == "id,total\n1,2\n" and text["size"] == 13
    assert Path(blob["path"]).read_bytes() == b"\x89PNG" and blob["mimeType"] == "image/png"
    assert link["mimeType"] == "application/json"
    assert all(Path(i["path"]).parent == tmp_path for i in box.items)
    with pytest.raises(ValueError, match="neither text nor blob"):
        box.add_content({"type": "resource", "resource": {"uri": "x:/y"}})
    with pytest.raises(ValueError, match="not base64"):
        box.add_content({"type": "resource", "resource": {"uri": "x:/y", "blob": "***"}})


def test_a_run_that_saves_nothing_leaves_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    box = Downloads()
    assert box.items == [] and list(tmp_path.iterdir()) == []
    item = box.add_content({"type": "resource", "resource": {"uri": "file:///a.csv", "text": "a"}})
    assert Path(item["path"]).parent.parent == tmp_path and Path(item["path"]).read_text() == "a"


def test_download_names_and_types_are_harmless() -> None:
    assert safe_name("file:///tmp/../../etc/passwd") == "passwd"
    assert safe_name("ui://x/", "..") == "download"
    assert served_type("image/svg+xml") == "application/octet-stream"
    assert served_type("text/html") == "application/octet-stream"


def test_the_dev_host_saves_a_resource_link_by_reading_it(tmp_path: Path) -> None:
    import asyncio
    import json

    from pyview._tooling.dev._devhost import DevHost
    from pyview._tooling.host._relay import RelayHub
    from pyview.host import ScriptedBackend

    async def run() -> tuple[DevHost, list[dict[str, object]]]:
        dev = DevHost("unused.py", RelayHub().create())
        dev.downloads = Downloads(tmp_path)
        dev.backend = ScriptedBackend(resources={"ui://reports/week.html": "<p>week</p>"})  # type: ignore[assignment]
        link = {"type": "resource_link", "uri": "ui://reports/week.html", "name": "week.html"}
        await dev._save({"contents": [link, {"type": "resource", "resource": {"uri": "x:/y"}}]})
        return dev, [json.loads(e) for e in dev.session.events]

    dev, events = asyncio.run(run())
    (item,) = dev.downloads.items
    assert Path(item["path"]).read_text() == "<p>week</p>" and item["name"] == "week.html"
    shown = [e for e in events if e["type"] == "download"]
    assert shown and "path" not in shown[0] and shown[0]["name"] == "week.html"
    errors = [e["text"] for e in events if e["type"] == "status" and e["level"] == "error"]
    assert errors == ["could not save a download: the embedded resource has neither text nor blob"]


def test_pip_on_a_phone_becomes_fullscreen() -> None:
    import asyncio

    from pyview.app import memory_transport_pair

    async def run(platform: str) -> object:
        host = Host(profile="chatgpt", host_context={"platform": platform})
        _view_end, host_end = memory_transport_pair()
        host.connect(host_end)
        handler = host._peer.request_handlers["ui/request-display-mode"]  # type: ignore[union-attr]
        return handler({"mode": "pip"})

    assert asyncio.run(run("mobile")) == {"mode": "fullscreen"}
    assert asyncio.run(run("web")) == {"mode": "pip"}
