"""Interaction in CPython: sorting, pagination, selection, keyboard on tabs and radios, forms, toasts, errors."""

from __future__ import annotations

from typing import Any

from pyview.components import component, h, use_state
from pyview.testing import FakeApp, render
from pyview.ui import (
    Accordion,
    Checkbox,
    ErrorBoundary,
    Form,
    Link,
    RadioGroup,
    Select,
    Slider,
    Switch,
    Table,
    Tabs,
    TextField,
    ToastProvider,
    use_toast,
)

ROWS = [{"id": i, "name": name, "score": score} for i, (name, score) in
        enumerate([("Cleo", 7), ("ada", 9), ("Bob", 12), ("Dan", None), ("Eve", 3)])]  # fmt: skip


def column(screen: Any, index: int) -> list[str]:
    return [[n for n in tr.walk() if getattr(n, "tag", None) == "td"][index].text for tr in screen.find_all("tbody tr")]


def test_sorting_cycles_ascending_descending_off() -> None:
    screen = render(Table(ROWS, ["name", {"key": "score", "align": "right"}]))
    assert column(screen, 0) == ["Cleo", "ada", "Bob", "Dan", "Eve"]
    screen.click(screen.find("th button", text="Name", exact=False))
    assert column(screen, 0) == ["ada", "Bob", "Cleo", "Dan", "Eve"]  # case-insensitive
    assert screen.find_all("th")[0].get("aria-sort") == "ascending"
    screen.click(screen.find("th button", text="Name", exact=False))
    assert column(screen, 0) == ["Eve", "Dan", "Cleo", "Bob", "ada"]
    assert screen.find_all("th")[0].get("aria-sort") == "descending"
    screen.click(screen.find("th button", text="Name", exact=False))
    assert column(screen, 0)[0] == "Cleo" and screen.find_all("th")[0].get("aria-sort") is None
    screen.click(screen.find("th button", text="Score", exact=False))
    assert column(screen, 1) == ["3", "7", "9", "12", ""]  # numbers numerically, empty last


def test_pagination_pages_and_resets_on_sort() -> None:
    rows = [{"id": i, "n": i} for i in range(1, 24)]
    screen = render(Table(rows, ["n"], page_size=5))
    assert column(screen, 0) == ["1", "2", "3", "4", "5"]
    assert "1–5 of 23" in screen.text
    screen.click(screen.find(role="button", name="Next page"))
    assert column(screen, 0) == ["6", "7", "8", "9", "10"]
    screen.click(screen.find(role="button", name="Page 5"))
    assert column(screen, 0) == ["21", "22", "23"]
    assert screen.find(role="button", name="Next page").get("disabled") is not None
    assert screen.find(role="button", name="Page 5").get("aria-current") == "page"
    screen.click(screen.find("th button"))
    assert column(screen, 0)[0] == "1"


def test_row_selection_is_keyed_and_select_all_covers_the_page() -> None:
    picked: list[list[object]] = []
    screen = render(Table(ROWS, ["name"], selectable=True, on_select=picked.append, page_size=3))
    boxes = screen.find_all("tbody input")
    screen.click(boxes[1])
    assert picked[-1] == [1]
    assert screen.find_all("tbody tr")[1].get("aria-selected") == "true"
    screen.click(screen.find("th button", text="Name", exact=False))  # sort: ada (id 1) comes first
    assert screen.find_all("tbody tr")[0].get("aria-selected") == "true"
    screen.click(screen.find("thead input"))
    assert sorted(picked[-1]) == [0, 1, 2]  # ada, Bob, Cleo: the page
    assert screen.find("thead input").checked
    screen.click(screen.find("thead input"))
    assert picked[-1] == []


def test_keyed_rows_keep_their_dom_nodes() -> None:
    @component
    def Live() -> Any:
        rows, set_rows = use_state(ROWS[:3])
        return h.div(h.button("Rotate", on_click=lambda: set_rows(rows[1:] + rows[:1])), Table(rows, ["name"]))

    screen = render(Live())
    before = {tr.text: tr for tr in screen.find_all("tbody tr")}
    screen.click("Rotate")
    after = {tr.text: tr for tr in screen.find_all("tbody tr")}
    assert all(before[k] is after[k] for k in before)
    assert '"' not in "".join(p for p in screen.patches[-1:] if "[0," in p)  # a move, no re-created rows


def test_tabs_follow_arrow_keys_home_end_and_skip_disabled() -> None:
    changes: list[str] = []
    tabs = [("a", "Alpha", "A body"), ("b", "Beta", "B body"),
            {"id": "c", "label": "Gamma", "disabled": True, "content": ""}, ("d", "Delta", "D body")]  # fmt: skip
    screen = render(Tabs(tabs, on_change=changes.append))
    first = screen.find(role="tab", name="Alpha")
    assert first.get("tabindex") == "0" and screen.find(role="tab", name="Beta").get("tabindex") == "-1"
    assert screen.focused is None
    screen.press(first, "ArrowRight")
    assert screen.find(role="tab", name="Beta").get("aria-selected") == "true"
    assert screen.focused is screen.find(role="tab", name="Beta")  # focus follows the selection (a FOCUS op)
    assert "B body" in screen.find(role="tabpanel").text
    screen.press(screen.find(role="tab", name="Beta"), "ArrowRight")
    assert screen.find(role="tab", name="Delta").get("aria-selected") == "true"  # Gamma is disabled
    screen.press(screen.find(role="tab", name="Delta"), "ArrowRight")
    assert screen.find(role="tab", name="Alpha").get("aria-selected") == "true"  # wraps
    screen.press(screen.find(role="tab", name="Alpha"), "End")
    screen.press(screen.find(role="tab", name="Delta"), "Home")
    screen.press(screen.find(role="tab", name="Alpha"), "ArrowLeft")
    assert changes == ["b", "d", "a", "d", "a", "d"]
    assert screen.focused is screen.find(role="tab", name="Delta")
    screen.click(screen.find(role="tab", name="Beta"))
    assert screen.find(role="tab", name="Beta").get("tabindex") == "0"


def test_radio_group_arrow_keys_select_and_roving_tabindex() -> None:
    chosen: list[str] = []
    screen = render(
        RadioGroup("Size", ["S", "M", "L", "XL"], default_value="M", on_change=chosen.append, disabled_values=["L"])
    )
    radios = screen.find_all(role="radio")
    assert [r.get("tabindex") for r in radios] == ["-1", "0", "-1", "-1"]
    screen.press(screen.find(role="radio", name="M"), "ArrowDown")
    assert screen.find(role="radio", name="XL").get("aria-checked") == "true"  # L is disabled
    assert screen.focused is screen.find(role="radio", name="XL")
    screen.press(screen.find(role="radio", name="XL"), "ArrowDown")
    screen.press(screen.find(role="radio", name="S"), "ArrowUp")
    screen.press(screen.find(role="radio", name="XL"), "Home")
    assert screen.focused is screen.find(role="radio", name="S")
    screen.click(screen.find(role="radio", name="M"))
    assert chosen == ["XL", "S", "XL", "S", "M"]
    assert [r.get("tabindex") for r in screen.find_all(role="radio")] == ["-1", "0", "-1", "-1"]
    screen.press(screen.find(role="radio", name="M"), "Tab")  # Tab is left to the browser
    assert chosen[-1] == "M"


def test_form_validates_required_and_custom_rules_then_submits() -> None:
    submitted: list[dict[str, Any]] = []

    def validate(values: dict[str, Any]) -> dict[str, str]:
        return {} if "@" in values.get("email", "") else {"email": "Enter a valid email address."}

    screen = render(
        Form(
            TextField("Email", name="email", required=True),
            TextField("Name", name="name"),
            RadioGroup("Role", ["dev", "ops"], name="role", required=True),
            Checkbox("Terms", name="terms", required=True),
            validate=validate,
            on_submit=submitted.append,
        )
    )
    screen.click(screen.find(role="button", name="Submit"))
    assert submitted == []
    assert "Please correct 3 fields below." in screen.text
    assert (
        "Email is required." in screen.text
        and "Role is required." in screen.text
        and "Terms is required." in screen.text
    )
    email = screen.find("input[name=email]")
    assert email.get("aria-invalid") == "true"
    assert screen.focused is email  # the first invalid field, once the errors show
    screen.type(email, "nope")
    assert "Email is required." not in screen.text  # editing clears the field's message
    screen.click(screen.find(role="radio", name="ops"))
    screen.click(screen.find("input[name=terms]"))
    screen.dom.focused = None
    screen.click(screen.find(role="button", name="Submit"))
    assert "Enter a valid email address." in screen.text and submitted == []
    assert screen.focused is screen.find("input[name=email]")
    screen.type(screen.find("input[name=email]"), "ada@example.com")
    screen.click(screen.find(role="button", name="Submit"))
    assert submitted == [{"email": "ada@example.com", "name": "", "role": "ops", "terms": "on"}]
    assert "Please correct" not in screen.text


def test_form_async_submit_shows_a_busy_button() -> None:
    import asyncio

    gate = asyncio.Event()

    async def save(values: dict[str, Any]) -> None:
        await gate.wait()

    screen = render(Form(TextField("Name", name="name"), on_submit=save, submit_label="Save"))
    screen.click(screen.find(role="button", name="Save"), settle=False)
    screen.flush()
    screen.flush()
    assert screen.find(".pv-form__actions .pv-btn--primary").get("aria-busy") == "true"
    gate.set()
    screen.settle()
    assert screen.find(".pv-form__actions .pv-btn--primary").get("aria-busy") is None


def test_controlled_inputs_report_changes() -> None:
    seen: list[object] = []
    screen = render(
        h.div(
            TextField("Name", value="", on_change=seen.append),
            Switch("On", checked=False, on_change=seen.append),
            Select("S", ["a", "b"], value="a", on_change=seen.append),
            Slider("V", default_value=5, on_change=seen.append),
        )
    )
    screen.type(screen.find("input[type=text]"), "x")
    screen.click(screen.find("input[role=switch]"))
    screen.select(screen.find("select"), "b")
    screen.select(screen.find("input[type=range]"), "42")
    assert seen[0] == "x" and True in seen and "b" in seen and 42 in seen
    assert screen.find("output").text == "42"


def test_accordion_single_and_multiple() -> None:
    items = [("a", "A", "alpha"), ("b", "B", "beta")]
    screen = render(Accordion(items, default_open=["a"]))
    assert "alpha" in screen.text and "beta" not in screen.text
    screen.click(screen.find(role="button", name="B"))
    assert "alpha" not in screen.text and "beta" in screen.text
    assert screen.find(role="button", name="B").get("aria-expanded") == "true"
    screen = render(Accordion(items, multiple=True))
    screen.click(screen.find(role="button", name="A"))
    screen.click(screen.find(role="button", name="B"))
    assert "alpha" in screen.text and "beta" in screen.text


def test_toasts_show_dismiss_and_expire() -> None:
    @component
    def Raise() -> Any:
        toast = use_toast()
        return h.button("Go", on_click=lambda: toast("Hello", title="Hi", tone="success", duration=0.01))

    screen = render(ToastProvider(Raise(), duration=0))
    screen.click("Go", settle=False)
    screen.flush()
    screen.flush()
    assert screen.find(".pv-toast").text == "HiHello"
    assert screen.find(".pv-toasts").get("aria-live") == "polite"
    screen.settle()  # the toast's timer runs out
    assert screen.query(".pv-toast") is None


def test_toasts_close_by_their_button() -> None:
    @component
    def Raise() -> Any:
        toast = use_toast()
        return h.button("Go", on_click=lambda: toast("Stay", tone="danger"))

    screen = render(ToastProvider(Raise(), duration=0))
    screen.click("Go")
    screen.click("Go")
    assert len(screen.find_all(".pv-toast")) == 2 and screen.find(".pv-toast").get("role") == "alert"
    screen.click(screen.find(".pv-toast button"))
    assert len(screen.find_all(".pv-toast")) == 1


def test_error_boundary_contains_a_failing_child() -> None:
    attempts: list[int] = []

    @component
    def Flaky() -> Any:
        attempts.append(1)
        if len(attempts) == 1:
            raise ValueError("no data")
        return h.p("recovered")

    @component
    def Inner() -> Any:
        return h.div(Flaky())  # nested below a component: still guarded

    screen = render(h.div(h.p("before"), ErrorBoundary(Inner()), h.p("after")))
    assert "before" in screen.text and "after" in screen.text
    box = screen.find(role="alert")
    assert "ValueError: no data" in box.text
    assert [str(e) for e in screen.errors] == ["no data"]  # still reported
    screen.click(screen.find(role="button", name="Try again"))
    assert "recovered" in screen.text and screen.query(role="alert") is None


def test_link_opens_through_the_app() -> None:
    class LinkApp(FakeApp):
        async def open_link(self, url: str) -> None:
            self.calls.append(("open_link", url))

    app = LinkApp()
    screen = render(Link("Docs", href="https://example.com"), app=app)
    anchor = screen.find("a")
    assert anchor.get("target") is None
    assert screen.fire(anchor, "click") is False  # default prevented
    assert app.calls == [("open_link", "https://example.com")]


def test_enter_in_a_text_field_submits_the_form() -> None:
    submitted: list[dict[str, Any]] = []
    screen = render(
        Form(
            TextField("Query", name="q", default_value="cats"),
            Select("Kind", ["all", "images"], name="kind"),
            Checkbox("Safe", name="safe", default_checked=True),
            on_submit=submitted.append,
        )
    )
    screen.press(screen.find("input[name=q]"), "Enter")
    assert submitted == [{"q": "cats", "kind": "all", "safe": "on"}]
    screen.select(screen.find("select"), "images")
    screen.click(screen.find("input[name=safe]"))
    screen.press(screen.find("input[name=q]"), "Enter")
    assert submitted[-1] == {"q": "cats", "kind": "images"}
