"""The hostile corpus in Chromium, through a real View in a sandboxed frame (one page load for the module).

Every payload tries to run ``top.postMessage("pwned:<id>", "*")``; the host page records every such message. Each
test ends with a barrier: the test itself adds an image whose ``onerror`` and a nested ``srcdoc`` frame whose script
post a control message, so by the time both controls arrived any payload that ran has been recorded, and the only
messages recorded must be the controls. An independent walk of the View's DOM then finds nothing that could run code
(``<script>``, ``on*``, ``srcdoc``, a script or document URL, an animation writing one). Chromium runs no
``javascript:`` URL in an opaque sandboxed frame at all, so links are judged by that walk; the policy refuses them for
other engines and looser sandboxes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import security_oracle as oracle
from hostile_view import built_from
from hostile_view.payloads import BAD_NAMES, BAD_TAGS, BAD_URLS, OK_URLS, js

pytestmark = pytest.mark.browser
VIEW = Path(__file__).parent / "hostile_view"

RECORD = """(() => {
  const seen = [];
  Object.defineProperty(window, "__pwned", { value: seen });
  window.addEventListener("message", (event) => {
    if (typeof event.data === "string" && event.data.startsWith("pwned:")) seen.push(event.data);
  }, true);
})();"""

# An independent judge of the live DOM (not pyview's policy code): what could run code under `root`.
JUDGE = """(selector) => {
  const EXEC = new Set(["javascript", "vbscript", "livescript", "mocha"]);
  const URLS = new Set(["href", "src", "action", "formaction", "poster", "data", "background", "dynsrc",
    "lowsrc", "base"]);
  const FRAMES = new Set(["iframe", "frame", "embed", "object"]);
  const IMAGES = new Set(["img src", "image href", "video poster", "input src", "feimage href"]);
  const ANIMATIONS = new Set(["set", "animate", "animatetransform", "animatemotion", "animatecolor"]);
  const local = (name) => name.split(":").pop().toLowerCase();
  function bad(tag, attr, value) {
    const v = value.replace(/^[\\u0000-\\u0020]+|[\\u0000-\\u0020]+$/g, "").replace(/[\\t\\n\\r]/g, "");
    const m = /^([A-Za-z][A-Za-z0-9+.\\-]*):/.exec(v);
    if (!m) return false;
    const scheme = m[1].toLowerCase();
    if (EXEC.has(scheme)) return true;
    if (scheme !== "data") return false;
    const media = v.slice(m[0].length).split(",")[0].split(";")[0].trim().toLowerCase();
    if (media === "image/svg+xml") return !IMAGES.has(tag + " " + attr);
    if (FRAMES.has(tag)) return !media.startsWith("image/");
    return !/^(image|audio|video)\\//.test(media);
  }
  const found = [];
  for (const root of document.querySelectorAll(selector)) {
    for (const el of [root, ...root.querySelectorAll("*")]) {
      const tag = el.localName.toLowerCase();
      if (tag === "script") found.push("<" + el.nodeName + "> " + el.textContent.slice(0, 40));
      for (const a of el.attributes) {
        const name = local(a.name);
        if (name.startsWith("on") || name === "srcdoc" || name === "http-equiv") found.push(a.name + " on " + tag);
        else if (URLS.has(name) && bad(tag, name, a.value)) found.push(a.name + "=" + a.value + " on " + tag);
        if (ANIMATIONS.has(tag)) {
          const target = local(a.value.trim());
          if (name === "attributename" && /^(on|srcdoc)/.test(target)) found.push(tag + " writes " + a.value);
          if (["to", "from", "by", "values"].includes(name) && a.value.split(";").some((p) => bad("a", "href", p))) {
            found.push(tag + " " + a.name + "=" + a.value);
          }
        }
      }
    }
  }
  return found;
}"""

CONTROL = """([code, src]) => {
  const image = document.createElement("img");
  image.setAttribute("onerror", code);
  image.src = src;
  document.body.append(image);
}"""

CONTROL_FRAME = """(code) => {
  const frame = document.createElement("iframe");
  frame.srcdoc = "<script>" + code + "</scr" + "ipt>";
  document.body.append(frame);
}"""

APPLY_EACH = """(patches) => {
  const thrown = [];
  for (const patch of patches) {
    try { pyviewDom.apply(patch); } catch (error) { thrown.push(String(error).slice(0, 120)); }
  }
  return thrown;
}"""

CLICK = """(selector) => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  for (const el of document.querySelectorAll(selector)) {
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  }
  resolve(document.querySelectorAll(selector).length);
})))"""

# console errors that are the browser refusing a load, not a failure of the View
_EXPECTED_ERRORS = ("Content Security Policy", "Failed to load resource")


@pytest.fixture(scope="module")
def hostile(pyview_browser: Any, pyview_host_server: Any, pyview_build: Any) -> Iterator[Any]:
    from pyview.testing import mount

    page = pyview_browser.new_context().new_page()
    page.add_init_script(RECORD)  # the host page and every frame record what any payload posts
    # data: frames allowed, as in a host with a loose CSP: dom.js, not the CSP, must stop data: documents
    handle = mount(pyview_host_server, page, pyview_build(VIEW).html, ui_meta={"csp": {"frameDomains": ["data:"]}})
    heading = handle.locator("h1")
    heading.wait_for()
    heading.evaluate("(node) => { node.prerendered = true; }")  # the first paint's node, before Python runs
    handle.wait_ready(120)
    yield handle
    unexpected = [e for e in handle.errors() if not any(known in e for known in _EXPECTED_ERRORS)]
    handle.close()
    assert not unexpected, "the View reported errors:\n" + "\n".join(unexpected)


def barrier(view: Any, name: str) -> list[str]:
    """Run the two controls, wait until both arrived, and return every message recorded before them."""
    view.frame.evaluate(CONTROL, [js(name + "-image"), oracle.BROKEN_PNG])
    view.frame.evaluate(CONTROL_FRAME, js(name + "-frame"))
    for control in ("image", "frame"):
        view.page.wait_for_function("(m) => window.__pwned.includes(m)", arg=f"pwned:{name}-{control}")
    seen: list[str] = view.page.evaluate("() => window.__pwned.slice()")
    view.frame.evaluate(
        "() => document.querySelectorAll('body > img[onerror], body > iframe').forEach((n) => n.remove())"
    )
    return [message for message in seen if not message.startswith("pwned:control")]


def test_first_paint_and_hydration_run_nothing(hostile: Any) -> None:
    # every markup payload, as text in every element (SVG and MathML <style> too), parsed by Chromium and adopted
    assert hostile.locator("h1").evaluate("(node) => node.prerendered === true")  # adopted, not replaced
    assert hostile.frame.evaluate(JUDGE, "#pyview-root") == []
    assert (
        hostile.frame.evaluate("() => document.querySelectorAll('#pyview-root img[onerror], img[src=x]').length") == 0
    )
    assert barrier(hostile, "control-paint") == []


def test_hostile_tool_result_runs_nothing(hostile: Any) -> None:
    data = {"urls": BAD_URLS + OK_URLS, "names": BAD_NAMES, "tags": BAD_TAGS}
    expected = built_from(data)  # the same builders in CPython
    refused = sum(1 for element in expected if "refused" in str(getattr(element, "attrs", {}).get("class", "")))
    hostile.send_tool_result({"content": [{"type": "text", "text": "hostile"}], "structuredContent": data})
    hostile.locator("[data-testid=summary]").filter(has_text=f"{len(expected)} built").wait_for()
    assert hostile.locator("[data-testid=result] .refused").count() == refused  # Pyodide refuses what CPython does
    assert refused >= 2 * len(BAD_URLS) + len(BAD_NAMES) + len(BAD_TAGS)
    assert hostile.locator(".pyview-errors").count() == 0
    assert hostile.frame.evaluate(JUDGE, "#pyview-root") == []
    assert barrier(hostile, "control-result") == []


def test_forged_patches_and_a_tampered_first_paint_run_nothing(hostile: Any) -> None:
    frame = hostile.frame
    # create() and setAttr(): trees and attributes no builder makes, one patch each; the last op sets a text
    thrown = frame.evaluate(APPLY_EACH, [json.dumps(patch) for patch in oracle.forged_patches()])
    # the hydration path: adopting pre-rendered nodes whose attributes are hostile, or that the tree makes hostile
    make, hydrate = oracle.adopt_patches()
    thrown += frame.evaluate(APPLY_EACH, [json.dumps(make)])
    adopt, replace = oracle.adopt_markup()
    frame.evaluate(
        """([adopt, replace]) => {
          document.getElementById("adopt").innerHTML = adopt;
          document.getElementById("adopt-replace").innerHTML = replace;
          document.getElementById("adopt").firstChild.prerendered = true;
        }""",
        [adopt, replace],
    )
    thrown += frame.evaluate(APPLY_EACH, [json.dumps(hydrate)])
    for child in frame.child_frames:  # nested frames (srcdoc, data:) have loaded and run whatever they hold
        child.wait_for_load_state("load")
    clicked = frame.evaluate(CLICK, "#forged a, #forged area, #adopt a, #adopt p")
    ran = barrier(hostile, "control-forged")
    found = frame.evaluate(JUDGE, "#forged, #adopt, #adopt-replace")
    assert (ran, found, thrown) == ([], [], [])  # nothing ran, nothing that could is left, nothing was thrown
    assert clicked >= 10
    assert frame.locator("#after").inner_text() == "applied after every refusal"
    # raw HTML keeps what the policy allows (text, <b>, the link's text) and loses the rest
    assert frame.evaluate("() => document.querySelector('#forged-html b').textContent") == "kept"
    assert frame.evaluate("() => document.querySelector('#forged-html script, #forged-html [srcdoc]')") is None
    assert frame.evaluate("() => document.getElementById('adopt').firstChild.prerendered === true")  # adopted
    assert frame.evaluate("() => document.querySelector('#adopt-replace > pyview-refused') !== null")
