"""Games and results as people type them.

A result is one of (spaces ignored; ``-`` may also be written ``–``, ``—``,
``−`` or ``:`` as in the German ``1:0``):

- a win: ``1``, ``1.0``, ``1,0``, ``1-0``, ``1.0-0.0``, ``1,0-0,0``;
- a loss: ``0``, ``0.0``, ``0,0``, ``0-1``, ``0.0-1.0``, ``0,0-1,0``;
- a draw: ``0.5``, ``0,5``, ``.5``, ``,5``, ``½``, ``=``, ``1/2``, ``½-½``,
  ``0.5-0.5``, ``0,5-0,5``, ``1/2-1/2``.

A list of games has one game per line, ``opponent | result``; the separator
may also be ``;``, a tab or spaces. The rating is read as the page's language
writes numbers (:func:`elo_core.numbers.parse_rating`: ``1,810`` in English and
``1.810`` in German are 1810; ``1810,5`` is 1810.5). Blank lines and everything
after ``#`` are ignored.
"""

from __future__ import annotations

from elo_core.elo import Game
from elo_core.errors import InputError
from elo_core.numbers import DECIMAL_POINT, NumberFormat, parse_rating

__all__ = ["parse_games", "parse_result"]

_RESULTS: dict[str, float] = {
    # A decimal comma as Danish and German spreadsheets write it: 1,0 like 0,5.
    **dict.fromkeys(("1", "1.0", "1,0", "1-0", "1.0-0.0", "1,0-0,0"), 1.0),
    **dict.fromkeys(("0", "0.0", "0,0", "0-1", "0.0-1.0", "0,0-1,0"), 0.0),
    **dict.fromkeys(
        (
            "0.5",
            "0,5",
            ".5",
            ",5",
            "½",
            "=",
            "1/2",
            "½-½",
            "0.5-0.5",
            "0,5-0,5",
            "1/2-1/2",
        ),
        0.5,
    ),
}
# Hyphen, non-breaking hyphen, en dash, em dash, minus sign, colon.
_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2013\u2014\u2212:", "-"))
_SEPARATORS = ("|", ";", "\t")


def parse_result(text: str) -> float:
    """The score a result stands for: 1.0, 0.5 or 0.0 (see the module docstring).

    Raises InputError "score-invalid" (field ``"score"``) for anything else.
    """
    if isinstance(text, str):
        key = "".join(text.translate(_DASHES).split())
        if key in _RESULTS:
            return _RESULTS[key]
    raise InputError(
        "score-invalid",
        "A result must be 1, 0.5 or 0 (or 1-0, 0-1, ½-½, =).",
        field="score",
    )


def _line_error(message: str) -> InputError:
    return InputError("games-invalid", message, field="games", reason="format")


def _split(line: str) -> tuple[str, str]:
    """The opponent and result parts of a non-blank line."""
    for separator in _SEPARATORS:
        if separator in line:
            parts = line.split(separator)
            if len(parts) != 2:
                raise _line_error(
                    f'A game must be "opponent {separator} result", with one "{separator}".'
                )
            return parts[0].strip(), parts[1].strip()
    parts = line.split(maxsplit=1)
    if len(parts) != 2:
        raise _line_error("A game needs the opponent's rating and the result, as in 1810 | 1.")
    return parts[0], parts[1]


def _parse_line(line: str, fmt: NumberFormat) -> Game:
    opponent_text, result_text = _split(line)
    opponent = parse_rating(opponent_text, fmt=fmt, field="games")
    return Game(opponent, parse_result(result_text))


def parse_games(text: str, *, fmt: NumberFormat = DECIMAL_POINT) -> list[Game]:
    """The games in ``text``, one per line (see the module docstring).

    Text without games gives ``[]``. A line that cannot be read raises
    InputError with ``field="games"`` and ``line`` (1-based, counting every
    line as an editor does): "games-invalid" (reason ``"format"``) when it is
    not ``opponent | result``, the rating's code ("rating-invalid",
    "rating-implausible") or "score-invalid" with their ``params``.
    """
    if not isinstance(text, str):
        raise InputError("games-invalid", "The games must be given as text.", field="games")
    games = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            games.append(_parse_line(line, fmt))
        except InputError as error:
            raise InputError(
                error.code, str(error), field="games", line=number, reason=error.reason,
                params=error.params,
            ) from None
    return games
