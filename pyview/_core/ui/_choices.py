"""Choices: ``Checkbox``, ``Switch``, ``RadioGroup`` (arrow keys), ``Slider``."""

from __future__ import annotations

from pyview._core.components._component import component
from pyview._core.components._element import ComponentElement, h
from pyview._core.components._event import Event
from pyview._core.components._hooks import use_state
from pyview._core.ui._fields import control_attrs, field, messages
from pyview._core.ui._form import use_field
from pyview._core.ui._util import cx, options_of, props_of, use_focus, use_id

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable

_NEXT = {"ArrowDown": 1, "ArrowRight": 1, "ArrowUp": -1, "ArrowLeft": -1}


@component
def _Check(kind: str, label: object, props: dict[str, object]) -> object:
    p = dict(props)
    auto_id = use_id("pv-check")
    box_id = str(p.pop("id", None) or auto_id)
    name = str(p["name"]) if p.get("name") else None
    description = p.pop("description", None)
    required = bool(p.pop("required", False))
    if not p.get("indeterminate"):  # a property: set only to show the mixed state
        p.pop("indeterminate", None)
    error, form = use_field(name, label, required, p.pop("error", None))
    on_change: Callable[[bool], object] | None = p.pop("on_change", None)  # type: ignore[assignment]
    checked = p.pop("checked", None)
    if checked is None:
        p["default_checked"] = p.pop("default_checked", None)
    else:
        p.pop("default_checked", None)
        p["checked"] = checked
    reported = str(p.get("value") or "on")
    if form is not None and name:
        if checked is not None:
            form.values[name] = reported if checked else None
        elif name not in form.values:
            form.values[name] = reported if p.get("default_checked") else None
        if form.values.get(name) is None:
            form.values.pop(name, None)

    def changed(event: Event) -> None:
        if form is not None and name:
            form.changed(name, reported if event.checked else None)
        if on_change is not None:
            on_change(bool(event.checked))

    switch = kind == "switch"
    box = h.input(
        type="checkbox",
        role="switch" if switch else None,
        class_="pv-switch__box" if switch else "pv-check__box",
        on_change=changed if (on_change or (form is not None and name)) else None,
        **control_attrs(box_id, description, error, required),
        **p,
    )
    text = h.span(
        h.span(label),
        h.span(description, class_="pv-check__desc", id=f"{box_id}-help") if description is not None else None,
        class_="pv-check__text",
    )
    row = h.label(box, text, class_=cx("pv-check", p.get("disabled") and "pv-check--disabled"), for_=box_id)
    return h.div(row, messages(box_id, None, error), class_="pv-field")  # one shape: the box keeps its state


def Checkbox(
    label: object,
    *,
    checked: bool | None = None,
    on_change: Callable[[bool], object] | None = None,
    name: str | None = None,
    value: str = "on",
    description: object = None,
    indeterminate: bool = False,
    error: object = None,
    required: bool = False,
    disabled: bool = False,
    key: object = None,
    **attrs: object,
) -> ComponentElement:
    """A checkbox with its label (click the label to toggle; Space toggles from the keyboard). Controlled with
    ``checked=`` and ``on_change(bool)``, or uncontrolled (``default_checked=``).

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(Checkbox("Email me", checked=True, id="c"))
        >>> 'class="pv-check__box" id="c" value="on" checked>' in html
        True
    """
    return _Check("checkbox", label, props_of(locals(), "label"), key=key)


def Switch(
    label: object,
    *,
    checked: bool | None = None,
    on_change: Callable[[bool], object] | None = None,
    name: str | None = None,
    description: object = None,
    disabled: bool = False,
    key: object = None,
    **attrs: object,
) -> ComponentElement:
    """An on/off switch (a checkbox with ``role="switch"``); same options as :func:`Checkbox`.

    Example:
        >>> from pyview.components import render_to_string
        >>> 'role="switch"' in render_to_string(Switch("Dark mode"))
        True
    """
    return _Check("switch", label, props_of(locals(), "label"), key=key)


@component
def _RadioGroup(label: object, options: object, props: dict[str, object]) -> object:
    p = props
    group_id = use_id("pv-radios")
    items = options_of(options)
    disabled_values = set(p.get("disabled_values") or ())  # type: ignore[call-overload]
    name = p.get("name")
    required = bool(p.get("required"))
    error, form = use_field(name, label, required, p.get("error"))  # type: ignore[arg-type]
    own, set_own = use_state(p.get("default_value"))
    value = p["value"] if p.get("value") is not None else own
    on_change: Callable[[str], object] | None = p.get("on_change")  # type: ignore[assignment]
    disabled = bool(p.get("disabled"))
    focus_on = use_focus()

    def choose(new: str, focus: bool = False) -> None:
        if focus:
            focus_on(f"{group_id}-{new}")
        set_own(new)
        if form is not None and name:
            form.changed(str(name), new)
        if on_change is not None and new != value:
            on_change(new)

    def on_key(index: int) -> Callable[[Event], None]:
        def handler(event: Event) -> None:
            step = _NEXT.get(event.key or "")
            enabled = [i for i, (v, _) in enumerate(items) if v not in disabled_values]
            if not enabled:
                return
            if event.key == "Home":
                target = enabled[0]
            elif event.key == "End":
                target = enabled[-1]
            elif step is not None:
                pos = enabled.index(index) if index in enabled else 0
                target = enabled[(pos + step) % len(enabled)]
            else:
                return
            choose(items[target][0], focus=True)

        return handler

    if form is not None and name:
        if value:
            form.values[str(name)] = value
        else:
            form.values.pop(str(name), None)
    values = [v for v, _ in items]
    tab_value = value if value in values else next((v for v in values if v not in disabled_values), None)
    radios = [
        h.button(
            h.span(class_="pv-radio__dot"),
            h.span(text),
            type="button",
            role="radio",
            id=f"{group_id}-{val}",
            class_="pv-radio",
            aria_checked="true" if val == value else "false",
            tabindex="0" if val == tab_value else "-1",
            disabled=disabled or val in disabled_values,
            on_click=lambda val=val: choose(val),
            on_key_down=on_key(i),
            key=val,
        )
        for i, (val, text) in enumerate(items)
    ]
    group = h.div(
        radios,
        h.input(type="hidden", name=name, value=value or "") if name else None,
        role="radiogroup",
        class_=cx("pv-radios", p.get("orientation") == "horizontal" and "pv-radios--row"),
        aria_labelledby=f"{group_id}-label",
        aria_invalid=True if error else None,
        aria_required=True if required else None,
        aria_describedby=f"{group_id}-error" if error else f"{group_id}-help" if p.get("help") is not None else None,
    )
    return h.div(
        h.span(label, id=f"{group_id}-label", class_="pv-label"),
        group,
        messages(group_id, p.get("help"), error),
        class_="pv-field",
    )


def RadioGroup(
    label: object,
    options: object,
    *,
    value: str | None = None,
    on_change: Callable[[str], object] | None = None,
    default_value: str | None = None,
    name: str | None = None,
    orientation: str = "vertical",
    disabled: bool = False,
    disabled_values: object = (),
    help: object = None,
    error: object = None,
    required: bool = False,
    key: object = None,
) -> ComponentElement:
    """One choice among a few, all visible; arrow keys move and select, Tab leaves the group.

    Args:
        options: values, ``(value, label)`` pairs or ``{"value", "label"}`` dicts.
        value: the selected value (controlled, with ``on_change``); or ``default_value`` (uncontrolled).
        name: the form field name (a hidden input carries the value).
        orientation: ``"vertical"`` (default) or ``"horizontal"``.
        disabled_values: options that cannot be chosen.

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(RadioGroup("Plan", ["Free", "Pro"], default_value="Pro"))
        >>> 'role="radiogroup"' in html and 'aria-checked="true" tabindex="0"' in html
        True
    """
    return _RadioGroup(label, options, props_of(locals(), "label", "options"), key=key)


@component
def _Slider(label: object, props: dict[str, object]) -> object:
    p = dict(props)
    auto_id = use_id("pv-slider")
    slider_id = str(p.pop("id", None) or auto_id)
    on_change: Callable[[float], object] | None = p.pop("on_change", None)  # type: ignore[assignment]
    fmt: Callable[[float], object] | None = p.pop("format", None)  # type: ignore[assignment]
    help = p.pop("help", None)
    own, set_own = use_state(p.pop("default_value", None) or p.get("min") or 0)
    value = p.pop("value", None)
    shown = own if value is None else value
    is_int = all(isinstance(p.get(k), int) for k in ("min", "max", "step"))

    def moved(event: Event) -> None:
        number = float(event.value or 0)
        result = int(number) if is_int else number
        set_own(result)
        if on_change is not None:
            on_change(result)

    control = h.div(
        h.input(
            type="range",
            class_="pv-slider__input",
            value=shown,
            on_input=moved,
            aria_valuetext=str(fmt(shown)) if fmt else None,  # type: ignore[arg-type]
            **control_attrs(slider_id, help, None, False),
            **p,
        ),
        h.output(str(fmt(shown)) if fmt else str(shown), for_=slider_id, class_="pv-slider__value"),  # type: ignore[arg-type]
        class_="pv-slider",
    )
    return field(slider_id, label, control, help, None, False)


def Slider(
    label: object,
    *,
    value: float | None = None,
    on_change: Callable[[float], object] | None = None,
    default_value: float | None = None,
    min: float = 0,
    max: float = 100,
    step: float = 1,
    name: str | None = None,
    format: Callable[[float], object] | None = None,
    help: object = None,
    disabled: bool = False,
    key: object = None,
) -> ComponentElement:
    """A labelled range slider from ``min`` to ``max`` by ``step`` (all ints: int values) showing its value; native
    keys (arrow keys, Page Up/Down, Home/End).

    Args:
        value: controlled value (with ``on_change``), or ``default_value``.
        format: shows the value (``lambda v: f"{v}%"``), also as ``aria-valuetext``.

    Example:
        >>> from pyview.components import render_to_string
        >>> html = render_to_string(Slider("Volume", default_value=30))
        >>> 'type="range"' in html and ">30</output>" in html
        True
    """
    return _Slider(label, props_of(locals(), "label"), key=key)
