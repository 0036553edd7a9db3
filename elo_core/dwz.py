"""DWZ (Deutsche Wertungszahl), the German Chess Federation's rating.

Two evaluations of the Deutscher Schachbund's Wertungsordnung, as the
project's RULES.md summarises them, chosen by the day of an event's last game
(``played``; None means today):

**Before 8 June 2026** (RULES.md, "DWZ"):

* Rn = R0 + 800 · (W − We) / (E + n), rounded to a whole number;
* the development coefficient E = E0 · fB + SBr with E0 = (R0/1000)⁴ + J,
  J = 5 (age ≤ 20), 10 (21–25), 15 (over 25); the acceleration factor
  fB = R0/2000 within 0.5–1.0 only for players aged ≤ 20 who scored at least
  We (else 1); the braking value SBr = e^((1300 − R0)/150) − 1 only if
  R0 < 1300 and W < We (else 0); E rounded to a whole number, at least 5, at
  most 5 × index while the index is at most 5 and at most 30 otherwise when
  SBr = 0, at most 150 when SBr > 0;
* a first DWZ from at least 5 rated opponents without a 0 % or 100 % score:
  the average opponent plus the difference for the percentage scored.

**From 8 June 2026** (:data:`NEW_RULES_FROM`; RULES.md, "DWZ from 8 June
2026", confirmed by several independent implementations of the new
Wertungsordnung; its own section numbers were not at hand):

* Rn = R0 + K · (W − We), rounded to a whole number, and **at least 1100**;
* the development factor K = K0 · b + a, rounded to one decimal, at most 80;
  K0 from the table by group and index (:mod:`elo_core.dwz_table`); the brake
  b = (R0 + 800)/2400 when W < We and R0 < 1600 (else 1); the success bonus a,
  only when W ≥ We, (2000 − R0)/30 for players up to 20 below 2000, 4 for
  players 21 and over below 1600, else 0;
* a first DWZ from the performance L (one implementation only, see
  :func:`first_dwz`), then the 1100 floor;
* the one-time uplift of 2026, :func:`uplift_2026`.

Both take each game's expected score from the Wertungsordnung's table
(:data:`~elo_core.dwz_table.DWZ_EXPECTED_THOUSANDTHS`, 3 decimals, 1.000 and
0.000 from a difference of 735 on; :func:`expected_score`) and add them up
exactly: We is the exact sum of 3-decimal values, as the DSB's evaluations
compute it. The unrounded normal curve, which earlier versions of elo_core
used, differs from the DSB's published numbers by a point now and then.

Rounding is half away from zero, on the decimal values of the inputs (as
:func:`elo_core.rate` does), so a true half such as 1014.5 becomes 1015.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from elo_core.dwz_development import (
    MAX_K,
    KGroup,
    coefficient_limits,
    development_coefficient,
    development_factor,
)
# The K0 table's rows are dwz_development's, but the articles read them as elo.dwz.DWZ_K0_*
# (site_src/sitegen/sandbox.py, ARTICLE_API): this module keeps them as attributes.
from elo_core.dwz_table import (
    DWZ_EXPECTED_THOUSANDTHS,
    DWZ_K0_ADULT,
    DWZ_K0_HIGH,
    DWZ_K0_YOUTH,
    DWZ_TABLE_END,
)
from elo_core.elo import Game
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

__all__ = [
    "DwzResult",
    "FirstDwz",
    "KGroup",
    "LOWEST_DWZ",
    "MAX_K",
    "NEW_RULES_FROM",
    "Rules",
    "coefficient_limits",
    "expected_score",
    "first_dwz",
    "rules_for",
    "update",
    "uplift_2026",
]

SIGMA = 200.0 * math.sqrt(2.0)
"""Standard deviation of the difference of two players' performances."""

#: The first day of the new evaluation (RULES.md, "DWZ from 8 June 2026"): an
#: event whose last game is played on or after this day is evaluated with the
#: development factor K and the lowest DWZ of 1100; earlier events keep the
#: coefficient E.
NEW_RULES_FROM = date(2026, 6, 8)

#: The lowest DWZ an evaluation gives from :data:`NEW_RULES_FROM` on.
LOWEST_DWZ = 1100

MIN_FIRST_GAMES = 5
MAX_AGE = 150
MAX_INDEX = 10**6

Rules = Literal["2026", "before-2026"]
"""Which evaluation: ``"2026"`` from :data:`NEW_RULES_FROM` on, ``"before-2026"`` before."""


@dataclass(frozen=True, slots=True)
class DwzResult:
    """One DWZ evaluation, with every piece of the formula.

    Both rules: ``rating`` is R0, ``n`` the number of games, ``w`` the points
    scored (W), ``we`` the expected points (We, the exact sum of the table's
    values), ``expected`` each game's expected score from the table;
    ``new_rating`` is Rn (a whole number) and ``change`` = Rn − R0;
    ``change_unrounded`` is the formula's change before Rn is rounded (and,
    from 8 June 2026, lifted to 1100). ``rules`` names the evaluation used and ``played`` the day that chose it.

    Before 8 June 2026 (``rules == "before-2026"``): ``j`` the age term,
    ``e0`` = (R0/1000)⁴ + J, ``fb`` the acceleration factor fB, ``sbr`` the
    braking value SBr, ``e_unrounded`` = E0·fB + SBr and ``e`` the development
    coefficient E after rounding and limits. ``k``, ``k_unrounded``, ``k0``,
    ``k_group``, ``b`` and ``a`` are None; ``lifted`` is False.

    From 8 June 2026 (``rules == "2026"``): ``k0`` the table's K0 for
    ``k_group`` and the index, ``b`` the brake, ``a`` the success bonus,
    ``k_unrounded`` = K0·b + a and ``k`` the development factor K (one
    decimal, at most 80). ``lifted`` is True when the lowest DWZ of 1100
    raised Rn (R0 + K·(W − We) rounded was below 1100). The fields of E
    (``j`` … ``e``) are not used by these rules: they hold what the rules
    before 8 June 2026 would have used for the same input, for comparison
    only (so they keep their types and limits, 5 ≤ E ≤ 150).
    """

    rating: float
    new_rating: float
    change: float
    change_unrounded: float
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
    rules: Rules
    played: date
    k: float | None
    k_unrounded: float | None
    k0: int | None
    k_group: KGroup | None
    b: float | None
    a: float | None
    lifted: bool


@dataclass(frozen=True, slots=True)
class FirstDwz:
    """A first DWZ.

    ``percentage`` is W/n (between 0 and 1), ``average_opponent`` the
    opponents' average, ``difference`` the rating difference at which the
    normal distribution gives that expected score and ``performance`` the
    tournament performance L = ``average_opponent`` + ``difference``
    (unrounded). ``rules`` names the evaluation used and ``played`` the day
    that chose it. Before 8 June 2026 ``rating`` is L rounded; from then on
    it is the new rule's value from L (see :func:`first_dwz`), at least 1100,
    and ``lifted`` tells that the 1100 floor raised it.
    """

    rating: int
    average_opponent: float
    percentage: float
    difference: float
    n: int
    w: float
    rules: Rules
    played: date
    performance: float
    lifted: bool


# --- validation -------------------------------------------------------------


def _whole(value: object, field: str, label: str, code: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(code, f"{label} must be a whole number from {low} to {high}.", field=field)
    return value


def _played(played: object) -> date:
    """The day of the event's last game: a date (a datetime counts by its day), None = today."""
    if played is None:
        return date.today()
    if isinstance(played, datetime):
        return played.date()
    if not isinstance(played, date):
        raise InputError(
            "played-invalid", "The day of the last game must be a date.", field="played"
        )
    return played


def rules_for(played: date | None = None) -> Rules:
    """The evaluation for an event whose last game was on ``played`` (None = today).

    ``"2026"`` from :data:`NEW_RULES_FROM` (8 June 2026) on, ``"before-2026"``
    before it. Raises :class:`InputError` "played-invalid" if ``played`` is
    not a date.
    """
    return "2026" if _played(played) >= NEW_RULES_FROM else "before-2026"


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


# --- the expected score -----------------------------------------------------


def _table_expected(rating: float, opponent: float) -> Decimal:
    """The table's expected score of ``rating`` against ``opponent``, as an exact decimal.

    The difference is taken in whole points: |R0 − Ropp| rounded half away from
    zero (DWZ are whole numbers; a typed 1500.5 against 1500 counts as 1 point).
    """
    difference = CONTEXT.subtract(to_decimal(rating), to_decimal(opponent))
    points = int(round_decimal(abs(difference)))
    higher = DWZ_EXPECTED_THOUSANDTHS[min(points, DWZ_TABLE_END)]
    thousandths = higher if difference >= 0 else 1000 - higher
    return Decimal(thousandths).scaleb(-3)


def expected_score(rating: float, opponent: float) -> float:
    """A player's expected score against one opponent from the Wertungsordnung's table.

    The table (RULES.md "DWZ"; :data:`~elo_core.dwz_table.DWZ_EXPECTED_THOUSANDTHS`)
    gives the higher rated player's expected score for a difference of 0 to
    734 whole points with 3 decimals (the normal distribution with
    σ = 200·√2, rounded) and 1.000 from 735 on; the lower rated player's is
    1 minus it (the Wertungsordnung defines P(D) in 3.3.1 and tabulates it in
    its Anhang 2). Both DWZ evaluations use it. Raises :class:`InputError`
    "rating-invalid" for a rating that is not a number from 0 to 4000.
    """
    r0 = check_rating(rating)
    return float(_table_expected(r0, check_rating(opponent, "opponent")))


# --- the evaluation -------------------------------------------------------------


def update(
    rating: float,
    games: Iterable[Game | tuple[float, float]],
    *,
    age: int,
    index: int,
    played: date | None = None,
) -> DwzResult:
    """A player's DWZ after an event, by the rules in force on ``played``.

    ``games`` are the rated games as :class:`~elo_core.Game` or
    ``(opponent rating, score)`` pairs; ``age`` in years; ``index`` the
    number of previous DWZ evaluations (at least 1); ``played`` the day of
    the event's last game (a :class:`datetime.date`; None = today).

    From 8 June 2026 (:data:`NEW_RULES_FROM`): Rn = R0 + K · (W − We) with
    K = K0 · b + a (one decimal, at most 80), rounded, at least 1100 (RULES.md,
    "DWZ from 8 June 2026"). Before it: Rn = R0 + 800 · (W − We) / (E + n)
    (RULES.md, "DWZ"). We from the table (:func:`expected_score`), summed
    exactly; see :class:`DwzResult` for every piece.

    Without games there is no evaluation: the rating stays (rounded to a whole
    number), also below 1100 — the floor is a rule of an evaluation. Raises
    :class:`InputError` (rating-invalid, score-invalid, games-invalid,
    age-invalid, index-invalid, played-invalid) for bad input.
    """
    r0 = check_rating(rating)
    _whole(age, "age", "The age", "age-invalid", 0, MAX_AGE)
    _whole(index, "index", "The index", "index-invalid", 1, MAX_INDEX)
    day = _played(played)
    checked = _games(games)
    expected_exact = [_table_expected(r0, opponent) for opponent, _ in checked]
    w_exact = decimal_sum(to_decimal(score) for _, score in checked)
    we_exact = decimal_sum(expected_exact)
    surplus = Fraction(CONTEXT.subtract(w_exact, we_exact))
    at_least_expected = w_exact >= we_exact
    j, e0, fb, sbr, raw_e, e = development_coefficient(
        r0, age=age, index=index, at_least_expected=at_least_expected
    )
    n = len(checked)
    start = Fraction(to_decimal(r0))
    k: float | None = None
    k_unrounded: float | None = None
    k0: int | None = None
    group: KGroup | None = None
    brake: float | None = None
    bonus: float | None = None
    lifted = False
    rules: Rules = "2026" if day >= NEW_RULES_FROM else "before-2026"
    if rules == "2026":
        group, k0, b_exact, a_exact, raw_k, k_exact = development_factor(
            to_decimal(r0), age=age, index=index, at_least_expected=at_least_expected
        )
        k, k_unrounded, brake, bonus = float(k_exact), float(raw_k), float(b_exact), float(a_exact)
        delta = k_exact * surplus
        rounded = round_fraction(start + delta)
        if n and rounded < LOWEST_DWZ:
            rounded, lifted = Fraction(LOWEST_DWZ), True
    else:
        delta = Fraction(800) * surplus / (e + n)
        rounded = round_fraction(start + delta)
    new_rating = float(rounded)
    return DwzResult(
        rating=r0,
        new_rating=new_rating,
        change=new_rating - r0,
        change_unrounded=float(delta),
        n=n,
        w=float(w_exact),
        we=float(we_exact),
        expected=tuple(float(value) for value in expected_exact),
        j=j,
        e0=e0,
        fb=fb,
        sbr=sbr,
        e_unrounded=raw_e,
        e=e,
        rules=rules,
        played=day,
        k=k,
        k_unrounded=k_unrounded,
        k0=k0,
        k_group=group,
        b=brake,
        a=bonus,
        lifted=lifted,
    )


def _first_from_performance(performance: float) -> tuple[int, bool]:
    """The new rule's first DWZ from L, rounded, and whether the 1100 floor raised it."""
    level = Fraction(to_decimal(performance))
    if level >= 2000:
        value = level
    elif level >= 1100:
        value = level + Fraction(8, 100) * (2000 - level)
    else:
        value = 1100 + 9 * Fraction(8, 100) * level / 11
    rounded = int(round_fraction(value))
    return (LOWEST_DWZ, True) if rounded < LOWEST_DWZ else (rounded, False)


def first_dwz(
    games: Iterable[Game | tuple[float, float]], *, played: date | None = None
) -> FirstDwz:
    """A first DWZ, by the rules in force on ``played`` (the event's last game; None = today).

    Needs at least 5 games against rated opponents and neither 0 % nor
    100 %. The tournament performance L is the average opponent plus the
    difference at which the normal distribution (σ = 200·√2) expects the
    percentage scored (the exact curve, not the 3-decimal table, which has no
    inverse for every percentage).

    Before 8 June 2026 (RULES.md, "DWZ"): the first DWZ is L, rounded half
    away from zero.

    From 8 June 2026 (RULES.md, "DWZ from 8 June 2026"): L from 2000 → L;
    1100 ≤ L < 2000 → L + 0.08 · (2000 − L); L < 1100 → 1100 + 9 · 0.08 · L / 11;
    rounded half away from zero (L itself is not rounded first: the source
    says neither), then at least 1100. **This rule rests on a single source**
    (one implementation of the new Wertungsordnung): it is the one part of
    the 2026 evaluation not confirmed by a second one.

    Raises :class:`InputError` "games-invalid" (too few games, 0 % or 100 %),
    the games' own codes, or "played-invalid".

    Not covered, beyond RULES.md's summary of the Wertungsordnung: which
    games count (unrated opponents, forfeits: pass only rated games played),
    pooling games over several events, any further conditions or iterations
    for first ratings (such as a minimum result or a provisional rating), and
    the index and E or K of the new player. Each game counts as one opponent:
    the caller passes distinct opponents.
    """
    day = _played(played)
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
    performance = average + difference
    rules: Rules = "2026" if day >= NEW_RULES_FROM else "before-2026"
    if rules == "2026":
        rating, lifted = _first_from_performance(performance)
    else:
        rating, lifted = int(round_half_away(performance)), False
    return FirstDwz(
        rating=rating,
        average_opponent=average,
        percentage=percentage,
        difference=difference,
        n=n,
        w=w,
        rules=rules,
        played=day,
        performance=performance,
        lifted=lifted,
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
