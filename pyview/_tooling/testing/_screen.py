"""Test components without a browser: render into a model DOM through the real patch stream, act, assert.

Example:
    >>> from pyview.components import component, h, use_state
    >>> from pyview.testing import render
    >>> @component
    ... def Counter():
    ...     n, set_n = use_state(0)
    ...     return h.button(f"Clicked {n}", on_click=lambda: set_n(n + 1))
    >>> screen = render(Counter())
    >>> screen.click("Clicked 0")
    >>> screen.find(role="button").text
    'Clicked 1'
"""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import TYPE_CHECKING

from pyview._core.components._html import write_children
from pyview._core.components._root import Root
from pyview._core.components._view import app_tree
from pyview._tooling.testing._minidom import MElement, MiniDom, parse_html
from pyview._tooling.testing._query import query

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar

__all__ = ["FakeApp", "MElement", "Screen", "as_delivered", "render"]


class Screen:
    """A rendered tree: ``find``/``find_all`` elements, fire events (``click``, ``type``...), read ``html``.

    After every update the model DOM built from the patches is compared with the renderer's own tree
    (``check=True``), so a wrong patch fails the test where it happens.

    The screen runs its tasks on an event loop of its own. ``close()`` (or ``with render(...) as screen:``) closes
    it; a screen nobody closes closes it when it is collected.
    """

    def __init__(self, node: object, *, app: object = None, check: bool = True, prerendered: str | None = None):
        self.loop = asyncio.new_event_loop()
        # The screen and its Root refer to each other, so only the cyclic collector frees them, and the loop's own
        # __del__ could run after its sockets had closed. The finalizer holds the loop, so it closes a whole loop.
        self._closer = weakref.finalize(self, _close_loop, self.loop)
        self.dom = MiniDom(parse_html(prerendered) if prerendered is not None else None)
        self.patches: list[str] = []
        self.reported: list[tuple[BaseException, str]] = []
        self.check = check
        self.app = app
        self.root = Root(self._apply, on_error=lambda exc, where: self.reported.append((exc, where)))
        self.root.loop = self.loop
        self.dom.dispatcher = self.root.dispatch
        self.root.mount(app_tree(self.root, node, app), hydrate=prerendered is not None)
        self.settle()

    def _apply(self, patch: str) -> None:
        self.patches.append(patch)
        self.dom.apply(patch)

    # -- reading -------------------------------------------------------------------------------------------
    @property
    def html(self) -> str:
        """The rendered HTML (inside the root; attributes sorted)."""
        return self.dom.root.inner_html

    @property
    def text(self) -> str:
        """All text, whitespace collapsed."""
        return " ".join(self.dom.root.text.split())

    @property
    def focused(self) -> MElement | None:
        """The element a component last moved keyboard focus to (a tab or radio chosen with the arrow keys, a form's
        first invalid field), or None: what dom.js focuses in a browser."""
        return self.dom.focused

    @property
    def errors(self) -> list[BaseException]:
        """Exceptions reported so far (render, handler and effect errors)."""
        return [exc for exc, _ in self.reported]

    def find_all(self, selector: str | None = None, **criteria: Any) -> list[MElement]:
        """Every element matching ``selector`` (tag, #id, .class, [attr=v], descendant, >) and criteria:
        ``text=`` (the deepest elements with exactly that text; ``exact=False`` for a substring), ``role=``
        (explicit or implicit ARIA role), ``name=`` (accessible name), ``test_id=`` (``data-testid``)."""
        return query(self.dom.root, selector, **criteria)

    def find(self, selector: str | None = None, **criteria: Any) -> MElement:
        """The first match of :meth:`find_all`; raises ``LookupError`` (showing the HTML) if there is none."""
        found = self.find_all(selector, **criteria)
        if not found:
            wanted = ", ".join([repr(selector)] * (selector is not None) + [f"{k}={v!r}" for k, v in criteria.items()])
            raise LookupError(f"no element matches {wanted} in:\n{self.html}")
        return found[0]

    def query(self, selector: str | None = None, **criteria: Any) -> MElement | None:
        """The first match, or None."""
        found = self.find_all(selector, **criteria)
        return found[0] if found else None

    def _target(self, target: MElement | str) -> MElement:
        if isinstance(target, MElement):
            return target
        return self.query(text=target) or self.find(target)

    # -- acting --------------------------------------------------------------------------------------------
    def fire(self, target: MElement | str, type_: str, *, settle: bool = True, **fields: Any) -> bool:
        """Dispatch a DOM event of ``type_`` with extra ``fields``; False if default was prevented."""
        result = self.dom.fire(self._target(target), type_, fields)
        if settle:
            self.settle()
        return result

    def click(self, target: MElement | str, *, settle: bool = True) -> None:
        """Click ``target`` (an element, its text or a selector); toggles checkboxes, submits forms."""
        node = self._target(target)
        kind = node.attrs.get("type")
        if node.tag == "input" and kind in ("checkbox", "radio"):
            node.props["checked"] = not node.checked if kind == "checkbox" else True
        if self.dom.fire(node, "click") and node.tag == "button" and kind in (None, "submit"):
            form = node.parent
            while form is not None and form.tag != "form":
                form = form.parent
            if form is not None:
                self.dom.fire(form, "submit", {"form": form_data(form)})
        if node.tag == "input" and kind in ("checkbox", "radio"):
            self.dom.fire(node, "input")
            self.dom.fire(node, "change")
        if settle:
            self.settle()

    def type(self, target: MElement | str, text: str, *, clear: bool = True) -> None:
        """Type ``text`` into an input or textarea, one ``input`` event per character, then ``change``."""
        node = self._target(target)
        if clear:
            node.props["value"] = ""
        for char in text:
            node.props["value"] = str(node.value) + char
            self.dom.fire(node, "input", {"data": char, "inputType": "insertText"})
            self.settle()
        self.dom.fire(node, "change")
        self.settle()

    def select(self, target: MElement | str, value: str) -> None:
        """Choose ``value`` in a select (or set any input's value), firing ``input`` and ``change``."""
        node = self._target(target)
        node.props["value"] = value
        self.dom.fire(node, "input")
        self.dom.fire(node, "change")
        self.settle()

    def press(self, target: MElement | str, key: str, **modifiers: bool) -> None:
        """Press a key on ``target``: ``keydown`` then ``keyup`` (``ctrlKey=True`` etc. as modifiers)."""
        node = self._target(target)
        self.dom.fire(node, "keydown", {"key": key, **modifiers})
        self.dom.fire(node, "keyup", {"key": key, **modifiers})
        self.settle()

    def submit(self, target: MElement | str) -> None:
        """Submit the form ``target`` is (or is inside), with its fields as ``event.form``."""
        node: MElement | None = self._target(target)
        while node is not None and node.tag != "form":
            node = node.parent
        if node is None:
            raise LookupError("submit: no form around the target")
        self.dom.fire(node, "submit", {"form": form_data(node)})
        self.settle()

    def rerender(self, node: object) -> None:
        """Render a new tree into the same root (state of matching components is kept)."""
        self.root.mount(app_tree(self.root, node, self.app))
        self.settle()

    def unmount(self) -> None:
        """Unmount everything (effect cleanups run)."""
        self.root.unmount()
        self.settle()

    # -- time ----------------------------------------------------------------------------------------------
    def settle(self, timeout: float = 2.0) -> None:
        """Run pending renders, effects and tasks (async handlers, async effects) until all are done."""
        deadline = time.monotonic() + timeout
        root = self.root
        while True:
            self.loop.run_until_complete(asyncio.sleep(0))
            if root.scheduled or root.dirty:
                root.flush()
            if self.check:
                self.verify()
            if not root.tasks and not root.scheduled and not root.dirty:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"tasks still running after {timeout}s: {root.tasks!r}")
            if root.tasks:
                self.loop.run_until_complete(
                    asyncio.wait(set(root.tasks), timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
                )

    def flush(self) -> None:
        """Render what is pending now without waiting for tasks (to see a pending state mid-way)."""
        self.loop.run_until_complete(asyncio.sleep(0))
        self.root.flush()
        if self.check:
            self.verify()

    def verify(self) -> None:
        """Assert that the DOM built from the patch stream equals the renderer's tree."""
        out: list[str] = []
        write_children(self.root.container.kids, out, props=False, sort=True)
        expected = "".join(out)
        if self.html != expected:
            raise AssertionError(f"patched DOM differs from the rendered tree:\n{self.html}\n!=\n{expected}")

    def close(self) -> None:
        """Close the screen's event loop (again: nothing happens)."""
        self._closer()

    def __enter__(self) -> Screen:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _close_loop(loop: asyncio.AbstractEventLoop) -> None:
    if not loop.is_running():  # a loop still running belongs to a live screen's call: never closed under it
        loop.close()


def form_data(form: MElement) -> dict[str, Any]:
    """The fields of a form as dom.js serialises them (checkboxes only when checked; repeats as lists)."""
    data: dict[str, Any] = {}
    for node in form.walk():
        name = node.attrs.get("name")
        if not name or node.tag not in ("input", "select", "textarea") or "disabled" in node.attrs:
            continue
        if node.attrs.get("type") in ("checkbox", "radio"):
            if not node.checked:
                continue
            value: Any = node.attrs.get("value", "on")
        else:
            value = node.value
        if name in data:
            old = data[name]
            data[name] = [*old, value] if isinstance(old, list) else [old, value]
        else:
            data[name] = value
    return data


def render(node: object, *, app: object = None, check: bool = True, prerendered: str | None = None) -> Screen:
    """Render a component or element for a test and return its :class:`Screen`.

    ``app`` is what ``use_app()`` and the tool hooks see (e.g. a :class:`FakeApp`); ``prerendered`` is HTML
    (from ``render_to_string``) already in the page, to test hydration.
    """
    return Screen(node, app=app, check=check, prerendered=prerendered)


def as_delivered(event: str, value: Any) -> Any:
    """``value`` as the real :class:`pyview.app.App` hands it to listeners for ``event``: a plain dict becomes
    the payload type the App builds from the host's notification (a tool result is normalised as a tool's return
    value is, by ``to_call_tool_result``), so a component tested here reads what it will read live.

    Example:
        >>> as_delivered("tool_result", {"t": 21}).structured_content
        {'t': 21}
        >>> as_delivered("tool_input", {"city": "Oslo"}).arguments
        {'city': 'Oslo'}
    """
    from pyview._core.app._types import HostContext, Payload, ToolCancelled, ToolInput, ToolResult

    if value is None or isinstance(value, Payload) or event not in _PAYLOADS:
        return value
    if event == "tool_result":
        from pyview._core.app._tools import to_call_tool_result

        return ToolResult(to_call_tool_result(value))
    if event in ("tool_input", "tool_input_partial"):
        return ToolInput({"arguments": dict(value)}, partial=event == "tool_input_partial")
    if event == "tool_cancelled":
        return ToolCancelled({} if value is True else {"reason": str(value)})
    return HostContext(dict(value))


_PAYLOADS = ("tool_result", "tool_input", "tool_input_partial", "tool_cancelled", "host_context_changed")


class FakeApp:
    """A stand-in for :class:`pyview.app.App` in synchronous component tests: set values and fire listeners.

    Values are delivered as the real App delivers them (see :func:`as_delivered`): ``emit("tool_result",
    {"t": 21})`` gives components a ``ToolResult`` whose ``structured_content`` is ``{"t": 21}``, exactly what
    they get when the host sends that result, and ``call_server_tool`` returns a ``ToolResult`` too. To test
    against the real App, the real Host and the real server, use :func:`pyview.testing.run`.

    Example:
        >>> app = FakeApp()
        >>> app.emit("tool_result", {"t": 21})
        >>> app.tool_result.structured_content
        {'t': 21}
    """

    _ATTRS: ClassVar[dict[str, str]] = {"host_context_changed": "host_context"}

    def __init__(self, **values: Any) -> None:
        self.tool_input: Any = as_delivered("tool_input", values.get("tool_input"))
        self.tool_input_partial: Any = as_delivered("tool_input_partial", values.get("tool_input_partial"))
        self.tool_result: Any = as_delivered("tool_result", values.get("tool_result"))
        self.tool_cancelled: Any = as_delivered("tool_cancelled", values.get("tool_cancelled"))
        self.host_context: Any = as_delivered("host_context_changed", values.get("host_context"))
        self.listeners: dict[str, list[Callable[..., object]]] = {}
        self.logs: list[tuple[str, Any]] = []
        self.calls: list[tuple[str, Any]] = []
        self.tool_results: dict[str, Any] = {}

    def add_listener(self, event: str, fn: Callable[..., object]) -> Callable[[], None]:
        self.listeners.setdefault(event, []).append(fn)
        return lambda: self.listeners[event].remove(fn)

    def emit(self, event: str, value: Any) -> None:
        """Store ``value`` as the App would (``tool_result`` etc.) and call the listeners of ``event``."""
        value = as_delivered(event, value)
        if event == "host_context_changed" and self.host_context is not None:
            stored = as_delivered(event, {**self.host_context.raw, **value.raw})  # the App merges the delta
        else:
            stored = value
        setattr(self, self._ATTRS.get(event, event), stored)
        for fn in list(self.listeners.get(event, ())):
            fn(value)

    def send_log(self, level: str, data: Any) -> bool:
        self.logs.append((level, data))
        return True

    async def call_server_tool(self, name: str, arguments: Any = None) -> Any:
        """Records the call; returns ``tool_results[name]`` as a ``ToolResult`` (raises it if it is an
        exception)."""
        self.calls.append((name, arguments))
        await asyncio.sleep(0)
        result = self.tool_results.get(name)
        if isinstance(result, BaseException):
            raise result
        return as_delivered("tool_result", result)
