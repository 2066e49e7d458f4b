"""The rendered structure of each component (render_to_string and the test screen)."""

from __future__ import annotations

import pytest

from pyview.components import h, render_to_string
from pyview.testing import render
from pyview.ui import (
    ICONS,
    Accordion,
    Alert,
    AreaChart,
    Avatar,
    Badge,
    BarChart,
    Breadcrumbs,
    Button,
    ButtonGroup,
    Card,
    Checkbox,
    DatePicker,
    Divider,
    EmptyState,
    Grid,
    Heading,
    Icon,
    IconButton,
    KeyValue,
    LineChart,
    Pagination,
    RadioGroup,
    Select,
    Skeleton,
    Slider,
    Sparkline,
    Spinner,
    Stack,
    Stat,
    Switch,
    Table,
    Tabs,
    Text,
    TextArea,
    TextField,
    Theme,
)


def test_stack_and_grid_layout() -> None:
    assert render_to_string(Stack("a", gap="1rem", align="center")) == (
        '<div class="pv-stack" style="gap:1rem;align-items:center">a</div>'
    )
    html = render_to_string(Grid(h.i("x"), min_width=150))
    assert "repeat(auto-fill,minmax(min(150px,100%),1fr))" in html


def test_card_header_footer_and_variants() -> None:
    html = render_to_string(Card("body", title="T", subtitle="S", actions=Button("A"), footer="F", variant="raised"))
    assert html.startswith('<section class="pv-card pv-card--raised">')
    assert '<h3 class="pv-card__title">T</h3>' in html and '<p class="pv-card__subtitle">S</p>' in html
    assert '<div class="pv-card__foot">F</div>' in html


def test_divider_variants() -> None:
    assert 'aria-orientation="vertical"' in render_to_string(Divider(vertical=True))


def test_heading_levels_and_sizes() -> None:
    assert render_to_string(Heading("x", level=1)) == '<h1 class="pv-heading pv-heading--2xl">x</h1>'
    assert render_to_string(Heading("x", level=2, size="sm")) == '<h2 class="pv-heading pv-heading--sm">x</h2>'
    with pytest.raises(ValueError):
        Heading("x", level=7)


def test_text_tones_weights_and_truncation() -> None:
    html = render_to_string(Text("x", tone="danger", weight="bold", truncate=True, tag="span"))
    assert html == '<span class="pv-text pv-text--sm pv-tone--danger pv-weight--bold pv-truncate">x</span>'


@pytest.mark.parametrize("variant", ["primary", "secondary", "ghost", "danger"])
@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_button_variants_and_sizes(variant: str, size: str) -> None:
    html = render_to_string(Button("Go", variant=variant, size=size))
    assert f"pv-btn--{variant}" in html
    assert ("pv-btn--" + size in html) == (size != "md")


def test_button_states() -> None:
    clicks: list[int] = []
    screen = render(h.div(Button("Go", on_click=lambda: clicks.append(1)), Button("Off", disabled=True)))
    screen.click("Go")
    assert clicks == [1]
    off = screen.find(role="button", name="Off")
    assert off.get("disabled") is not None
    loading = render_to_string(Button("Save", loading=True, icon="check"))
    assert 'aria-busy="true"' in loading and "pv-spinner__arc" in loading and "M5 12.5" not in loading
    with pytest.raises(ValueError):
        Button("x", variant="fancy")


def test_icon_button_has_a_name_and_button_group_a_role() -> None:
    screen = render(ButtonGroup(IconButton("trash", label="Delete"), label="Tools"))
    assert screen.find(role="button", name="Delete").tag == "button"
    assert screen.find(role="group").get("aria-label") == "Tools"


def test_icons_are_decorative_unless_labelled() -> None:
    assert len(ICONS) >= 20
    assert 'aria-hidden="true"' in render_to_string(Icon("check"))
    labelled = render_to_string(Icon("check", label="Done"))
    assert 'role="img"' in labelled and "<title>Done</title>" in labelled
    with pytest.raises(ValueError, match="unknown icon"):
        Icon("nope")


def test_badge_avatar_stat_keyvalue() -> None:
    assert "pv-badge--danger" in render_to_string(Badge("x", tone="danger"))
    assert render_to_string(Avatar("Grace Hopper", src="https://e.x/g.png")).count("<img") == 1
    html = render_to_string(Stat("Users", "1,204", delta="-3%", help="today"))
    assert "pv-tone--danger" in html and "today" in html
    assert render_to_string(KeyValue([("a", 1)])) == '<dl class="pv-kv"><dt>a</dt><dd>1</dd></dl>'


def test_alert_roles_follow_the_tone() -> None:
    assert 'role="status"' in render_to_string(Alert("x"))
    assert 'role="alert"' in render_to_string(Alert("x", tone="danger"))
    dismissed: list[int] = []
    screen = render(Alert("x", on_dismiss=lambda: dismissed.append(1)))
    screen.click(screen.find(role="button", name="Dismiss"))
    assert dismissed == [1]


def test_spinner_skeleton_empty_state() -> None:
    assert 'role="status" aria-label="Loading"' in render_to_string(Spinner())
    assert render_to_string(Skeleton(lines=3)).count("pv-skeleton") == 4
    assert 'style="width:20px;height:20px"' in render_to_string(Skeleton(circle=True, width=20))
    assert "pv-empty__title" in render_to_string(EmptyState("Nothing"))


def test_fields_are_labelled_and_describe_their_errors() -> None:
    screen = render(TextField("Email", help="Work email", error="Required"))
    field = screen.find("input")
    label = screen.find("label")
    assert label.get("for") == field.get("id")
    assert field.get("aria-invalid") == "true"
    assert field.get("aria-describedby") == f"{field.get('id')}-error"
    assert "Work email" not in screen.text and "Required" in screen.text


def test_select_textarea_datepicker_structure() -> None:
    html = render_to_string(Select("Size", ["S", "M"], placeholder="Pick"))
    assert "<option value disabled selected>Pick</option>" in html
    assert render_to_string(TextArea("Notes", default_value="hi")).count(">hi</textarea>") == 1
    assert 'type="date"' in render_to_string(DatePicker("Day", value="2026-01-02"))


def test_checkbox_switch_radio_slider_structure() -> None:
    assert 'class="pv-check__box"' in render_to_string(Checkbox("A"))
    assert 'role="switch"' in render_to_string(Switch("B"))
    html = render_to_string(RadioGroup("Plan", ["a", "b"], value="b", name="plan"))
    assert html.count('role="radio"') == 2 and '<input type="hidden" name="plan" value="b">' in html
    assert ">7%</output>" in render_to_string(Slider("V", value=7, format=lambda v: f"{v}%"))


def test_tabs_accordion_breadcrumbs_pagination_structure() -> None:
    screen = render(Tabs([("a", "A", "first"), ("b", "B", "second")], label="T"))
    tab = screen.find(role="tab", name="A")
    panel = screen.find(role="tabpanel")
    assert tab.get("aria-controls") == panel.get("id") and panel.get("aria-labelledby") == tab.get("id")
    assert "hidden" in render_to_string(Accordion([("x", "X", "body")]))
    assert render_to_string(Breadcrumbs([("Home", "/"), ("Here", None)])).count("<li") == 2
    html = render_to_string(Pagination(1, 1))
    assert html.count("disabled") == 2


def test_table_structure() -> None:
    rows = [{"id": 1, "n": "a"}, {"id": 2, "n": "b"}]
    screen = render(Table(rows, [{"key": "n", "label": "Name", "format": str.upper}], caption="Letters"))
    assert [c.text for c in screen.find_all("td")] == ["A", "B"]
    assert screen.find("th").get("scope") == "col"
    assert screen.find("caption").text == "Letters"
    assert "No data" in render_to_string(Table([], ["n"]))


def test_charts_are_svg_with_titles_and_host_colours() -> None:
    rows = [{"x": str(i), "a": i * i, "b": 10 - i} for i in range(6)]
    html = render_to_string(LineChart(rows, x="x", y=["a", "b"], title="Squares"))
    assert html.count("<path") == 2 and 'aria-label="Squares"' in html
    assert html.count('class="pv-chart__col"') == 6 and "<title>5: a: 25, b: 5</title>" in html
    assert "pv-s0" in html and "pv-s1" in html and "pv-chart__legend" in html
    bars = render_to_string(BarChart(rows, x="x", y="a", stacked=True))
    assert bars.count("pv-chart__bar ") == 6
    assert render_to_string(Sparkline([])).startswith("<svg")


def test_charts_refuse_unknown_and_missing_options_as_a_signature_would() -> None:
    rows = [{"x": "a", "v": 1}]
    small = render_to_string(AreaChart(rows, x="x", y="v", width=200, height=80, legend=False))
    assert 'viewBox="0 0 200 80"' in small and "pv-chart__legend" not in small
    with pytest.raises(TypeError, match=r"LineChart\(\) got an unexpected keyword argument 'widht'"):
        LineChart(rows, x="x", y="v", widht=200)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"BarChart\(\) missing required keyword argument: 'y'"):
        BarChart(rows, x="x")  # type: ignore[call-arg]


def test_theme_ships_the_stylesheet_once() -> None:
    html = render_to_string(Theme(Button("a"), Button("b")))
    assert html.count("<style") == 1
