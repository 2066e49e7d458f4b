"""pyview's ready-made components: layout, text, actions, data, charts, inputs, feedback and navigation.

Styled only from the host's CSS variables (``styles.variables``), with light and dark fallbacks, so a View looks
native in every host without writing CSS. Wrap the View in :func:`Theme` once: it ships the stylesheet (also in
the build's pre-render). Browser core: standard library only, names load on first use.

Example:
    >>> from pyview.components import component, render_to_string
    >>> from pyview.ui import Button, Card, Stack, Theme
    >>> @component
    ... def App():
    ...     return Theme(Card(Stack(Button("Save", variant="primary")), title="Settings"))
    >>> "pv-btn--primary" in render_to_string(App())
    True
"""

from __future__ import annotations

from pyview._lazy import lazy_exports

_LAZY: dict[str, str] = {
    "Theme": "_theme",
    "StyleSheet": "_theme",
    "stylesheet": "_theme",
    "Stack": "_layout",
    "Grid": "_layout",
    "Card": "_layout",
    "Divider": "_layout",
    "ScrollArea": "_layout",
    "Heading": "_text",
    "Text": "_text",
    "Code": "_text",
    "Link": "_text",
    "Icon": "_icons",
    "ICONS": "_icons",
    "Button": "_actions",
    "IconButton": "_actions",
    "ButtonGroup": "_actions",
    "Badge": "_data",
    "Avatar": "_data",
    "Stat": "_data",
    "KeyValue": "_data",
    "Table": "_table",
    "LineChart": "_charts",
    "AreaChart": "_charts",
    "BarChart": "_charts",
    "Sparkline": "_charts",
    "TextField": "_fields",
    "TextArea": "_fields",
    "Select": "_fields",
    "DatePicker": "_fields",
    "Checkbox": "_choices",
    "Switch": "_choices",
    "RadioGroup": "_choices",
    "Slider": "_choices",
    "Form": "_form",
    "Alert": "_feedback",
    "Toast": "_feedback",
    "Spinner": "_feedback",
    "Skeleton": "_feedback",
    "EmptyState": "_feedback",
    "ToastProvider": "_toast",
    "use_toast": "_toast",
    "ErrorBoundary": "_boundary",
    "Tabs": "_nav",
    "Accordion": "_nav",
    "Breadcrumbs": "_nav",
    "Pagination": "_nav",
}

__all__ = [
    "ICONS",
    "Accordion",
    "Alert",
    "AreaChart",
    "Avatar",
    "Badge",
    "BarChart",
    "Breadcrumbs",
    "Button",
    "ButtonGroup",
    "Card",
    "Checkbox",
    "Code",
    "DatePicker",
    "Divider",
    "EmptyState",
    "ErrorBoundary",
    "Form",
    "Grid",
    "Heading",
    "Icon",
    "IconButton",
    "KeyValue",
    "LineChart",
    "Link",
    "Pagination",
    "RadioGroup",
    "ScrollArea",
    "Select",
    "Skeleton",
    "Slider",
    "Sparkline",
    "Spinner",
    "Stack",
    "Stat",
    "StyleSheet",
    "Switch",
    "Table",
    "Tabs",
    "Text",
    "TextArea",
    "TextField",
    "Theme",
    "Toast",
    "ToastProvider",
    "stylesheet",
    "use_toast",
]

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from pyview._core.ui._actions import Button, ButtonGroup, IconButton
    from pyview._core.ui._boundary import ErrorBoundary
    from pyview._core.ui._charts import AreaChart, BarChart, LineChart, Sparkline
    from pyview._core.ui._choices import Checkbox, RadioGroup, Slider, Switch
    from pyview._core.ui._data import Avatar, Badge, KeyValue, Stat
    from pyview._core.ui._feedback import Alert, EmptyState, Skeleton, Spinner, Toast
    from pyview._core.ui._fields import DatePicker, Select, TextArea, TextField
    from pyview._core.ui._form import Form
    from pyview._core.ui._icons import ICONS, Icon
    from pyview._core.ui._layout import Card, Divider, Grid, ScrollArea, Stack
    from pyview._core.ui._nav import Accordion, Breadcrumbs, Pagination, Tabs
    from pyview._core.ui._table import Table
    from pyview._core.ui._text import Code, Heading, Link, Text
    from pyview._core.ui._theme import StyleSheet, Theme, stylesheet
    from pyview._core.ui._toast import ToastProvider, use_toast


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, __all__, "pyview._core.ui")
