"""Wrong uses of pyview's public API: tests/components/test_typing.py expects mypy to report each ``# E:`` line."""

from typing import TypedDict

from pyview import View, component, h, use_app, use_server_tool, use_tool_input, use_tool_result


class Weather(TypedDict):
    city: str
    temp: int


@component
def Card() -> object:
    result = use_tool_result()
    print(result.text)  # E: union-attr
    tool_input = use_tool_input()
    print(tool_input.arguments)  # E: union-attr
    app = use_app()
    app.call_server_tool("refresh")  # E: union-attr
    weather = use_server_tool("weather", output=Weather)
    if weather.data is not None:
        print(weather.data["tmep"])  # E: typeddict-item
    pending: bool = weather.pending
    print(pending, weather.name.upper())
    return h.dvi("typo")  # E: attr-defined


View(42, app="x")  # E: arg-type
h.span(1, "two", None, key=1, class_={"on": True}, on_click=print)  # fine: any child, key and prop
