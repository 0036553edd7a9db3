"""How much one DWZ evaluation may move a rating: before 8 June 2026 the development
coefficient E, from then on the development factor K (the Deutscher Schachbund's
Wertungsordnung as RULES.md summarises it, "DWZ" and "DWZ from 8 June 2026"; the formulas are
listed in :mod:`elo_core.dwz`, which uses these in :func:`elo_core.dwz.update`)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from elo_core.dwz_table import DWZ_K0_ADULT, DWZ_K0_HIGH, DWZ_K0_YOUTH
from elo_core.rounding import round_fraction, round_half_away

# elo_core.dwz exports these three; it alone uses development_coefficient and development_factor.
__all__ = ["KGroup", "MAX_K", "coefficient_limits"]

#: Kmax: the development factor K is at most this (from :data:`elo_core.dwz.NEW_RULES_FROM` on).
MAX_K = 80

KGroup = Literal["youth", "adult", "high"]
"""The row of the K0 table: ``"youth"`` (age ≤ 25, below DWZ 2200), ``"adult"``
(age ≥ 26, below DWZ 2000), ``"high"`` (adults from 2000, youth from 2200)."""


# --- before 8 June 2026: the development coefficient E --------------------------


def _age_term(age: int) -> int:
    """J: 5 up to age 20, 10 from 21 to 25, 15 above 25."""
    if age <= 20:
        return 5
    if age <= 25:
        return 10
    return 15


def coefficient_limits(index: int, *, braked: bool) -> tuple[int, int]:
    """The lowest and highest development coefficient E (RULES.md, "DWZ"): at least 5; with
    the braking value (SBr > 0) at most 150, else at most 5 × index while the index is at most
    5 and at most 30 after that."""
    if braked:
        return 5, 150
    return 5, 5 * index if index <= 5 else 30


def development_coefficient(
    rating: float, *, age: int, index: int, at_least_expected: bool
) -> tuple[int, float, float, float, float, int]:
    """E and its pieces: (J, E0, fB, SBr, E0·fB + SBr, E rounded and limited).

    ``at_least_expected`` (W ≥ We) decides whether fB and SBr apply; ``index``
    (previous evaluations, at least 1) limits E to 5 × index while it is at
    most 5.
    """
    r0 = rating
    j = _age_term(age)
    e0 = (r0 / 1000.0) ** 4 + j
    fb = min(1.0, max(0.5, r0 / 2000.0)) if age <= 20 and at_least_expected else 1.0
    sbr = math.exp((1300.0 - r0) / 150.0) - 1.0 if r0 < 1300.0 and not at_least_expected else 0.0
    raw = e0 * fb + sbr
    lower, upper = coefficient_limits(index, braked=sbr > 0)
    e = int(min(upper, max(lower, round_half_away(raw))))
    return j, e0, fb, sbr, raw, e


# --- from 8 June 2026: the development factor K ---------------------------------


def _k_group(rating: float, age: int) -> KGroup:
    """The K0 table's row: youth/juniors (≤ 25) below 2200, adults below 2000, else high."""
    if age <= 25:
        return "youth" if rating < 2200 else "high"
    return "adult" if rating < 2000 else "high"


_K0_ROWS: dict[KGroup, tuple[int, ...]] = {
    "youth": DWZ_K0_YOUTH,
    "adult": DWZ_K0_ADULT,
    "high": DWZ_K0_HIGH,
}


def development_factor(
    r0: Decimal, *, age: int, index: int, at_least_expected: bool
) -> tuple[KGroup, int, Fraction, Fraction, Fraction, Fraction]:
    """K and its pieces: (group, K0, b, a, K0·b + a, K rounded to one decimal and capped).

    K0 from the table (index 1 … 10, above 10 the 11th column); the brake
    b = (R0 + 800)/2400 when W < We and R0 < 1600, else 1; the bonus a, only
    when W ≥ We: (2000 − R0)/30 up to age 20 below 2000, 4 from age 21 below
    1600, else 0; K = K0·b + a rounded to one decimal, at most 80.
    """
    rating = Fraction(r0)
    group = _k_group(float(r0), age)
    k0 = _K0_ROWS[group][min(index, 11) - 1]
    brake = (rating + 800) / 2400 if not at_least_expected and rating < 1600 else Fraction(1)
    bonus = Fraction(0)
    if at_least_expected:
        if age <= 20 and rating < 2000:
            bonus = (2000 - rating) / 30
        elif age >= 21 and rating < 1600:
            bonus = Fraction(4)
    raw = k0 * brake + bonus
    k = min(Fraction(MAX_K), round_fraction(raw, 1))
    return group, k0, brake, bonus, raw, k
