"""The home page's calculators (see :mod:`elo_core.page` for the protocol).

- ``elo``: one game between A and B (both players' expected score, change and
  new rating; K may differ for B) and, optionally, a whole tournament of A
  (``games``, one ``opponent | result`` per line, one rating period);
- ``match``: several games against one opponent (wins, draws, losses);
- ``expectancy``: the expected score by rating difference, 0 to 800, as a
  table and a curve.

All three take the shared options ``model``, ``cap`` and ``rounding``. Where a
new rating is below 1400, ``unrated_a``/``unrated_b`` (``elo``),
``tournament_unrated`` and ``match_unrated_a``/``match_unrated_b`` carry the
message ``fide-unrated`` (FIDE B.02 7.2.1: shown as unrated on the next list;
there is no floor); otherwise they are an empty text.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from typing import Any

from elo_core.elo import (
    CAPS, MODELS, Cap, Game, GameResult, Model, Rounding, expected_score, rate, score_needed,
)
from elo_core.fide import PUBLISHED_RATING_MIN, becomes_unrated
from elo_core.page.fields import (
    MAX_ROWS, FormErrors, FormReader, Output, PageLanguage, message, number_column, number_output,
    parsed_games, rating_options, rows_output,
)
from elo_core.parsing import parse_result
from elo_core.validation import MAX_GAMES_IN_PERIOD

__all__ = ["DEFAULTS", "MODES", "curve_x", "curve_y"]

_num = number_output


def _rating_digits(rounding: Rounding) -> int:
    """New ratings and changes show the rounding applied: whole numbers under FIDE's."""
    return 0 if rounding == "fide" else 1


def _rating_output(value: float) -> Output:
    """An opponent's rating as typed: no decimals unless it has some."""
    return number_output(value, 0 if value == int(value) else 1)


_RESULT_TEXT = {1.0: "1", 0.5: "½", 0.0: "0"}


def _unrated_note(player: str, new_rating: float) -> Output:
    """FIDE B.02 7.2.1: a new rating below 1400 means unrated on the next list (no floor).

    The note for ``player`` ("A" or "B"), or an empty text when the rating stays
    on the list.
    """
    if becomes_unrated(new_rating):
        return message("fide-unrated", player=player, min=number_output(PUBLISHED_RATING_MIN, 0))
    return {"text": ""}


# The tournament table's columns: opponent, result, E and the game's change K · (S − E).
_GAME_COLUMNS = (number_column(0), None, number_column(2), number_column(1, signed=True))


def _game_rows(results: tuple[GameResult, ...]) -> list[list[Any]]:
    """The tournament table's rows, its cells written short (:func:`rows_output`): the
    table is built again at every keystroke, and with a hundred games a dict per cell was a
    good part of the time and two thirds of the reply. An opponent rated with a half point
    (1810.5) keeps a cell of its own, with one decimal."""
    return [
        [
            float(opponent) if opponent == int(opponent) else number_output(opponent, 1),
            _RESULT_TEXT[result.game.score],
            float(result.expected),
            float(result.change),
        ]
        for result in results
        for opponent in (result.game.opponent,)
    ]


def _needed(rating: float, games: tuple[Game, ...], target: float | None, k: float,
            options: dict[str, Any], digits: int) -> Output:
    """The score the tournament's games need for ``target`` (empty without a target)."""
    if target is None:
        return {"text": ""}
    opponents = [game.opponent for game in games]
    needed = score_needed(rating, opponents, target, k=k, **options)
    shown, count = _rating_output(target), number_output(len(games), 0)
    if needed is None:
        best = rate(rating, [Game(opponent, 1.0) for opponent in opponents], k=k, **options)
        return message("target-out-of-reach", target=shown, games=count,
                       best=number_output(best.new_rating, digits))
    if needed == 0:
        return message("target-any", target=shown, games=count)
    return message("target-needed", target=shown, games=count,
                   score=number_output(needed, 0 if needed == int(needed) else 1))


# The fields of the single game (and the options): a bad line in the tournament of player A
# leaves its result up to date.
_ONE_GAME_FIELDS = frozenset({"rating_a", "rating_b", "result", "k", "k_b", "model", "cap",
                              "rounding"})


def _elo(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output | None]:
    reader = FormReader(form, lang)
    rating_a = reader.rating("rating_a")
    rating_b = reader.rating("rating_b")
    score = reader.read("result", parse_result)
    k_a = reader.k("k", "20")
    k_b = reader.k("k_b") if reader.text("k_b").strip() else k_a
    games = reader.read("games", lambda text: parsed_games(text, lang.numbers))
    target = reader.rating("target") if reader.text("target").strip() else None
    model, cap, rounding = rating_options(reader)
    digits = _rating_digits(rounding)
    options: dict[str, Any] = {"model": model, "cap": cap, "rounding": rounding}
    if reader.errors and not reader.failed(_ONE_GAME_FIELDS):
        assert rating_a is not None and rating_b is not None and score is not None
        assert k_a is not None and k_b is not None
        raise FormErrors(reader.errors, _one_game(rating_a, rating_b, score, k_a, k_b,
                                                  options, digits))
    reader.done()
    assert rating_a is not None and rating_b is not None and score is not None
    assert k_a is not None and k_b is not None and games is not None

    outputs = _one_game(rating_a, rating_b, score, k_a, k_b, options, digits)
    if not games:
        return outputs | {
            "tournament_change": None,
            "tournament_new": None,
            "tournament_games": None,
            "tournament_score": None,
            "tournament_expected": None,
            "tournament_rows": {"rows": []},
            "tournament_unrated": {"text": ""},
            "tournament_needed": {"text": ""},
        }
    period = rate(rating_a, games, k=k_a, **options)
    return outputs | {
        "tournament_needed": _needed(rating_a, games, target, k_a, options, digits),
        "tournament_change": number_output(period.rounded_change, digits, signed=True),
        "tournament_new": number_output(period.new_rating, digits),
        "tournament_unrated": _unrated_note("A", period.new_rating),
        "tournament_games": number_output(len(games), 0),
        "tournament_score": number_output(period.score, 1),
        "tournament_expected": number_output(period.expected, 2),
        "tournament_rows": rows_output(_game_rows(period.games[:MAX_ROWS]), columns=_GAME_COLUMNS)
        | {"total": len(games)},
    }


def _one_game(rating_a: float, rating_b: float, score: float, k_a: float, k_b: float,
              options: dict[str, Any], digits: int) -> dict[str, Output | None]:
    """The single game between A and B, from both sides."""
    a = rate(rating_a, [Game(rating_b, score)], k=k_a, **options)
    b = rate(rating_b, [Game(rating_a, 1 - score)], k=k_b, **options)
    return {
        "expected_a": number_output(a.expected, 2),
        "change_a": number_output(a.rounded_change, digits, signed=True),
        "new_a": number_output(a.new_rating, digits),
        "expected_b": number_output(b.expected, 2),
        "change_b": number_output(b.rounded_change, digits, signed=True),
        "new_b": number_output(b.new_rating, digits),
        "unrated_a": _unrated_note("A", a.new_rating),
        "unrated_b": _unrated_note("B", b.new_rating),
    }


def _match(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    rating_a = reader.rating("match_rating_a")
    rating_b = reader.rating("match_rating_b")
    wins = reader.count("match_wins", MAX_GAMES_IN_PERIOD)
    draws = reader.count("match_draws", MAX_GAMES_IN_PERIOD)
    losses = reader.count("match_losses", MAX_GAMES_IN_PERIOD)
    k = reader.k("match_k", "20")
    model, cap, rounding = rating_options(reader)
    if wins is not None and draws is not None and losses is not None:
        if not 1 <= wins + draws + losses <= MAX_GAMES_IN_PERIOD:
            # No game at all, or too many: the counts together are wrong.
            total = {"min": 1, "max": MAX_GAMES_IN_PERIOD, "total": wins + draws + losses}
            for name in ("match_wins", "match_draws", "match_losses"):
                reader.fail(name, "count-invalid", reason="total", params=total)
    reader.done()
    assert rating_a is not None and rating_b is not None and k is not None
    assert wins is not None and draws is not None and losses is not None

    digits = _rating_digits(rounding)
    options: dict[str, Any] = {"model": model, "cap": cap, "rounding": rounding}
    scores = [1.0] * wins + [0.5] * draws + [0.0] * losses
    a = rate(rating_a, [Game(rating_b, s) for s in scores], k=k, **options)
    b = rate(rating_b, [Game(rating_a, 1 - s) for s in scores], k=k, **options)
    return {
        "match_games": number_output(len(scores), 0),
        "match_expected_game_a": number_output(a.games[0].expected, 2),
        "match_expected_game_b": number_output(b.games[0].expected, 2),
        "match_expected_a": number_output(a.expected, 2),
        "match_expected_b": number_output(b.expected, 2),
        "match_score_a": number_output(a.score, 1),
        "match_score_b": number_output(b.score, 1),
        "match_change_a": number_output(a.rounded_change, digits, signed=True),
        "match_change_b": number_output(b.rounded_change, digits, signed=True),
        "match_new_a": number_output(a.new_rating, digits),
        "match_new_b": number_output(b.new_rating, digits),
        "match_unrated_a": _unrated_note("A", a.new_rating),
        "match_unrated_b": _unrated_note("B", b.new_rating),
    }


#: The expectancy curve's drawing area (SVG user units) and its largest difference.
CURVE_WIDTH, CURVE_HEIGHT, CURVE_PAD, CURVE_MAX = 640, 320, 44, 800
#: Ratings for the table and curve: the lower rated player is rated this, so
#: FIDE's cap from 1 October 2025 (only below 2650) applies as it would to most players.
_BASE_RATING = 1500


def curve_x(difference: float) -> float:
    """The x coordinate of a rating difference (0 to 800) on the expectancy curve."""
    return CURVE_PAD + difference / CURVE_MAX * (CURVE_WIDTH - 2 * CURVE_PAD)


def curve_y(expected: float) -> float:
    """The y coordinate of an expected score (0 to 1) on the expectancy curve."""
    return CURVE_PAD + (1 - expected) * (CURVE_HEIGHT - 2 * CURVE_PAD)


# How far (in the curve's own units, about a pixel at full width) the drawn line may pass
# from a computed point: the smooth logistic curve needs a few dozen of its 201 points, the
# FIDE table's steps keep every corner.
CURVE_TOLERANCE = 0.25


def _simplified(points: list[tuple[float, float]],
                tolerance: float) -> list[tuple[float, float]]:
    """``points`` without those the line through the rest passes within ``tolerance`` of
    (Ramer-Douglas-Peucker, with a stack: at most one entry per point, so it always ends)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        length = math.hypot(x2 - x1, y2 - y1)
        farthest, distance = first, 0.0
        for i in range(first + 1, last):
            x, y = points[i]
            away = abs((x2 - x1) * (y1 - y) - (x1 - x) * (y2 - y1)) / length
            if away > distance:
                farthest, distance = i, away
        if distance > tolerance:
            keep[farthest] = True
            stack += [(first, farthest), (farthest, last)]
    return [point for point, kept in zip(points, keep) if kept]


def _higher(difference: float, *, model: Model, cap: Cap) -> float:
    """The higher rated player's expected score, ``difference`` points above the other."""
    return expected_score(_BASE_RATING + difference, _BASE_RATING, model=model, cap=cap)


def _lower(difference: float, *, model: Model, cap: Cap) -> float:
    """The lower rated player's expected score, ``difference`` points below the other."""
    return expected_score(_BASE_RATING, _BASE_RATING + difference, model=model, cap=cap)


@functools.lru_cache(maxsize=len(MODELS) * len(CAPS))
def _curve_paths(model: Model, cap: Cap) -> tuple[str, str]:
    """The higher and the lower rated player's curves as SVG paths. They depend on the model
    and the cap only, so typing a rating difference does not draw them again."""
    def path(score: Callable[[float], float]) -> str:
        points = [(curve_x(d), curve_y(score(d))) for d in range(0, CURVE_MAX + 1, 4)]
        kept = _simplified(points, CURVE_TOLERANCE)
        return "M" + " ".join(f"{x:.1f},{y:.1f}" for x, y in kept)  # after M: line-tos

    return (path(functools.partial(_higher, model=model, cap=cap)),
            path(functools.partial(_lower, model=model, cap=cap)))


def _expectancy(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    difference = reader.number(
        "expectancy_difference", code="rating-invalid", minimum=0, maximum=CURVE_MAX,
        default="200",
    )
    model, cap, _rounding = rating_options(reader)
    reader.done()
    assert difference is not None

    higher = functools.partial(_higher, model=model, cap=cap)
    lower = functools.partial(_lower, model=model, cap=cap)
    digits = 2 if model == "fide" else 3
    path_higher, path_lower = _curve_paths(model, cap)
    rows = [
        [number_output(d, 0), number_output(higher(d), digits), number_output(lower(d), digits)]
        for d in range(0, CURVE_MAX + 1, 50)
    ]

    return {
        "expectancy_rows": {"rows": rows},
        "expectancy_higher": number_output(higher(difference), digits),
        "expectancy_lower": number_output(lower(difference), digits),
        "expectancy_path_higher": {"attrs": {"d": path_higher}},
        "expectancy_path_lower": {"attrs": {"d": path_lower}},
        "expectancy_point": {
            "attrs": {
                "cx": f"{curve_x(difference):.1f}",
                "cy": f"{curve_y(higher(difference)):.1f}",
            }
        },
    }


_OPTIONS = {"model": "logistic", "cap": "none", "rounding": "none"}

# The example each mode shows, already computed by the build, before anyone types.
DEFAULTS: dict[str, dict[str, str]] = {
    "elo": {
        # A game as a FIDE-rated reader meets one: both stay on the list (no 7.2.1 note).
        "rating_a": "1750",
        "rating_b": "1810",
        "result": "1",
        "k": "20",
        "k_b": "",
        "games": "",
        "target": "",
        **_OPTIONS,
    },
    "match": {
        "match_rating_a": "1850",
        "match_rating_b": "1720",
        "match_wins": "1",
        "match_draws": "1",
        "match_losses": "0",
        "match_k": "20",
        **_OPTIONS,
    },
    "expectancy": {"expectancy_difference": "200", **_OPTIONS},
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], Mapping[str, Output | None]]] = {
    "elo": _elo,
    "match": _match,
    "expectancy": _expectancy,
}
