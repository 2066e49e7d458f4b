"""What the build learns by importing the View in CPython: its first paint, and the handshake its App will make."""

from __future__ import annotations

import warnings
from types import ModuleType
from typing import Any

from pyview._tooling.packager._loader import ViewImportError, load_view_module
from pyview._tooling.packager._sources import ViewSources


class ViewInfo:
    """What the boot can do before Python starts.

    Attributes:
        html: ``view.render_html()``, the pre-rendered first paint (``""`` without one).
        handshake: the ``ui/initialize`` params of the View's App, so the boot shim can open the session at once
            (``None`` when the View has no App the build can see).
    """

    def __init__(self, html: str = "", handshake: dict[str, Any] | None = None) -> None:
        self.html = html
        self.handshake = handshake


def inspect_view(sources: ViewSources) -> ViewInfo:
    """Import the View in CPython (:func:`~pyview._tooling.packager._loader.load_view_module`: thread-safe, ``sys.path``
    untouched); read its first paint and its App's handshake.

    A View whose module cannot run outside the browser (it imports ``js`` at the top, say) gets neither: the loading
    state shows and Python makes the handshake once it is up. Other failures are reported as a warning, since the
    same error would show in the browser too.
    """
    module = _import(sources)
    if module is None:
        return ViewInfo()
    view = getattr(module, "view", None)
    render = getattr(view, "render_html", None)
    try:
        html = str(render()) if callable(render) else ""
    except Exception as exc:
        warnings.warn(f"pyview: {sources.entry} was not pre-rendered: {exc!r}", stacklevel=2)
        html = ""
    return ViewInfo(html, _handshake(getattr(view, "app", None) or getattr(module, "app", None)))


def _handshake(app: object) -> dict[str, Any] | None:
    app_info = getattr(app, "app_info", None)
    app_capabilities = getattr(app, "app_capabilities", None)
    if not isinstance(app_info, dict) or not isinstance(app_capabilities, dict):
        return None
    from pyview._core.app._protocol import PROTOCOL_VERSION

    return {"protocolVersion": PROTOCOL_VERSION, "appInfo": app_info, "appCapabilities": app_capabilities}


def _import(sources: ViewSources) -> ModuleType | None:
    try:
        return load_view_module(sources)
    except ViewImportError as exc:
        if not exc.browser_only:
            warnings.warn(f"pyview: {sources.entry} was not pre-rendered: {exc}", stacklevel=3)
        return None
