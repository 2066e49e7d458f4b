"""``use_view_state``: state that belongs to the View instance (the tool result), not to the frame showing it.

A server built with :class:`pyview.server.Views` gives every result of a View's tool a signed instance id in
``_meta["pyview"]["instance"]`` and offers the app-only tool ``pyview_state`` (get/put). A frame showing the
result loads the instance's values once, then writes changes back: debounced, one write at a time in order, the
last write winning; a pending write is flushed during ``ui/resource-teardown``. So a frame re-mounted for the same
result (display-mode switch, reload, pinned View) finds the state again. Where the host has OpenAI's
``window.openai.setWidgetState`` it is written too. In the server runtime, values are read from and written to
the store directly. Either way the first paint after a re-mount already shows them: a frame's boot shim gets the
values and a tree the server rendered with them before it paints (``runtime/restore.js``), and the first render
here takes the same values from it (docs/ARCHITECTURE.md, "No flash of defaults on a re-mount").

Values are JSON data; one instance's values together are at most :data:`MAX_STATE_BYTES` as JSON.
"""

from __future__ import annotations

import json
import sys

from pyview._core.components import _browser_root as browser
from pyview._core.components._app_hooks import APP_CONTEXT
from pyview._core.components._component import use_context
from pyview._core.components._hooks import current_component, use_effect, use_memo, use_state

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    T = TypeVar("T")

MAX_STATE_BYTES = 64 * 1024
"""The most one View instance's values may take as compact JSON (the server's store has its own bound too)."""
WRITE_DELAY = 0.3
"""Seconds a change waits for more changes before it is written (debounce)."""
STATE_TOOL = "pyview_state"
_OPENAI_KEY = "pyview"


class ViewStateClient:
    """One View instance's values as a frame (or the server runtime) sees them; attached to the App.

    Args:
        app: the View's App.
        instance: the signed instance id, when known already (else read from each tool result's ``_meta``).
        values: the instance's values, when already loaded (the server runtime preloads them from its store).
        write: writes changed values at once (the server runtime); default: the ``pyview_state`` tool, debounced.
        root: the component Root whose loop runs loads and writes (tests wait for its tasks).
    """

    def __init__(
        self,
        app: Any,
        *,
        instance: str | None = None,
        values: dict[str, Any] | None = None,
        write: Callable[[str, dict[str, Any]], object] | None = None,
        root: Any = None,
    ) -> None:
        self.app = app
        self.instance = instance
        self.values: dict[str, Any] = dict(values or {})
        self.loaded = values is not None
        self.visible: set[str] = set()
        self.error: str | None = None
        self.used = False
        """A component called ``use_view_state`` (the server marks such results: the shim restores before painting)."""
        self._write = write
        self.root: Any = root  # the component Root (its loop runs the writes; its tests wait for them)
        self._pending: dict[str, Any] = {}
        self._listeners: list[Callable[[], None]] = []
        self._timer: Any = None
        self._seen: Any = None  # the last tool result
        self._task: Any = None
        self._loading: Any = None  # the load of the instance's values, while it runs
        self._running: set[Any] = set()  # tasks started without a root to hold them (a loop holds tasks weakly)
        if not self.loaded:
            self._adopt_openai()
        self._removers: list[Callable[[], None]] = []  # its App listeners (forget_state_client removes them)
        if hasattr(app, "add_listener"):
            self._removers.append(app.add_listener("tool_result", self._on_result))
            self._removers.append(app.add_listener("teardown", self._on_teardown))
        if getattr(app, "tool_result", None) is not None:  # it arrived before the first use_view_state
            self._on_result(app.tool_result)

    # -- reading -------------------------------------------------------------------------------------------

    def get(self, key: str, default: object) -> object:
        return self.values.get(key, default)

    def subscribe(self, fn: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def _notify(self) -> None:
        for fn in list(self._listeners):
            fn()

    def _on_result(self, result: Any) -> None:
        meta = getattr(result, "meta", None) or {}
        pyview = meta.get("pyview") if isinstance(meta, dict) else None
        token = pyview.get("instance") if isinstance(pyview, dict) else None
        seen, self._seen = self._seen, result
        if (token is not None and token == self.instance) or seen is None or seen is result:
            if isinstance(token, str) and token != self.instance:
                self.instance, self.loaded = token, False
                self._start_load(token)
            return
        # another result (another View instance): its own values, none of the last one's
        self.values, self._pending, self.instance, self.loaded = {}, {}, None, not isinstance(token, str)
        self._notify()
        if isinstance(token, str):
            self.instance = token
            self._start_load(token)

    def _start_load(self, token: str) -> None:
        """Load ``token``'s values: at once from the boot shim's answer when it has one (it painted the tree the
        server rendered with them, so the first render matches it), else through ``pyview_state``."""
        seed = browser.shim_view_state(token)
        if seed is not None:
            self.values = {**self.values, **seed}
            self.loaded = True
            self._notify()
            return
        self._loading = self._spawn(self._load(token))

    async def _load(self, token: str) -> None:
        try:
            await self._until_connected()
            result = await self.app.call_server_tool(STATE_TOOL, {"instance": token, "op": "get"})
            if getattr(result, "is_error", False):
                raise ValueError(_text(result))
            stored = ((getattr(result, "meta", None) or {}).get("pyview") or {}).get("values") or {}
        except Exception as exc:
            self._failed(f"loading View state failed: {exc}")
            stored = {}
        if token != self.instance:
            return
        self.values = {**self.values, **stored, **self._pending}  # changes made while loading win
        self.loaded = True
        self._notify()
        if self._pending:
            self._schedule()

    async def _until_connected(self) -> None:
        """Wait for the App's handshake: a result preloaded before ``connect()`` (held by the boot shim) is there
        at the first render, but tools can be called only once the App is connected."""
        if getattr(self.app, "connected", True) or not hasattr(self.app, "add_listener"):
            return
        import asyncio  # asyncio only once something runs: a render alone never imports it (import time)

        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def connected(_: object) -> None:
            if not done.done():
                done.set_result(None)

        remove = self.app.add_listener("connected", connected)
        try:
            await done
        finally:
            remove()

    # -- writing -------------------------------------------------------------------------------------------

    def set(self, key: str, value: object, *, model_visible: bool = False) -> None:
        """Set one value (re-renders its users) and queue the write."""
        try:
            json.dumps(value, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise TypeError(f"use_view_state({key!r}): the value must be JSON data ({exc})") from None
        changed = {**self.values, key: value}
        size = len(json.dumps(changed, separators=(",", ":"), ensure_ascii=False).encode())
        if size > MAX_STATE_BYTES:
            raise ValueError(
                f"use_view_state({key!r}): this View's state would be {size:,} bytes as JSON; at most "
                f"{MAX_STATE_BYTES:,} (keep large data in the tool result, not in View state)"
            )
        if model_visible:
            self.visible.add(key)
        if key in self.values and self.values[key] == value and type(self.values[key]) is type(value):
            return
        self.values = changed
        self._pending[key] = value
        self._notify()
        if self._write is not None and self.instance is not None:
            self._flush_now()
        else:
            self._schedule()

    def _flush_now(self) -> None:
        if self._task is not None:  # a write is on its way: these changes follow it, in order
            return
        changes, self._pending = self._pending, {}
        assert self._write is not None and self.instance is not None
        written = self._write(self.instance, changes)
        if hasattr(written, "__await__"):  # the server runtime writes off its event loop (its answer waits)
            self._task = self._spawn(self._written(written, changes))
            if self._task is None and hasattr(written, "close"):
                written.close()
        else:
            self._mirror_soon(changes)

    async def _written(self, written: Any, changes: dict[str, Any]) -> None:
        """Wait for a write, then write what changed meanwhile (one write at a time, in order)."""
        try:
            while True:
                if hasattr(written, "__await__"):
                    await written
                self._mirror_soon(changes)
                if not self._pending or self._write is None or self.instance is None:
                    return
                changes, self._pending = self._pending, {}
                written = self._write(self.instance, changes)
        finally:
            self._task = None

    def _schedule(self) -> None:
        if self._timer is not None or not self.loaded or self.instance is None:
            return
        loop = self._loop()
        if loop is None:
            return  # no loop (a one-shot render): nothing to write from here
        self._timer = loop.call_later(WRITE_DELAY, self._fire)

    def _fire(self) -> None:
        self._timer = None
        if self._task is None:  # one write in flight at a time: the next one starts when it is done
            self._task = self._spawn(self.flush())

    async def flush(self) -> None:
        """Write every pending change now (in order; the last write wins). A change made while the instance's values
        load is written once they are in: this waits for them (it used to write nothing then)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        loading = self._loading
        if not self.loaded and loading is not None:
            import asyncio

            await asyncio.wait([loading])  # a load that failed or was cancelled still lets the flush go on
        while self._pending and self.instance is not None and self.loaded:
            changes, self._pending = self._pending, {}
            try:
                result = await self.app.call_server_tool(
                    STATE_TOOL, {"instance": self.instance, "op": "put", "values": changes}
                )
                if getattr(result, "is_error", False):
                    raise ValueError(_text(result))
            except Exception as exc:
                self._failed(f"saving View state failed: {exc}")
                break
            await self._mirror_async(changes)
        self._task = None

    async def _on_teardown(self, params: object) -> None:
        task = self._task
        if task is not None:
            await task
        await self.flush()

    # -- hosts' own state, the model ----------------------------------------------------------------------

    def _adopt_openai(self) -> None:
        saved = browser.openai_widget_state()
        if isinstance(saved, dict) and isinstance(saved.get(_OPENAI_KEY), dict):
            self.values.update(saved[_OPENAI_KEY])

    def _mirror_soon(self, changes: dict[str, Any]) -> None:
        """Mirror a write in a task of its own (it may wait for the host's answer), when there is anywhere to
        mirror it: ``window.openai`` (in a browser), the model's context (keys shown to the model)."""
        if sys.platform == "emscripten" or any(key in self.visible for key in changes):
            self._spawn(self._mirror_async(changes))

    def _mirror(self, changes: dict[str, Any]) -> None:
        try:
            browser.openai_set_widget_state({_OPENAI_KEY: self.values})
        except Exception as exc:
            self._failed(f"window.openai.setWidgetState failed: {exc}")

    async def _mirror_async(self, changes: dict[str, Any]) -> None:
        self._mirror(changes)
        shown = {key: self.values[key] for key in sorted(self.visible) if key in self.values}
        can = getattr(self.app, "can_update_model_context", None)
        if shown and any(key in self.visible for key in changes) and (can is None or can()):
            try:
                summary = "View state: " + json.dumps(shown, ensure_ascii=False)[:2000]
                await self.app.update_model_context(summary, structured_content={"viewState": shown})
            except Exception as exc:
                self._failed(f"ui/update-model-context failed: {exc}")

    def _failed(self, message: str) -> None:
        self.error = message
        send_log = getattr(self.app, "send_log", None)
        if send_log is not None:
            try:  # noqa: SIM105 (contextlib would cost import time)
                send_log("warning", {"where": "use_view_state", "error": message})
            except Exception:
                pass

    def _loop(self) -> Any:
        import asyncio  # asyncio only once something runs: a render alone never imports it (import time)

        loop = getattr(self.root, "loop", None)
        if loop is not None:
            return loop
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _spawn(self, coro: Any) -> Any:
        if getattr(self.root, "loop", None) is not None:
            return self.root.spawn(coro, "use_view_state")
        loop = self._loop()
        if loop is None:
            coro.close()
            return None
        task = loop.create_task(coro)
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return task


def forget_state_client(app: Any) -> None:
    """Detach the App's :class:`ViewStateClient` and drop it, so the next mount of this App makes its own: the
    testing ``run()`` mounts an App (loaded once with its module) again, on another event loop."""
    client = getattr(app, "_pyview_view_state", None)
    if client is not None:
        for remove in client._removers:
            remove()
        app._pyview_view_state = None


def state_client(app: Any, root: Any = None) -> ViewStateClient | None:
    """The App's :class:`ViewStateClient` (created on first use, running on ``root``'s loop); None without an App."""
    if app is None:
        return None
    client = getattr(app, "_pyview_view_state", None)
    if client is None:
        client = ViewStateClient(app, root=root)
        app._pyview_view_state = client
    elif client.root is None:
        client.root = root
    return client


def use_view_state(key: str, default: T, *, model_visible: bool = False) -> tuple[T, Callable[[Any], None]]:
    """Like ``use_state``, but the value belongs to the View instance: a re-mounted frame finds it again.

    ``key`` names the value within the View (components using the same key share it). The value must be JSON
    data; all of a View's values together at most 64 KiB (a larger one raises ``ValueError`` in the setter).
    ``model_visible=True`` also tells the model (``ui/update-model-context``) the current values of such keys.
    Without a server that offers ``pyview_state`` (or without an App), it behaves like ``use_state``.

    Example:
        >>> from pyview.components import component, h
        >>> @component
        ... def Units():
        ...     units, set_units = use_view_state("units", "C")
        ...     return h.button(f"°{units}", on_click=lambda: set_units("F" if units == "C" else "C"))
    """
    comp = current_component()
    client = state_client(use_context(APP_CONTEXT), comp.root if comp is not None else None)
    if client is not None:
        client.used = True
    local, set_local = use_state(default)
    _, bump = use_state(0)

    def subscribe() -> Any:
        return None if client is None else client.subscribe(lambda: bump(lambda n: n + 1))

    use_effect(subscribe, [client])

    def make_setter() -> Callable[[Any], None]:
        def setter(value: Any) -> None:
            if client is None:
                set_local(value)
                return
            if callable(value):
                value = value(client.get(key, default))
            client.set(key, value, model_visible=model_visible)

        return setter

    setter = use_memo(make_setter, [client, key, model_visible])
    value = local if client is None else client.get(key, default)
    return value, setter  # type: ignore[return-value]


def _text(result: Any) -> str:
    for block in getattr(result, "content", None) or []:
        text = block.get("text") if isinstance(block, dict) else getattr(block, "text", None)
        if isinstance(text, str):
            return text
    return "the server refused it"
