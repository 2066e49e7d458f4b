"""Answering the View's requests: handshake, server proxying with visibility, display modes, recording."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyview._core.app import _protocol as p
from pyview._core.app._errors import JsonRpcError
from pyview._core.app._jsonrpc import JsonRpcPeer
from pyview._core.app._protocol import PROTOCOL_VERSION
from pyview._tooling.host._context import tool_visibility
from pyview._tooling.host._host_looks import HOSTS, too_large

if TYPE_CHECKING:
    from pyview._tooling.host._backend import Backend
    from pyview._tooling.host._profiles import Profile

SUPPORTED_VERSIONS = p.SUPPORTED_PROTOCOL_VERSIONS

# request -> the host capability that must be advertised for it
GATES: dict[str, str] = {
    p.TOOLS_CALL: "serverTools",
    p.TOOLS_LIST: "serverTools",
    p.RESOURCES_READ: "serverResources",
    p.RESOURCES_LIST: "serverResources",
    p.RESOURCES_TEMPLATES_LIST: "serverResources",
    p.PROMPTS_LIST: "serverResources",
    p.MESSAGE: "message",
    p.UPDATE_MODEL_CONTEXT: "updateModelContext",
    p.OPEN_LINK: "openLinks",
    p.DOWNLOAD_FILE: "downloadFile",
    p.SAMPLING_CREATE_MESSAGE: "sampling",
}


class ViewRequests:
    """The request handlers of :class:`~pyview.host.Host` (a mixin; the state lives on the host)."""

    backend: Backend | None
    profile: Profile
    capabilities: dict[str, Any]
    context: dict[str, Any]
    host_info: dict[str, Any]
    app_info: dict[str, Any]
    app_capabilities: dict[str, Any]
    initialize_answered: bool
    model_context: dict[str, Any] | None
    messages: list[dict[str, Any]]
    open_links: list[str]
    downloads: list[dict[str, Any]]
    samplings: list[dict[str, Any]]
    sampler: Callable[[dict[str, Any]], Any] | None
    _tools: dict[str, dict[str, Any]] | None

    def set_host_context(self, changes: dict[str, Any] | None = None, /, **more: Any) -> dict[str, Any]:
        raise NotImplementedError

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def install_handlers(self, peer: JsonRpcPeer) -> None:
        """Register every View -> Host request on ``peer``; ungated ones and those the profile advertises."""
        handlers: dict[str, Callable[[dict[str, Any]], Any]] = {
            p.INITIALIZE: self._initialize,
            p.PING: lambda params: {},
            p.TOOLS_CALL: self._tools_call,
            p.TOOLS_LIST: self._tools_list,
            p.RESOURCES_READ: self._resources_read,
            p.RESOURCES_LIST: lambda params: self._server().list_resources(params),
            p.RESOURCES_TEMPLATES_LIST: lambda params: self._server().list_resource_templates(params),
            p.PROMPTS_LIST: lambda params: self._server().list_prompts(params),
            p.MESSAGE: self._message,
            p.UPDATE_MODEL_CONTEXT: self._update_model_context,
            p.OPEN_LINK: self._open_link,
            p.DOWNLOAD_FILE: self._download_file,
            p.REQUEST_DISPLAY_MODE: self._request_display_mode,
            p.SAMPLING_CREATE_MESSAGE: self._create_message,
        }
        for method, handler in handlers.items():
            gate = GATES.get(method)
            if gate is None or gate in self.capabilities:
                peer.request_handlers[method] = handler
            else:
                peer.request_handlers[method] = _refuse(method, gate)

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any]:
        self.app_info = _object(params.get("appInfo"))
        self.app_capabilities = _object(params.get("appCapabilities"))
        asked = params.get("protocolVersion")
        self.initialize_answered = True
        return {
            "protocolVersion": asked if asked in SUPPORTED_VERSIONS else PROTOCOL_VERSION,
            "hostInfo": dict(self.host_info),
            "hostCapabilities": self.capabilities,
            "hostContext": self.context,
        }

    # -- the server behind the host ------------------------------------------------------------------------

    def _server(self) -> Backend:
        if self.backend is None:
            raise JsonRpcError(p.METHOD_NOT_FOUND, "this host has no MCP server behind it")
        return self.backend

    async def _tool(self, name: str) -> dict[str, Any] | None:
        if self._tools is None or name not in self._tools:
            self._tools = {tool["name"]: tool for tool in await self._server().list_tools()}
        return self._tools.get(name)

    async def _tools_call(self, params: dict[str, Any]) -> dict[str, Any]:
        name = params.get("name")
        arguments = params.get("arguments") or {}
        if not isinstance(name, str) or not isinstance(arguments, dict):
            raise JsonRpcError(p.INVALID_PARAMS, "tools/call needs a string name and an object of arguments")
        tool = await self._tool(name)
        if tool is not None and "app" not in tool_visibility(tool):
            raise JsonRpcError(
                p.INVALID_PARAMS,
                f"Tool {name!r} is not available to apps: its _meta.ui.visibility is {tool_visibility(tool)}",
            )
        return await self._server().call_tool(name, arguments)

    async def _tools_list(self, params: dict[str, Any]) -> dict[str, Any]:
        tools = await self._server().list_tools()
        self._tools = {tool["name"]: tool for tool in tools}
        return {"tools": [tool for tool in tools if "app" in tool_visibility(tool)]}

    async def _resources_read(self, params: dict[str, Any]) -> dict[str, Any]:
        uri = params.get("uri")
        if not isinstance(uri, str):
            raise JsonRpcError(p.INVALID_PARAMS, "resources/read needs a string uri")
        read = await self._server().read_resource(uri)
        size = sum(len(str(item.get("text") or item.get("blob") or "")) for item in read.get("contents") or [])
        problem = too_large(size, HOSTS[self.profile])
        if problem is not None:  # as that host would: it refuses resources past its cap
            raise JsonRpcError(p.INTERNAL_ERROR, f"{uri}: {problem}")
        return read

    # -- requests the host itself answers --------------------------------------------------------------------

    def _message(self, params: dict[str, Any]) -> dict[str, Any]:
        content = params.get("content")
        if not isinstance(content, list) or not all(isinstance(block, dict) for block in content):
            raise JsonRpcError(p.INVALID_PARAMS, "ui/message content must be an array of content blocks")
        self.messages.append(params)
        return {}

    async def _create_message(self, params: dict[str, Any]) -> Any:
        messages = params.get("messages")
        if not isinstance(messages, list) or not messages:
            raise JsonRpcError(p.INVALID_PARAMS, "sampling/createMessage needs a non-empty array of messages")
        if not isinstance(params.get("maxTokens"), int):
            raise JsonRpcError(p.INVALID_PARAMS, "sampling/createMessage needs maxTokens (an integer)")
        self.samplings.append(params)
        if self.sampler is not None:
            answer = self.sampler(params)
            return await answer if hasattr(answer, "__await__") else answer
        # no model behind this host: say so in the reply rather than pretend
        return {
            "role": "assistant",
            "content": {
                "type": "text",
                "text": f"(pyview host: sampling is simulated; {len(messages)} message(s) seen)",
            },
            "model": "pyview-simulated",
            "stopReason": "endTurn",
        }

    def _update_model_context(self, params: dict[str, Any]) -> dict[str, Any]:
        self.model_context = params
        return {}

    def _open_link(self, params: dict[str, Any]) -> dict[str, Any]:
        url = params.get("url")
        if not isinstance(url, str) or not url:
            raise JsonRpcError(p.INVALID_PARAMS, "ui/open-link needs a url")
        self.open_links.append(url)
        return {}

    def _download_file(self, params: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(params.get("contents"), list):
            raise JsonRpcError(p.INVALID_PARAMS, "ui/download-file needs a contents array")
        self.downloads.append(params)
        self.emit("download", params)
        return {}

    def _request_display_mode(self, params: dict[str, Any]) -> dict[str, Any]:
        mode = params.get("mode")
        if (unknown := p.unknown_display_mode(mode)) is not None:
            raise JsonRpcError(p.INVALID_PARAMS, unknown)
        allowed = self.allowed_display_modes()
        if mode == "pip" and self.context.get("platform") == "mobile" and "fullscreen" in allowed:
            mode = "fullscreen"  # a phone has no room for a floating View: hosts (ChatGPT) show it fullscreen
        if mode in allowed:
            self.set_host_context({"displayMode": mode})
        return {"mode": self.context.get("displayMode", "inline")}

    def allowed_display_modes(self) -> list[str]:
        """The modes both sides support: the host's ``availableDisplayModes`` and the View's (if declared)."""
        host_modes = self.context.get("availableDisplayModes", ["inline"])
        view_modes = self.app_capabilities.get("availableDisplayModes")
        return [m for m in host_modes if not isinstance(view_modes, list) or m in view_modes]


def _refuse(method: str, capability: str) -> Callable[[dict[str, Any]], Any]:
    def refuse(params: dict[str, Any]) -> Any:
        raise JsonRpcError(p.METHOD_NOT_FOUND, f"{method} is not supported: the host did not advertise {capability!r}")

    return refuse


def _object(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}
