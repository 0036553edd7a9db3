"""The articles' live examples: a calculation with every intermediate step as an output.

The calculators answer with results; an article explains how they come about, so
its examples need the steps too (the difference, the expected score, the surprise
S − E, K · (S − E), the rounded total). See :mod:`elo_core.page` for the protocol.

- ``steps``: one game, step by step, from the player's side and the opponent's,
  also under K 40, 20 and 10 (the K-factor article); ``opponent_side`` is a case
  output, ``"stronger"``, ``"equal"`` or ``"weaker"``;
- ``period``: a rating period of several games (``games``, one ``opponent |
  result`` per line), the period's total and a table of the games (``game_rows``: the
  game's number, the opponent, the result, E and K · (S − E));
- ``models``: one rating difference in the three models, with the points on the
  article's expectancy curve (:func:`curve_x`, :func:`curve_y`).

Each also takes ``model``, ``cap`` and ``rounding`` as the home page's options do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from elo_core.elo import MODELS, Cap, Game, expected_score, rate, used_difference
from elo_core.page.fields import (
    MAX_ROWS,
    FormReader,
    Output,
    PageLanguage,
    number_column,
    number_output,
    parsed_games,
    rating_options,
    rows_output,
)
from elo_core.parsing import parse_result
from elo_core.rounding import round_half_away

__all__ = [
    "CURVE_HEIGHT",
    "CURVE_MAX",
    "CURVE_PAD",
    "CURVE_WIDTH",
    "DEFAULTS",
    "MODES",
    "curve_x",
    "curve_y",
]

#: The article's expectancy curve: a viewBox of CURVE_WIDTH × CURVE_HEIGHT, differences
#: from −CURVE_MAX to +CURVE_MAX (the site's macro ``expectancy_curve`` draws it).
CURVE_WIDTH, CURVE_HEIGHT, CURVE_PAD, CURVE_MAX = 640, 360, 44, 800

#: The K-factors FIDE uses, compared side by side by ``steps``.
_FIDE_KS = (40, 20, 10)

_num = number_output

# How a game's result is shown in the table of games.
_RESULT_TEXT = {1.0: "1", 0.5: "½", 0.0: "0"}


def curve_x(difference: float) -> float:
    """The x coordinate of a rating difference on the article's curve."""
    plot = CURVE_WIDTH - 2 * CURVE_PAD
    return CURVE_PAD + (difference + CURVE_MAX) / (2 * CURVE_MAX) * plot


def curve_y(expected: float) -> float:
    """The y coordinate of an expected score on the article's curve."""
    return CURVE_PAD + (1 - expected) * (CURVE_HEIGHT - 2 * CURVE_PAD)


def _exact_digits(value: float, most: int) -> int:
    """The fewest decimals (up to ``most``) that show ``value`` exactly: 60 / 400 is 0.15."""
    return next((d for d in range(most) if abs(round(value, d) - value) < 1e-9), most)


def _options(reader: FormReader) -> dict[str, Any]:
    model, cap, rounding = rating_options(reader)
    return {"model": model, "cap": cap, "rounding": rounding}


def _digits(rounding: str) -> int:
    return 0 if rounding == "fide" else 1


def _used_difference(rating: float, opponent: float, cap: Cap) -> float:
    """Opponent minus player as the expected score uses it: capped where 8.3.1 says."""
    return -used_difference(rating, opponent, cap)


#: Whether the opponent is rated above, level with or below the player: a case output, so an
#: example's text can say "stronger" only where it is true.
_SIDES = ("stronger", "equal", "weaker")


def _side(difference: float) -> str:
    return _SIDES[0] if difference > 0 else _SIDES[1] if difference == 0 else _SIDES[2]


def _steps(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    rating = reader.rating("rating")
    opponent = reader.rating("opponent")
    score = reader.read("score", parse_result)
    k = reader.k("k", "20")
    options = _options(reader)
    reader.done()
    assert rating is not None and opponent is not None and score is not None and k is not None

    digits = _digits(options["rounding"])
    mine = rate(rating, [Game(opponent, score)], k=k, **options)
    theirs = rate(opponent, [Game(rating, 1 - score)], k=k, **options)
    used = _used_difference(rating, opponent, options["cap"])
    outputs: dict[str, Output] = {
        "rating": _num(rating, 0),
        "opponent": _num(opponent, 0),
        "k": _num(k, 0 if k == int(k) else 1),
        "score": _num(score, 0 if score == int(score) else 1),
        "difference": _num(opponent - rating, 0),
        "opponent_side": {"case": _side(opponent - rating), "cases": list(_SIDES)},
        "difference_used": _num(used, 0),
        "exponent": _num(used / 400, _exact_digits(used / 400, 4)),
        "denominator": _num(1 + 10 ** (used / 400), 4),
        "expected": _num(mine.expected, 4),
        "surplus": _num(score - mine.expected, 4, signed=True),
        "change": _num(mine.change, 1, signed=True),
        "rounded_change": _num(mine.rounded_change, digits, signed=True),
        "new_rating": _num(mine.new_rating, digits),
        "opponent_expected": _num(theirs.expected, 4),
        "opponent_score": _num(1 - score, 0 if score == int(score) else 1),
        "opponent_surplus": _num(1 - score - theirs.expected, 4, signed=True),
        "opponent_change": _num(theirs.change, 1, signed=True),
        "opponent_rounded_change": _num(theirs.rounded_change, digits, signed=True),
        "opponent_new_rating": _num(theirs.new_rating, digits),
        "expected_total": _num(mine.expected + theirs.expected, 4),
    }
    for fide_k in _FIDE_KS:
        at_k = rate(rating, [Game(opponent, score)], k=fide_k, **options)
        outputs[f"change_k{fide_k}"] = _num(at_k.rounded_change, digits, signed=True)
        outputs[f"new_rating_k{fide_k}"] = _num(at_k.new_rating, digits)
    return outputs


def _period(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    rating = reader.rating("rating")
    k = reader.k("k", "20")
    games = reader.read("games", lambda text: parsed_games(text, lang.numbers))
    options = _options(reader)
    if games is not None and not games:
        reader.fail("games", "games-invalid", reason="empty")
    reader.done()
    assert rating is not None and k is not None and games

    digits = _digits(options["rounding"])
    period = rate(rating, games, k=k, **options)
    outputs: dict[str, Output] = {
        "games_count": _num(len(games), 0),
        "score": _num(period.score, 1),
        "expected": _num(period.expected, 3),
        "surplus": _num(period.score - period.expected, 3, signed=True),
        "change": _num(period.change, 1, signed=True),
        "rounded_change": _num(period.rounded_change, digits, signed=True),
        "new_rating": _num(period.new_rating, digits),
        "k_times_games": _num(k * len(games), 0),
        "rating": _num(rating, 0 if rating == int(rating) else 1),
        "k": _num(k, 0 if k == int(k) else 1),
    }
    expected_digits = 2 if options["model"] == "fide" else 4
    columns = (number_column(0), number_column(0), None, number_column(expected_digits),
               number_column(1, signed=True))
    rows = [[float(index),
             float(result.game.opponent) if result.game.opponent == int(result.game.opponent)
             else number_output(result.game.opponent, 1),
             _RESULT_TEXT[result.game.score], float(result.expected), float(result.change)]
            for index, result in enumerate(period.games[:MAX_ROWS], start=1)]
    outputs["game_rows"] = rows_output(rows, columns=columns) | {"total": len(games)}
    return outputs


def _models(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    # The favorite's side: the other player's values are the complements.
    difference = reader.number("difference", code="rating-invalid", minimum=0, maximum=CURVE_MAX)
    reader.done()
    assert difference is not None

    outputs: dict[str, Output] = {"difference": _num(difference, 0)}
    higher = {}
    for model in MODELS:
        # Two ratings that far apart around 1500 (the curve is the same anywhere).
        value = expected_score(1500 + difference / 2, 1500 - difference / 2, model=model)
        higher[model] = value
        digits = 2 if model == "fide" else 3
        outputs[model] = _num(value, digits)
        outputs[f"{model}_other"] = _num(1 - value, digits)
        outputs[f"point_{model}"] = {"attrs": {
            "cx": f"{curve_x(difference):.1f}", "cy": f"{curve_y(value):.1f}"}}
    # The gap between the two figures as shown (3 decimals), so that the sentence's three
    # numbers agree: 0.7602 and 0.7597 both show 0.760, and their gap then shows as 0.000.
    shown_gap = round_half_away(higher["normal"], 3) - round_half_away(higher["logistic"], 3)
    outputs["normal_minus_logistic"] = _num(round_half_away(shown_gap, 3), 3, signed=True)
    outputs["marker"] = {"attrs": {
        "x1": f"{curve_x(difference):.1f}", "x2": f"{curve_x(difference):.1f}",
        "y1": f"{CURVE_PAD}", "y2": f"{CURVE_HEIGHT - CURVE_PAD}"}}
    return outputs


DEFAULTS: dict[str, dict[str, str]] = {
    "steps": {"rating": "1750", "opponent": "1810", "score": "1", "k": "20"},
    "period": {"rating": "1750", "k": "20", "games": "1810 | 1\n1810 | ½"},
    "models": {"difference": "200"},
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], Mapping[str, Any]]] = {
    "models": _models,
    "period": _period,
    "steps": _steps,
}
