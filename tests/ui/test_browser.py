"""The gallery in headless Chromium: screenshots in light and dark against golden PNGs, and real interaction.

Golden images live in ``tests/ui/golden/``; ``PYVIEW_UPDATE_GOLDEN=1`` rewrites them. A screenshot fails when more
than ``MAX_CHANGED`` of its pixels differ by more than ``TOLERANCE`` in a channel (antialiasing noise passes, a
moved or recoloured component does not); the difference image is written next to the golden as ``*.diff.png``.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pyview._tooling.host._profiles import STYLE_VARIABLES
from pyview._tooling.testing._screenshots import settled_screenshot
from pyview.packager import BuiltView
from pyview.testing import SandboxedView

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
GALLERY = REPO / "examples" / "gallery" / "view.py"
GOLDEN = Path(__file__).parent / "golden"
WIDTH = 800
TOLERANCE = 32
MAX_CHANGED = 0.002  # of the pixels

_COMPARE_JS = """async ([a, b, tolerance]) => {
  const load = async (data) => createImageBitmap(await (await fetch("data:image/png;base64," + data)).blob());
  const [ia, ib] = [await load(a), await load(b)];
  if (ia.width !== ib.width || ia.height !== ib.height)
    return {changed: -1, total: 0, size: [ia.width, ia.height, ib.width, ib.height], diff: null};
  const pixels = (img) => { const c = new OffscreenCanvas(img.width, img.height); const g = c.getContext("2d");
    g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height); };
  const [pa, pb] = [pixels(ia), pixels(ib)];
  const out = new OffscreenCanvas(ia.width, ia.height); const g = out.getContext("2d");
  const img = g.createImageData(ia.width, ia.height); let changed = 0;
  for (let i = 0; i < pa.data.length; i += 4) {
    let bad = false;
    for (let k = 0; k < 3; k++) if (Math.abs(pa.data[i + k] - pb.data[i + k]) > tolerance) bad = true;
    if (bad) changed++;
    img.data[i] = bad ? 255 : pb.data[i] / 3; img.data[i + 1] = bad ? 0 : pb.data[i + 1] / 3;
    img.data[i + 2] = bad ? 0 : pb.data[i + 2] / 3; img.data[i + 3] = 255;
  }
  g.putImageData(img, 0, 0);
  const blob = await out.convertToBlob({type: "image/png"});
  const bytes = new Uint8Array(await blob.arrayBuffer()); let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return {changed, total: pa.data.length / 4, diff: btoa(s)};
}"""


@pytest.fixture(scope="module")
def gallery() -> BuiltView:
    from pyview.packager import build_view

    return build_view(GALLERY, snapshot="core")  # the suite's shared core snapshot (tests/conftest.py)


@pytest.fixture
def wide_page(pyview_browser: Any) -> Iterator[Any]:
    context = pyview_browser.new_context(viewport={"width": WIDTH, "height": 900}, device_scale_factor=1)
    yield context.new_page()
    context.close()


def mount(page: Any, built: BuiltView, theme: str) -> SandboxedView:
    """Mount the gallery and answer its handshake as a host with the ``theme`` and the pyview host's variables."""
    view = SandboxedView.mount(page, built.html, width=WIDTH, height=900)
    init = view.wait_for_message("ui/initialize")
    context = {"theme": theme, "styles": {"variables": STYLE_VARIABLES}, "displayMode": "inline"}
    result: dict[str, Any] = {"protocolVersion": "2026-01-26", "hostInfo": {"name": "test", "version": "1"}}
    view.post(
        {"jsonrpc": "2.0", "id": init["id"], "result": {**result, "hostCapabilities": {}, "hostContext": context}}
    )
    view.wait_until_started()
    view.frame.wait_for_function("(t) => document.documentElement.dataset.theme === t", arg=theme)
    assert view.error_panel() is None
    return view


def screenshot(page: Any, view: SandboxedView) -> bytes:
    height = view.frame.evaluate("() => document.documentElement.scrollHeight")
    page.set_viewport_size({"width": WIDTH, "height": height})
    page.evaluate("(h) => { document.querySelector('iframe').style.height = h + 'px'; }", height)
    # the frame is another process: its new size reaches it later than the host page's style change
    view.frame.wait_for_function("(h) => window.innerHeight === h", arg=height)
    view.frame.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.mouse.move(0, 0)
    # the blur and the pointer's leaving are painted: two frames rendered since (a condition, with Playwright's bound)
    view.frame.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return settled_screenshot(page.locator("iframe"))


def check_golden(page: Any, name: str, png: bytes) -> None:
    golden = GOLDEN / f"{name}.png"
    if os.environ.get("PYVIEW_UPDATE_GOLDEN") == "1" or not golden.exists():
        GOLDEN.mkdir(exist_ok=True)
        golden.write_bytes(png)
        if os.environ.get("PYVIEW_UPDATE_GOLDEN") != "1":
            pytest.fail(f"no golden image {golden.name}: wrote it; check it in (PYVIEW_UPDATE_GOLDEN=1 rewrites)")
        return
    args = [base64.b64encode(golden.read_bytes()).decode(), base64.b64encode(png).decode(), TOLERANCE]
    result = page.evaluate(_COMPARE_JS, args)
    diff_path = GOLDEN / f"{name}.diff.png"
    if result["changed"] == -1:
        golden.with_suffix(".new.png").write_bytes(png)
        pytest.fail(f"{name}: the size changed {result['size']}; the new screenshot is {golden.stem}.new.png")
    if result["changed"] > MAX_CHANGED * result["total"]:
        diff_path.write_bytes(base64.b64decode(result["diff"]))
        golden.with_suffix(".new.png").write_bytes(png)
        pytest.fail(
            f"{name}: {result['changed']} pixels changed (see {diff_path.name}); PYVIEW_UPDATE_GOLDEN=1 accepts"
        )
    diff_path.unlink(missing_ok=True)


def test_gallery_dark_matches_its_golden_image(wide_page: Any, gallery: BuiltView) -> None:
    view = mount(wide_page, gallery, "dark")
    check_golden(wide_page, "gallery-dark", screenshot(wide_page, view))
    assert view.console_errors() == []


def test_gallery_light_matches_its_golden_image_and_works_by_keyboard_and_mouse(
    wide_page: Any, gallery: BuiltView
) -> None:
    view = mount(wide_page, gallery, "light")
    frame = view.frame
    check_golden(wide_page, "gallery-light", screenshot(wide_page, view))
    active = "() => [document.activeElement.textContent, document.activeElement.getAttribute('aria-selected')]"

    # tabs: arrows move the selection and the focus
    frame.get_by_role("tab", name="Overview").focus()
    wide_page.keyboard.press("ArrowRight")
    frame.wait_for_function("() => document.activeElement.textContent.startsWith('Activity')")
    assert frame.evaluate(active) == ["Activity3", "true"]
    assert "Recent activity." in frame.get_by_role("tabpanel").first.inner_text()

    # radios: arrows select and focus, skipping the disabled option
    frame.get_by_role("radio", name="Team").focus()
    wide_page.keyboard.press("ArrowDown")
    frame.wait_for_function("() => document.activeElement.textContent === 'Free'")
    assert frame.get_by_role("radio", name="Free").get_attribute("aria-checked") == "true"

    # the visible focus ring comes from --color-ring-primary
    ring = frame.evaluate("() => getComputedStyle(document.activeElement).outlineColor")
    assert ring == "rgb(44, 132, 219)"

    # table: sorting by total (descending on the second click) and paging
    sort = frame.locator("th button", has_text="Total")
    sort.click()
    sort.click()
    frame.wait_for_function("() => document.querySelector('th[aria-sort=descending]')")
    assert frame.locator("tbody tr td.pv-num").nth(1).inner_text() == "$241.50"
    frame.get_by_role("button", name="Page 2", exact=True).first.click()
    frame.wait_for_function("() => document.querySelector('.pv-table__foot').textContent.includes('6–10')")

    # form: submitting empty shows the messages and focuses the first invalid field
    frame.get_by_role("button", name="Create account").click()
    frame.wait_for_function("() => document.activeElement.getAttribute('aria-invalid') === 'true'")
    assert "Email is required." in frame.locator("form").inner_text()

    # a toast, and a chart tooltip on hover
    frame.get_by_role("button", name="Show a toast").click()
    frame.locator(".pv-toasts .pv-toast", has_text="Saved the report").wait_for()
    column = frame.locator(".pv-chart__col").nth(3).locator(".pv-chart__hit")
    column.hover()
    frame.wait_for_function("() => getComputedStyle(document.querySelectorAll('.pv-chart__tip')[3]).opacity === '1'")
    assert view.console_errors() == []
