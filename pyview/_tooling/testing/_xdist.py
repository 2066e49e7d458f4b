"""pytest-xdist scheduling for pyview's test sessions: ``--dist loadscope`` that keeps the plugin's order.

The plugin runs browser tests after all other tests (Playwright's sync API leaves an event loop on the main
thread, and ``asyncio.run`` refuses to start there). xdist's own ``loadscope`` sends each module to one worker,
but orders the modules by size, and a module with both kinds of tests is one unit: a worker could then run an
async test after its first browser test. Here a unit is a run of one module's tests that are adjacent in the
collection (a module the plugin split is two units), and units go out in collection order. A module's browser
tests still stay together on one worker, in order, so a View shared by them in turn (a module-scoped fixture)
works as in one process.

Example:
    >>> runs_of_modules(["a.py::t1", "b.py::t1", "a.py::t2", "a.py::t3"])
    {'a.py::t1': 'a.py#0', 'b.py::t1': 'b.py#0', 'a.py::t2': 'a.py#1', 'a.py::t3': 'a.py#1'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]  # xdist ships no type hints


def runs_of_modules(collection: Sequence[str]) -> dict[str, str]:
    """Each node id's unit: its scope (module, or module::Class) and which run of that scope it is in."""
    units: dict[str, str] = {}
    runs: dict[str, int] = {}
    previous = None
    for nodeid in collection:
        scope = nodeid.rsplit("::", 1)[0]
        if scope != previous:
            runs[scope] = runs.get(scope, -1) + 1
            previous = scope
        units[nodeid] = f"{scope}#{runs[scope]}"
    return units


class ModuleRunScheduling(LoadScopeScheduling):  # type: ignore[misc]  # a base of type Any
    """``LoadScopeScheduling`` over :func:`runs_of_modules`, in collection order (no reordering by size)."""

    def __init__(self, config: Any, log: Any = None) -> None:
        super().__init__(config, log)
        config.option.loadscopereorder = False  # the order is the plugin's: browser tests last
        self._units: dict[str, str] | None = None

    def _split_scope(self, nodeid: str) -> str:
        if self._units is None:
            collection = next(iter(self.registered_collections.values()))
            self._units = runs_of_modules(collection)
        return self._units.get(nodeid, nodeid.rsplit("::", 1)[0])
