"""The weather View keeps the units the person chose with the View instance (use_view_state).

The host answers ``pyview_state`` with pyview's own server side (``ViewState`` over a ``MemoryStore``) and
``refresh_weather`` with the example's data; a new frame for the same tool result shows the chosen units again.
"""

from __future__ import annotations

from typing import Any

# isort: off
from test_weather import INLINE, WeatherApp, components, result_for  # puts examples/weather on sys.path

from pyview.app import ToolResult
from pyview.testing import render
from pyview.server import MemoryStore
from pyview._tooling.server._signing import Signer
from pyview._tooling.server._state_tool import ViewState

# isort: on


class StateApp(WeatherApp):
    """WeatherApp that answers ``pyview_state`` as a pyview server does, and ``refresh_weather`` with data."""

    def __init__(self, state: ViewState) -> None:
        super().__init__(host_context=dict(INLINE))
        self.state = state

    async def call_server_tool(self, name: str, arguments: Any = None) -> Any:
        self.calls.append((name, arguments))
        args = dict(arguments or {})
        if name == "pyview_state":
            return ToolResult(self.state.tool_result(args).model_dump(by_alias=True, exclude_none=True, mode="json"))
        assert name == "refresh_weather"
        return result_for(args["city"], args["units"])


def test_the_chosen_units_come_back_in_a_new_frame() -> None:
    state = ViewState(Signer(b"weather-test-secret-0123456789ab"), MemoryStore())
    result = ToolResult({**result_for("Oslo").raw, "_meta": {"pyview": {"v": 1, "instance": state.mint("weather")}}})
    app = StateApp(state)
    app.emit("tool_result", result)
    screen = render(components.WeatherView(), app=app)
    screen.click("°F")
    assert screen.find("button[aria-pressed=true]").text == "°F"
    screen.loop.run_until_complete(app._pyview_view_state.flush())  # type: ignore[attr-defined]  # as on teardown
    screen.close()

    again = StateApp(state)  # a new frame, the same tool result
    again.emit("tool_result", result)
    shown = render(components.WeatherView(), app=again)
    shown.settle()
    # shown in the chosen units from the first render on, converted in the View: no refresh round trip needed
    assert [name for name, _ in again.calls] == ["pyview_state"]
    assert shown.find("button[aria-pressed=true]").text == "°F" and "mph" in shown.text
    assert shown.errors == [] and again.logs == []
    shown.close()
