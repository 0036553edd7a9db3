"""The one exception elo_core raises for bad input, and its stable codes."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["ERROR_CODES", "InputError"]

#: Every code an :class:`InputError` may carry, with an English description.
#: The codes are stable: the page translates them, so never rename one.
ERROR_CODES: dict[str, str] = {
    "age-invalid": "An age is not a whole number from 0 to 150.",
    "count-invalid": "A number of games is not a whole number in the allowed range.",
    "games-invalid": "The games could not be read, or there are none where some are needed.",
    "index-invalid": "A DWZ index (previous evaluations) is not a whole number of at least 1.",
    "k-invalid": "The K-factor is not a number greater than 0 and at most 1000.",
    "number-invalid": "A value is not a finite number.",
    "option-invalid": "An option is not one of its allowed values.",
    "pgn-unavailable": "Reading PGN needed python-chess; no longer raised, as PGN is read without it.",
    "played-invalid": "The day of an event's last game is not a date (or not a valid date).",
    "player-invalid": (
        "A player has no name, a player is paired with themself, or a start number names no "
        "player (or no opponent the player beat, for a title norm)."
    ),
    "rating-implausible": "A rating below 100: a misread number (no one is rated so low).",
    "rating-invalid": "A rating or rating difference is not a number from 0 to 4000.",
    "rd-invalid": "A rating deviation (RD) is not a number greater than 0 and at most 1000.",
    "score-invalid": "A score or result is not one of the allowed values.",
    "tau-invalid": "The Glicko-2 constant tau is not a number greater than 0 and at most 5.",
    "trf-invalid": (
        "A tournament report file (TRF) cannot be read, or its players report a game differently."
    ),
    "volatility-invalid": "A Glicko-2 volatility is not a number greater than 0 and at most 1.",
    "year-invalid": "A year is missing, not a whole number in the allowed range, or inconsistent.",
}


class InputError(ValueError):
    """Bad input to an elo_core function.

    ``code`` is one of :data:`ERROR_CODES` (the page translates it); ``field``
    names the input it concerns (``"rating"``, ``"opponent"``, ``"k"``,
    ``"score"``, ``"games"``, …), ``line`` the 1-based line of parsed text and
    ``column`` the 1-based column in it, if any. ``reason`` narrows the code
    down (``"header"`` for a CSV file without one, …) and ``params`` holds
    the values a message needs (the allowed ``min`` and ``max``, the ``text``
    as typed, the ``value`` as read …): plain numbers and strings, so the
    page can word and format them in its language. The message is an English
    sentence.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        field: str | None = None,
        line: int | None = None,
        column: int | None = None,
        reason: str | None = None,
        params: Mapping[str, str | int | float] | None = None,
    ) -> None:
        where = "" if line is None else f"Line {line}" + ("" if column is None else f", column {column}")
        super().__init__(f"{where}: {message}" if where else message)
        self.code = code
        self.field = field
        self.line = line
        self.column = column
        self.reason = reason
        self.params: dict[str, str | int | float] = dict(params or {})

    def as_dict(self) -> dict[str, object]:
        """The error as the page receives it: code, field, line, reason and params."""
        return {
            "field": self.field,
            "code": self.code,
            "line": self.line,
            "reason": self.reason,
            "params": self.params,
        }
