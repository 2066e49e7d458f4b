"""Tool results and failures as a model reads them: readable text beside structured content, clear errors."""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel, RootModel, ValidationError, create_model

logger = logging.getLogger("pyview.server")

TextFn = Callable[[Any], str]
"""Turns a tool's pydantic result into the text ``content`` for clients (and models) without the View."""


def wrap_tool(fn: Callable[..., Any], name: str, text: TextFn | None = None) -> Callable[..., Any]:
    """Wrap a tool so a pydantic result becomes text plus ``structuredContent``, and a crash a clear error.

    The wrapper keeps ``fn``'s signature (``functools.wraps``), so the SDK still derives the input schema, the
    ``outputSchema`` from the return annotation, and injects ``Context``. The SDK validates the returned
    ``CallToolResult`` against that ``outputSchema``.

    A ``ToolError`` becomes the ``isError`` result itself (see :func:`refusal`), so the caller reads the tool's own
    message, not the SDK's ``Error executing tool NAME:`` in front of it.

    ``structuredContent`` is always an object, as MCP requires: where the SDK wraps a result as ``{"result": ...}``
    (lists, unions such as ``Model | None``, primitives), a pydantic result is wrapped the same way; a ``RootModel``
    return type (``RootModel[list[Row]]``) is published as ``{"result": <its schema>}`` and wrapped too.
    """
    root_output = _root_output_model(fn, name)
    wrap = [root_output is not None]  # completed below, once the SDK's view of the wrapper is known

    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def call_async(*args: Any, **kwargs: Any) -> Any:
            try:
                result = await fn(*args, **kwargs)
            except Exception as exc:
                return _failed(name, exc)
            return to_call_result(result, text, wrap=wrap[0])

        wrapper: Callable[..., Any] = call_async
    else:

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                result = fn(*args, **kwargs)
            except Exception as exc:
                return _failed(name, exc)
            return to_call_result(result, text, wrap=wrap[0])

        wrapper = call
    if root_output is not None:
        signature = inspect.signature(fn, eval_str=True).replace(return_annotation=root_output)
        wrapper.__signature__ = signature  # type: ignore[attr-defined]
        wrapper.__annotations__ = {**getattr(fn, "__annotations__", {}), "return": root_output}
    else:
        wrap[0] = _sdk_wraps(wrapper)
    return wrapper


def to_call_result(result: Any, text: TextFn | None = None, *, wrap: bool = False) -> Any:
    """A pydantic model becomes a ``CallToolResult`` with readable text and its JSON as ``structuredContent``.

    Anything else is returned unchanged, for the SDK to convert as usual. ``structuredContent`` is always an
    object: with ``wrap`` (the tool's ``outputSchema`` is ``{"result": ...}``), or when the model's JSON is not an
    object (a ``RootModel`` of a list), it is ``{"result": <the model's JSON>}``, as the SDK does for lists.

    Example:
        >>> from pydantic import RootModel
        >>> class Point(BaseModel):
        ...     x: int
        ...     y: int
        >>> to_call_result(Point(x=1, y=2)).content[0].text
        'x: 1\\ny: 2'
        >>> to_call_result(RootModel[list[int]]([1, 2])).structured_content
        {'result': [1, 2]}
    """
    if not isinstance(result, BaseModel) or isinstance(result, CallToolResult):
        return result
    structured = result.model_dump(mode="json", by_alias=True)
    if wrap or not isinstance(structured, dict):
        structured = {"result": structured}
    return CallToolResult(
        content=[TextContent(type="text", text=result_text(result, text))], structured_content=structured
    )


def _root_output_model(fn: Callable[..., Any], name: str) -> type[BaseModel] | None:
    """For a tool returning a ``RootModel``, the output model ``{"result": that model}`` to publish instead."""
    try:
        returns = inspect.signature(fn, eval_str=True).return_annotation
    except Exception:  # unresolvable annotations: the SDK reports them when it registers the tool
        return None
    if isinstance(returns, type) and issubclass(returns, RootModel):
        output: type[BaseModel] = create_model(f"{name}Output", result=(returns, ...))
        return output
    return None


def _sdk_wraps(fn: Callable[..., Any]) -> bool:
    """Whether the SDK publishes this tool's output as ``{"result": ...}`` (a list, a union, a primitive, ...)."""
    from mcp.server.mcpserver.utilities.func_metadata import func_metadata

    try:
        return bool(func_metadata(fn).wrap_output)
    except Exception:  # an unusable signature: the SDK reports it when it registers the tool
        return False


def result_text(result: BaseModel, text: TextFn | None = None) -> str:
    """The text for a model: ``text(result)``, else its own ``__str__`` if any, else a readable outline.

    Example:
        >>> class Weather(BaseModel):
        ...     city: str
        ...     temperatures: list[float]
        >>> print(result_text(Weather(city="Oslo", temperatures=[3.5, 4.0])))
        city: Oslo
        temperatures:
          - 3.5
          - 4.0
    """
    if text is not None:
        return text(result)
    if type(result).__str__ is not BaseModel.__str__:
        return str(result)
    return outline(result.model_dump(mode="json", by_alias=True))


def outline(value: Any, indent: str = "") -> str:
    """JSON data as an indented outline of ``key: value`` lines (easier for people and models than JSON)."""
    lines: list[str] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            if _is_scalar(item):
                lines.append(f"{indent}{key}: {_scalar(item)}")
            elif not item:
                lines.append(f"{indent}{key}: (none)")
            else:
                lines.append(f"{indent}{key}:")
                lines.append(outline(item, indent + "  "))
    elif isinstance(value, list):
        for item in value:
            if _is_scalar(item):
                lines.append(f"{indent}- {_scalar(item)}")
            else:
                nested = outline(item, indent + "  ")
                lines.append(f"{indent}- {nested.lstrip()}")
    else:
        lines.append(f"{indent}{_scalar(value)}")
    return "\n".join(lines)


def argument_errors(
    tool: str, exc: ValidationError | None, *, unknown: Sequence[str] = (), known: Sequence[str] = ()
) -> str:
    """A ``ValidationError`` for a tool's arguments, as a message naming each wrong argument and why.

    Example:
        >>> from pydantic import TypeAdapter
        >>> try:
        ...     TypeAdapter(dict[str, int]).validate_python({"days": "many"})
        ... except ValidationError as exc:
        ...     print(argument_errors("forecast", exc))
        Invalid arguments for tool 'forecast':
        - days: Input should be a valid integer, unable to parse string as an integer (got 'many')
    """
    lines = [f"Invalid arguments for tool {tool!r}:"]
    for error in exc.errors(include_url=False) if exc else ():
        where = ".".join(str(part) for part in error["loc"]) or "(arguments)"
        got = "" if error["type"] == "missing" else f" (got {_short(error.get('input'))})"
        lines.append(f"- {where}: {error['msg']}{got}")
    for name in unknown:
        lines.append(f"- {name}: unknown argument (expected one of: {', '.join(known) or 'none'})")
    return "\n".join(lines)


def refusal(name: str, error: ToolError) -> CallToolResult:
    """A ``ToolError`` as the ``isError`` result a person reads: its message alone, without the SDK's prefix.

    Example:
        >>> refusal("get_weather", ToolError("I don't have weather for 'Atlantis'.")).content[0].text
        "I don't have weather for 'Atlantis'."
    """
    logger.info("Tool %r refused: %r", name, str(error))
    return CallToolResult(content=[TextContent(type="text", text=str(error))], is_error=True)


def _failed(name: str, exc: Exception) -> CallToolResult:
    """What a tool that raised answers: its refusal, or a crash's clear error; an ``MCPError`` goes on up (the SDK
    answers it as a JSON-RPC error)."""
    if isinstance(exc, MCPError):
        raise exc
    return refusal(name, exc if isinstance(exc, ToolError) else _crash(name, exc))


def _crash(name: str, exc: Exception) -> ToolError:
    logger.exception(
        "pyview: tool %r raised %s (raise ToolError('...') for a message meant for the caller)",
        name,
        type(exc).__name__,
    )
    return ToolError(f"internal error ({type(exc).__name__}); the server log has the details")


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _scalar(value: Any) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
