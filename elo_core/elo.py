"""The Elo formula: expected score and the rating change over a period.

Three models of the expected score E of a player rated ``rating`` against
``opponent``, with D = rating − opponent:

- ``"logistic"``: E = 1 / (1 + 10^(−D/400)), what most sites use;
- ``"fide"``: FIDE B.02 table 8.1.2, with |D| rounded to a whole number (half
  away from zero); the higher rated player gets PD(H), the lower PD(L);
- ``"normal"``: Elo's original normal model, E = Φ(D / (200·√2)).

Three readings of the 400-point rule (FIDE B.02 8.3.1), applied to D first:

- ``"none"``: the actual difference;
- ``"400"``: a difference of more than 400 counts as 400 (before 1 October
  2025, and still in the rapid and blitz regulations);
- ``"fide"``: from 1 October 2025, the cap applies only when ``rating`` — the
  player whose score is computed — is below 2650. Then E(a, b) + E(b, a) may
  differ from 1: a game between a 2700 and a 2200 is not zero-sum.
"""

from __future__ import annotations

import datetime
import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from elo_core.errors import InputError
from elo_core.fide import band_for_difference
from elo_core.rounding import CONTEXT, round_decimal, round_fraction, to_decimal
from elo_core.validation import check_k, check_option, check_rating, check_score

__all__ = [
    "CAPS",
    "CAP_EXEMPTION_SINCE",
    "CAP_EXEMPT_FROM",
    "Cap",
    "Game",
    "GameResult",
    "MODELS",
    "Model",
    "ROUNDINGS",
    "RatingResult",
    "Rounding",
    "expected_score",
    "fide_cap_on",
    "rate",
    "score_needed",
    "used_difference",
]

Model = Literal["logistic", "fide", "normal"]
Cap = Literal["none", "400", "fide"]
Rounding = Literal["none", "tenth", "fide"]
MODELS: tuple[Model, ...] = ("logistic", "fide", "normal")
CAPS: tuple[Cap, ...] = ("none", "400", "fide")
ROUNDINGS: tuple[Rounding, ...] = ("none", "tenth", "fide")

#: FIDE B.02 8.3.1: the largest difference that counts.
CAP_DIFFERENCE = Decimal(400)
#: FIDE B.02 8.3.1 (from 1 October 2025): players rated this or more get no cap.
CAP_EXEMPT_FROM = 2650
#: The day the 2650 exemption of 8.3.1 came into force; before it the cap held for everyone.
CAP_EXEMPTION_SINCE = datetime.date(2025, 10, 1)
_CAP_FLOAT = float(CAP_DIFFERENCE)
_DECIMALS: dict[Rounding, int] = {"tenth": 1, "fide": 0}
# The three scores as decimals, looked up instead of converted game by game.
_SCORES: dict[float, Decimal] = {1: Decimal(1), 0.5: Decimal("0.5"), 0: Decimal(0)}
_HALVES: dict[float, int] = {1: 2, 0.5: 1, 0: 0}
#: Below this |rating − opponent| (as floats) no D is a non-zero multiple of 400 (8.3.1's cap).
_BELOW_ANY_MULTIPLE = 399.5
#: How many (rating, opponent, model, cap) expected scores are remembered: more than a
#: period's games (at most 700) times the few ratings and options a reader tries in a row.
_PAIRS_KEPT = 4096


def _difference(rating: float, opponent: float, cap: Cap) -> Decimal:
    """D = rating − opponent on the decimal values, capped as ``cap`` says (8.3.1)."""
    d = CONTEXT.subtract(to_decimal(rating), to_decimal(opponent))
    if cap == "400" or (cap == "fide" and rating < CAP_EXEMPT_FROM):
        d = max(-CAP_DIFFERENCE, min(CAP_DIFFERENCE, d))
    return d


def used_difference(rating: float, opponent: float, cap: Cap) -> float:
    """D = rating − opponent as a float, capped as ``cap`` says (B.02 8.3.1).

    "400" caps every difference at ±400; "fide" only for a rating below 2650 (the rule
    from 1 October 2025); "none" leaves it. The continuous models and the articles'
    worked steps use this; FIDE's table looks up the decimal difference instead.
    """
    d = rating - opponent
    if cap == "400" or (cap == "fide" and rating < CAP_EXEMPT_FROM):
        d = max(-_CAP_FLOAT, min(_CAP_FLOAT, d))
    return d


def _expected(rating: float, opponent: float, model: Model, cap: Cap) -> float:
    """Expected score for checked inputs."""
    if model == "fide":
        # The table's bands need |D| rounded on the decimal values (1600.3 − 1400.8 is 199.5).
        d = _difference(rating, opponent, cap)
        band = band_for_difference(d)
        if d > 0:
            return band.pd_higher
        return band.pd_lower if d < 0 else 0.5
    # A smooth curve does not care about the last bit of D.
    x = used_difference(rating, opponent, cap)
    if model == "normal":
        # Φ(D / σ) with σ = 200·√2: ½ · (1 + erf(D / (σ·√2))) = ½ · (1 + erf(D / 400)).
        return 0.5 * (1.0 + math.erf(x / 400.0))
    return 1.0 / (1.0 + math.pow(10.0, -x / 400.0))


def _exact_expected(
    rating: float, opponent: float, model: Model, cap: Cap, expected: float
) -> Decimal | Fraction:
    """The exact value of ``expected`` (E for these inputs), for sums that must round right.

    FIDE's table gives two decimals, and both curves give ½ at D = 0: the
    float's decimal value is exact. The logistic curve is also rational where D
    (on the decimal values, capped as ``cap`` says) is a multiple of 400:
    E = 10^k / (10^k + 1) for D = 400·k, 10/11 at the 400-point cap, returned
    as a Fraction as it has no finite decimal form. Anywhere else E is
    irrational and its float, taken at its decimal value like every input, is
    as exact as it gets.
    """
    # |D| well below 400 (the float difference is within 10⁻⁹ of the decimal one, and a
    # cap only lowers |D|): D cannot be a non-zero multiple of 400, so no decimal work.
    if model == "logistic" and not -_BELOW_ANY_MULTIPLE < rating - opponent < _BELOW_ANY_MULTIPLE:
        d = _difference(rating, opponent, cap)
        if not d.is_zero() and CONTEXT.remainder(d, CAP_DIFFERENCE).is_zero():
            power = Fraction(10) ** int(CONTEXT.divide(d, CAP_DIFFERENCE))
            return power / (power + 1)
    return Decimal(repr(expected))


@functools.lru_cache(maxsize=_PAIRS_KEPT, typed=True)
def _expected_pair(
    rating: float, opponent: float, model: Model, cap: Cap
) -> tuple[float, Decimal | Fraction]:
    """E as a float and its exact value (:func:`_exact_expected`), for checked inputs.

    Remembered: a tournament's games are rated again with the same E whenever a field
    other than the rating changes (K, a result, the rounding), and
    :func:`score_needed` rates the same games about 2 · log₂(games) times. The key
    keeps an int and a float apart (``typed``), though their E are the same.
    """
    expected = _expected(rating, opponent, model, cap)
    return expected, _exact_expected(rating, opponent, model, cap, expected)


def _exact_sum(decimals: Decimal, fractions: list[Fraction]) -> Decimal | Fraction:
    """The exact sum of ``decimals`` (already summed) and ``fractions``: a Decimal if there
    are no fractions."""
    return Fraction(decimals) + sum(fractions, Fraction(0)) if fractions else decimals


def _period_change(k: Decimal, score: Decimal, expected: Decimal | Fraction) -> Decimal | Fraction:
    """K · (Σ S − Σ E), exactly (FIDE B.02 8.3); ``score`` is Σ S, ``expected`` Σ E.

    In decimals (the common case) unless some E has no finite decimal form.
    """
    if isinstance(expected, Decimal):
        return CONTEXT.multiply(k, CONTEXT.subtract(score, expected))
    return Fraction(k) * (Fraction(score) - expected)


def _rounded(value: Decimal | Fraction, rounding: Rounding) -> Decimal | Fraction:
    """``value`` rounded as ``rounding`` says, half away from zero (FIDE B.02 8.3.4)."""
    if rounding == "none":
        return value
    if isinstance(value, Decimal):
        return round_decimal(value, _DECIMALS[rounding])
    return round_fraction(value, _DECIMALS[rounding])


def _plus(a: Decimal, b: Decimal | Fraction) -> float:
    """a + b, exact until the final float."""
    return float(CONTEXT.add(a, b) if isinstance(b, Decimal) else Fraction(a) + b)


def expected_score(
    rating: float, opponent: float, *, model: Model = "logistic", cap: Cap = "none"
) -> float:
    """Expected score (0 to 1) of a player rated ``rating`` against ``opponent``.

    ``model`` is ``"logistic"``, ``"fide"`` (FIDE B.02 table 8.1.2) or
    ``"normal"``; ``cap`` is ``"none"``, ``"400"`` or ``"fide"`` (FIDE B.02
    8.3.1 from 1 October 2025: the 400 cap only below 2650). See the module
    docstring for the formulas.
    """
    rating = check_rating(rating)
    opponent = check_rating(opponent, "opponent")
    return _expected(
        rating, opponent, check_option(model, MODELS, "model"), check_option(cap, CAPS, "cap")
    )


def fide_cap_on(day: datetime.date | None) -> Cap:
    """The standard list's 400-point rule (FIDE B.02 8.3.1) for an event that ends on ``day``:
    ``"fide"`` (the cap only below 2650) from 1 October 2025, ``"400"`` (the cap for every
    player) before; ``"fide"``, the rule in force, when the day is not known."""
    return "400" if day is not None and day < CAP_EXEMPTION_SINCE else "fide"


@dataclass(frozen=True, slots=True)
class Game:
    """One game: the opponent's rating (0 to 4000) and the score, 1, 0.5 or 0."""

    opponent: float
    score: float

    def __post_init__(self) -> None:
        check_rating(self.opponent, "opponent")
        check_score(self.score)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a period: its expected score and its (unrounded) change K · (S − E)."""

    game: Game
    expected: float
    change: float


@dataclass(frozen=True, slots=True)
class RatingResult:
    """A rating period: Σ E, Σ S, the change K · Σ(S − E) and the new rating.

    ``change`` is unrounded; ``rounded_change`` is rounded as asked (once, for
    the whole period, FIDE B.02 8.3.4) and ``new_rating = rating + rounded_change``.
    """

    rating: float
    k: float
    expected: float
    score: float
    change: float
    rounded_change: float
    new_rating: float
    games: tuple[GameResult, ...]


def _check_games(games: object) -> tuple[Game, ...]:
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise InputError("games-invalid", "The games must be a list of Game.", field="games")
    checked = []
    for game in games:
        if not isinstance(game, Game):
            raise InputError(
                "games-invalid", "Every game must be a Game(opponent, score).", field="games"
            )
        checked.append(game)  # a Game checked its opponent and score when it was made
    return tuple(checked)


def rate(
    rating: float,
    games: Iterable[Game],
    *,
    k: float = 20,
    model: Model = "logistic",
    cap: Cap = "none",
    rounding: Rounding = "none",
) -> RatingResult:
    """The rating change over one period: ΔR = K · Σ(S − E).

    Every E is computed from ``rating``, the rating before the period, with
    ``model`` and ``cap`` as in :func:`expected_score`. ``rounding`` applies
    once to the period's total, half away from zero: ``"none"``, ``"tenth"``
    (one decimal) or ``"fide"`` (a whole number, FIDE B.02 8.3.4; per-game
    changes are not rounded). Zero games give a change of 0.

    The arithmetic is exact on the decimal values of the inputs, so K = 40 and
    E = 0.76 give exactly 9.6; an E that is a fraction with no finite decimal
    form counts as that fraction (10/11 at the 400-point cap, see
    :func:`_exact_expected`), so a true half is rounded away from zero: eleven
    games at the cap, each E = 1/11, 6.5 points and K = 15 give exactly 82.5
    and, rounded, 83.
    """
    rating = check_rating(rating)
    k = check_k(k)
    model = check_option(model, MODELS, "model")
    cap = check_option(cap, CAPS, "cap")
    rounding = check_option(rounding, ROUNDINGS, "rounding")
    k_decimal = to_decimal(k)
    results = []
    halves = 0  # Σ S in half points: exact as an int
    decimals = Decimal(0)  # Σ E over the expected scores with a finite decimal form: nearly all
    fractions: list[Fraction] = []  # the others (10/11 at the cap)
    for game in _check_games(games):
        expected, exact = _expected_pair(rating, game.opponent, model, cap)
        score = _SCORES[game.score]
        if isinstance(exact, Decimal):
            decimals = CONTEXT.add(decimals, exact)
            change = float(CONTEXT.multiply(k_decimal, CONTEXT.subtract(score, exact)))
        else:
            fractions.append(exact)
            change = float(Fraction(k_decimal) * (Fraction(score) - exact))
        halves += _HALVES[game.score]
        results.append(GameResult(game, expected, change))
    expected_sum = _exact_sum(decimals, fractions)
    change_sum = _period_change(k_decimal, CONTEXT.divide(Decimal(halves), 2), expected_sum)
    rounded = _rounded(change_sum, rounding)
    return RatingResult(
        rating=rating,
        k=k,
        expected=float(expected_sum),
        score=halves / 2,
        change=float(change_sum),
        rounded_change=float(rounded),
        new_rating=_plus(to_decimal(rating), rounded),
        games=tuple(results),
    )


def score_needed(
    rating: float,
    opponents: Iterable[float],
    target: float,
    *,
    k: float = 20,
    model: Model = "logistic",
    cap: Cap = "none",
    rounding: Rounding = "none",
) -> float | None:
    """The fewest points, in half points, against ``opponents`` that take ``rating`` to ``target``.

    The answer of :func:`rate` with the same options: the smallest total score S
    (0, 0.5, … up to one point a game) whose new rating is at least ``target``;
    0 when any result reaches it; None when even a win in every game stays
    below it. Which games are won does not matter, since every E comes from
    ``rating`` (B.02 8.3: the change is K · (S − ΣE)). A search over the half
    points, about 2 · log₂(games) calls of :func:`rate`.
    """
    target = check_rating(target, "target")
    ratings = [check_rating(opponent, "opponent") for opponent in opponents]

    def reaches(halves: int) -> bool:
        scores = [1.0] * (halves // 2) + [0.5] * (halves % 2)
        scores += [0.0] * (len(ratings) - len(scores))
        games = [Game(opponent, score) for opponent, score in zip(ratings, scores)]
        result = rate(rating, games, k=k, model=model, cap=cap, rounding=rounding)
        return result.new_rating >= target

    low, high = 0, 2 * len(ratings)
    if not reaches(high):
        return None
    while low < high:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle + 1
    return low / 2
