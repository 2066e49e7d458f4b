"""Rendering a View's components in CPython: one-shot trees for tool results, and live roots for sessions.

The View module is imported once per declared View (by ``pyview._tooling.packager._loader.load_view_module``: scoped, no
``sys.path`` changes) and its ``view`` object (a :class:`pyview.components.View`) gives the root component and
the App whose name and display modes the server-side App copies.

Example:
    >>> app = ServerApp(view.app, tool_result=result)  # doctest: +SKIP
    >>> root, tree = mount_tree(view, app, "weather", effects=False)  # doctest: +SKIP
    >>> tree[0][0]  # doctest: +SKIP
    'div'
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from pyview._core.components._hook_state import Seeder
from pyview._core.components._root import Root
from pyview._core.components._view import app_tree, as_node
from pyview._tooling.packager._errors import BuildError
from pyview._tooling.packager._loader import ViewImportError, load_view_module
from pyview._tooling.packager._sources import load_view_sources
from pyview._tooling.server._server_app import ServerApp

logger = logging.getLogger("pyview.server")


class RenderError(Exception):
    """The View could not be rendered on the server (the message says why; the log has the traceback)."""


def load_view(path: object) -> Any:
    """The ``view`` object of the View at ``path`` (imported once per origin by the scoped loader, thread-safe).

    Raises:
        RenderError: the module cannot be imported in CPython (it needs ``js``, say), or defines no ``view`` with
            a ``root_component``.
    """
    try:
        sources = load_view_sources(path)  # type: ignore[arg-type]
        module = load_view_module(sources)
    except ViewImportError as exc:
        if exc.browser_only:
            raise RenderError(f"the View imports browser-only modules, so it runs only in the browser: {exc}") from exc
        raise RenderError(str(exc)) from exc
    except BuildError as exc:
        raise RenderError(str(exc)) from exc
    view = getattr(module, "view", None)
    if view is None or not hasattr(view, "root_component"):
        raise RenderError(f"{sources.entry} defines no `view = View(...)`: only component Views render on the server")
    return view


class ServerRoot(Root):
    """A :class:`Root` for the server: patches go to ``outbox``; errors are kept for the answer and logged."""

    pauses_collector = False  # the process's collector is the server's own to set (docs/server.md)

    def __init__(self, view_name: str, *, effects: bool = True) -> None:
        self.outbox: list[str] = []
        self.problems: list[str] = []
        self.view_name = view_name
        super().__init__(self.outbox.append, on_error=self._on_error, effects=effects)

    def _on_error(self, exc: BaseException, where: str) -> None:
        self.problems.append(f"error in {where}: {type(exc).__name__}: {exc}")
        logger.error("pyview: View %r (server runtime): error in %s", self.view_name, where, exc_info=exc)

    def take(self) -> list[str]:
        """The patches (JSON strings) sent since the last call."""
        out, self.outbox[:] = list(self.outbox), []
        return out


def mount_tree(
    view: Any, app: ServerApp, name: str, *, effects: bool, seeder: Seeder | None = None
) -> tuple[ServerRoot, list[Any]]:
    """Mount the View afresh (with saved state when ``seeder`` is given) and return the root and its wire tree.

    The tree's nodes get ids 1, 2, 3... in pre-order; effects (if on) have run and their patches wait in
    ``root.outbox``.
    """
    root = ServerRoot(name, effects=effects)
    if effects:
        root.loop = asyncio.get_running_loop()
    root.seed = seeder
    root.mount(app_tree(root, as_node(view.root_component), app), hydrate=True)
    first = json.loads(root.outbox.pop(0)) if root.outbox else []
    if len(first) != 1 or first[0][0] != 6:
        raise RenderError("the first render produced no tree")
    tree: list[Any] = first[0][3]
    return root, tree


def strip_handlers(trees: list[Any]) -> list[Any]:
    """The wire trees without their ``@event`` attributes (for a View that runs in the browser).

    Example:
        >>> strip_handlers([["button", {"@click": 3, "type": "button"}, ["Go"]]])
        [['button', {'type': 'button'}, ['Go']]]
    """
    out: list[Any] = []
    for node in trees:
        if isinstance(node, str):
            out.append(node)
            continue
        copy: list[Any] = [node[0]]
        if len(node) > 1:
            copy.append({key: value for key, value in node[1].items() if not key.startswith("@")})
        if len(node) > 2:
            copy.append(strip_handlers(node[2]))
        out.append(copy)
    return out


def find_handler(root: Root, path: list[int], type_: str) -> tuple[int, int] | None:
    """``(handler id, element id)`` of the element at ``path`` (or its nearest ancestor) handling ``type_``."""
    from pyview._core.components._instances import CompInst, HostInst

    def dom_kids(inst: Any) -> list[Any]:
        out: list[Any] = []
        for kid in inst.kids:
            if type(kid) is CompInst:
                out.extend(dom_kids(kid))
            else:
                out.append(kid)
        return out

    chain: list[HostInst] = []
    node: Any = root.container
    for index in path:
        kids = dom_kids(node)
        if not isinstance(index, int) or not 0 <= index < len(kids) or type(kids[index]) is not HostInst:
            break
        node = kids[index]
        chain.append(node)
    for element in reversed(chain):
        hids = element.hids
        if hids and type_ in hids[::2]:
            return hids[hids.index(type_) + 1], element.id
    return None
