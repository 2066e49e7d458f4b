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

# module -> the public names it defines: what this facade exports (the imports below repeat it for type checkers)
_LAZY: dict[str, tuple[str, ...]] = {
    "_actions": ("Button", "ButtonGroup", "IconButton"),
    "_boundary": ("ErrorBoundary",),
    "_charts": ("AreaChart", "BarChart", "LineChart", "Sparkline"),
    "_choices": ("Checkbox", "RadioGroup", "Slider", "Switch"),
    "_data": ("Avatar", "Badge", "KeyValue", "Stat"),
    "_feedback": ("Alert", "EmptyState", "Skeleton", "Spinner", "Toast"),
    "_fields": ("DatePicker", "Select", "TextArea", "TextField"),
    "_form": ("Form",),
    "_icons": ("ICONS", "Icon"),
    "_layout": ("Card", "Divider", "Grid", "ScrollArea", "Stack"),
    "_nav": ("Accordion", "Breadcrumbs", "Pagination", "Tabs"),
    "_table": ("Table",),
    "_text": ("Code", "Heading", "Link", "Text"),
    "_theme": ("StyleSheet", "Theme", "stylesheet"),
    "_toast": ("ToastProvider", "use_toast"),
}

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:  # what type checkers and the API reference read (`import X as X`: a re-export, PEP 484)
    from pyview._core.ui._actions import Button as Button
    from pyview._core.ui._actions import ButtonGroup as ButtonGroup
    from pyview._core.ui._actions import IconButton as IconButton
    from pyview._core.ui._boundary import ErrorBoundary as ErrorBoundary
    from pyview._core.ui._charts import AreaChart as AreaChart
    from pyview._core.ui._charts import BarChart as BarChart
    from pyview._core.ui._charts import LineChart as LineChart
    from pyview._core.ui._charts import Sparkline as Sparkline
    from pyview._core.ui._choices import Checkbox as Checkbox
    from pyview._core.ui._choices import RadioGroup as RadioGroup
    from pyview._core.ui._choices import Slider as Slider
    from pyview._core.ui._choices import Switch as Switch
    from pyview._core.ui._data import Avatar as Avatar
    from pyview._core.ui._data import Badge as Badge
    from pyview._core.ui._data import KeyValue as KeyValue
    from pyview._core.ui._data import Stat as Stat
    from pyview._core.ui._feedback import Alert as Alert
    from pyview._core.ui._feedback import EmptyState as EmptyState
    from pyview._core.ui._feedback import Skeleton as Skeleton
    from pyview._core.ui._feedback import Spinner as Spinner
    from pyview._core.ui._feedback import Toast as Toast
    from pyview._core.ui._fields import DatePicker as DatePicker
    from pyview._core.ui._fields import Select as Select
    from pyview._core.ui._fields import TextArea as TextArea
    from pyview._core.ui._fields import TextField as TextField
    from pyview._core.ui._form import Form as Form
    from pyview._core.ui._icons import ICONS as ICONS
    from pyview._core.ui._icons import Icon as Icon
    from pyview._core.ui._layout import Card as Card
    from pyview._core.ui._layout import Divider as Divider
    from pyview._core.ui._layout import Grid as Grid
    from pyview._core.ui._layout import ScrollArea as ScrollArea
    from pyview._core.ui._layout import Stack as Stack
    from pyview._core.ui._nav import Accordion as Accordion
    from pyview._core.ui._nav import Breadcrumbs as Breadcrumbs
    from pyview._core.ui._nav import Pagination as Pagination
    from pyview._core.ui._nav import Tabs as Tabs
    from pyview._core.ui._table import Table as Table
    from pyview._core.ui._text import Code as Code
    from pyview._core.ui._text import Heading as Heading
    from pyview._core.ui._text import Link as Link
    from pyview._core.ui._text import Text as Text
    from pyview._core.ui._theme import StyleSheet as StyleSheet
    from pyview._core.ui._theme import Theme as Theme
    from pyview._core.ui._theme import stylesheet as stylesheet
    from pyview._core.ui._toast import ToastProvider as ToastProvider
    from pyview._core.ui._toast import use_toast as use_toast
else:  # at run time a name loads its module on first use (unseen by type checkers: a misspelt name stays an error)
    __getattr__, __dir__, __all__ = lazy_exports(__name__, _LAZY, "pyview._core.ui")
