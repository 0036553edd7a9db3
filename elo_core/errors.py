"""The one exception elo_core raises for bad input, and its stable codes."""

from __future__ import annotations

__all__ = ["ERROR_CODES", "InputError"]

#: Every code an :class:`InputError` may carry, with an English description.
#: The codes are stable: the page translates them, so never rename one.
ERROR_CODES: dict[str, str] = {
    "count-invalid": "A number of games is not a whole number in the allowed range.",
    "games-invalid": "The games could not be read, or there are none where some are needed.",
    "k-invalid": "The K-factor is not a number greater than 0 and at most 1000.",
    "number-invalid": "A value is not a finite number.",
    "option-invalid": "An option is not one of its allowed values.",
    "rating-invalid": "A rating or rating difference is not a number from 0 to 4000.",
    "score-invalid": "A score or result is not one of the allowed values.",
    "year-invalid": "A year is missing, not a whole number in the allowed range, or inconsistent.",
}


class InputError(ValueError):
    """Bad input to an elo_core function.

    ``code`` is one of :data:`ERROR_CODES` (the page translates it); ``field``
    names the input it concerns (``"rating"``, ``"opponent"``, ``"k"``,
    ``"score"``, ``"games"``, …), and ``line`` the 1-based line of parsed text,
    if any. The message is an English sentence.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        field: str | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message if line is None else f"Line {line}: {message}")
        self.code = code
        self.field = field
        self.line = line
