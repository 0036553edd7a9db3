"""DWZ (Deutsche Wertungszahl), the German Chess Federation's rating.

Implements the evaluation formula of the Deutscher Schachbund's
Wertungsordnung as summarised in the project's RULES.md (section "DWZ"):

* expected score per game from the normal distribution of the rating
  difference with σ = 200·√2 (as in Elo's original model): the Wertungsordnung
  defines P(D) this way itself (3.3.1, "Die Gewinnerwartung P(D)") and gives
  tables of P(D) in its Anhang 2 only as an aid. The two-decimal table of
  earlier editions' Anhang 2.1 (e.g. of 30 May 2014), identical to FIDE's
  table 8.1.2, is not used;
* Rn = R0 + 800 · (W − We) / (E + n);
* the development coefficient E = E0 · fB + SBr with E0 = (R0/1000)⁴ + J,
  J = 5 (age ≤ 20), 10 (21–25), 15 (over 25); the acceleration factor
  fB = R0/2000 within 0.5–1.0 only for players aged ≤ 20 who scored at least
  We (else 1); the braking value SBr = e^((1300 − R0)/150) − 1 only if
  R0 < 1300 and W < We (else 0); E rounded to a whole number, at least 5, at
  most 5 × index while the index is at most 5 and at most 30 otherwise when
  SBr = 0, at most 150 when SBr > 0;
* a first DWZ from at least 5 rated opponents without a 0 % or 100 % score.

Rounding is half away from zero (E and the new rating are whole numbers); the
new rating is computed exactly on the decimal values of the inputs (as
:func:`elo_core.rate` does), so a true half such as 1014.5 becomes 1015.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from elo_core.elo import Game, expected_score
from elo_core.errors import InputError
from elo_core.rounding import (
    CONTEXT,
    decimal_sum,
    round_decimal,
    round_fraction,
    round_half_away,
    to_decimal,
)
from elo_core.validation import check_rating, check_score

__all__ = ["DwzResult", "FirstDwz", "NEW_RULES_FROM", "first_dwz", "update", "uplift_2026"]

SIGMA = 200.0 * math.sqrt(2.0)
"""Standard deviation of the difference of two players' performances."""

#: The first day of the new evaluation (RULES.md, "DWZ from 8 June 2026"): an
#: event whose last game is played on or after this day is evaluated with the
#: development factor K and the lowest DWZ of 1100; earlier events keep the
#: coefficient E.
NEW_RULES_FROM = date(2026, 6, 8)

MIN_FIRST_GAMES = 5
MAX_AGE = 150
MAX_INDEX = 10**6


@dataclass(frozen=True, slots=True)
class DwzResult:
    """One DWZ evaluation, with every piece of the formula.

    ``rating`` is R0, ``n`` the number of games, ``w`` the points scored (W),
    ``we`` the expected points (We), ``expected`` each game's expected score,
    ``j`` the age term, ``e0`` = (R0/1000)⁴ + J, ``fb`` the acceleration factor
    fB, ``sbr`` the braking value SBr, ``e_unrounded`` = E0·fB + SBr and ``e``
    the development coefficient E after rounding and limits; ``new_rating``
    is Rn (a whole number) and ``change`` = Rn − R0.
    """

    rating: float
    new_rating: float
    change: float
    n: int
    w: float
    we: float
    expected: tuple[float, ...]
    j: int
    e0: float
    fb: float
    sbr: float
    e_unrounded: float
    e: int


@dataclass(frozen=True, slots=True)
class FirstDwz:
    """A first DWZ: ``rating`` = ``average_opponent`` + ``difference`` (rounded).

    ``percentage`` is W/n (between 0 and 1), ``difference`` the rating
    difference at which the normal distribution gives that expected score.
    """

    rating: int
    average_opponent: float
    percentage: float
    difference: float
    n: int
    w: float


# --- validation -------------------------------------------------------------


def _whole(value: object, field: str, label: str, code: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(code, f"{label} must be a whole number from {low} to {high}.", field=field)
    return value


def _games(games: Iterable[Game | tuple[float, float]]) -> list[tuple[float, float]]:
    """(opponent rating, score) pairs from Game objects or 2-tuples, checked."""
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise InputError("games-invalid", "The games must be a list of games.", field="games")
    checked = []
    for number, game in enumerate(games, 1):
        if isinstance(game, Game):
            opponent, score = game.opponent, game.score
        elif isinstance(game, (tuple, list)) and len(game) == 2:
            opponent, score = game
        else:
            raise InputError(
                "games-invalid",
                f"Game {number} must be a Game or an (opponent rating, score) pair.",
                field="games",
            )
        try:
            checked.append((check_rating(opponent, "opponent"), check_score(score)))
        except InputError as error:
            raise InputError(error.code, f"Game {number}: {error}", field=error.field) from None
    return checked


# --- the formula ------------------------------------------------------------


def _age_term(age: int) -> int:
    """J: 5 up to age 20, 10 from 21 to 25, 15 above 25."""
    if age <= 20:
        return 5
    if age <= 25:
        return 10
    return 15


def _development_coefficient(
    rating: float, *, age: int, index: int, w: float, we: float
) -> tuple[int, float, float, float, float, int]:
    """E and its pieces: (J, E0, fB, SBr, E0·fB + SBr, E rounded and limited).

    ``w`` and ``we`` decide whether fB and SBr apply; ``index`` (previous
    evaluations, at least 1) limits E to 5 × index while it is at most 5.
    """
    r0 = rating
    j = _age_term(age)
    e0 = (r0 / 1000.0) ** 4 + j
    fb = min(1.0, max(0.5, r0 / 2000.0)) if age <= 20 and w >= we else 1.0
    sbr = math.exp((1300.0 - r0) / 150.0) - 1.0 if r0 < 1300.0 and w < we else 0.0
    raw = e0 * fb + sbr
    upper = 150 if sbr > 0 else (5 * index if index <= 5 else 30)
    e = int(min(upper, max(5, round_half_away(raw))))
    return j, e0, fb, sbr, raw, e


def _new_rating(r0: float, scores: list[float], expected: tuple[float, ...], e: int) -> Fraction:
    """Rn = R0 + 800 · (W − We) / (E + n), exact on the decimal values of R0, scores and E's.

    Floats would turn a true half into 1014.4999… (R0 = 1024.1, 104 games against
    1024.1, 50.5 points, E = 21), which then rounds down.
    """
    surplus = CONTEXT.subtract(
        decimal_sum(map(to_decimal, scores)), decimal_sum(map(to_decimal, expected))
    )
    return Fraction(to_decimal(r0)) + Fraction(800) * Fraction(surplus) / (e + len(scores))


def update(
    rating: float, games: Iterable[Game | tuple[float, float]], *, age: int, index: int
) -> DwzResult:
    """A player's DWZ after an event: Rn = R0 + 800 · (W − We) / (E + n).

    ``games`` are the rated games as :class:`~elo_core.Game` or
    ``(opponent rating, score)`` pairs; ``age`` in years; ``index`` the
    number of previous DWZ evaluations (at least 1). Without games the rating
    stays. Raises :class:`InputError` (rating-invalid, score-invalid,
    games-invalid, age-invalid, index-invalid) for bad input.
    """
    r0 = check_rating(rating)
    _whole(age, "age", "The age", "age-invalid", 0, MAX_AGE)
    _whole(index, "index", "The index", "index-invalid", 1, MAX_INDEX)
    checked = _games(games)
    expected = tuple(expected_score(r0, opponent, model="normal") for opponent, _ in checked)
    we = math.fsum(expected)
    w = math.fsum(score for _, score in checked)
    j, e0, fb, sbr, raw, e = _development_coefficient(r0, age=age, index=index, w=w, we=we)
    n = len(checked)
    new_rating = float(round_fraction(_new_rating(r0, [s for _, s in checked], expected, e)))
    return DwzResult(
        rating=r0,
        new_rating=new_rating,
        change=new_rating - r0,
        n=n,
        w=w,
        we=we,
        expected=expected,
        j=j,
        e0=e0,
        fb=fb,
        sbr=sbr,
        e_unrounded=raw,
        e=e,
    )


def first_dwz(games: Iterable[Game | tuple[float, float]]) -> FirstDwz:
    """A first DWZ: average opponent rating plus the difference for the score.

    Needs at least 5 games against rated opponents and neither 0 % nor
    100 %; the difference is the one at which the normal distribution
    (σ = 200·√2) expects the percentage scored; the result is rounded half
    away from zero. Raises :class:`InputError` "games-invalid" otherwise.

    Not covered, beyond RULES.md's summary of the Wertungsordnung: the
    value tables of its Anhang 2 (P(D) is the exact normal distribution, as
    3.3.1 defines it), which games count (unrated opponents, forfeits:
    pass only rated games played), pooling games over several events, any
    further conditions or iterations for first ratings (such as a minimum
    result or a provisional rating), and the index and E of the new player.
    Each game counts as one opponent: the caller passes distinct opponents.
    """
    checked = _games(games)
    n = len(checked)
    if n < MIN_FIRST_GAMES:
        raise InputError(
            "games-invalid",
            f"A first DWZ needs at least {MIN_FIRST_GAMES} games against rated opponents.",
            field="games",
        )
    w = math.fsum(score for _, score in checked)
    if w == 0 or w == n:
        raise InputError(
            "games-invalid", "A first DWZ needs a score above 0 % and below 100 %.", field="games"
        )
    average = math.fsum(opponent for opponent, _ in checked) / n
    percentage = w / n
    # Imported here: statistics is slow to import in the browser and only this needs it.
    from statistics import NormalDist

    difference = NormalDist(0.0, SIGMA).inv_cdf(percentage)
    return FirstDwz(
        rating=int(round_half_away(average + difference)),
        average_opponent=average,
        percentage=percentage,
        difference=difference,
        n=n,
        w=w,
    )


def uplift_2026(rating: float) -> int:
    """The one-time uplift of a DWZ with the new evaluation (RULES.md, "DWZ from 8 June 2026").

    Announced by the DSB's rating commission with the new software and applied
    once in 2026: below 1000 the DWZ gains 400; from 1000 to below 2110 it
    becomes 0.64 · DWZ + 760; from 2110 on it stays. So 700 → 1100,
    1600 → 1784, 2200 → 2200 (the two pieces meet: 1000 → 1400 either way).

    The source does not state how 0.64 · DWZ + 760 is rounded: elo_core rounds
    it half away from zero to a whole number, computed exactly on the decimal
    value of ``rating`` (1601 → 1784.64 → 1785). Nor does it say that the
    uplift itself applies the new lowest DWZ of 1100, so it does not: 600 →
    1000. Raises :class:`InputError` "rating-invalid" for a rating that is not
    a number from 0 to 4000.
    """
    r0 = to_decimal(check_rating(rating))
    if r0 < 1000:
        raised = CONTEXT.add(r0, Decimal(400))
    elif r0 < 2110:
        raised = CONTEXT.add(CONTEXT.multiply(Decimal("0.64"), r0), Decimal(760))
    else:
        raised = r0
    return int(round_decimal(raised))
