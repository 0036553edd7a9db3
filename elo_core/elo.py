"""The Elo formula: expected score and rating change."""

from __future__ import annotations

import math
from dataclasses import dataclass

from elo_core.errors import InputError

__all__ = ["Game", "GameResult", "RatingResult", "expected_score", "rate"]

MAX_RATING = 4000.0


def _check_rating(value: float, field: str = "rating") -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError("rating-invalid", f"{field} must be a number", field=field)
    if not math.isfinite(value) or value < 0 or value > MAX_RATING:
        raise InputError(
            "rating-invalid", f"{field} must be between 0 and 4000, got {value!r}", field=field
        )
    return float(value)


def expected_score(rating: float, opponent: float) -> float:
    """Expected score of ``rating`` against ``opponent``: 1 / (1 + 10^(-D/400))."""
    diff = _check_rating(rating) - _check_rating(opponent, "opponent")
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


@dataclass(frozen=True, slots=True)
class Game:
    """One game: the opponent's rating and the score (1, 0.5 or 0)."""

    opponent: float
    score: float


@dataclass(frozen=True, slots=True)
class GameResult:
    game: Game
    expected: float
    change: float


@dataclass(frozen=True, slots=True)
class RatingResult:
    rating: float
    expected: float
    score: float
    change: float
    rounded_change: float
    new_rating: float
    games: tuple[GameResult, ...]


def rate(rating: float, games: list[Game] | tuple[Game, ...], *, k: float = 20) -> RatingResult:
    """Rating change over a period: K · Σ(S − E), every E from the rating before it."""
    rating = _check_rating(rating)
    if not math.isfinite(k) or k <= 0:
        raise InputError("k-invalid", "K must be a positive number", field="k")
    results = []
    for game in games:
        if game.score not in (0, 0.5, 1):
            raise InputError("score-invalid", "score must be 1, 0.5 or 0", field="result")
        e = expected_score(rating, game.opponent)
        results.append(GameResult(game, e, k * (game.score - e)))
    change = k * sum(g.game.score - g.expected for g in results)
    return RatingResult(
        rating=rating,
        expected=sum(g.expected for g in results),
        score=sum(g.game.score for g in results),
        change=change,
        rounded_change=change,
        new_rating=rating + change,
        games=tuple(results),
    )
