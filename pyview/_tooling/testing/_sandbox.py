"""Mounting a View document the way hosts do: in an ``<iframe sandbox="allow-scripts">``, under a CSP."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from pyview._tooling.host._csp import build_csp
from pyview._tooling.testing._documents import HOST_PAGE_JS, document_url

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage, Frame, Page

_HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>pyview sandbox host</title>
<style>body{margin:0} iframe{border:0;display:block}</style></head><body>
<script>
window.__pyviewMessages = [];
window.addEventListener("message", (event) => {
  const frame = document.querySelector("iframe");
  if (frame && event.source === frame.contentWindow) window.__pyviewMessages.push(event.data);
});
window.__pyviewMount = async (url, width, height) => {
  const frame = sandboxedFrame(await fetchDocument(url), { width: width + "px", height: height + "px" });
  window.__pyviewInserted = performance.timeOrigin + performance.now();
  document.body.append(frame);
};
window.__pyviewPost = (message) => document.querySelector("iframe").contentWindow.postMessage(message, "*");
</script><script>"""
_HOST_PAGE += HOST_PAGE_JS + "</script></body></html>"


def with_csp(html: str, policy: str) -> str:
    """The document with a CSP ``<meta>`` as the first element of its head, as a host's sandbox would add it."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    head = html.find("<head>")
    if head < 0:
        raise ValueError("the document has no <head>")
    return html[: head + len("<head>")] + meta + html[head + len("<head>") :]


def with_script(html: str, source: str) -> str:
    """The document with ``source`` as an inline ``<script>`` at the end of its head: it runs in the View's own
    document before any of pyview's scripts, on every engine and every load.

    A test's observers and early clicks go here rather than in ``page.add_init_script``: Chromium runs a page's
    init scripts in a new ``srcdoc`` frame late now and then, after its ``DOMContentLoaded``.

    Example:
        >>> with_script("<html><head></head><body></body></html>", "window.seen = []")
        '<html><head><script>window.seen = []</script></head><body></body></html>'
    """
    if "</script" in source.lower():
        raise ValueError("the script may not contain '</script'")
    end = html.find("</head>")
    if end < 0:
        raise ValueError("the document has no </head>")
    return html[:end] + f"<script>{source}</script>" + html[end:]


def with_config(html: str, **changes: object) -> str:
    """The document with ``changes`` merged into its boot configuration (``<script id="pyview-config">``): e.g. a
    ``stateWaitMs`` long enough for a loaded test machine, where the test is about what is painted once the stored
    View state comes, not about the bound past which a View paints without it.

    Example:
        >>> with_config('<script id="pyview-config">{"entry": "v"}</script>', stateWaitMs=1)
        '<script id="pyview-config">{"entry": "v", "stateWaitMs": 1}</script>'
    """
    head, found, rest = html.partition('id="pyview-config">')
    if not found:
        raise ValueError("the document has no boot configuration (id=pyview-config)")
    config, _, tail = rest.partition("</script>")
    return f"{head}{found}{json.dumps({**json.loads(config), **changes})}</script>{tail}"


class SandboxedView:
    """A View document mounted in a sandboxed frame of a Playwright page.

    Example:
        >>> view = SandboxedView.mount(page, built.html)  # doctest: +SKIP
        >>> view.wait_until_started()  # doctest: +SKIP
        >>> view.frame.locator("#pyview-root").inner_text()  # doctest: +SKIP
    """

    def __init__(self, page: Page, console: list[ConsoleMessage]) -> None:
        self.page = page
        self.console = console

    @classmethod
    def mount(
        cls,
        page: Page,
        html: str,
        *,
        ui_csp: dict[str, list[str]] | None = None,
        allow_wasm: bool = True,
        width: int = 640,
        height: int = 480,
    ) -> SandboxedView:
        """Open a blank host page and insert the View's frame under the CSP the spec derives from ``ui_csp``."""
        console: list[ConsoleMessage] = []
        page.on("console", lambda message: console.append(message))
        page.set_content(_HOST_PAGE)
        document = with_csp(html, build_csp(ui_csp, allow_wasm=allow_wasm))
        # the host page fetches the document (see _documents): the View's frame still makes no request
        page.evaluate("([url, w, h]) => window.__pyviewMount(url, w, h)", [document_url(document), width, height])
        view = cls(page, console)
        return view

    @property
    def frame(self) -> Frame:
        """The View's frame (waits for it to be attached)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for frame in self.page.frames:
                if frame.parent_frame is self.page.main_frame:
                    return frame
            self.page.wait_for_timeout(20)
        raise TimeoutError("the View's frame was never attached")

    def marks(self) -> dict[str, float]:
        """The boot's timestamps (ms since the epoch), plus ``inserted``: when the host inserted the frame."""
        marks: dict[str, float] = self.frame.evaluate("() => globalThis.pyviewBoot ? pyviewBoot.marks : {}")
        marks["inserted"] = self.page.evaluate("() => window.__pyviewInserted")
        return marks

    def wait_until_started(self, timeout: float = 60.0) -> dict[str, float]:
        """Wait until the View rendered or failed; returns the boot marks."""
        self.frame.wait_for_function(
            "() => globalThis.pyviewBoot && ('render' in pyviewBoot.marks || 'failed' in pyviewBoot.marks)",
            timeout=timeout * 1000,
        )
        return self.marks()

    def error_panel(self) -> dict[str, str] | None:
        """The error panel's kind, title and text, or ``None`` when the View shows none."""
        result: dict[str, str] | None = self.frame.evaluate(
            """() => { const p = document.getElementById("pyview-error");
                return p && {kind: p.dataset.kind, title: p.querySelector("h2").textContent, text: p.innerText}; }"""
        )
        return result

    def messages(self) -> list[dict[str, Any]]:
        """Every message the View posted to the host, in order."""
        result: list[dict[str, Any]] = self.page.evaluate("() => window.__pyviewMessages")
        return result

    def post(self, message: dict[str, Any]) -> None:
        """Post a message from the host to the View."""
        self.page.evaluate("(message) => window.__pyviewPost(message)", json.loads(json.dumps(message)))

    def wait_for_message(self, method: str, timeout: float = 30.0) -> dict[str, Any]:
        """Wait for the first message the View posted with this ``method`` and return it."""
        self.page.wait_for_function(
            "(method) => window.__pyviewMessages.some((m) => m && m.method === method)",
            arg=method,
            timeout=timeout * 1000,
        )
        return next(m for m in self.messages() if m.get("method") == method)

    def console_errors(self) -> list[str]:
        return [message.text for message in self.console if message.type == "error"]
