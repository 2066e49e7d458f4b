"""``Form``: validation in Python, messages beside the fields, a busy submit button."""

from __future__ import annotations

from pyview._core.components._action import use_action
from pyview._core.components._component import component, create_context, use_context
from pyview._core.components._element import h
from pyview._core.components._hooks import use_ref, use_state
from pyview._core.ui._actions import Button
from pyview._core.ui._feedback import Alert
from pyview._core.ui._util import cx, use_focus, use_id

TYPE_CHECKING = False  # typing's constant, without importing typing (the portable subset)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pyview._core.components._element import ComponentElement

FORM_CONTEXT = create_context(None, "Form")


class FormState:
    """What fields see of their form: ``errors`` by name, the current ``values``, ``changed(name, value)``.

    Fields report their values to the form as they change, rather than the form reading them on a ``submit``
    event: hosts sandbox Views without ``allow-forms``, where the browser never fires ``submit``.
    """

    __slots__ = ("clear", "errors", "required", "submit", "values")

    def __init__(
        self, errors: dict[str, str], required: dict[str, str], clear: Callable[[str], None], values: dict[str, Any]
    ) -> None:
        self.errors = errors
        self.required = required
        self.clear = clear
        self.values = values
        self.submit: Callable[[], None] = lambda: None

    def changed(self, name: str, value: object) -> None:
        """A field's new value (None: no value, like an unchecked checkbox); clears the field's message."""
        if value is None:
            self.values.pop(name, None)
        else:
            self.values[name] = value
        self.clear(name)


def use_field(name: str | None, label: object, required: bool, error: object) -> tuple[object, FormState | None]:
    """A field's error (its own ``error=``, else its form's) and the form; registers a required field."""
    form: FormState | None = use_context(FORM_CONTEXT)
    if form is not None and name:
        if required:
            form.required[name] = str(label)
        if error is None:
            error = form.errors.get(name)
    return error, form


def required_errors(values: dict[str, Any], required: dict[str, str]) -> dict[str, str]:
    """``{name: "<label> is required."}`` for every required field left empty.

    Example:
        >>> required_errors({"name": " ", "email": "a@b.c"}, {"name": "Name", "email": "Email"})
        {'name': 'Name is required.'}
    """
    errors: dict[str, str] = {}
    for name, label in required.items():
        value = values.get(name)
        if value is None or (isinstance(value, str) and not value.strip()) or value == []:
            errors[name] = f"{label} is required."
    return errors


def _invalid(attrs: dict[str, str]) -> bool:
    """A field showing its error (``[aria-invalid="true"]``): the one the form focuses."""
    return attrs.get("aria-invalid") == "true"


@component
def _Form(
    children: tuple[object, ...],
    on_submit: Callable[[dict[str, Any]], object] | None,
    validate: Callable[[dict[str, Any]], dict[str, str] | None] | None,
    submit_label: object,
    actions: object,
    class_: object,
) -> object:
    no_errors: dict[str, str] = {}
    errors, set_errors = use_state(no_errors)
    required = use_ref({})
    values = use_ref({})
    focus_on = use_focus()
    form_id = use_id("pv-form")
    submit = use_action(lambda values: on_submit(values) if on_submit else None)

    def clear(name: str) -> None:
        if name in errors:
            set_errors({k: v for k, v in errors.items() if k != name})

    def handle() -> None:
        current = dict(values.current)
        found = required_errors(current, required.current)
        if validate is not None:
            for name, message in (validate(current) or {}).items():
                found.setdefault(name, message)
        set_errors(found)
        if found:  # resolved after this update, when the fields show their errors
            focus_on(form_id, _invalid)
        elif not submit.pending:
            submit(current)

    required.current = {}
    state = FormState(errors, required.current, clear, values.current)
    state.submit = handle
    count = len(errors)
    summary = (
        Alert(
            f"Please correct {count} field{'s' if count > 1 else ''} below.",
            tone="danger",
            class_="pv-form__summary",
        )
        if errors
        else None
    )
    buttons = actions
    if submit_label is not None:
        buttons = [actions, Button(submit_label, variant="primary", loading=submit.pending, on_click=handle)]
    return h.form(
        summary,
        FORM_CONTEXT.provider(state, *children),
        h.div(buttons, class_="pv-form__actions") if buttons else None,
        id=form_id,
        class_=cx("pv-form", class_),
        novalidate=True,
        on_submit=lambda: None,  # prevented; fields report their values (sandboxed frames never submit)
        aria_busy=True if submit.pending else None,
    )


def Form(
    *children: object,
    on_submit: Callable[[dict[str, Any]], object] | None = None,
    validate: Callable[[dict[str, Any]], dict[str, str] | None] | None = None,
    submit_label: object = "Submit",
    actions: object = None,
    class_: object = None,
    key: object = None,
) -> ComponentElement:
    """A form that validates in Python and shows each message under its field.

    On submit the fields' values (by ``name``) are checked: every field with ``required=True`` must be filled,
    then ``validate(values)`` may return ``{name: message}``. With errors, a summary shows at the top, each
    field shows its message (``aria-invalid``), and the first invalid field gets focus; without,
    ``on_submit(values)`` runs (sync or async; the submit button shows a spinner meanwhile). Editing a field
    clears its message.

    Args:
        *children: the fields (``TextField``, ``Select``, ``Checkbox``, ``RadioGroup`` ... with ``name=``).
        on_submit: called with ``{name: value}`` when the values are valid.
        validate: ``values -> {name: message}`` (or None) for rules beyond ``required``.
        submit_label: the submit button's label (None: no submit button).
        actions: more buttons beside the submit button (e.g. a "Cancel").

    Example:
        >>> from pyview.ui import TextField
        >>> def check(values):
        ...     return {} if "@" in values.get("email", "") else {"email": "Enter an email address."}
        >>> form = Form(TextField("Email", name="email", required=True), validate=check, on_submit=print)
    """
    return _Form(children, on_submit, validate, submit_label, actions, class_, key=key)
