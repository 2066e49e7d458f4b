"""Host-context bookkeeping: what changed between two contexts, and tool visibility."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def context_delta(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """The top-level keys of ``new`` whose values differ from ``old`` (what ``host-context-changed`` carries).

    Keys missing from ``new`` are not reported: a merge delta cannot remove a key.

    Example:
        >>> context_delta({"theme": "light", "locale": "en-US"}, {"theme": "dark", "locale": "en-US"})
        {'theme': 'dark'}
        >>> context_delta({"theme": "light"}, {"theme": "light"})
        {}
    """
    return {key: value for key, value in new.items() if key not in old or old[key] != value}


def tool_visibility(tool: Mapping[str, Any]) -> list[str]:
    """The tool's ``_meta.ui.visibility`` (default: visible to both the model and the app).

    Example:
        >>> tool_visibility({"name": "t", "_meta": {"ui": {"visibility": ["model"]}}})
        ['model']
        >>> tool_visibility({"name": "t"})
        ['model', 'app']
    """
    meta = tool.get("_meta")
    ui = meta.get("ui") if isinstance(meta, Mapping) else None
    visibility = ui.get("visibility") if isinstance(ui, Mapping) else None
    if isinstance(visibility, list):
        return [str(v) for v in visibility]
    return ["model", "app"]


def tool_resource_uri(tool: Mapping[str, Any]) -> str | None:
    """The ``ui://`` resource of a tool: ``_meta.ui.resourceUri``, else the old ``_meta["ui/resourceUri"]``.

    Example:
        >>> tool_resource_uri({"_meta": {"ui": {"resourceUri": "ui://w/app.html"}}})
        'ui://w/app.html'
        >>> tool_resource_uri({"_meta": {"ui/resourceUri": "ui://old"}}), tool_resource_uri({})
        ('ui://old', None)
    """
    meta = tool.get("_meta")
    if not isinstance(meta, Mapping):
        return None
    ui = meta.get("ui")
    uri = ui.get("resourceUri") if isinstance(ui, Mapping) else None
    if uri is None:
        uri = meta.get("ui/resourceUri")
    return uri if isinstance(uri, str) else None


def resource_ui_meta(contents: Mapping[str, Any], listed: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A resource's ``_meta.ui``: the ``resources/read`` item's wins over the ``resources/list`` entry's.

    Example:
        >>> resource_ui_meta({"_meta": {"ui": {"prefersBorder": True}}}, {"_meta": {"ui": {"csp": {}}}})
        {'prefersBorder': True}
        >>> resource_ui_meta({}, {"_meta": {"ui": {"csp": {}}}})
        {'csp': {}}
    """
    for source in (contents, listed or {}):
        meta = source.get("_meta")
        ui = meta.get("ui") if isinstance(meta, Mapping) else None
        if isinstance(ui, Mapping):
            return dict(ui)
    return {}
