"""The component model's side of the page: a Root on ``globalThis.pyviewDom``, and the boot shim's globals.

The only module of ``_core/components`` that touches ``js`` (the others are ``_boot.py``, ``_core/app/_browser.py``
and ``_core/ui/_util.py``'s focus helpers; tests/api/test_boundaries.py keeps the list), and only inside
browser-only functions.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any

    from pyview._core.components._root import Root


def install(root: Root, container_id: str = "pyview-root") -> Any:
    """Send ``root``'s patches to ``pyviewDom.apply`` and its events back to ``root.dispatch``.

    One proxy is created for the whole View (the dispatcher); handler ids cross as plain numbers.
    Returns that proxy (keep it alive while the View runs).
    """
    import js
    from pyodide.ffi import create_once_callable, create_proxy

    dom = js.pyviewDom
    dom.mount(js.document.getElementById(container_id))
    root.sink = dom.apply
    root.idle = _idle_scheduler(js, create_once_callable)
    proxy = create_proxy(root.dispatch)
    dom.setDispatcher(proxy)
    return proxy


def _idle_scheduler(js: Any, once: Any) -> Any:
    """``idle(fn)``: call ``fn`` once the page has painted and is idle, within a second (``Root.idle``: a big
    update's garbage is collected then, not before the browser paints the update)."""
    request = getattr(js, "requestIdleCallback", None)
    if request is None:  # WebKit: a timer, well after the frame
        return lambda fn: js.setTimeout(once(fn), 100)
    options = js.Object.new()
    options.timeout = 1000
    return lambda fn: request(once(lambda *deadline: fn()), options)


def view_is_live() -> None:
    """Tell the boot shim the View is rendered and connected: it replays what the user did before (clicks, typing)."""
    import js

    live = getattr(js.pyviewBoot, "live", None)
    if live is not None:
        live()


def buffered_messages() -> list[str]:
    """The host messages the boot shim holds for the App (JSON texts, oldest first; none outside a pyview document)."""
    import js

    host = getattr(js, "pyviewHost", None)
    buffered = getattr(host, "buffered", None) if host is not None else None
    if buffered is None:
        return []
    return [str(text) for text in buffered()]


def _page_global(name: str, member: str | None = None) -> Any:
    """``globalThis[name]`` (or its ``member``) as the page has it: None outside a browser, or where it is missing."""
    import sys

    if sys.platform != "emscripten":
        return None
    import js

    found = getattr(js, name, None)
    return getattr(found, member, None) if member is not None and found is not None else found


def openai_widget_state() -> Any:
    """``window.openai.widgetState`` as Python data, None where the host has no such API (or outside a browser)."""
    state = _page_global("openai", "widgetState")
    if state is None:
        return None
    import json

    import js

    return json.loads(str(js.JSON.stringify(state)))


def openai_set_widget_state(values: dict[str, Any]) -> bool:
    """Call ``window.openai.setWidgetState(values)`` when the host offers it; False where it does not."""
    setter = _page_global("openai", "setWidgetState")
    if setter is None:
        return False
    import json

    import js

    setter(js.JSON.parse(json.dumps(values)))
    return True


def shim_view_state(token: str) -> dict[str, Any] | None:
    """The values of View instance ``token`` the boot shim loaded (and painted a tree with) before Python started.

    None when it has none for this instance: outside a browser, no answer (yet), or an answer for another instance.
    """
    handed = handover()
    if handed is not None and handed.get("instance") == token and isinstance(handed.get("values"), dict):
        return dict(handed["values"])
    restore = _page_global("pyviewRestore")
    text = restore.values(token) if restore is not None else None
    if text is None:
        return None
    import json

    values = json.loads(str(text))
    return values if isinstance(values, dict) else None


def handover() -> dict[str, Any] | None:
    """What the server runtime hands the frame's Python when Python takes the View over (``boot.js``): the hook
    state (``state``, as ``_hook_state.capture`` saved it), the View instance and its ``use_view_state`` values.

    None where nothing was handed over: outside a browser, or Python started first (inline and url documents).
    """
    text = _page_global("pyviewHandover")
    if not isinstance(text, str):
        return None
    import json

    handed = json.loads(text)
    return handed if isinstance(handed, dict) else None
