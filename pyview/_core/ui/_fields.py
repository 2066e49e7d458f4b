"""Text-like inputs: ``TextField``, ``TextArea``, ``Select``, ``DatePicker`` (labelled, with help and errors)."""

from __future__ import annotations

from pyview._core.components._component import component
from pyview._core.components._element import h
from pyview._core.ui._form import FormState, use_field
from pyview._core.ui._icons import Icon
from pyview._core.ui._util import cx, options_of, props_of, use_id

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.components._element import ComponentElement, Element
    from pyview._core.components._event import Event


def field(
    field_id: str, label: object, control: Element, help: object, error: object, required: bool, class_: object = None
) -> Element:
    """The frame of a field: label, control, help text and error message, wired with ``aria-describedby``."""
    return h.div(
        h.label(
            label,
            h.span("*", class_="pv-label__req", aria_hidden="true") if required else None,
            for_=field_id,
            class_="pv-label",
        )
        if label is not None
        else None,
        control,
        messages(field_id, help, error),
        class_=cx("pv-field", class_),
    )


def messages(field_id: str, help: object, error: object) -> Element | None:
    """The help text, or the error message when there is one (ids ``<field_id>-help`` / ``-error``)."""
    if error:
        return h.p(Icon("alert-circle", size=13), error, id=f"{field_id}-error", class_="pv-error-text")
    if help is not None:
        return h.p(help, id=f"{field_id}-help", class_="pv-help")
    return None


def control_attrs(field_id: str, help: object, error: object, required: bool) -> dict[str, object]:
    """``id``, ``aria-describedby``, ``aria-invalid`` and ``aria-required`` for a field's control."""
    described = f"{field_id}-error" if error else f"{field_id}-help" if help is not None else None
    return {
        "id": field_id,
        "aria_describedby": described,
        "aria_invalid": True if error else None,
        "aria_required": True if required else None,
    }


def input_handler(
    on_change: Callable[[str], object] | None, name: str | None, form: FormState | None
) -> Callable[[Event], None] | None:
    """An ``input`` handler passing the text to ``on_change`` and to the form (which clears the field's message)."""
    if on_change is None and (form is None or not name):
        return None

    def on_input(event: Event) -> None:
        if form is not None and name:
            form.changed(name, event.value or "")
        if on_change is not None:
            on_change(event.value or "")

    return on_input


def enter_submits(form: FormState | None) -> Callable[[Event], None] | None:
    """A ``keydown`` handler submitting the form on Enter (what a browser does, but not in a sandboxed frame)."""
    if form is None:
        return None

    def on_key(event: Event) -> None:
        if event.key == "Enter":
            form.submit()

    return on_key


def initial_value(kind: str, props: dict[str, Any]) -> str:
    """The value an uncontrolled field starts with (a select's is its first option unless it has a placeholder)."""
    default = props.get("default_value")
    if default is not None:
        return str(default)
    if kind == "select" and props.get("placeholder") is None:
        options = options_of(props.get("options") or ())
        return options[0][0] if options else ""
    return ""


@component
def _Text(kind: str, label: object, props: dict[str, object]) -> object:
    p = dict(props)
    auto_id = use_id("pv-field")
    field_id = str(p.pop("id", None) or auto_id)
    name = str(p["name"]) if p.get("name") else None
    help, required = p.pop("help", None), bool(p.pop("required", False))
    error, form = use_field(name, label, required, p.pop("error", None))
    on_change = p.pop("on_change", None)
    value = p.pop("value", None)
    values = {"value": value} if value is not None else {"default_value": p.pop("default_value", None)}
    p.pop("default_value", None)
    handler = input_handler(on_change, name, form)  # type: ignore[arg-type]
    if form is not None and name:
        if value is not None:
            form.values[name] = value
        elif name not in form.values:
            form.values[name] = initial_value(kind, props)
    attrs = {**control_attrs(field_id, help, error, required), **values, **p}
    if kind == "textarea":
        initial = attrs.pop("default_value", None)
        control = h.textarea(initial, class_="pv-textarea", on_input=handler, **attrs)
    elif kind == "select":
        options = options_of(attrs.pop("options"))
        placeholder = attrs.pop("placeholder", None)
        chosen = None if value is not None else attrs.pop("default_value", None)
        if value is None and chosen is None and placeholder is None and options:
            chosen = options[0][0]
        control = h.div(
            h.select(
                h.option(placeholder, value="", disabled=True, selected=chosen is None and value is None)
                if placeholder is not None
                else None,
                [h.option(text, value=val, selected=val == chosen) for val, text in options],
                class_="pv-select",
                on_change=handler,
                **attrs,
            ),
            Icon("chevron-down", size=14),
            class_="pv-select-wrap",
        )
    else:
        control = h.input(class_="pv-input", type=kind, on_input=handler, on_key_down=enter_submits(form), **attrs)
    return field(field_id, label, control, help, error, required)


def TextField(
    label: object,
    *,
    value: str | None = None,
    on_change: Callable[[str], object] | None = None,
    name: str | None = None,
    type: str = "text",
    placeholder: str | None = None,
    help: object = None,
    error: object = None,
    required: bool = False,
    disabled: bool = False,
    key: object = None,
    **attrs: object,
) -> ComponentElement:
    """A labelled one-line text input.

    Controlled with ``value=`` and ``on_change`` (called with the text at every keystroke), or uncontrolled
    (``default_value=``; read in ``Form(on_submit=...)`` by ``name``).

    Args:
        label: the visible label (tied to the input with ``for``).
        type: ``text``, ``email``, ``password``, ``number``, ``search``, ``url``, ``tel`` ...
        help: a hint under the input (``aria-describedby``).
        error: an error message (replaces the hint; ``aria-invalid``); inside a ``Form``, its own messages.
        required: marked with ``*``; a ``Form`` refuses to submit it empty.
        **attrs: more input attributes (``default_value``, ``min``, ``max``, ``autocomplete``, ``id`` ...).

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(TextField("Name", id="n", placeholder="Ada"))
        >>> html
        '<div class="pv-field"><label for="n" class="pv-label">Name</label><input ... placeholder="Ada"></div>'
    """
    return _Text(type, label, props_of(locals(), "label", "type"), key=key)


def TextArea(
    label: object,
    *,
    value: str | None = None,
    on_change: Callable[[str], object] | None = None,
    name: str | None = None,
    rows: int = 4,
    placeholder: str | None = None,
    help: object = None,
    error: object = None,
    required: bool = False,
    disabled: bool = False,
    key: object = None,
    **attrs: object,
) -> ComponentElement:
    """A labelled multi-line text input (same options as :func:`TextField`).

    Example:
        >>> from pyview.components import render_to_string
        >>> 'rows="3"' in render_to_string(TextArea("Notes", rows=3))
        True
    """
    return _Text("textarea", label, props_of(locals(), "label"), key=key)


def Select(
    label: object,
    options: object,
    *,
    value: str | None = None,
    on_change: Callable[[str], object] | None = None,
    name: str | None = None,
    placeholder: str | None = None,
    help: object = None,
    error: object = None,
    required: bool = False,
    disabled: bool = False,
    key: object = None,
    **attrs: object,
) -> ComponentElement:
    """A labelled drop-down (native ``<select>``, so keyboard and screen readers work as everywhere).

    Args:
        options: values, ``(value, label)`` pairs or ``{"value", "label"}`` dicts.
        placeholder: a first, unselectable "Choose..." entry shown while nothing is chosen.

    Example:
        >>> from pyview.components import render_to_string
        >>> '<option value="eu" selected>Europe</option>' in render_to_string(Select("Region", [("eu", "Europe")]))
        True
    """
    return _Text("select", label, props_of(locals(), "label"), key=key)


def DatePicker(
    label: object,
    *,
    value: str | None = None,
    on_change: Callable[[str], object] | None = None,
    name: str | None = None,
    min: str | None = None,
    max: str | None = None,
    help: object = None,
    error: object = None,
    required: bool = False,
    disabled: bool = False,
    key: object = None,
    **attrs: object,
) -> ComponentElement:
    """A labelled date input (the browser's native picker); values are ISO dates, ``"2026-01-31"``.

    Example:
        >>> from pyview.components import render_to_string
        >>> 'type="date"' in render_to_string(DatePicker("Due", min="2026-01-01"))
        True
    """
    return _Text("date", label, props_of(locals(), "label"), key=key)
