"""Which host capability each View -> Host request needs, checked before anything is sent."""

from __future__ import annotations

from pyview._core.app import _protocol as p
from pyview._core.app._errors import CapabilityError

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from typing import Any

    from pyview._core.app._types import HostCapabilities, HostContext

REQUIRED_CAPABILITY: dict[str, str] = {
    p.TOOLS_CALL: "serverTools",
    p.TOOLS_LIST: "serverTools",
    p.RESOURCES_READ: "serverResources",
    p.RESOURCES_LIST: "serverResources",
    p.RESOURCES_TEMPLATES_LIST: "serverResources",
    p.MESSAGE: "message",
    p.UPDATE_MODEL_CONTEXT: "updateModelContext",
    p.OPEN_LINK: "openLinks",
    p.DOWNLOAD_FILE: "downloadFile",
    p.SAMPLING_CREATE_MESSAGE: "sampling",
    p.LOG_MESSAGE: "logging",
}
"""Request (or notification) -> the ``hostCapabilities`` key it needs. Methods not listed need none."""

_MODALITY_ALIASES = {
    "resource_link": "resourceLink",
    "resource-link": "resourceLink",
    "structured_content": "structuredContent",
    "structured-content": "structuredContent",
}


def modality_key(kind: str) -> str:
    """The spec's key for a content modality; accepts snake_case (``"resource_link"`` ->
    ``"resourceLink"``)."""
    return _MODALITY_ALIASES.get(kind, kind)


def check_request(method: str, params: dict[str, Any], caps: HostCapabilities, context: HostContext) -> None:
    """Raise :class:`CapabilityError` when the host did not advertise what ``method`` (with ``params``)
    needs."""
    needed = REQUIRED_CAPABILITY.get(method)
    if needed is not None and not caps.supports(needed):
        raise CapabilityError(method, needed)
    if method == p.SAMPLING_CREATE_MESSAGE and params.get("tools") and not caps.supports("sampling.tools"):
        raise CapabilityError(method, "sampling.tools", "it did not advertise tool use in sampling ('sampling.tools')")
    if method == p.REQUEST_DISPLAY_MODE:
        available = context.available_display_modes
        mode = params.get("mode")
        if "availableDisplayModes" in context and mode not in available:
            raise CapabilityError(
                method,
                "availableDisplayModes",
                f"display mode {mode!r} is not in the host's availableDisplayModes {available}",
            )
