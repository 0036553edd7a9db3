"""The data of a FIDE tournament report file: the result codes, the ``001`` player line's
columns, and what the reader makes of a file — :class:`Tournament`, :class:`Player`,
:class:`Round`, :class:`TrfWarning` — with the reasons of its errors and the codes of its
warnings.

The format (FIDE C.04 Annex 2, TRF16, and its 2026 revision) is described in
:mod:`elo_core.trf`, which exports these names; columns are 1-based there and in every
message, the slices here 0-based.
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass

from elo_core import time_control
from elo_core.errors import InputError
from elo_core.time_control import RatingList

__all__ = [
    "BYE_CODES",
    "COMPLEMENTS",
    "FORFEIT_CODES",
    "MIN_PLAYER_LINE",
    "PARSE_REASONS",
    "PLAYER_FIELDS",
    "Player",
    "RATED_SCORES",
    "RESULT_CODES",
    "Round",
    "Tournament",
    "TrfWarning",
    "UNRATED_GAME_CODES",
    "WARNING_CODES",
]

#: Every result code and what it means ("" is a blank column 99).
RESULT_CODES: dict[str, str] = {
    "1": "win",
    "=": "draw",
    "0": "loss",
    "+": "forfeit win",
    "-": "forfeit loss",
    "W": "win, not rated",
    "D": "draw, not rated",
    "L": "loss, not rated",
    "H": "half-point bye",
    "F": "full-point bye",
    "U": "pairing-allocated bye",
    "Z": "zero-point bye",
    "": "not paired, or no result yet",
}
#: The codes of rated games and their scores (FIDE B.02: only played games count).
RATED_SCORES: dict[str, float] = {"1": 1.0, "=": 0.5, "0": 0.0}
#: Games played but not rated (e.g. less than one move).
UNRATED_GAME_CODES = frozenset("WDL")
FORFEIT_CODES = frozenset("+-")
BYE_CODES = frozenset("HFUZ")
#: What the opponent's result may be for each code (a double forfeit is − and −).
COMPLEMENTS: dict[str, frozenset[str]] = {
    "1": frozenset("0"),
    "0": frozenset("1"),
    "=": frozenset("="),
    "+": frozenset("-"),
    "-": frozenset("+-"),
    "W": frozenset("L"),
    "L": frozenset("W"),
    "D": frozenset("D"),
    "": frozenset([""]),
}
#: The codes of games played (rated or not): a game needs an opponent.
GAME_CODES = frozenset(RATED_SCORES) | UNRATED_GAME_CODES

#: A player line must reach the points (columns 81–84).
MIN_PLAYER_LINE = 84
# 0-based slices of the 001 line's fields read as they stand (the others: FIELD_LAYOUT).
START_NUMBER, SEX, TITLE, NAME = slice(4, 8), slice(9, 10), slice(10, 13), slice(14, 47)
BIRTH_DATE = slice(69, 79)
FIRST_ROUND = 91  # column 92
ROUND_WIDTH = 10
COLOUR_OFFSET, RESULT_OFFSET = 5, 7
MAX_START = 9999

#: The fields of the 001 line that hold one value each: key, first and last column, name.
FIELD_LAYOUT: tuple[tuple[str, int, int, str], ...] = (
    ("start-number", 5, 8, "start number"),
    ("rating", 49, 52, "rating"),
    ("federation", 54, 56, "federation"),
    ("fide-id", 58, 68, "FIDE ID"),
    ("birth-date", 70, 79, "birth date"),
    ("points", 81, 84, "points"),
    ("rank", 86, 89, "rank"),
)
#: The 001 line's one-value fields by key (as the errors and warnings name them): their first
#: and last column.
PLAYER_FIELDS: dict[str, tuple[int, int]] = {
    key: (first, last) for key, first, last, _ in FIELD_LAYOUT
}
#: The event's details the reader keeps as written: record → :class:`Tournament` field.
DETAIL_RECORDS: dict[str, str] = {
    "022": "city",
    "032": "federation",
    "092": "event_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "222": "time_control_code",
}
#: Columns of the 001 line that TRF leaves blank between fields.
BLANK_COLUMNS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
#: The columns of a round's ten (counted from 0) that stay blank: opponent 0–3, colour 5,
#: result 7.
ROUND_BLANKS = (4, 6, 8, 9)

#: The reasons of :func:`~elo_core.trf.parse`'s errors for a text (besides ``"text"``: not a string).
PARSE_REASONS: tuple[str, ...] = (
    "tab", "short-line", "shifted", "merged", "line-shifted", "blank-column", "round-shifted",
    "start-number",
    "duplicate", "rating", "points", "rank", "opponent", "colour", "result", "no-opponent",
    "bye", "self", "unknown-opponent", "mismatch", "rounds", "no-players",
)
#: Every code of a :class:`TrfWarning`, with an English description. Stable: the page
#: translates them, so never rename one.
WARNING_CODES: dict[str, str] = {
    "birth-date-unreadable": "A birth date cannot be read: the birth year is unknown (no junior K).",
    "birth-year-after": "A birth year after the tournament's year is ignored (no junior K).",
    "date-ambiguous": "A date can be read more than one way and nothing in the file decides.",
    "date-unreadable": "A start or end date (042, 052) cannot be read and is left out.",
    "no-year": "No readable date: the tournament's year is unknown, so no junior K.",
    "round-date-unreadable": "A round date (132) cannot be read and is left out.",
    "round-dates-tab": "The round dates line (132) holds a tab; its dates are left out.",
    "shifted": "A value stands one column off its columns; it was read as written.",
    "year-from-rounds": "No readable end date: the junior K uses the last round date's year.",
    "year-from-start": "No readable end or round date: the junior K uses the start's year.",
}


# --- the data -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a player: the opponent's start number (None: none), colour and result code.

    ``colour`` is ``"w"``, ``"b"`` or None; ``code`` is a key of :data:`RESULT_CODES`.
    """

    opponent: int | None
    colour: str | None
    code: str


UNPAIRED = Round(None, None, "")


@dataclass(frozen=True, slots=True)
class Player:
    """A ``001`` line: the player and one :class:`Round` per round of the tournament."""

    start_number: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: str | None
    birth_year: int | None
    points: float
    rank: int | None
    rounds: tuple[Round, ...]


@dataclass(frozen=True, slots=True)
class TrfWarning:
    """Something :func:`~elo_core.trf.parse` read that may not be what the file meant, or left out.

    ``line`` and ``column`` are 1-based (None where none applies); ``code`` is
    one of :data:`WARNING_CODES`; ``message`` is an English sentence;
    ``player`` is the name on the player line it concerns (None on other
    lines); ``params`` holds, as ``(name, value)`` pairs, the values a page
    needs to word it in its own language (texts as written, whole numbers).
    """

    line: int | None
    column: int | None
    code: str
    message: str
    player: str | None = None
    params: tuple[tuple[str, str | int], ...] = ()


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament report: name (012), dates (042, 052, 132) and players (001), in file order.

    Every player has one round per tournament round; ``round_dates`` has one
    entry per round too (None where the file has none). The event's details
    are kept as written ("" where the file has none): ``city`` (022),
    ``federation`` (032, the host federation), ``event_type`` (092),
    ``chief_arbiter`` (102), ``time_control`` (122, free text) and
    ``time_control_code`` (TRF-2026's encoded time control, 222).
    """

    name: str
    start: datetime.date | None
    end: datetime.date | None
    round_dates: tuple[datetime.date | None, ...]
    players: tuple[Player, ...]
    warnings: tuple[TrfWarning, ...] = dataclasses.field(default=(), compare=False)
    city: str = ""
    federation: str = ""
    event_type: str = ""
    chief_arbiter: str = ""
    time_control: str = ""
    time_control_code: str = ""

    @property
    def rating_list(self) -> RatingList | None:
        """The FIDE rating list the file's time control belongs to (``"standard"``,
        ``"rapid"`` or ``"blitz"``, by the Laws of Chess' definitions: see
        :mod:`elo_core.time_control`), from record 222 where it can be read, else from
        the text of 122; None when the file does not say."""
        return time_control.from_code(self.time_control_code) or time_control.from_text(
            self.time_control
        )

    @property
    def rounds(self) -> int:
        """The number of rounds."""
        return len(self.round_dates)

    @property
    def last_day(self) -> datetime.date | None:
        """The day the tournament ended, as the file tells it: the end date, else the last
        round date, else the start date; None when the file has no date."""
        if self.end is not None:
            return self.end
        dated = [date for date in self.round_dates if date is not None]
        return dated[-1] if dated else self.start

    @property
    def year(self) -> int | None:
        """The tournament's year: of :attr:`last_day`."""
        day = self.last_day
        return None if day is None else day.year


# --- the reader's errors and warnings -----------------------------------------------------------


def trf_error(
    reason: str,
    message: str,
    line: int | None = None,
    column: int | None = None,
    *,
    player: str = "",
    **params: str | float,
) -> InputError:
    """A "trf-invalid" error; on a player line it names the player (message and ``player``)."""
    if column is not None:
        params["column"] = column  # the page words the column in its own message
    if player:
        params["player"] = player
        message = f"{player}: {message}"
    return InputError(
        "trf-invalid", message, field="trf", line=line, column=column, reason=reason, params=params
    )


def trf_warning(
    code: str, message: str, line: int | None, column: int | None = None, *, player: str = "",
    **params: str | int,
) -> TrfWarning:
    """A :class:`TrfWarning`, its ``column`` and ``player`` given as for :func:`trf_error`."""
    if column is not None:
        params["column"] = column  # as for errors: the page words the column itself
    return TrfWarning(line, column, code, message, player or None, tuple(params.items()))
