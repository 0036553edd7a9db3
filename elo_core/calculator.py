"""The calculator's modes as functions of raw form fields.

The page (through Pyodide) and the build (to pre-render the default example)
call the same functions, so the first paint and every later result come from
one code path. Inputs are the strings a user typed; outputs are plain numbers
with the number of decimals to show, or the errors found, by field.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from elo_core.elo import Game, expected_score, rate
from elo_core.errors import InputError

__all__ = ["DEFAULTS", "MODES", "compute", "parse_number"]

Output = dict[str, Any]


def parse_number(text: str, field: str, *, code: str) -> float:
    """A number as typed in any of the site's languages: ``1600``, ``0,5``, ``1.5``."""
    cleaned = text.strip().replace("\u2212", "-").replace(",", ".")
    try:
        value = float(cleaned)
    except ValueError:
        raise InputError(code, f"{field}: not a number: {text!r}", field=field) from None
    if not math.isfinite(value):
        raise InputError(code, f"{field}: not a finite number: {text!r}", field=field)
    return value


def _num(value: float, digits: int, *, signed: bool = False) -> Output:
    return {"value": value, "digits": digits, "signed": signed}


def _single(form: Mapping[str, str]) -> dict[str, Output]:
    rating_a = parse_number(form.get("rating_a", ""), "rating_a", code="rating-invalid")
    rating_b = parse_number(form.get("rating_b", ""), "rating_b", code="rating-invalid")
    score = parse_number(form.get("result", ""), "result", code="score-invalid")
    k = parse_number(form.get("k", "20"), "k", code="k-invalid")
    a = rate(rating_a, [Game(rating_b, score)], k=k)
    b = rate(rating_b, [Game(rating_a, 1 - score)], k=k)
    return {
        "expected_a": _num(expected_score(rating_a, rating_b), 2),
        "change_a": _num(a.change, 1, signed=True),
        "new_a": _num(a.new_rating, 1),
        "expected_b": _num(expected_score(rating_b, rating_a), 2),
        "change_b": _num(b.change, 1, signed=True),
        "new_b": _num(b.new_rating, 1),
    }


# The example each mode shows, already computed by the build, before anyone types.
DEFAULTS: dict[str, dict[str, str]] = {
    "single": {"rating_a": "1600", "rating_b": "1400", "result": "1", "k": "20"},
}

MODES: dict[str, Callable[[Mapping[str, str]], dict[str, Output]]] = {
    "single": _single,
}


def compute(mode: str, form: Mapping[str, str]) -> dict[str, Any]:
    """Run one calculator mode; bad input comes back as data, never as an exception."""
    try:
        outputs = MODES[mode](form)
    except InputError as error:
        return {
            "ok": False,
            "errors": [{"field": error.field, "code": error.code, "line": error.line}],
        }
    return {"ok": True, "outputs": outputs}


def _register_tools() -> None:
    # Imported here: calculator_tools builds on this module's helpers.
    from elo_core import calculator_tools

    MODES.update(calculator_tools.MODES)
    DEFAULTS.update(calculator_tools.DEFAULTS)


_register_tools()
