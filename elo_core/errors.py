"""The one exception elo_core raises for bad input."""

from __future__ import annotations

__all__ = ["InputError"]


class InputError(ValueError):
    """Bad input to an elo_core function.

    ``code`` is stable and short (the page translates it); ``field`` names the
    input it concerns, and ``line`` the 1-based line of parsed text, if any.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        field: str | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.code = code
        self.field = field
        self.line = line
