"""Rounding as people (and FIDE B.02 8.3.4) do it: half away from zero, on decimals.

Ratings are typed and printed as decimals, so elo_core rounds the *decimal
representation* of a float (its ``repr``, the shortest text that reads back
as the same float), not its exact binary value: ``4.85`` is stored as
4.8499999999999996447…, yet ``round_half_away(4.85, 1)`` is ``4.9``, as
anyone checking by hand expects (Python's ``round`` gives 4.8).

Sums and products whose rounding matters (a period's rating change, an
average of opponents) are computed on the same decimal values with
:data:`CONTEXT`, so ``40 × (1 − 0.76)`` is exactly 9.6 and a true tie such as
6.25 is never turned into 6.2499999… first. Where an exact value has no finite
decimal form (an expected score of 10/11 at the 400-point cap), the sum is
kept as a :class:`~fractions.Fraction` and rounded by :func:`round_fraction`:
eleven games at 1/11 each add up to exactly 1, not 1.00000000000000001.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Context, Decimal
from fractions import Fraction

from elo_core.errors import InputError

__all__ = [
    "CONTEXT",
    "decimal_sum",
    "round_decimal",
    "round_fraction",
    "round_half_away",
    "to_decimal",
]

#: Enough digits that sums and products of ratings, scores and expected scores
#: are exact, and that any float can be quantized to 12 decimals (a float has at
#: most 309 digits before the point); independent of ``decimal.getcontext()``.
CONTEXT = Context(prec=400, rounding=ROUND_HALF_EVEN, Emax=999_999, Emin=-999_999)

MAX_NDIGITS = 12


def to_decimal(x: float) -> Decimal:
    """The decimal value of ``x`` as written: ``Decimal(repr(x))`` (exact for ints)."""
    if isinstance(x, int):
        return Decimal(x)
    return Decimal(repr(float(x)))


def decimal_sum(values: Iterable[Decimal]) -> Decimal:
    """The exact sum of ``values`` in :data:`CONTEXT`."""
    total = Decimal(0)
    for value in values:
        total = CONTEXT.add(total, value)
    return total


def round_decimal(value: Decimal, ndigits: int = 0) -> Decimal:
    """``value`` rounded to ``ndigits`` decimals, 0.5 away from zero (FIDE B.02 8.3.4)."""
    rounded = value.quantize(Decimal(1).scaleb(-ndigits), rounding=ROUND_HALF_UP, context=CONTEXT)
    return Decimal(0) if rounded.is_zero() else rounded  # never "-0"


def round_fraction(value: Fraction, ndigits: int = 0) -> Fraction:
    """``value`` rounded to ``ndigits`` decimals, 0.5 away from zero, exactly (FIDE B.02 8.3.4).

    For sums with no finite decimal form: ``round_fraction(Fraction(165, 2)) == 83``.
    """
    scale = 10**ndigits
    whole = math.floor(abs(value) * scale + Fraction(1, 2))
    return Fraction(whole if value >= 0 else -whole, scale)


def round_half_away(x: float, ndigits: int = 0) -> float:
    """``x`` rounded to ``ndigits`` decimals (0–12), a half away from zero.

    Rounds the decimal representation, ``Decimal(repr(x))`` with ROUND_HALF_UP,
    not the binary value: ``round_half_away(4.85, 1) == 4.9``,
    ``round_half_away(-0.5) == -1.0``, ``round_half_away(2.675, 2) == 2.68``.
    This is the rounding of FIDE B.02 8.3.4 (0.5 is rounded away from zero).
    Never returns ``-0.0``.
    """
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise InputError("number-invalid", "The value to round must be a number.", field="x")
    if isinstance(x, float) and not math.isfinite(x):
        raise InputError("number-invalid", "The value to round must be a finite number.", field="x")
    if isinstance(ndigits, bool) or not isinstance(ndigits, int):
        raise InputError(
            "option-invalid", "The number of decimals must be a whole number.", field="ndigits"
        )
    if not 0 <= ndigits <= MAX_NDIGITS:
        raise InputError(
            "option-invalid",
            f"The number of decimals must be from 0 to {MAX_NDIGITS}.",
            field="ndigits",
        )
    if isinstance(x, int) and abs(x) > 10**300:
        raise InputError("number-invalid", "The value to round is too large.", field="x")
    return float(round_decimal(to_decimal(x), ndigits)) + 0.0
