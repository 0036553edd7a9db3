"""FIDE's rating rules (Handbook B.02, in force from 1 March 2024, amended 1 October 2025).

Table look-ups (8.1.1, 8.1.2), the K-factor (8.3.3), the initial rating of an
unrated player (8.2) and the performance rating (Title Regulations 1.4.8).
The tables themselves are data in :mod:`elo_core.fide_tables`.

Averages and sums are computed on the decimal values of the inputs (see
:mod:`elo_core.rounding`), so a rounding tie is decided as by hand.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, Required, TypedDict, Unpack

from elo_core.errors import InputError
from elo_core.fide_tables import FIDE_TABLE_8_1_1, FIDE_TABLE_8_1_2, PdBand
from elo_core.rounding import CONTEXT, decimal_sum, round_decimal, to_decimal
from elo_core.validation import (
    MAX_GAMES_IN_PERIOD,
    MAX_RATED_GAMES,
    MAX_RATING,
    check_count,
    check_option,
    check_rating,
    check_ratings,
    check_total_score,
    check_year,
)

__all__ = [
    "INITIAL_RATING_MAX",
    "INITIAL_RATING_MIN",
    "INITIAL_RATING_MIN_GAMES",
    "KFactor",
    "KRule",
    "K_TIMES_GAMES_MAX",
    "NEW_PLAYER_GAMES",
    "PERFORMANCE_METHODS",
    "PUBLISHED_RATING_MIN",
    "PerformanceMethod",
    "band_for_difference",
    "becomes_unrated",
    "dp_for_score",
    "fide_initial_rating",
    "fide_k_factor",
    "fide_k_factor_reason",
    "pd_for_difference",
    "performance_rating",
]

KRule = Literal["new-player", "junior", "standard", "reached-2400"]
PerformanceMethod = Literal["fide", "linear"]
PERFORMANCE_METHODS: tuple[PerformanceMethod, ...] = ("fide", "linear")

#: FIDE B.02 8.3.3: K × n may not exceed this.
K_TIMES_GAMES_MAX = 700
#: FIDE B.02 8.3.3: K = 40 until a player has completed events with this many games.
NEW_PLAYER_GAMES = 30
#: FIDE B.02 8.2 / 7.1.4: an initial rating needs this many rated opponents.
INITIAL_RATING_MIN_GAMES = 5
#: FIDE B.02 8.2: the highest initial rating.
INITIAL_RATING_MAX = 2200
#: FIDE B.02 7.1.4: the lowest rating; below it the player stays unrated.
INITIAL_RATING_MIN = 1400
#: FIDE B.02 7.1.2 / 7.2.1: the lowest rating on the list; there is no floor at it.
PUBLISHED_RATING_MIN = 1400
#: FIDE B.02 8.2 (from 1 March 2024): two hypothetical opponents rated 1800, both drawn.
_HYPOTHETICAL_OPPONENT = Decimal(1800)
_HYPOTHETICAL_GAMES = 2
_HYPOTHETICAL_POINTS = Decimal(1)

_DP_BY_HUNDREDTHS: dict[int, int] = {round(entry.p * 100): entry.dp for entry in FIDE_TABLE_8_1_1}
_BAND_STARTS: tuple[int, ...] = tuple(band.d_min for band in FIDE_TABLE_8_1_2)


def becomes_unrated(new_rating: float) -> bool:
    """Whether a player rated ``new_rating`` is shown as unrated on the next list (FIDE B.02 7.2.1).

    7.2.1: "Players whose ratings drop below 1400 are shown as unrated on the
    next list." There is no floor: only ratings of at least 1400 are published
    (7.1.2), so any new rating below :data:`PUBLISHED_RATING_MIN` means unrated.
    """
    return new_rating < PUBLISHED_RATING_MIN


# Table look-ups (FIDE B.02 8.1.1 and 8.1.2) ----------------------------------------------------


def band_for_difference(difference: Decimal) -> PdBand:
    """The row of table 8.1.2 for ``|difference|`` rounded to a whole number (half away)."""
    whole = int(round_decimal(abs(difference)))
    return FIDE_TABLE_8_1_2[bisect_right(_BAND_STARTS, whole) - 1]


def _dp(p: Decimal) -> int:
    """Table 8.1.1 for ``p`` (0 to 1) rounded to two decimals, half away from zero."""
    return _DP_BY_HUNDREDTHS[int(round_decimal(p, 2).scaleb(2))]


def dp_for_score(p: float) -> int:
    """Rating difference dp for the fractional score ``p`` (FIDE B.02 table 8.1.1).

    ``p`` (0 to 1) is rounded to two decimals, half away from zero; ``p = 1``
    and ``p = 0`` give the notional ±800. ``dp(p) = −dp(1 − p)``.
    """
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
        raise InputError(
            "score-invalid", "The fractional score p must be a number from 0 to 1.", field="p"
        )
    return _dp(to_decimal(p))


def pd_for_difference(d: float) -> float:
    """Expected score PD for a rating difference ``d`` = own rating − opponent's (table 8.1.2).

    FIDE B.02 table 8.1.2: ``d`` > 0 gives the higher rated player's column
    (PD(H)), ``d`` < 0 the lower rated player's (PD(L)), as
    :func:`~elo_core.expected_score` with ``model="fide"`` does, so
    ``pd_for_difference(d) + pd_for_difference(-d) == 1``: 400 → 0.92,
    −400 → 0.08. ``|d|`` is rounded to a whole number, half away from zero,
    before the look-up; above 735 → 1.00 (and −736 → 0.00).
    """
    if (
        isinstance(d, bool)
        or not isinstance(d, (int, float))
        or not -MAX_RATING <= d <= MAX_RATING
    ):
        raise InputError(
            "rating-invalid",
            f"The rating difference must be a number from -{MAX_RATING} to {MAX_RATING}.",
            field="difference",
        )
    band = band_for_difference(to_decimal(d))
    return band.pd_lower if d < 0 else band.pd_higher


# K-factor (FIDE B.02 8.3.3) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KFactor:
    """A FIDE K-factor and why (FIDE B.02 8.3.3).

    ``rule`` is a stable code: ``"new-player"`` (fewer than 30 rated games),
    ``"junior"`` (to the end of the year of the 18th birthday, rating under
    2300), ``"standard"`` (rating under 2400) or ``"reached-2400"``.
    ``capped`` says whether K × n ≤ 700 lowered ``uncapped`` to ``k``.
    """

    k: int
    rule: KRule
    capped: bool
    uncapped: int


def _is_junior(birth_year: int | None, year: int | None) -> bool:
    """FIDE B.02 8.3.3: until the end of the year of the 18th birthday."""
    if birth_year is None and year is None:
        return False
    if birth_year is None:
        raise InputError(
            "year-invalid",
            "The birth year must be given together with the year.",
            field="birth_year",
        )
    if year is None:
        raise InputError(
            "year-invalid", "The year must be given together with the birth year.", field="year"
        )
    birth_year = check_year(birth_year, "birth_year")
    year = check_year(year, "year")
    if year < birth_year:
        raise InputError(
            "year-invalid", "The year must not be before the birth year.", field="year"
        )
    return year - birth_year <= 18


class _KFactorRules(TypedDict, total=False):
    """The keyword arguments of :func:`fide_k_factor` (as of :func:`fide_k_factor_reason`)."""

    rated_games: Required[int]
    birth_year: int | None
    year: int | None
    reached_2400: bool
    games_in_period: int | None


def fide_k_factor_reason(
    rating: float,
    *,
    rated_games: int,
    birth_year: int | None = None,
    year: int | None = None,
    reached_2400: bool = False,
    games_in_period: int | None = None,
) -> KFactor:
    """The K-factor of FIDE B.02 8.3.3, with the rule that gave it.

    - ``"new-player"``: K = 40 while ``rated_games`` (rated games completed
      before this period) is under 30;
    - ``"junior"``: K = 40 until the end of the year of the 18th birthday
      (``year − birth_year ≤ 18``; both or neither must be given) while
      ``rating`` is under 2300;
    - ``"reached-2400"``: K = 10 once the published rating has reached 2400
      (``reached_2400``, or ``rating`` ≥ 2400); it stays 10 after a drop;
    - ``"standard"``: K = 20 otherwise (rating under 2400).

    The rules are tried in that order (the regulations' order). With
    ``games_in_period`` = n, if K × n exceeds 700, K becomes the largest whole
    number with K × n ≤ 700 (39 games with K = 20 → 17); n is 0 to 700.
    """
    rating = check_rating(rating)
    rated_games = check_count(rated_games, "rated_games", minimum=0, maximum=MAX_RATED_GAMES)
    junior = _is_junior(birth_year, year)
    if not isinstance(reached_2400, bool):
        raise InputError(
            "option-invalid", "The reached_2400 flag must be True or False.", field="reached_2400"
        )
    if games_in_period is not None:
        games_in_period = check_count(
            games_in_period, "games_in_period", minimum=0, maximum=MAX_GAMES_IN_PERIOD
        )
    rule: KRule
    if rated_games < NEW_PLAYER_GAMES:
        uncapped, rule = 40, "new-player"
    elif junior and rating < 2300:
        uncapped, rule = 40, "junior"
    elif reached_2400 or rating >= 2400:
        uncapped, rule = 10, "reached-2400"
    else:
        uncapped, rule = 20, "standard"
    k = uncapped
    if games_in_period and uncapped * games_in_period > K_TIMES_GAMES_MAX:
        k = K_TIMES_GAMES_MAX // games_in_period
    return KFactor(k=k, rule=rule, capped=k != uncapped, uncapped=uncapped)


def fide_k_factor(rating: float, **rules: Unpack[_KFactorRules]) -> int:
    """The K-factor of FIDE B.02 8.3.3; see :func:`fide_k_factor_reason` for the rules."""
    return fide_k_factor_reason(rating, **rules).k


# Initial rating (FIDE B.02 8.2) and performance (Title Regulations 1.4.8) ----------------------


def _mean(values: Sequence[Decimal]) -> Decimal:
    return CONTEXT.divide(decimal_sum(values), Decimal(len(values)))


def fide_initial_rating(opponents: Sequence[float], score: float) -> int | None:
    """The first rating of an unrated player (FIDE B.02 8.2, rule from 1 March 2024).

    ``opponents`` are the ratings of the rated opponents (one per game; leave
    unrated opponents out), ``score`` the points scored against them. Two
    hypothetical opponents rated 1800, both drawn, are added:
    Ra = average of all n + 2 ratings, p = (score + 1) / (n + 2) rounded to two
    decimals, Ru = Ra + dp(p) (table 8.1.1) rounded to a whole number (half
    away from zero), at most 2200.

    ``None`` when the rules give no rating: fewer than 5 rated opponents
    (7.1.4), a zero score (8.2.1 disregards it), or Ru below 1400 (7.1.4).
    Pooling games over several periods (up to 26 months) is the caller's job.
    """
    ratings = check_ratings(opponents)
    games = len(ratings)
    points = check_total_score(score, games)
    if games < INITIAL_RATING_MIN_GAMES or points == 0:
        return None
    hypothetical = (_HYPOTHETICAL_OPPONENT,) * _HYPOTHETICAL_GAMES
    ra = _mean((*map(to_decimal, ratings), *hypothetical))
    p = CONTEXT.divide(
        CONTEXT.add(to_decimal(points), _HYPOTHETICAL_POINTS),
        Decimal(games + _HYPOTHETICAL_GAMES),
    )
    ru = int(round_decimal(CONTEXT.add(ra, Decimal(_dp(p)))))
    if ru < INITIAL_RATING_MIN:
        return None
    return min(ru, INITIAL_RATING_MAX)


def performance_rating(
    opponents: Sequence[float], score: float, *, method: PerformanceMethod = "fide"
) -> float:
    """Performance rating over the games against ``opponents`` with ``score`` points.

    ``method="fide"`` (FIDE Title Regulations 1.4.8, also the "TPR" tie-break):
    Rp = Ra + dp, Ra the average opponent rating (not rounded), dp from table
    8.1.1 for p = score / n rounded to two decimals (100 % → Ra + 800, 0 % →
    Ra − 800). ``method="linear"``: Ra + 400 · (W − L) / n, with
    W − L = 2 · score − n.
    """
    ratings = check_ratings(opponents)
    method = check_option(method, PERFORMANCE_METHODS, "method")
    games = len(ratings)
    if games == 0:
        raise InputError(
            "games-invalid", "A performance rating needs at least one game.", field="games"
        )
    points = to_decimal(check_total_score(score, games))
    n = Decimal(games)
    ra = _mean(tuple(map(to_decimal, ratings)))
    if method == "fide":
        return float(CONTEXT.add(ra, Decimal(_dp(CONTEXT.divide(points, n)))))
    wins_minus_losses = CONTEXT.subtract(CONTEXT.multiply(points, Decimal(2)), n)
    bonus = CONTEXT.divide(CONTEXT.multiply(Decimal(400), wins_minus_losses), n)
    return float(CONTEXT.add(ra, bonus))
