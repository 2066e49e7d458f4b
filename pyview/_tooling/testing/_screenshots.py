"""Screenshots of a View's frame that show what stays on screen once the frame has settled.

Why: a View's frame runs in a process of its own. After the host resizes it (a tool result made it taller, a display
mode change), the host page goes on showing the frame's earlier, smaller picture until the frame has painted at its
new size, and a View busy on the resize (re-rendering, reporting its size) paints late: a screenshot taken then has a
blank band where the new part goes. So each screenshot after the first waits until the frame has rendered two
animation frames, and the picture is the one two screenshots in a row agree on.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Frame, Locator

#: screenshots at most before giving up on agreement (a View that animates without end never settles)
SHOTS = 10
# two animation frames rendered, or 10 s gone: a frame out of sight gets no animation frames, and must not hang the test
_TWO_FRAMES = """() => new Promise((done) => {
  requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
  setTimeout(() => done(false), 10000);
})"""


def settled_screenshot(locator: Locator, path: str | Path | None = None, **options: Any) -> bytes:
    """A PNG of ``locator`` (a View's ``<iframe>``, or any element) once two screenshots in a row are the same, also
    written to ``path`` if given.

    CSS animations are finished and the caret hidden unless ``options`` say otherwise (``animations``, ``caret``:
    Playwright's ``Locator.screenshot`` options). A picture that still changes after :data:`SHOTS` screenshots (an
    animation a script drives) is returned as the last one taken.

    Example:
        >>> png = settled_screenshot(page.locator("iframe"), "view.png")  # doctest: +SKIP
    """
    options = {"animations": "disabled", "caret": "hide", **options}
    shots = [locator.screenshot(**options)]  # (Playwright scrolls the element into view first: its frame renders)
    frame = _content_frame(locator)
    while len(shots) < SHOTS and (len(shots) == 1 or shots[-1] != shots[-2]):
        if frame is not None:
            frame.evaluate(_TWO_FRAMES)
        shots.append(locator.screenshot(**options))
    if path is not None:
        Path(path).write_bytes(shots[-1])
    return shots[-1]


def _content_frame(locator: Locator) -> Frame | None:
    """The frame ``locator``'s element shows, if it is an ``<iframe>``."""
    element = locator.element_handle()
    return element.content_frame() if element is not None else None
