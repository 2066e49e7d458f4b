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
from pydantic import BaseModel, ValidationError

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
    """
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def call_async(*args: Any, **kwargs: Any) -> Any:
            try:
                result = await fn(*args, **kwargs)
            except MCPError:
                raise
            except ToolError as exc:
                return refusal(name, exc)
            except Exception as exc:
                return refusal(name, _crash(name, exc))
            return to_call_result(result, text)

        return call_async

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            result = fn(*args, **kwargs)
        except MCPError:
            raise
        except ToolError as exc:
            return refusal(name, exc)
        except Exception as exc:
            return refusal(name, _crash(name, exc))
        return to_call_result(result, text)

    return call


def to_call_result(result: Any, text: TextFn | None = None) -> Any:
    """A pydantic model becomes a ``CallToolResult`` with readable text and its JSON as ``structuredContent``.

    Anything else is returned unchanged, for the SDK to convert as usual.

    Example:
        >>> class Point(BaseModel):
        ...     x: int
        ...     y: int
        >>> to_call_result(Point(x=1, y=2)).content[0].text
        'x: 1\\ny: 2'
    """
    if not isinstance(result, BaseModel) or isinstance(result, CallToolResult):
        return result
    structured = result.model_dump(mode="json", by_alias=True)
    return CallToolResult(
        content=[TextContent(type="text", text=result_text(result, text))], structured_content=structured
    )


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
