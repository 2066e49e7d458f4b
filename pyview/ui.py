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

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from pyview._core.ui._actions import Button as Button, ButtonGroup as ButtonGroup, IconButton as IconButton
    from pyview._core.ui._boundary import ErrorBoundary as ErrorBoundary
    from pyview._core.ui._charts import (
        AreaChart as AreaChart,
        BarChart as BarChart,
        LineChart as LineChart,
        Sparkline as Sparkline,
    )
    from pyview._core.ui._choices import (
        Checkbox as Checkbox,
        RadioGroup as RadioGroup,
        Slider as Slider,
        Switch as Switch,
    )
    from pyview._core.ui._data import Avatar as Avatar, Badge as Badge, KeyValue as KeyValue, Stat as Stat
    from pyview._core.ui._feedback import (
        Alert as Alert,
        EmptyState as EmptyState,
        Skeleton as Skeleton,
        Spinner as Spinner,
        Toast as Toast,
    )
    from pyview._core.ui._fields import (
        DatePicker as DatePicker,
        Select as Select,
        TextArea as TextArea,
        TextField as TextField,
    )
    from pyview._core.ui._form import Form as Form
    from pyview._core.ui._icons import ICONS as ICONS, Icon as Icon
    from pyview._core.ui._layout import (
        Card as Card,
        Divider as Divider,
        Grid as Grid,
        ScrollArea as ScrollArea,
        Stack as Stack,
    )
    from pyview._core.ui._nav import (
        Accordion as Accordion,
        Breadcrumbs as Breadcrumbs,
        Pagination as Pagination,
        Tabs as Tabs,
    )
    from pyview._core.ui._table import Table as Table
    from pyview._core.ui._text import Code as Code, Heading as Heading, Link as Link, Text as Text
    from pyview._core.ui._theme import StyleSheet as StyleSheet, Theme as Theme, stylesheet as stylesheet
    from pyview._core.ui._toast import ToastProvider as ToastProvider, use_toast as use_toast
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, "pyview._core.ui")
