"""Driving the dev page in a browser for screenshots and layout checks (Playwright sync API; tooling only).

``scripts/dev_screenshots.py`` regenerates docs/images/ with these; tests/dev/test_dev_screens.py asserts the
geometry they measure at 1024, 1280 and 1920 px in both themes.

Example:
    >>> page = browser.new_page(viewport={"width": 1280, "height": 900})  # doctest: +SKIP
    >>> page.goto(url); call_tool(page, "get_weather", {"city": "Paris"})  # doctest: +SKIP
    >>> layout_problems(measure(page))  # doctest: +SKIP
    []
"""

from __future__ import annotations

import json
from typing import Any

WAIT = 120_000

_MEASURE = """() => {
  const rect = (s) => {
    const e = document.querySelector(s);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height, right: r.right, bottom: r.bottom};
  };
  const frame = document.querySelector('#stage iframe');
  return {frame: rect('#stage iframe'), stage: rect('#stage'), center: rect('#center'), left: rect('#left'),
    right: rect('#right'), viewport: {width: innerWidth, height: innerHeight},
    mode: frame ? frame.dataset.mode : null, control: document.querySelector('#displayMode').value,
    theme: document.documentElement.dataset.theme};
}"""


def call_tool(page: Any, tool: str, arguments: dict[str, Any], *, wait: str | None = None) -> Any:
    """Fill the dev page's form for ``tool`` with ``arguments``, call it, and return the View's frame locator
    once its frame is there (and ``wait``, a selector inside the View, is visible)."""
    before = page.evaluate("() => Number(document.querySelector('#stage iframe')?.dataset.frame || 0)")
    page.locator(f"#tools button[data-tool='{tool}']").click(timeout=WAIT)
    for name, value in arguments.items():
        field = page.locator(f"#form [name='{name}']")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(json.dumps(value))
        else:
            field.fill(value if isinstance(value, str) else json.dumps(value))
    page.locator("#form button[type=submit]").click()
    page.wait_for_function(
        "(n) => Number(document.querySelector('#stage iframe')?.dataset.frame || 0) > n", arg=before, timeout=WAIT
    )
    view = page.frame_locator("#stage iframe")
    if wait is not None:
        view.locator(wait).first.wait_for(timeout=WAIT)
    return view


def set_theme(page: Any, theme: str) -> None:
    """Switch the page's theme control (the View gets it as a host-context change)."""
    if page.locator("#theme").input_value() != theme:
        page.locator("#theme").select_option(theme)
    page.wait_for_function("(t) => document.documentElement.dataset.theme === t", arg=theme)


def set_mode(page: Any, mode: str) -> None:
    """Switch the display mode control and wait until the frame is laid out in that mode."""
    page.locator("#displayMode").select_option(mode)
    page.wait_for_function("(m) => document.querySelector('#stage iframe')?.dataset.mode === m", arg=mode, timeout=WAIT)


def measure(page: Any) -> dict[str, Any]:
    """The boxes of the View's frame, the stage, the conversation column and the side panels (CSS px)."""
    result: dict[str, Any] = page.evaluate(_MEASURE)
    return result


def layout_problems(m: dict[str, Any], *, tolerance: float = 0.5) -> list[str]:
    """What is wrong with a measured layout: the frame outside the viewport or the conversation column, under
    a side panel, or (in fullscreen) narrower than the column.

    Example:
        >>> box = lambda x, w: {"x": x, "y": 0, "width": w, "height": 100, "right": x + w, "bottom": 100}
        >>> m = {"frame": box(300, 700), "center": box(280, 660), "left": box(0, 280), "right": box(940, 340),
        ...      "viewport": {"width": 1280, "height": 900}, "mode": "inline"}
        >>> layout_problems(m)
        ['the frame ends at 1000 px, past the conversation column (940 px)', 'the frame is under the right panel']
    """
    frame, center, t = m["frame"], m["center"], tolerance
    if frame is None:
        return ["no View frame"]
    problems = []
    if frame["x"] < -t or frame["right"] > m["viewport"]["width"] + t:
        problems.append(f"the frame ({frame['x']:.0f}-{frame['right']:.0f} px) leaves the viewport")
    if frame["x"] < center["x"] - t:
        where = f"{frame['x']:.0f} px, before the conversation column ({center['x']:.0f} px)"
        problems.append(f"the frame starts at {where}")
    if frame["right"] > center["right"] + t:
        where = f"{frame['right']:.0f} px, past the conversation column ({center['right']:.0f} px)"
        problems.append(f"the frame ends at {where}")
    for side in ("left", "right"):
        panel = m.get(side)
        if panel and frame["x"] < panel["right"] - t and frame["right"] > panel["x"] + t:
            problems.append(f"the frame is under the {side} panel")
    if m["mode"] == "fullscreen" and abs(frame["width"] - center["width"]) > t:
        problems.append(f"fullscreen frame is {frame['width']:.0f} px wide, the column {center['width']:.0f} px")
    return problems


def view_overflow(view_frame: Any) -> int:
    """How many CSS px the View's own document is wider than its frame (0: nothing clipped sideways)."""
    overflow: int = view_frame.evaluate("() => Math.max(0, document.documentElement.scrollWidth - innerWidth)")
    return overflow
