"""settled_screenshot (``MountedView.screenshot``): a frame the host has just made taller is shot as it stays on
screen, not with the blank band the host page shows until the frame has painted its new part."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from pyview._tooling.testing._screenshots import settled_screenshot
from pyview.testing import SandboxedView

pytestmark = pytest.mark.browser
WIDTH = 800
BACKGROUND = [34, 34, 34, 255]  # #222, opaque
ROWS = "".join(
    f"<p style='margin:0 0 0 12px;padding:4px 12px;border-bottom:1px solid #555'>Row {i}: the quick brown fox</p>"
    for i in range(260)
)
# A View busy on each resize, as one that re-renders and reports its size is: it paints its new part late.
BUSY_ON_RESIZE = (
    "<!doctype html><html><head><meta charset='utf-8'></head>"
    "<body style='margin:0;background:#222;color:#eee;font:16px sans-serif'>"
    "<script>addEventListener('resize', () => { const t = performance.now(); while (performance.now() - t < 300); });"
    f"</script>{ROWS}</body></html>"
)
# the colour of a PNG's pixel at its left edge, ``up`` pixels above its bottom
_PIXEL_JS = """async ([png, up]) => {
  const image = await createImageBitmap(await (await fetch("data:image/png;base64," + png)).blob());
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return [image.height, Array.from(context.getImageData(4, image.height - up, 1, 1).data)];
}"""


def bottom_pixel(page: Any, png: bytes) -> tuple[int, list[int]]:
    height, rgba = page.evaluate(_PIXEL_JS, [base64.b64encode(png).decode(), 3])
    return height, rgba


def test_a_frame_made_taller_is_shot_with_its_new_part_painted(page: Any) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 900})
    view = SandboxedView.mount(page, BUSY_ON_RESIZE, width=WIDTH, height=900)
    view.frame.get_by_text("Row 259:").wait_for(state="attached")
    full = view.frame.evaluate("() => document.documentElement.scrollHeight")
    for height in (full // 3, 2 * full // 3, full):  # each growth shows a new band of rows
        page.set_viewport_size({"width": WIDTH, "height": height})
        page.evaluate("(h) => { document.querySelector('iframe').style.height = h + 'px'; }", height)
        png = settled_screenshot(page.locator("iframe"))
        assert bottom_pixel(page, png) == (height, BACKGROUND)  # the new band's rows, not a blank band
