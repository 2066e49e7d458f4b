"""What the View does to its document for the host, as pure logic over a small DOM interface.

:class:`HostIntegration` applies ``styles.variables`` as CSS custom properties on ``:root``, injects
``styles.css.fonts``, sets the theme (``data-theme`` and ``color-scheme``) and the display mode
(``data-display-mode``), and reports the View's size. It talks to the page only through a *DOM adapter*
(:class:`pyview._core.app._browser.JsDom` in the browser, a fake in tests) with these methods::

    set_css_variable(name, value) / remove_css_variable(name)
    set_fonts_css(css)                 # "" removes
    set_theme(theme or None)           # data-theme + color-scheme
    set_display_mode(mode or None)     # data-display-mode
    measure() -> (width, height)       # CSS pixels, floats allowed
    take_over() -> (width, height) | None  # optional: stop the boot shim's reports; the size it sent last
    schedule(callback)                 # run callback once, later (requestAnimationFrame in the browser)
    observe_resize(callback) -> stop   # call callback whenever the document may have changed size
"""

from __future__ import annotations

import logging
import math

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.app._types import HostContext

log = logging.getLogger("pyview.app")

THEMES = ("light", "dark")


class StyleApplier:
    """Applies the style-related parts of the host context, touching only what changed."""

    __slots__ = ("_fonts", "_mode", "_theme", "_vars", "dom")

    def __init__(self, dom: Any) -> None:
        self.dom = dom
        self._vars: dict[str, str] = {}
        self._fonts = ""
        self._theme: str | None = None
        self._mode: str | None = None

    def apply(self, context: HostContext, keys: set[str] | None = None) -> None:
        """Apply ``context``; ``keys`` limits the work to the top-level keys that changed (None:
        everything)."""
        if keys is None or "styles" in keys:
            self._apply_variables(context.style_variables)
            fonts = context.fonts_css or ""
            if fonts != self._fonts:
                self._fonts = fonts
                self.dom.set_fonts_css(fonts)
        if keys is None or "theme" in keys:
            theme = context.theme if context.theme in THEMES else None
            if theme != self._theme:
                self._theme = theme
                self.dom.set_theme(theme)
        if keys is None or "displayMode" in keys:
            mode = context.display_mode
            if mode != self._mode:
                self._mode = mode
                self.dom.set_display_mode(mode)

    def _apply_variables(self, variables: dict[str, str]) -> None:
        new = {k: v for k, v in variables.items() if k.startswith("--")}
        for name in self._vars.keys() - new.keys():
            self.dom.remove_css_variable(name)
        for name, value in new.items():
            if self._vars.get(name) != value:
                self.dom.set_css_variable(name, value)
        self._vars = new


class SizeReporter:
    """Reports the document size: at most once per scheduled frame, and only when the rounded size changed.

    ``request()`` is what the resize observer calls; the measurement happens later in one scheduled callback,
    so a burst of changes sends one report. Reporting only changes (compared with the last size *sent*) keeps
    the View from answering the host's own resizing with an endless stream of reports.
    """

    __slots__ = ("_last", "_scheduled", "dom", "enabled", "send")

    def __init__(self, dom: Any, send: Callable[[int, int], None]) -> None:
        self.dom = dom
        self.send = send
        self.enabled = True
        self._scheduled = False
        self._last: tuple[int, int] | None = None

    def last_sent(self, size: tuple[int, int] | None) -> None:
        """Note a size another reporter (the boot shim) sent, so an unchanged size is not sent again."""
        self._last = size

    def request(self, *_args: object) -> None:
        """Note that the size may have changed; measure and maybe report on the next scheduled frame."""
        if self._scheduled or not self.enabled:
            return
        self._scheduled = True
        self.dom.schedule(self._flush)

    def _flush(self, *_args: object) -> None:
        self._scheduled = False
        if not self.enabled:
            return
        try:
            width, height = self.dom.measure()
            size = (math.ceil(width), math.ceil(height))
        except Exception:
            log.exception("could not measure the document")
            return
        if size != self._last:
            self._last = size
            try:
                self.send(*size)
            except Exception:
                log.exception("could not send ui/notifications/size-changed")


class HostIntegration:
    """Styles and size reporting for one connected App. ``start`` once, ``context_changed`` per update,
    ``stop``."""

    __slots__ = ("_stop_observer", "auto_resize", "dom", "sizer", "styler", "styles_enabled")

    def __init__(
        self,
        dom: Any,
        send_size: Callable[[int, int], None],
        *,
        auto_resize: bool = True,
        apply_styles: bool = True,
    ) -> None:
        self.dom = dom
        self.auto_resize = auto_resize
        self.styles_enabled = apply_styles
        self.styler = StyleApplier(dom)
        self.sizer = SizeReporter(dom, send_size)
        self._stop_observer: Callable[[], None] | None = None

    def start(self, context: HostContext) -> None:
        # The boot shim applied the context and reported sizes until now: from here on this does, alone, and a size
        # the shim already sent is not sent again.
        take_over = getattr(self.dom, "take_over", None)
        if take_over is not None:
            self.sizer.last_sent(take_over())
        if self.styles_enabled:
            self.styler.apply(context)
        if self.auto_resize:
            self.start_auto_resize()

    def start_auto_resize(self) -> None:
        """Observe the document and report its size now and on every change."""
        self.sizer.enabled = True
        if self._stop_observer is None:
            self._stop_observer = self.dom.observe_resize(self.sizer.request)
        self.sizer.request()

    def stop_auto_resize(self) -> None:
        self.sizer.enabled = False
        stop, self._stop_observer = self._stop_observer, None
        if stop is not None:
            stop()

    def context_changed(self, context: HostContext, keys: set[str]) -> None:
        if self.styles_enabled and keys:
            self.styler.apply(context, keys)

    def stop(self) -> None:
        self.stop_auto_resize()
