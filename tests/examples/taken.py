"""Sending a module-shared View a new tool result and waiting until it has taken it.

A test that brings a shared View to a known screen by sending a tool result may find that screen already there (an
earlier test's). A click then can reach the View before the new result does, and the result, a new View session,
undoes it. :func:`send_and_wait` waits until the View has the result: Python's App has it and has rendered, or the
server runtime has started its new session and shown its tree.
"""

from __future__ import annotations

import itertools
from typing import Any

_MARKERS = itertools.count(1)
_TAKEN = """([marker, before]) => {
  if (globalThis.pyviewPyodide && pyviewBoot.marks.runtime === "python") {
    return pyviewPyodide.runPython(`import sys
view = sys.modules[${JSON.stringify(pyviewBoot.config.entry)}].view
result, root = view.app.tool_result, view.root
marked = result is not None and (result.meta or {}).get("test-result") == ${marker}
bool(marked and not root.dirty and not root.scheduled)`);
  }
  const state = pyviewServer.state();
  return state.session !== null && state.session !== before && !state.inFlight;
}"""


def send_and_wait(view: Any, result: dict[str, Any], timeout: float = 60) -> None:
    """Send ``result`` (marked in its ``_meta``) to the mounted ``view`` and wait until the View has taken it."""
    before = view.frame.evaluate("() => globalThis.pyviewServer ? pyviewServer.state().session : null")
    marker = next(_MARKERS)
    view.send_tool_result({**result, "_meta": {**result.get("_meta", {}), "test-result": marker}})
    view.frame.wait_for_function(_TAKEN, arg=[marker, before], timeout=timeout * 1000)
