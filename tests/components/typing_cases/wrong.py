"""Wrong uses of pyview's public API: tests/components/test_typing.py expects mypy to report each ``# E:`` line."""

from typing import TypedDict

from pyview import View, component, h, use_app, use_server_tool, use_tool_input, use_tool_result
from pyview.ui import AreaChart, BarChart, Buton, LineChart  # E: attr-defined


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

    async def ask() -> None:
        if app is not None:  # the host requests are typed as App's own
            await app.open_link("https://example.com")  # fine
            await app.send_message("hi", rol="user")  # E: call-arg
            await app.download_file("orders.csv")  # E: arg-type
            mode: int = await app.request_display_mode("fullscreen")  # E: assignment
            print(mode)

    weather = use_server_tool("weather", output=Weather)
    if weather.data is not None:
        print(weather.data["tmep"])  # E: typeddict-item
    pending: bool = weather.pending
    print(pending, weather.name.upper())
    print(Buton)  # a misspelt export is an error, not an `object` from the facade's lazy __getattr__
    return h.dvi("typo")  # E: attr-defined


View(42, app="x")  # E: arg-type
h.span(1, "two", None, key=1, class_={"on": True}, on_click=print)  # fine: any child, key and prop
h.div(clas_="x")  # E: call-arg
h.a("home", hreff="/")  # E: call-arg
h.input(tpye="text")  # E: call-arg
h.button("Go", aria_lable="Go")  # E: call-arg
h.tr(data_row=3)  # E: call-arg
h.iframe(srcdoc="<p>")  # E: call-arg
h.div(onclick=print)  # E: call-arg
h.circle(hreflang="en")  # E: call-arg
h.label(
    "Name",
    for_="n",
    html_for="n",
    class_name=["a"],
    tab_index=0,
    aria_label="x",
    role="note",
    dataset={"row_id": 3},
    data_testid="name",
    on_key_down=print,
    on_keydown=print,
    on_double_click=print,
)  # fine: every spelling the builders map
h.svg(h.linear_gradient(x1=0, gradient_units="userSpaceOnUse"), view_box="0 0 1 1", viewBox="0 0 1 1")  # fine
h.fe_blend(in_="SourceGraphic", in2="BackgroundImage", mode="multiply")  # fine: in_ is the attribute in
h.animate(attribute_name="x", from_=0, to=1, dur="1s")  # fine
h("my-widget", anything_goes=1)  # fine: a custom element takes any keyword


def forward(**attrs: object) -> object:
    return h.div(**attrs)  # fine: a component forwarding its own keywords


rows = [{"m": "Jan", "n": 3}]
LineChart(rows, x="m", y="n", y_min=0, width=300, names={"n": "Sales"}, legend=False)  # fine
LineChart(rows, x="m", y="n", widht=300)  # E: call-arg
AreaChart(rows, x="m")  # E: call-arg
BarChart(rows, x="m", y="n", height="tall")  # E: arg-type
BarChart(rows, x="m", y="n", y_min=0)  # E: call-arg
