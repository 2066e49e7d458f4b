"""The pyview.ui gallery: every component, in every state, styled by the host.

Run it in the dev host (``pyview dev examples/gallery/view.py``) or build it
(``pyview build examples/gallery/view.py -o /tmp/g.html``). The browser tests screenshot it in light and dark.
"""

from __future__ import annotations

from typing import Any

from pyview.app import App
from pyview.components import View, component, h, use_app, use_state
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
    Code,
    DatePicker,
    Divider,
    EmptyState,
    ErrorBoundary,
    Form,
    Grid,
    Heading,
    Icon,
    IconButton,
    KeyValue,
    LineChart,
    Link,
    Pagination,
    RadioGroup,
    ScrollArea,
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
    Toast,
    ToastProvider,
    use_toast,
)

app = App("pyview-ui-gallery", "1.0.0")

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
REVENUE = [42, 48, 45, 61, 58, 72, 80, 77, 91, 88, 104, 118]
COSTS = [30, 31, 35, 38, 41, 44, 45, 49, 52, 55, 57, 61]
SALES = [{"month": m, "revenue": r * 1000, "costs": c * 1000} for m, r, c in zip(MONTHS, REVENUE, COSTS, strict=True)]
QUARTERS = [
    {"q": "Q1", "web": 120, "store": 80, "partners": 40},
    {"q": "Q2", "web": 150, "store": 90, "partners": 55},
    {"q": "Q3", "web": 135, "store": 110, "partners": 60},
    {"q": "Q4", "web": 190, "store": 125, "partners": 72},
]
PEOPLE = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth"]
STATUSES = ["paid", "pending", "failed", "paid", "refunded", "paid"]
TONE = {"paid": "success", "pending": "warning", "failed": "danger", "refunded": "neutral"}
ORDERS = [
    {
        "id": 1000 + i,
        "customer": PEOPLE[i % 6],
        "status": STATUSES[(i * 5) % 6],
        "total": round(19.5 + (i * 37) % 230, 2),
        "items": 1 + (i * 7) % 5,
    }
    for i in range(23)
]
COLUMNS: list[dict[str, Any]] = [
    {"key": "id", "label": "Order", "format": lambda v: f"#{v}"},
    {
        "key": "customer",
        "label": "Customer",
        "render": lambda row: Stack(Avatar(row["customer"], size="sm"), row["customer"], direction="row", gap=2),
    },
    {"key": "status", "label": "Status", "render": lambda row: Badge(row["status"].title(), tone=TONE[row["status"]])},
    {"key": "items", "label": "Items", "align": "right"},
    {"key": "total", "label": "Total", "align": "right", "format": lambda v: f"${v:,.2f}"},
]


def Section(title: str, *children: object, description: str | None = None) -> Any:
    return h.section(
        Stack(Heading(title, level=2, size="lg"), Text(description, tone="secondary") if description else None, gap=1),
        *children,
        class_="gallery-section",
        style={"display": "flex", "flex-direction": "column", "gap": "16px"},
    )


def Layout() -> Any:
    return Section(
        "Layout",
        Grid(
            Card(
                Text("An outlined card with a title, subtitle, actions and a footer."),
                title="Outline card",
                subtitle="The default variant",
                actions=IconButton("more", label="More actions"),
                footer=[Button("Cancel", variant="ghost", size="sm"), Button("Save", variant="primary", size="sm")],
            ),
            Card(Text("Raised: a shadow from the host's --shadow-md."), title="Raised card", variant="raised"),
            Card(Text("Flat: tinted with the secondary background."), title="Flat card", variant="flat"),
            columns=3,
        ),
        Stack(
            Text("Row", weight="medium"),
            Divider(vertical=True),
            Text("stacked with a vertical divider"),
            direction="row",
            gap=3,
        ),
        Divider("or"),
        Card(
            ScrollArea(
                *[
                    Text(f"Log line {i + 1}: request served in {12 + i * 3} ms", mono=True, size="xs")
                    for i in range(12)
                ],
                max_height=96,
                label="Log",
            ),
            title="Scroll area",
            variant="flat",
        ),
    )


def Typography() -> Any:
    return Section(
        "Text",
        Stack(
            Heading("Heading 2xl", level=1, size="2xl"),
            Heading("Heading xl", size="xl"),
            Heading("Heading lg", level=3, size="lg"),
            Heading("Heading md", level=4, size="md"),
            gap=1,
        ),
        Stack(*[Text(f"Text {size}: the quick brown fox", size=size) for size in ("lg", "md", "sm", "xs")], gap=1),
        Stack(
            *[
                Text(tone.title(), tone=tone, weight="medium")
                for tone in ("primary", "secondary", "tertiary", "info", "success", "warning", "danger", "disabled")
            ],
            direction="row",
            gap=4,
            wrap=True,
        ),
        Text(
            "Inline ",
            Code("pip install pyview"),
            " code and a ",
            Link("link the host opens", href="https://example.com", external=True),
            ".",
        ),
        Code("from pyview.ui import Button\nButton('Save', variant='primary')", block=True, language="python"),
    )


def Actions() -> Any:
    variants = ("primary", "secondary", "ghost", "danger")
    return Section(
        "Actions",
        Stack(*[Button(v.title(), variant=v) for v in variants], direction="row", wrap=True, gap=2),
        Stack(*[Button(v.title(), variant=v, disabled=True) for v in variants], direction="row", wrap=True, gap=2),
        Stack(
            Button("Small", size="sm", icon="plus"),
            Button("Medium", icon="download"),
            Button("Large", size="lg", icon_end="chevron-right", variant="primary"),
            Button("Saving", variant="primary", loading=True),
            Button("Loading", loading=True),
            direction="row",
            wrap=True,
            gap=2,
        ),
        Stack(
            IconButton("edit", label="Edit"),
            IconButton("copy", label="Copy", variant="secondary"),
            IconButton("trash", label="Delete", variant="danger"),
            IconButton("refresh", label="Refresh", loading=True),
            ButtonGroup(
                Button("Day", aria_pressed=True), Button("Week"), Button("Month"), attached=True, label="Range"
            ),
            ButtonGroup(Button("Export", icon="upload", size="sm"), Button("Filter", icon="filter", size="sm")),
            direction="row",
            wrap=True,
            gap=3,
        ),
        h.div(
            *[
                h.span(Icon(name, size=20, label=name), title=name, style={"display": "inline-flex", "padding": "6px"})
                for name in sorted(ICONS)
            ],
            style={"display": "flex", "flex-wrap": "wrap", "gap": "2px"},
        ),
    )


@component
def Data() -> Any:
    selected, set_selected = use_state([1001, 1004])
    return Section(
        "Data",
        Grid(
            Card(Stat("Revenue", "$118k", delta="+13.4%", help="vs. last month", chart=Sparkline(REVENUE))),
            Card(
                Stat(
                    "Costs",
                    "$61k",
                    delta="+10.9%",
                    higher_is_better=False,
                    help="vs. last month",
                    chart=Sparkline(COSTS, series=3),
                )
            ),
            Card(Stat("Churn", "2.1%", delta="-0.4 pt", higher_is_better=False, help="lower is better")),
            columns=3,
        ),
        Stack(
            Badge("Neutral"),
            Badge("Info", tone="info"),
            Badge("Success", tone="success", dot=True),
            Badge("Warning", tone="warning"),
            Badge("Danger", tone="danger"),
            Badge("Solid", solid=True),
            Divider(vertical=True),
            *[Avatar(name, size=s) for name, s in zip(PEOPLE[:3], ("sm", "md", "lg"), strict=True)],
            direction="row",
            gap=2,
            wrap=True,
        ),
        KeyValue(
            {
                "Customer": "Ada Lovelace",
                "Plan": Badge("Pro", tone="info"),
                "Renews": "31 January 2027",
                "API key": Code("pk_live_•••• 4242"),
            }
        ),
        Table(
            ORDERS,
            COLUMNS,
            page_size=5,
            selectable=True,
            selected=selected,
            on_select=set_selected,
            caption=f"Orders ({len(selected)} selected)",
            default_sort=("id", "asc"),
        ),
        Table(
            [],
            ["name", "status"],
            empty=EmptyState(
                "No orders yet",
                "Orders you receive show up here.",
                action=Button("Create order", icon="plus", size="sm"),
            ),
        ),
    )


def Charts() -> Any:
    return Section(
        "Charts",
        Card(
            LineChart(
                SALES,
                x="month",
                y=["revenue", "costs"],
                names={"revenue": "Revenue", "costs": "Costs"},
                format=lambda v: f"${v / 1000:g}k",
                title="Revenue and costs, 2026",
                width=720,
            ),
            title="Line chart",
            subtitle="Hover a month for its values",
        ),
        Grid(
            Card(
                AreaChart(SALES, x="month", y="revenue", width=340, height=180, format=lambda v: f"${v / 1000:g}k"),
                title="Area chart",
            ),
            Card(
                BarChart(
                    QUARTERS,
                    x="q",
                    y=["web", "store", "partners"],
                    width=340,
                    height=180,
                    names={"web": "Web", "store": "Store", "partners": "Partners"},
                ),
                title="Grouped bars",
            ),
            columns=2,
        ),
        Card(
            BarChart(
                QUARTERS,
                x="q",
                y=["web", "store", "partners"],
                names={"web": "Web", "store": "Store", "partners": "Partners"},
                stacked=True,
                width=720,
                height=160,
            ),
            title="Stacked bars",
        ),
    )


@component
def Inputs() -> Any:
    name, set_name = use_state("Ada")
    plan, set_plan = use_state("pro")
    volume, set_volume = use_state(40)
    on, set_on = use_state(True)
    return Section(
        "Inputs",
        Grid(
            TextField("Name", value=name, on_change=set_name, help="As it appears on invoices"),
            TextField("Email", type="email", placeholder="you@example.com", required=True),
            TextField("Invalid", default_value="not-an-email", error="Enter a valid email address."),
            TextField("Disabled", default_value="Read only", disabled=True),
            Select("Region", [("eu", "Europe"), ("us", "United States"), ("ap", "Asia Pacific")], placeholder="Choose"),
            DatePicker("Due date", default_value="2026-03-14", min="2026-01-01"),
            columns=2,
        ),
        TextArea("Notes", placeholder="Anything we should know?", rows=3),
        Grid(
            Stack(
                Checkbox("Email me about orders", default_checked=True),
                Checkbox("Weekly digest", description="A summary every Monday"),
                Checkbox("Partially selected", indeterminate=True),
                Checkbox("Disabled", disabled=True),
                Switch("Notifications", checked=on, on_change=set_on),
                Switch("Disabled switch", disabled=True),
                gap=3,
            ),
            Stack(
                RadioGroup(
                    "Plan",
                    [("free", "Free"), ("pro", "Pro"), ("team", "Team"), ("ent", "Enterprise")],
                    value=plan,
                    on_change=set_plan,
                    disabled_values=["ent"],
                    help="Arrow keys move",
                ),
                Slider("Volume", value=volume, on_change=set_volume, format=lambda v: f"{v}%"),
                gap=4,
            ),
            columns=2,
        ),
    )


def check_signup(values: dict[str, Any]) -> dict[str, str]:
    errors = {}
    if values.get("email") and "@" not in values["email"]:
        errors["email"] = "Enter a valid email address."
    if values.get("password") and len(values["password"]) < 8:
        errors["password"] = "Use at least 8 characters."
    return errors


@component
def SignupForm() -> Any:
    done, set_done = use_state(None)
    toast = use_toast()

    def submit(values: dict[str, Any]) -> None:
        set_done(values.get("email"))
        toast(f"Welcome, {values.get('email')}!", title="Account created", tone="success")

    return Card(
        Alert(f"Signed up as {done}.", tone="success") if done else None,
        Form(
            TextField("Email", name="email", required=True, autocomplete="off"),
            TextField("Password", name="password", type="password", required=True, help="At least 8 characters"),
            RadioGroup(
                "Role",
                ["Developer", "Designer", "Other"],
                name="role",
                orientation="horizontal",
                default_value="Developer",
            ),
            Checkbox("I accept the terms", name="terms", required=True),
            validate=check_signup,
            on_submit=submit,
            submit_label="Create account",
            actions=Button("Cancel", variant="ghost"),
        ),
        title="Form with validation",
        subtitle="Submit it empty to see the messages",
    )


@component
def Broken() -> Any:
    if use_app() is None:  # the build's pre-render: fail only in the running View, not in `pyview build`
        return Skeleton(lines=2)
    raise RuntimeError("the weather service returned no data")


@component
def Feedback() -> Any:
    toast = use_toast()
    return Section(
        "Feedback",
        Alert("Your workspace syncs every 5 minutes.", title="Information"),
        Alert("The export finished: 1,024 rows.", tone="success", title="Done", on_dismiss=lambda: None),
        Alert("Your trial ends in 3 days.", tone="warning"),
        Alert("The payment failed. Check the card details.", tone="danger", title="Payment failed"),
        Stack(
            Button("Show a toast", on_click=lambda: toast("Saved the report", tone="success")),
            Button(
                "Error toast",
                variant="danger",
                on_click=lambda: toast("Could not reach the server", title="Offline", tone="danger"),
            ),
            Spinner(),
            Spinner("Loading orders", show_label=True),
            direction="row",
            gap=3,
            wrap=True,
        ),
        h.div(
            Toast("Report saved to Downloads", title="Toast", tone="success", on_dismiss=lambda: None),
            style={"max-width": "360px"},
        ),
        Card(
            Stack(
                Stack(
                    Skeleton(circle=True, width=36),
                    Stack(Skeleton(width="40%"), Skeleton(width="25%"), gap=2, style={"flex": "1"}),
                    direction="row",
                ),
                Skeleton(lines=3),
                gap=3,
            ),
            title="Skeleton",
        ),
        ErrorBoundary(Broken()),
        Card(
            EmptyState(
                "No results",
                "Try a different search or clear the filters.",
                icon="search",
                action=Button("Clear filters", size="sm"),
            ),
            padding=0,
        ),
    )


@component
def Navigation() -> Any:
    page, set_page = use_state(6)
    return Section(
        "Navigation",
        Breadcrumbs([("Home", lambda: None), ("Reports", lambda: None), ("Revenue 2026", None)]),
        Tabs(
            [
                ("overview", "Overview", Text("Tabs: Left/Right arrows move, Home/End jump.")),
                {"id": "activity", "label": "Activity", "badge": "3", "content": Text("Recent activity.")},
                {"id": "settings", "label": "Settings", "icon": "settings", "content": Text("Settings.")},
                {"id": "archived", "label": "Archived", "disabled": True, "content": None},
            ],
            label="Project",
        ),
        Tabs(
            [("day", "Day", None), ("week", "Week", None), ("month", "Month", None)],
            variant="pills",
            default_value="week",
            label="Range",
        ),
        Accordion(
            [
                ("shipping", "Shipping", "Orders ship within 2 business days."),
                ("returns", "Returns", "Return anything within 30 days."),
                ("support", "Support", "Write to support@example.com."),
            ],
            default_open=["shipping"],
        ),
        Pagination(page, 12, on_change=set_page),
    )


@component
def Gallery() -> Any:
    return Theme(
        ToastProvider(
            h.main(
                Stack(
                    Heading("pyview.ui", level=1, size="2xl"),
                    Text("Every component in every state, styled only by the host's variables.", tone="secondary"),
                    gap=1,
                ),
                Layout(),
                Typography(),
                Actions(),
                Data(),
                Charts(),
                Inputs(),
                Section("Form", SignupForm()),
                Feedback(),
                Navigation(),
                style={
                    "display": "flex",
                    "flex-direction": "column",
                    "gap": "40px",
                    "padding": "24px",
                    "max-width": "880px",
                    "margin": "0 auto",
                },
            ),
        ),
        style={"background": "var(--pv-bg)", "min-height": "100vh"},
    )


view = View(Gallery, app)
