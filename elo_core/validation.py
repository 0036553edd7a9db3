"""Checks for every input elo_core accepts; each failure is an InputError.

Numbers must be ``int`` or ``float`` (``bool`` is refused although Python
treats it as an int), finite and in range; options must be one of their
allowed strings. Messages are English sentences naming the input.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

from elo_core.errors import InputError

__all__ = [
    "MAX_GAMES_IN_PERIOD",
    "MAX_K",
    "MAX_RATED_GAMES",
    "MAX_RATING",
    "MAX_YEAR",
    "MIN_YEAR",
    "check_count",
    "check_k",
    "check_option",
    "check_rating",
    "check_ratings",
    "check_score",
    "check_total_score",
    "check_year",
]

Option = TypeVar("Option", bound=str)

MAX_RATING = 4000
MAX_K = 1000
#: FIDE B.02 8.3.3 caps K × n at 700; with more games even K = 1 would exceed it.
MAX_GAMES_IN_PERIOD = 700
MAX_RATED_GAMES = 100_000
MIN_YEAR = 1900
MAX_YEAR = 2100

_LABELS = {
    "birth_year": "The birth year",
    "difference": "The rating difference",
    "games_in_period": "The number of games in the period",
    "k": "The K-factor",
    "opponent": "The opponent's rating",
    "rated_games": "The number of rated games",
    "rating": "The rating",
}


def _label(field: str) -> str:
    return _LABELS.get(field, f"The {field.replace('_', ' ')}")


def _number(value: object) -> int | float | None:
    """``value`` if it is an int or a float (not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def _finite_between(value: int | float, low: float, high: float) -> bool:
    return (isinstance(value, int) or math.isfinite(value)) and low <= value <= high


def _number_between(
    value: object, low: float, high: float, code: str, field: str, range_text: str
) -> int | float:
    """``value`` as a finite number from ``low`` to ``high``, else InputError ``code``
    ("… must be a number." or "… must be ``range_text``.")."""
    number = _number(value)
    if number is None:
        raise InputError(code, f"{_label(field)} must be a number.", field=field)
    if not _finite_between(number, low, high):
        raise InputError(code, f"{_label(field)} must be {range_text}.", field=field)
    return number


def check_rating(value: object, field: str = "rating") -> float:
    """A rating from 0 to 4000 as a float, else InputError "rating-invalid"."""
    return float(_number_between(
        value, 0, MAX_RATING, "rating-invalid", field, f"a number from 0 to {MAX_RATING}"
    ))


def check_ratings(values: object, field: str = "opponent") -> tuple[float, ...]:
    """A sequence of ratings (e.g. the opponents'), each checked by :func:`check_rating`."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InputError(
            "games-invalid", "The opponents must be given as a list of ratings.", field="games"
        )
    return tuple(check_rating(value, field) for value in values)


def check_k(value: object) -> float:
    """A K-factor, 0 < K ≤ 1000, else InputError "k-invalid"."""
    in_range = f"greater than 0 and at most {MAX_K}"
    number = _number_between(value, 0, MAX_K, "k-invalid", "k", in_range)
    if number == 0:
        raise InputError("k-invalid", f"{_label('k')} must be {in_range}.", field="k")
    return float(number)


def check_score(value: object, field: str = "score") -> float:
    """The score of one game: 1, 0.5 or 0, else InputError "score-invalid"."""
    number = _number(value)
    if number is None or number not in (0, 0.5, 1):
        raise InputError("score-invalid", f"{_label(field)} must be 1, 0.5 or 0.", field=field)
    return float(number)


def check_total_score(value: object, games: int, field: str = "score") -> float:
    """Points from ``games`` games: a multiple of 0.5 from 0 to ``games``."""
    number = _number_between(
        value, 0, games, "score-invalid", field, f"from 0 to the number of games ({games})"
    )
    if (number * 2) % 1 != 0:
        raise InputError(
            "score-invalid", f"{_label(field)} must be a multiple of 0.5.", field=field
        )
    return float(number)


def check_option(value: object, allowed: tuple[Option, ...], field: str) -> Option:
    """One of the ``allowed`` strings, else InputError "option-invalid"."""
    for option in allowed:
        if isinstance(value, str) and value == option:
            return option
    choices = ", ".join(f'"{option}"' for option in allowed)
    raise InputError("option-invalid", f"{_label(field)} must be one of {choices}.", field=field)


def _whole_between(value: object, low: int, high: int, code: str, field: str) -> int:
    """``value`` as a whole number from ``low`` to ``high``, else InputError ``code``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(code, f"{_label(field)} must be a whole number.", field=field)
    if not low <= value <= high:
        raise InputError(code, f"{_label(field)} must be from {low} to {high}.", field=field)
    return value


def check_count(value: object, field: str, *, minimum: int, maximum: int) -> int:
    """A whole number of games from ``minimum`` to ``maximum``, else "count-invalid"."""
    return _whole_between(value, minimum, maximum, "count-invalid", field)


def check_year(value: object, field: str) -> int:
    """A calendar year from 1900 to 2100, else InputError "year-invalid"."""
    return _whole_between(value, MIN_YEAR, MAX_YEAR, "year-invalid", field)
