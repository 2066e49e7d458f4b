"""``shape_problem``: the first field that does not fit, named, or None; the same answer whether the value fits
(checked without naming fields) or not (walked field by field)."""

from __future__ import annotations

from typing import Any

import pytest

from pyview.app import MapOf, Maybe, NonEmpty, shape_problem

SHAPE = {
    "city": str,
    "units": ("metric", "imperial"),
    "current": {"temperature": float, "uv_index": Maybe(int), "is_day": bool},
    "hourly": [{"temperature": float, "chance": Maybe(float)}],
    "daily": NonEmpty({"high": float}),
    "counts": MapOf(int),
}


def good() -> dict[str, Any]:
    return {
        "city": "Oslo",
        "units": "metric",
        "current": {"temperature": 4, "is_day": True},  # a whole number is a number; a Maybe may be missing
        "hourly": [{"temperature": 1.5, "chance": None}, {"temperature": -2}],
        "daily": [{"high": 6.5}],
        "counts": {"paid": 3},
    }


def test_a_value_that_fits_has_no_problem() -> None:
    assert shape_problem(good(), SHAPE) is None
    assert shape_problem(None, Maybe(SHAPE)) is None
    assert shape_problem([], [int]) is None and shape_problem({}, MapOf(str)) is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda v: v.pop("city"), "city is missing"),
        (lambda v: v.update(units="kelvin"), "units should be one of metric, imperial (got 'kelvin')"),
        (lambda v: v["current"].update(temperature="4"), "current.temperature should be a number (got '4')"),
        (lambda v: v["current"].update(uv_index=2.5), "current.uv_index should be a whole number (got 2.5)"),
        (lambda v: v["current"].update(uv_index=True), "current.uv_index should be a whole number (got True)"),
        (lambda v: v["current"].update(temperature=False), "current.temperature should be a number (got False)"),
        (lambda v: v["current"].update(is_day=1), "current.is_day should be true or false (got 1)"),
        (lambda v: v["hourly"][1].update(chance="5"), "hourly[1].chance should be a number (got '5')"),
        (lambda v: v["hourly"].append(3), "hourly[2] should be an object (got 3)"),
        (lambda v: v.update(hourly={}), "hourly should be a list (got {})"),
        (lambda v: v.update(daily=[]), "daily should have at least one item"),
        (lambda v: v["counts"].update(shipped="2"), "counts.shipped should be a whole number (got '2')"),
        (lambda v: v.update(counts=[]), "counts should be an object (got [])"),
    ],
)
def test_the_first_misfit_is_named(change: Any, problem: str) -> None:
    value = good()
    change(value)
    assert shape_problem(value, SHAPE) == problem


def test_a_value_of_the_wrong_kind_at_the_top() -> None:
    assert shape_problem("Oslo", SHAPE) == "the result should be an object (got 'Oslo')"
