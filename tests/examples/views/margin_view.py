"""A View whose first child has a top margin and whose last child has a bottom margin: both collapse through
``<body>``, so only a measurement of the document element counts them (tests/examples/test_sizes_browser.py)."""

from pyview import App, View, component, h, use_tool_result

app = App("margins", "1.0.0")


@component
def Spaced():
    result = use_tool_result()
    return h.div(
        h.div("top", style={"margin-top": "40px", "height": "60px"}),
        h.p(result.text if result else "", data_testid="shown", style={"margin": "0 0 30px", "height": "20px"}),
    )


view = View(Spaced, app)
