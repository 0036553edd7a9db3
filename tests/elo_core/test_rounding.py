"""round_half_away: half away from zero, on the decimal representation (FIDE B.02 8.3.4)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import InputError, round_half_away
from elo_core.rounding import round_fraction

SETTINGS = settings(deadline=None, database=None, max_examples=300)
finite = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False, allow_infinity=False)


@pytest.mark.parametrize(
    ("x", "ndigits", "expected"),
    [
        (4.85, 1, 4.9),  # 4.8499999… in binary; the decimal reading wins
        (-4.85, 1, -4.9),
        (2.675, 2, 2.68),  # Python's round gives 2.67
        (0.5, 0, 1.0),
        (1.5, 0, 2.0),
        (2.5, 0, 3.0),  # Python's round gives 2 (half to even)
        (-0.5, 0, -1.0),
        (-2.5, 0, -3.0),
        (4.805061467040844, 1, 4.8),
        (4.805061467040844, 0, 5.0),
        (11.70997357343619, 1, 11.7),
        (13.4, 1, 13.4),
        (0.4145, 3, 0.415),
        (1e300, 2, 1e300),
        (-1.7976931348623157e308, 12, -1.7976931348623157e308),
        (10**300, 12, 1e300),
        (1e-300, 12, 0.0),
        (7, 0, 7.0),
        (-7, 3, -7.0),
        (0.049999999999999996, 1, 0.0),
    ],
)
def test_examples(x: float, ndigits: int, expected: float) -> None:
    result = round_half_away(x, ndigits)
    assert result == expected
    assert type(result) is float


@pytest.mark.parametrize(("x", "ndigits"), [(-0.4, 0), (-0.04, 1), (-1e-9, 3), (-0.0, 0)])
def test_never_negative_zero(x: float, ndigits: int) -> None:
    assert math.copysign(1, round_half_away(x, ndigits)) == 1


@pytest.mark.parametrize(
    ("x", "ndigits", "code", "field"),
    [
        (float("nan"), 0, "number-invalid", "x"),
        (float("inf"), 0, "number-invalid", "x"),
        (float("-inf"), 1, "number-invalid", "x"),
        (True, 0, "number-invalid", "x"),
        ("1.5", 0, "number-invalid", "x"),
        (None, 0, "number-invalid", "x"),
        (10**400, 0, "number-invalid", "x"),
        (1.5, -1, "option-invalid", "ndigits"),
        (1.5, 13, "option-invalid", "ndigits"),
        (1.5, 1.0, "option-invalid", "ndigits"),
        (1.5, True, "option-invalid", "ndigits"),
    ],
)
def test_rejects(x: object, ndigits: object, code: str, field: str) -> None:
    with pytest.raises(InputError) as error:
        round_half_away(x, ndigits)  # type: ignore[arg-type]
    assert (error.value.code, error.value.field) == (code, field)


@SETTINGS
@given(finite, st.integers(min_value=0, max_value=6))
def test_close_symmetric_idempotent(x: float, ndigits: int) -> None:
    rounded = round_half_away(x, ndigits)
    assert abs(rounded - x) <= 0.5 * 10**-ndigits * (1 + 1e-9) + abs(x) * 1e-15
    assert round_half_away(-x, ndigits) == -rounded or rounded == 0
    assert round_half_away(rounded, ndigits) == rounded


@SETTINGS
@given(st.integers(min_value=-10**6, max_value=10**6), st.integers(min_value=0, max_value=4))
def test_exact_halves_go_away_from_zero(n: int, ndigits: int) -> None:
    # n + 0.5 in units of the last kept decimal, written out as a decimal string.
    text = f"{abs(n)}5".rjust(ndigits + 2, "0")
    value = float(("-" if n < 0 else "") + text[: -ndigits - 1] + "." + text[-ndigits - 1 :])
    expected = (abs(n) + 1) / 10**ndigits
    assert round_half_away(value, ndigits) == pytest.approx(math.copysign(expected, value))


@pytest.mark.parametrize(
    ("value", "ndigits", "expected"),
    [
        (Fraction(165, 2), 0, Fraction(83)),  # 15 × (6.5 − 11 × 1/11)
        (Fraction(-165, 2), 0, Fraction(-83)),
        (Fraction(1, 2), 0, Fraction(1)),
        (Fraction(-1, 2), 0, Fraction(-1)),
        (Fraction(1, 3), 0, Fraction(0)),
        (Fraction(-1, 3), 0, Fraction(0)),
        (Fraction(1, 20), 1, Fraction(1, 10)),
        (Fraction(10, 11), 1, Fraction(9, 10)),
        (Fraction(1, 8), 2, Fraction(13, 100)),
        (Fraction(-1, 8), 2, Fraction(-13, 100)),
    ],
)
def test_round_fraction(value: Fraction, ndigits: int, expected: Fraction) -> None:
    assert round_fraction(value, ndigits) == expected


@SETTINGS
@given(st.integers(min_value=-10**6, max_value=10**6), st.integers(min_value=0, max_value=4))
def test_round_fraction_agrees_with_round_half_away_on_decimals(n: int, ndigits: int) -> None:
    # n / 10^(ndigits + 1): every decimal with one more digit than kept, halves included.
    value = Fraction(n, 10 ** (ndigits + 1))
    assert float(round_fraction(value, ndigits)) == round_half_away(float(value), ndigits)
