"""A tool result's View re-rendered with its instance's stored View state (``pyview_state`` get with ``render``).

A re-mounted frame asks for it before it paints (``runtime/restore.js``), so its first paint shows the state,
not the defaults the result's own tree was rendered with (docs/ARCHITECTURE.md, "No flash of defaults").
"""

from __future__ import annotations

import logging
from typing import Any

from pyview._core.components._hook_state import SnapshotError
from pyview._core.components._use_view_state import ViewStateClient
from pyview._tooling.server._render import RenderError, mount_tree, strip_handlers
from pyview._tooling.server._server_app import ServerApp
from pyview._tooling.server._state_tool import ViewStateError

logger = logging.getLogger("pyview.server")


def render_with_state(engine: Any, token: str, values: dict[str, Any], render: dict[str, Any], handle: Any) -> Any:
    """The wire tree of ``handle``'s View for ``render["result"]`` (``render["input"]`` its arguments) with
    ``values`` as instance ``token``'s View state; None when it cannot render (logged). Writes nothing.

    Raises:
        ViewStateError: ``render`` is not ``{"result": {...}, "input": {...}}``.
    """
    result, tool_input = render.get("result"), render.get("input")
    if not isinstance(result, dict) or not (tool_input is None or isinstance(tool_input, dict)):
        raise ViewStateError("pyview_state get: render needs the tool result (an object) and its input (an object)")
    result = {**result, "_meta": {**(result.get("_meta") or {}), "pyview": {"instance": token}}}
    try:
        view = engine._view(handle)
        app = ServerApp(view.app, tool_input=tool_input or {}, tool_result=result)
        app._pyview_view_state = ViewStateClient(app, instance=token, values=values, write=_read_only)  # type: ignore[attr-defined]
        root, tree = mount_tree(view, app, handle.name, effects=False)
    except (RenderError, SnapshotError) as exc:
        logger.warning("pyview: View %r not re-rendered with its state: %s", handle.name, exc)
        return None
    root.release()  # rendered for its tree only
    if root.problems:
        logger.warning("pyview: View %r not re-rendered with its state: %s", handle.name, "; ".join(root.problems))
        return None
    return tree if getattr(handle, "server_side", False) else strip_handlers(tree)


def _read_only(instance: str, changes: dict[str, Any]) -> None:
    """A render for painting writes nothing (the frame's own client does)."""
