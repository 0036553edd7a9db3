"""compute() for every mode, with any fields at all: a result or coded errors, always, and soon."""

from __future__ import annotations

import math
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elo_core.errors import ERROR_CODES
from elo_core.page import DEFAULTS, MODES, compute
from number_cases import FORMATS

# A hang guard, not a speed target: every loop on user input is bounded, so any answer
# comes in well under this.
HANG_SECONDS = 20

EXTREME_NUMBERS = [
    "1e308", "-1e308", "1e-320", "-1e-320", "1e-30", "1e-200", "5e-324", "nan", "NaN", "inf",
    "-inf", "Infinity", "0", "-0", "0.0001", "99999999999999999999", "1,600", "1.600", "1.750,5",
    "1 600", "1\u202f600", "3½", "½", "-½", "0x10", "1_000", "٣", "１６００", "", " ", "--1",
    "1" + "0" * 400, "-1" + "0" * 310 + ".5", "1e309", "-Infinity", "²", "9" * 5000,
]


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    if sys.platform == "emscripten":
        yield  # no alarms in Pyodide; the run as a whole has its time limit
        return

    def hang(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _field_value(default: str) -> st.SearchStrategy[str]:
    lines = st.lists(
        st.one_of(st.sampled_from(EXTREME_NUMBERS), st.text(max_size=12)), max_size=6
    ).map(lambda parts: " | ".join(parts))
    return st.one_of(
        st.just(default),
        st.sampled_from(EXTREME_NUMBERS),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.text(max_size=40),
        st.lists(lines, max_size=8).map("\n".join),
    )


@st.composite
def forms(draw: st.DrawFn) -> tuple[str, dict[str, str], str]:
    mode = draw(st.sampled_from(sorted(MODES)))
    fields = dict(DEFAULTS[mode]) | {"model": "logistic", "cap": "none", "rounding": "none"}
    form = {}
    for name, default in fields.items():
        if draw(st.booleans()):
            form[name] = draw(_field_value(default))
        elif draw(st.integers(0, 9)):
            form[name] = default  # otherwise the field is missing altogether
    lang = draw(st.sampled_from(list(FORMATS)))
    return mode, form, lang


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(forms())
def test_any_fields_give_a_result_or_coded_errors(case: tuple[str, dict[str, str], str]) -> None:
    mode, form, lang = case
    with time_limit(HANG_SECONDS):
        result = compute(mode, form, lang, FORMATS[lang])
    # Numbers the page can show and JSON can carry, in outputs and in errors' params alike:
    # never NaN or infinite.
    assert _finite(result), result
    if not result["ok"]:
        assert result["errors"], result
        for error in result["errors"]:
            assert error["code"] in ERROR_CODES, error
            assert set(error) == {"field", "code", "line", "reason", "params"}


@pytest.mark.parametrize("tau", ["1e-30", "1e-320", "0.0000001", "5", "1e308"])
def test_glicko2_parameters_out_of_range_are_coded_errors_not_hangs(tau: str) -> None:
    form = dict(DEFAULTS["glicko2"]) | {"g_tau": tau}
    with time_limit(HANG_SECONDS):
        result = compute("glicko2", form, "en")
    assert not result["ok"]
    assert [error["code"] for error in result["errors"]] == ["tau-invalid"]
