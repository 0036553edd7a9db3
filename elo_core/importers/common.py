"""What the three game readers share: the import's result types, errors, notes and results.

See :mod:`elo_core.importers` for the formats and every error and note.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from elo_core.errors import InputError
from elo_core.league import LeagueGame
from elo_core.parsing import parse_result

__all__ = [
    "ERROR_REASONS",
    "FORMATS",
    "GamesImport",
    "ImportNote",
    "NOTE_REASONS",
    "parse_date",
    "split_lines",
]

#: The formats :func:`import_games` reads.
FORMATS = ("csv", "lines", "pgn")

#: Every (code, reason) of an error the import of a text raises (the page words each).
ERROR_REASONS = (
    ("games-invalid", "csv-column-twice"),
    ("games-invalid", "csv-columns"),
    ("games-invalid", "csv-decimal-comma"),
    ("games-invalid", "csv-fields"),
    ("games-invalid", "csv-missing-fields"),
    ("games-invalid", "csv-quote"),
    ("games-invalid", "date"),
    ("games-invalid", "empty"),
    ("games-invalid", "lines-format"),
    ("games-invalid", "looks-like-csv"),
    ("games-invalid", "pgn-no-games"),
    ("games-invalid", "result"),
    ("player-invalid", "no-name"),
    ("player-invalid", "same-player"),
)

#: Every reason of an :class:`ImportNote` (the page words each).
NOTE_REASONS = (
    "csv-multiline",
    "decimal-comma",
    "forfeit",
    "no-result",
    "pgn-no-result",
    "pgn-not-a-game",
    "pgn-players",
    "pgn-result",
    "pgn-result-conflict",
    "pgn-tag",
    "read-as-csv",
    "read-as-lines",
    "read-as-pgn",
    "same-player",
    "unfinished",
)

_Params = Mapping[str, str | int]


@dataclass(frozen=True, slots=True)
class ImportNote:
    """What an import did that its user should know: a game left out, a reading explained.

    ``line`` is the 1-based line it concerns (None for the whole text);
    ``reason`` names it and ``params`` holds what its message needs (the page
    words it in its language); ``message`` is the English sentence;
    ``left_out`` says a game there was not imported.
    """

    line: int | None
    reason: str
    message: str
    params: _Params = field(default_factory=dict, hash=False)
    left_out: bool = False


@dataclass(frozen=True, slots=True)
class GamesImport:
    """The games read from a text, with the line each starts on, and the notes.

    ``format`` is the format the text was read as (see :data:`FORMATS`).
    """

    games: tuple[LeagueGame, ...]
    lines: tuple[int, ...]
    notes: tuple[ImportNote, ...]
    format: str


def _error(
    reason: str, message: str, line: int | None = None, *, code: str = "games-invalid",
    **params: str | int,
) -> InputError:
    return InputError(code, message, field="games", line=line, reason=reason, params=params)


def _note(
    line: int | None, reason: str, message: str, *, left_out: bool = False, **params: str | int
) -> ImportNote:
    where = "" if line is None else f"Line {line}: "
    return ImportNote(line, reason, where + message, params, left_out)


def _not_text() -> InputError:
    return _error("not-text", "The games must be given as text.")


def _empty() -> InputError:
    return _error("empty", "The text is empty: enter the games, or load a file.")


# --- results --------------------------------------------------------------------------------

# Both players' marks, + (won) or - (lost, or not there), with or without : / or a dash.
# Written so that no two parts can take the same spaces (not "\s*[…]?\s*"): linear time.
_SIGN = "+\\-\u2212\u2013\u2014"
_FORFEIT = re.compile(rf"[{_SIGN}]\s*(?:[:/{_SIGN[1:]}]\s*)?[{_SIGN}]")
_SCORE_TEXT = {1.0: "1", 0.5: "½", 0.0: "0"}


def _left_out(text: str, line: int) -> ImportNote | None:
    """The note for a result that is not rated (forfeit, ``*``, empty), or None."""
    if not text:
        return _note(line, "no-result", "The game has no result yet and is left out.",
                     left_out=True)
    if text == "*":
        return _note(line, "unfinished", "The game has no result (*) and is left out.",
                     left_out=True, text=text)
    if _FORFEIT.fullmatch(text):
        return _note(
            line, "forfeit",
            f"{text!r} is a forfeit: forfeited games are not rated, so it is left out.",
            left_out=True, text=text,
        )
    return None


def _result(raw: str, line: int) -> float | ImportNote:
    """Player A's score, or the note of a game that is left out."""
    text = raw.strip()
    note = _left_out(text, line)
    if note is not None:
        return note
    try:
        return parse_result(text)
    except InputError:
        raise _error(
            "result",
            f"{text!r} is not a result: write 1, ½ or 0 (also 1-0, ½-½, 0-1), or +:- for a forfeit.",
            line, text=text,
        ) from None


def _players(player_a: str, player_b: str, line: int) -> tuple[str, str]:
    player_a, player_b = player_a.strip(), player_b.strip()
    if not player_a or not player_b:
        raise _error("no-name", "Both players need a name.", line, code="player-invalid")
    if player_a == player_b:
        raise _error(
            "same-player", f"{player_a} cannot play against themself.", line,
            code="player-invalid", name=player_a,
        )
    return player_a, player_b


_DATE_FORMATS = (
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})\.(\d{1,2})\.(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})"), "dmy"),
    (re.compile(r"(\d{1,2})-(\d{1,2})-(\d{4})"), "dmy"),
)


def parse_date(text: str) -> datetime.date | None:
    """A date in one of the accepted forms; None if empty; ValueError if not a date."""
    text = text.strip()
    if not text:
        return None
    for pattern, order in _DATE_FORMATS:
        match = pattern.fullmatch(text)
        if match:
            first, second, third = (int(part) for part in match.groups())
            if order == "ymd":
                return datetime.date(first, second, third)
            return datetime.date(third, second, first)
    raise ValueError(text)


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as an editor numbers them (at \\n, \\r\\n and \\r)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
