"""FIDE Tournament Report Files (TRF): read one, write one, rate every player by FIDE's rules.

The format
    FIDE's "Format of Tournament Report File" (C.04 Annex 2, version 2016,
    "TRF16"), and its 2026 revision ("TRF26", approved by the FIDE Council on
    12 May 2025, applied from 1 September 2025). Each line starts with a
    three-character record code in columns 1–3; columns are 1-based and fixed.
    The reader uses these records and ignores every other line (other ``xx2``
    records, team records 013/310, NRS records, JaVaFo ``XX?`` lines, TRF26's
    ``###`` comments, blank lines):

    ======  ===================================================================
    record  what the reader takes
    ======  ===================================================================
    012     tournament name, from column 5
    022     city, 032 host federation, 092 type of tournament, 102 chief
            arbiter: each from column 5, kept as written
    042     start date, from column 5 (TRF: YYYY/MM/DD; any form of
            :mod:`elo_core.trf_dates` is read)
    052     end date, from column 5 (likewise)
    122     time control as text, 222 (TRF26) encoded: the rating list
            (:attr:`Tournament.rating_list`)
    132     round dates, YY/MM/DD, round r from column 92 + 10·(r − 1)
    142     number of rounds (TRF26), and ``XXR`` (pairing programs): the
            event's rounds, a lower bound for the rounds read (a file
            written after 9 of 10 rounds is a 10-round event)
    001     one player, laid out as below
    ======  ===================================================================

    The ``001`` player line (TRF16 and TRF26 alike):

    ========  ================================================================
    columns   field
    ========  ================================================================
    5–8       start number, 1 to 9999
    10        sex (``m``/``w``, kept as written)
    11–13     title (kept as written: ``GM``, ``g``, ``wf`` …)
    15–47     name, "Lastname, Firstname"
    49–52     FIDE rating (blank or 0: unrated)
    54–56     federation
    58–68     FIDE ID (blank or 0: none)
    70–79     birth date: YYYY/MM/DD, or just the year (any form with a
              four-digit year is read too, also with the month and day
              written as zeros, 2014/00/00 or 00.00.2014: only the year
              matters; 0000/00/00 means unknown)
    81–84     points, as 4.5 (under the tournament's own scoring system)
    86–89     rank
    92–95     round 1: the opponent's start number (0000 or blank: none)
    97        round 1: colour ``w``, ``b``, or ``-``/blank for none
    99        round 1: result code (below)
    102–109   round 2, and so on every 10 columns
    ========  ================================================================

    A player line must reach column 84 (the points); round fields past its
    end are blank, so a withdrawn player's line may simply stop.

    Result codes (letters are case-insensitive in TRF26 and are read as
    capitals): ``1`` ``=`` ``0`` a game won, drawn or lost; ``+`` ``-`` a
    forfeit win or loss (not played); ``W`` ``D`` ``L`` a game won, drawn or
    lost that is not rated (e.g. it lasted less than one move); ``H`` a
    half-point bye, ``F`` a full-point bye, ``U`` a pairing-allocated bye,
    ``Z`` a zero-point bye (known absence). A blank result is kept as ``""``:
    with no opponent the player was not paired (the TRF text treats it as
    ``Z``); with an opponent the round is paired but has no result yet (a file
    written during a round).

Columns and dates
    The columns are fixed and a value read from the wrong ones would be a
    different number without a word, so a value that crosses its columns,
    a column between fields that is not blank and a tab (TRF uses spaces)
    are errors naming the line, the column, the player and where TRF puts the
    field; only a value moved by one column into a blank column, whole and of
    its kind, is read with a warning. A date that cannot be read, or that can
    be read more than one way with nothing in the file to decide, is a
    warning, never an error (see :func:`parse`).

Checks
    Both players of a game must report it alike: the same round, each naming
    the other, opposite colours (or both none, as some programs write
    forfeits), and results that fit (1 and 0, = and =, + and −, − and −, W
    and L, D and D, blank and blank). A game needs an opponent and a bye must
    not have one. TRF26 lets a team's players record a forfeit win against
    ``0000`` (``0000 w +``): a forfeit without an opponent is accepted.

The 2026 revision
    TRF26 leaves the ``001`` player line and the records 012–132 as TRF16 has
    them (checked against two independent transcriptions of TRF26; FIDE's PDF
    itself could not be read here). What it adds is read as far as rating
    needs it: ``###`` comments, the 142 round count, lower-case result
    letters, 0000 forfeits; its other records (162 scoring, 192 type, 240
    byes, which repeat what the 001 lines hold, 250/260, team and NRS records)
    are ignored. Should a later text move a player field, this reader would
    misread it: the layout above is the one assumed.

Rating (FIDE B.02, one rating period)
    See :func:`rate`.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from elo_core import time_control
from elo_core.elo import Cap, Game
from elo_core.elo import rate as rate_period
from elo_core.errors import InputError
from elo_core.fide import (
    INITIAL_RATING_MIN_GAMES,
    K_TIMES_GAMES_MAX,
    NEW_PLAYER_GAMES,
    becomes_unrated,
    fide_initial_rating,
    fide_k_factor_reason,
    performance_rating,
)
from elo_core.time_control import RATING_LISTS, RatingList
from elo_core.trf_dates import DateReading, readings
from elo_core.validation import MAX_K, MAX_RATING, MAX_YEAR, MIN_YEAR, check_option

__all__ = [
    "BYE_CODES",
    "COMPLEMENTS",
    "FORFEIT_CODES",
    "InitialReason",
    "MIN_PLAYER_LINE",
    "PARSE_REASONS",
    "PLAYER_FIELDS",
    "Player",
    "PlayerRating",
    "RATED_SCORES",
    "RESULT_CODES",
    "RatedGame",
    "Round",
    "Tournament",
    "TrfWarning",
    "UNRATED_GAME_CODES",
    "WARNING_CODES",
    "parse",
    "rate",
    "write",
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
_GAME_CODES = frozenset(RATED_SCORES) | UNRATED_GAME_CODES

#: A player line must reach the points (columns 81–84).
MIN_PLAYER_LINE = 84
# 0-based slices of the 001 line.
_START, _SEX, _TITLE, _NAME = slice(4, 8), slice(9, 10), slice(10, 13), slice(14, 47)
_RATING, _FEDERATION, _FIDE_ID = slice(48, 52), slice(53, 56), slice(57, 68)
_BIRTH, _POINTS, _RANK = slice(69, 79), slice(80, 84), slice(85, 89)
_FIRST_ROUND = 91  # column 92
_ROUND_WIDTH = 10
_COLOUR_OFFSET, _RESULT_OFFSET = 5, 7
_MAX_START = 9999
_MAX_ROUNDS = 999

_COLOURS = {"w": "w", "W": "w", "b": "b", "B": "b", "-": None, " ": None, "": None}
_DIGITS = re.compile(r"[0-9]+")
_POINTS_TEXT = re.compile(r"[0-9]{1,3}(?:[.,][0-9])?")
_ZERO_DATE = re.compile(r"0{4}(?:[/.\-]0{1,2}[/.\-]0{1,2})?|0{1,2}[/.\-]0{1,2}[/.\-]0{4}")
_ROUND_DATE = re.compile(r"[0-9]{2}/[0-9]{2}/[0-9]{2}")  # record 132's own form, YY/MM/DD
#: How far from the file's other dates a reading of an ambiguous date may lie.
_DATE_MARGIN = datetime.timedelta(days=31)
_ONE_YEAR = 366
_FOUR_DIGITS = re.compile(r"(?<![0-9])[0-9]{4}(?![0-9])")
#: A birth date known only to the year: a four-digit year with a month and day that are no
#: date (``2014/00/00``: zeros for "not known") or left out.
_YEAR_AND_PARTS = re.compile(
    r"(?P<first>[0-9]{4})(?:[/.\-][0-9]{1,2}){1,2}|(?:[0-9]{1,2}[/.\-]){1,2}(?P<last>[0-9]{4})"
)

#: The fields of the 001 line that hold one value each: key, first and last column, name.
_FIELDS: tuple[tuple[str, int, int, str], ...] = (
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
PLAYER_FIELDS: dict[str, tuple[int, int]] = {key: (first, last) for key, first, last, _ in _FIELDS}
_LABELS = {key: label for key, _, _, label in _FIELDS}
_LEFT_ALIGNED = frozenset({"federation", "birth-date"})
#: The event's details the reader keeps as written: record → :class:`Tournament` field.
_DETAIL_RECORDS: dict[str, str] = {
    "022": "city",
    "032": "federation",
    "092": "event_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "222": "time_control_code",
}
#: Columns of the 001 line that TRF leaves blank between fields.
_BLANK_COLUMNS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
#: The columns of a round's ten (counted from 0) that stay blank: opponent 0–3, colour 5,
#: result 7.
_ROUND_BLANKS = (4, 6, 8, 9)

#: The reasons of :func:`parse`'s errors for a text (besides ``"text"``: not a string).
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

InitialReason = Literal["too-few-games", "zero-score", "below-1400"]


# --- the data -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a player: the opponent's start number (None: none), colour and result code.

    ``colour`` is ``"w"``, ``"b"`` or None; ``code`` is a key of :data:`RESULT_CODES`.
    """

    opponent: int | None
    colour: str | None
    code: str


_UNPAIRED = Round(None, None, "")


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
    """Something :func:`parse` read that may not be what the file meant, or left out.

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
    def year(self) -> int | None:
        """The tournament's year: of the end date, else the last round date, else the start."""
        if self.end is not None:
            return self.end.year
        dated = [date for date in self.round_dates if date is not None]
        if dated:
            return dated[-1].year
        return None if self.start is None else self.start.year


# --- reading ------------------------------------------------------------------------------------


def _error(
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


def _warning(
    code: str, message: str, line: int | None, column: int | None = None, *, player: str = "",
    **params: str | int,
) -> TrfWarning:
    if column is not None:
        params["column"] = column  # as for errors: the page words the column itself
    return TrfWarning(line, column, code, message, player or None, tuple(params.items()))


def _whole(text: str) -> int | None:
    """``text`` (stripped) as a whole number, or None if it is not one."""
    return int(text) if _DIGITS.fullmatch(text) else None


@dataclass(frozen=True, slots=True)
class _DateText:
    """A date as written on a 042, 052 or 132 line, before it is read (``round`` 0: not 132)."""

    record: str
    text: str
    line: int
    column: int
    round: int


def _pick(
    found: tuple[DateReading, ...], span: tuple[datetime.date, datetime.date] | None
) -> tuple[DateReading, bool]:
    """The reading to take, and whether the file decided it: the one reading there is, or
    the one nearest the file's other dates (``span``, within a month of it and nearer than
    any other reading); else the nearest within a month, else the first, undecided."""
    if len(found) == 1:
        return found[0], True
    if span is not None:
        def distance(reading: DateReading) -> int:
            if reading.date < span[0]:
                return (span[0] - reading.date).days
            return max(0, (reading.date - span[1]).days)

        ranked = sorted(found, key=distance)  # stable: the first reading wins a tie
        best = distance(ranked[0])
        if best <= _DATE_MARGIN.days:
            return ranked[0], best < distance(ranked[1])
    return found[0], False


def _file_order(options: Sequence[tuple[DateReading, ...]]) -> str | None:
    """The one order of day, month and year (:data:`elo_core.trf_dates.DateOrder`) that
    reads every date of the file within a year of each other, if only one does: a file
    writes its dates one way."""
    fitting = []
    for order in ("ymd", "dmy", "mdy"):
        dates = []
        for found in options:
            if len(found) > 1:
                matching = [reading for reading in found if reading.order == order]
                if not matching:
                    break
                dates.append(matching[0].date)
            elif found:
                dates.append(found[0].date)
        else:
            if dates and (max(dates) - min(dates)).days <= _ONE_YEAR:
                fitting.append(order)
    return fitting[0] if len(fitting) == 1 else None


def _span(dates: Sequence[datetime.date]) -> tuple[datetime.date, datetime.date] | None:
    return (min(dates), max(dates)) if dates else None


def _resolve_dates(
    texts: Sequence[_DateText], warnings: list[TrfWarning]
) -> list[datetime.date | None]:
    """Each written date read (:mod:`elo_core.trf_dates`). A text with one reading is that
    date. One with several is decided by the file: a start not after the end (and the
    reverse), then the reading nearest the dates that have one reading (for the round
    dates, also the start and end as read), within a month and nearer than the others,
    then the one order of day, month and year that puts all the file's dates within a
    year. Undecided, it takes the first reading: silently in record 132's own form
    (YY/MM/DD), else with a warning. A text that is no date is left out with a warning.
    Never an error: the rating needs only the year (FIDE B.02 8.3.3, the junior K), and
    the page says which year it took."""
    options = [readings(text.text) for text in texts]
    anchors = [found[0].date for found in options if len(found) == 1]
    # A start is not after the end, nor an end before the start: that decides some texts.
    single = {
        text.record: found[0].date
        for text, found in zip(texts, options)
        if text.record in ("042", "052") and len(found) == 1
    }
    for index, (text, found) in enumerate(zip(texts, options)):
        if len(found) > 1 and text.record == "042" and "052" in single:
            options[index] = tuple(o for o in found if o.date <= single["052"]) or found
        elif len(found) > 1 and text.record == "052" and "042" in single:
            options[index] = tuple(o for o in found if o.date >= single["042"]) or found
    chosen: list[datetime.date | None] = [None] * len(texts)
    order = _file_order(options)
    for stage in ("042 052", "132"):
        span = _span(anchors)
        for index, (text, found) in enumerate(zip(texts, options)):
            if text.record not in stage:
                continue
            if not found:
                if text.round:
                    warnings.append(_warning(
                        "round-date-unreadable",
                        f"Round {text.round}: the date “{text.text}” cannot be read; it is left "
                        "out.", text.line, text.column, round=text.round, text=text.text,
                    ))
                else:
                    warnings.append(_warning(
                        "date-unreadable",
                        f"The date “{text.text}” cannot be read; it is left out.",
                        text.line, text.column, record=text.record, text=text.text,
                    ))
                continue
            reading, decided = _pick(found, span)
            if not decided and order is not None:
                reading, decided = next(r for r in found if r.order == order), True
            own_form = (
                text.record == "132" and _ROUND_DATE.fullmatch(text.text) is not None
                and reading.order == "ymd"
            )
            if not decided and not own_form:
                other = next(option for option in found if option != reading)
                warnings.append(_warning(
                    "date-ambiguous",
                    f"The date “{text.text}” can mean {reading.date.isoformat()} or "
                    f"{other.date.isoformat()}; it was read as {reading.date.isoformat()}.",
                    text.line, text.column, text=text.text, date=reading.date.isoformat(),
                    other=other.date.isoformat(),
                ))
            chosen[index] = reading.date
            if stage != "132":
                anchors.append(reading.date)
    return chosen


def _round_count(line: str, number: int) -> int:
    text = line[4:].strip()
    count = _whole(text)
    if count is None or count > _MAX_ROUNDS:
        raise _error(
            "rounds",
            f"The number of rounds “{text}” is not a whole number from 0 to {_MAX_ROUNDS}.",
            number, 5, text=text, min=0, max=_MAX_ROUNDS,
        )
    return count


def _birth_reading(text: str) -> int | None:
    """The year of a birth date as written: YYYY alone, a date with a four-digit year, or a
    four-digit year with a month and day that are no date (``2014/00/00``, ``00.00.2014``:
    known only to the year, which is all FIDE B.02 8.3.3 needs); 0 for "unknown" (0000,
    0000/00/00); None if it cannot be read or is out of range."""
    if _ZERO_DATE.fullmatch(text):
        return 0
    years = {found.date.year for found in readings(text)} if _FOUR_DIGITS.search(text) else set()
    year_only = _YEAR_AND_PARTS.fullmatch(text)
    if len(text) == 4 and _DIGITS.fullmatch(text):
        year = int(text)
    elif len(years) == 1:
        year = years.pop()
    elif year_only is not None:
        year = int(year_only.group("first") or year_only.group("last"))
    else:
        return None
    return year if MIN_YEAR <= year <= MAX_YEAR else None


def _birth_year(
    text: str, line: int, column: int, player: str, warnings: list[TrfWarning]
) -> int | None:
    """The birth year (FIDE B.02 8.3.3: K 40 up to the end of the year a player turns 18).
    A birth date that cannot be read is a warning, and the player gets no junior K."""
    if not text:
        return None
    year = _birth_reading(text)
    if year is None:
        warnings.append(_warning(
            "birth-date-unreadable",
            f"The birth date “{text}” cannot be read as a date from {MIN_YEAR} to {MAX_YEAR}: "
            "the birth year is unknown, so the junior K-factor does not apply.",
            line, column, player=player, text=text, min=MIN_YEAR, max=MAX_YEAR,
        ))
        return None
    return year or None


def _rating(text: str, line: int, column: int, player: str) -> int | None:
    if not text:
        return None
    rating = _whole(text)
    if rating is None or rating > MAX_RATING:
        raise _error(
            "rating",
            f"The rating “{text}” is not a whole number from 0 to {MAX_RATING}.",
            line, column, player=player, text=text, max=MAX_RATING,
        )
    return rating or None


def _points(text: str, line: int, column: int, player: str) -> float:
    if not text:
        return 0.0
    if not _POINTS_TEXT.fullmatch(text):
        raise _error(
            "points", f"The points “{text}” are not a number such as 4.5.",
            line, column, player=player, text=text,
        )
    return float(text.replace(",", "."))


def _rank(text: str, line: int, column: int, player: str) -> int | None:
    if not text:
        return None
    rank = _whole(text)
    if rank is None:
        raise _error(
            "rank", f"The rank “{text}” is not a whole number.", line, column, player=player,
            text=text,
        )
    return rank


def _fits_shifted(key: str, text: str) -> bool:
    """Whether a value read one column off is a value of its field (then it is unambiguous)."""
    if key == "federation":
        return text.isalpha()
    if key == "points":
        return _POINTS_TEXT.fullmatch(text) is not None
    if key == "birth-date":
        return _birth_reading(text) is not None
    return _DIGITS.fullmatch(text) is not None


@dataclass(frozen=True, slots=True)
class _Cell:
    """A field's text and the 1-based column to name for it: the field's first column, or
    where a value read off its columns starts."""

    text: str
    column: int


def _line_shifted(
    direction: str, column: int, fields: Sequence[str], number: int, player: str
) -> InputError:
    moved = "a character too many" if direction == "right" else "a character missing"
    return _error(
        "line-shifted",
        f"From column {column} on, the fields ({', '.join(fields)}) stand one column to the "
        f"{direction} of their columns: {moved} earlier in the line.",
        number, column, player=player, direction=direction, fields=" ".join(fields),
    )


def _crossing(
    key: str, label: str, text: str, span: tuple[int, int], number: int, player: str
) -> InputError:
    """The error for a value that crosses its columns: alone, or run together with the field
    beside it (then both are named, with where TRF puts each)."""
    start, end = span
    first, last = PLAYER_FIELDS[key]
    others = [
        other for other, other_first, other_last, _ in _FIELDS
        if other != key and start <= other_last - 1 and other_first - 1 <= end
    ]
    where: dict[str, str | int] = {"text": text, "start": start + 1, "end": end + 1}
    if len(others) == 1:
        left, right = sorted((key, others[0]), key=lambda name: PLAYER_FIELDS[name][0])
        (left_first, left_last), (right_first, right_last) = (
            PLAYER_FIELDS[left], PLAYER_FIELDS[right])
        return _error(
            "merged",
            f"The {_LABELS[left]} and the {_LABELS[right]} run together: “{text}” stands in "
            f"columns {start + 1}–{end + 1}. TRF puts the {_LABELS[left]} in columns "
            f"{left_first}–{left_last} and the {_LABELS[right]} in columns "
            f"{right_first}–{right_last}, with the columns between them blank.",
            number, start + 1, player=player, field=left, other=right, first=left_first,
            last=left_last, other_first=right_first, other_last=right_last, **where,
        )
    aligned = "left-aligned" if key in _LEFT_ALIGNED else "right-aligned"
    return _error(
        "shifted",
        f"The {label} runs out of its columns: “{text}” stands in columns {start + 1}–{end + 1}. "
        f"TRF puts the {label} in columns {first}–{last}, {aligned}.",
        number, start + 1, player=player, field=key, first=first, last=last, **where,
    )


def _cells(
    padded: str, number: int, player: str, warnings: list[TrfWarning]
) -> dict[str, _Cell]:
    """The fields of :data:`_FIELDS` on a 001 line (padded with spaces).

    TRF's columns are fixed, so a value that crosses them (a rating moved one column by
    hand reads as 983 from columns 49–52) would be silently misread. A value that leaves its
    columns by one blank column only, is no wider than its field and is a value of its kind
    is read whole, with a "shifted" warning; any other crossing is an error naming the
    columns and where TRF puts the field (or both fields, when two run together). Two or
    more fields moved the same way mean the whole line moved: an error. Blank columns
    between fields must stay blank.
    """
    cells: dict[str, _Cell] = {}
    consumed: set[int] = set()
    moved: list[tuple[str, str, int]] = []  # (direction, label, 1-based column) read off
    found: list[TrfWarning] = []
    for key, first, last, label in _FIELDS:
        low, high = first - 1, last - 1
        marks = [index for index in range(low, high + 1) if padded[index] != " "]
        if not marks:
            cells[key] = _Cell("", first)
            continue
        start, end = marks[0], marks[-1]
        while start > 0 and padded[start - 1] != " ":
            start -= 1
        while end + 1 < len(padded) and padded[end + 1] != " ":
            end += 1
        text = padded[start : end + 1]
        if low <= start and end <= high:
            cells[key] = _Cell(text.strip(), first)
            continue
        direction = "left" if start < low else "right"
        if any(earlier == direction for earlier, _, _ in moved):
            columns = [column for _, _, column in moved] + [start + 1]
            raise _line_shifted(
                direction, min(columns), [name for _, name, _ in moved] + [label], number, player
            )
        if low - 1 <= start and end <= high + 1 and end - start <= high - low and _fits_shifted(
            key, text
        ):
            cells[key] = _Cell(text, start + 1)
            consumed.update(index for index in (start, end) if not low <= index <= high)
            moved.append((direction, label, start + 1))
            found.append(_warning(
                "shifted",
                f"Read “{text}” as the {label}, from columns {start + 1}–{end + 1}; TRF puts the "
                f"{label} in columns {first}–{last}.",
                number, start + 1, player=player, field=key, text=text, start=start + 1,
                end=end + 1, first=first, last=last,
            ))
            continue
        raise _crossing(key, label, text, (start, end), number, player)
    for column in _BLANK_COLUMNS:
        if padded[column - 1] != " " and column - 1 not in consumed:
            raise _error(
                "blank-column",
                f"Column {column} must be blank, but holds “{padded[column - 1]}”: a field beside "
                "it has moved out of its columns.",
                number, column, player=player, text=padded[column - 1],
            )
    warnings.extend(found)
    return cells


def _round(
    line: str, start: int, number: int, round_number: int, player: int, name: str
) -> Round:
    """The round whose opponent field starts at 0-based ``start`` of ``line``."""
    cell = line[start : start + _ROUND_WIDTH].ljust(_ROUND_WIDTH)
    for offset in _ROUND_BLANKS:
        if cell[offset] != " ":
            raise _error(
                "round-shifted",
                f"Round {round_number}: column {start + offset + 1} must be blank; “"
                f"{cell.strip()}” is out of its columns. TRF puts the opponent in columns "
                f"{start + 1}–{start + 4}, the colour in column {start + _COLOUR_OFFSET + 1} and "
                f"the result in column {start + _RESULT_OFFSET + 1}.",
                number, start + offset + 1, player=name, round=round_number,
                text=cell.strip(), first=start + 1, last=start + 4,
                colour=start + _COLOUR_OFFSET + 1, result=start + _RESULT_OFFSET + 1,
            )
    field = cell[:4].strip()
    opponent = _whole(field) if field else 0
    if opponent is None:
        raise _error(
            "opponent", f"Round {round_number}: the opponent “{field}” is not a start number.",
            number, start + 1, player=name, round=round_number, text=field,
        )
    colour_text = cell[_COLOUR_OFFSET]
    if colour_text not in _COLOURS:
        raise _error(
            "colour", f"Round {round_number}: the colour “{colour_text}” is not w, b or -.",
            number, start + _COLOUR_OFFSET + 1, player=name, round=round_number,
            text=colour_text,
        )
    code = cell[_RESULT_OFFSET].strip().upper()
    if code not in RESULT_CODES:
        raise _error(
            "result", f"Round {round_number}: the result “{code}” is not a TRF result code.",
            number, start + _RESULT_OFFSET + 1, player=name, round=round_number, text=code,
        )
    entry = Round(opponent or None, _COLOURS[colour_text], code)
    if entry.opponent is None and code in _GAME_CODES:
        raise _error(
            "no-opponent", f"Round {round_number}: the result {code} is a game and needs an "
            "opponent.", number, start + 1, player=name, round=round_number, code=code,
        )
    if entry.opponent is not None and code in BYE_CODES:
        raise _error(
            "bye", f"Round {round_number}: the bye {code} cannot have an opponent (player "
            f"{opponent}).", number, start + 1, player=name, round=round_number, code=code,
            opponent=opponent,
        )
    if entry.opponent == player:
        raise _error(
            "self", f"Round {round_number}: player {player} is paired with themself.",
            number, start + 1, player=name, round=round_number, number=player,
        )
    return entry


def _player(line: str, number: int, warnings: list[TrfWarning]) -> Player:
    """A ``001`` line; its rounds only as far as the line goes (padded later)."""
    tab = line.find("\t")
    # The name as messages show it: up to a gap of two spaces (a value moved into its columns
    # is not part of it); none when a tab comes before its end.
    name = line[_NAME].strip().split("  ")[0] if tab < 0 or tab >= _NAME.stop else ""
    if tab >= 0:
        raise _error(
            "tab",
            f"Column {tab + 1} holds a tab character. TRF uses spaces: columns cannot be counted "
            "across a tab, so replace each tab with spaces that keep every field in its columns.",
            number, tab + 1, player=name,
        )
    if len(line) < MIN_PLAYER_LINE:
        raise _error(
            "short-line",
            f"A player line must reach column {MIN_PLAYER_LINE} (the points); this one ends at "
            f"column {len(line)}.",
            number, len(line) + 1, player=name, min=MIN_PLAYER_LINE, length=len(line),
        )
    cells = _cells(line.ljust(_FIRST_ROUND + _ROUND_WIDTH), number, name, warnings)
    start_text = cells["start-number"].text
    start_number = _whole(start_text)
    if start_number is None or not 1 <= start_number <= _MAX_START:
        raise _error(
            "start-number",
            f"The start number “{start_text}” is not a whole number from 1 to {_MAX_START}.",
            number, cells["start-number"].column, player=name, text=start_text, min=1,
            max=_MAX_START,
        )
    rounds: list[Round] = []
    for index, start in enumerate(range(_FIRST_ROUND, len(line), _ROUND_WIDTH), 1):
        if line[start : start + _ROUND_WIDTH].isspace():
            rounds.append(_UNPAIRED)
        else:
            rounds.append(_round(line, start, number, index, start_number, name))
    while rounds and rounds[-1] == _UNPAIRED:
        rounds.pop()
    fide_id = cells["fide-id"].text
    return Player(
        start_number=start_number,
        sex=line[_SEX].strip(),
        title=line[_TITLE].strip(),
        name=line[_NAME].strip(),
        rating=_rating(cells["rating"].text, number, cells["rating"].column, name),
        federation=cells["federation"].text,
        fide_id=None if not fide_id or fide_id.strip("0") == "" else fide_id,
        birth_year=_birth_year(
            cells["birth-date"].text, number, cells["birth-date"].column, name, warnings
        ),
        points=_points(cells["points"].text, number, cells["points"].column, name),
        rank=_rank(cells["rank"].text, number, cells["rank"].column, name),
        rounds=tuple(rounds),
    )


def _round_text(entry: Round) -> str:
    """A round as a message shows it: ``7 w 1``, ``0000 - H``."""
    opponent = "0000" if entry.opponent is None else str(entry.opponent)
    return f"{opponent} {entry.colour or '-'} {entry.code}".rstrip()


def _check_games(players: Sequence[Player], lines: Sequence[int]) -> None:
    """Every game is reported alike by both players (see the module docstring)."""
    by_number = {player.start_number: player for player in players}
    for player, number in zip(players, lines):
        for index, entry in enumerate(player.rounds):
            if entry.opponent is None:
                continue
            column = _FIRST_ROUND + _ROUND_WIDTH * index + 1
            other = by_number.get(entry.opponent)
            if other is None:
                raise _error(
                    "unknown-opponent",
                    f"Round {index + 1}: there is no player with start number {entry.opponent}.",
                    number, column, player=player.name, round=index + 1, opponent=entry.opponent,
                )
            theirs = other.rounds[index]
            colours_fit = (
                (entry.colour, theirs.colour) in (("w", "b"), ("b", "w"))
                or entry.colour is theirs.colour is None
            )
            if (
                theirs.opponent != player.start_number
                or not colours_fit
                or theirs.code not in COMPLEMENTS[entry.code]
            ):
                mine, their_text = _round_text(entry), _round_text(theirs)
                raise _error(
                    "mismatch",
                    f"Round {index + 1}: player {player.start_number} has “{mine}”, but player "
                    f"{other.start_number} ({other.name}) has “{their_text}”.",
                    number, column, player=player.name, round=index + 1,
                    number=player.start_number, opponent=other.start_number,
                    opponent_name=other.name, mine=mine, theirs=their_text,
                )


def _padded(player: Player, rounds: int) -> Player:
    missing = rounds - len(player.rounds)
    if not missing:
        return player
    return dataclasses.replace(player, rounds=player.rounds + (_UNPAIRED,) * missing)


def _year_warnings(tournament: Tournament, lines: Sequence[int]) -> tuple[
    tuple[Player, ...], list[TrfWarning]
]:
    """What the junior K (FIDE B.02 8.3.3) assumed: the year it took when the end date is
    missing or unreadable, and birth years after the tournament's year (then ignored)."""
    warnings: list[TrfWarning] = []
    year = tournament.year
    players = list(tournament.players)
    for index, (player, number) in enumerate(zip(players, lines)):
        if year is not None and player.birth_year is not None and player.birth_year > year:
            warnings.append(_warning(
                "birth-year-after",
                f"The birth year {player.birth_year} is after the tournament's year {year}; it "
                "is ignored, so the junior K-factor does not apply.",
                number, _BIRTH.start + 1, player=player.name, birth_year=player.birth_year,
                year=year,
            ))
            players[index] = dataclasses.replace(player, birth_year=None)
    juniors_possible = any(p.rating is not None and p.birth_year is not None for p in players)
    if tournament.end is None and juniors_possible:
        if year is None:
            warnings.append(_warning(
                "no-year",
                "The file has no readable end, round or start date: the tournament's year is "
                "unknown, so no player gets the junior K-factor.", None,
            ))
        elif any(date is not None for date in tournament.round_dates):
            warnings.append(_warning(
                "year-from-rounds",
                f"The end date (052) is missing or cannot be read: the junior K-factor is "
                f"worked out for {year}, the year of the last round date.", None, year=year,
            ))
        else:
            warnings.append(_warning(
                "year-from-start",
                f"The end date (052) and the round dates (132) are missing or cannot be read: "
                f"the junior K-factor is worked out for {year}, the year of the start date.",
                None, year=year,
            ))
    return tuple(players), warnings


def parse(text: str) -> Tournament:
    """The tournament in a TRF text (TRF16 or TRF26; see the module docstring).

    Raises :class:`InputError` "trf-invalid" with the 1-based ``line``, the
    ``column`` where it helps (also in ``params["column"]``), on a player line
    the player's name (``params["player"]``, and the message starts with it),
    and a ``reason``: ``"tab"`` (TRF uses spaces), ``"short-line"``,
    ``"shifted"`` (a value across its columns: ``params`` ``field``, ``text``,
    ``start``/``end`` where it stands, ``first``/``last`` where TRF puts it),
    ``"blank-column"`` (a column between fields holds something),
    ``"round-shifted"``, ``"start-number"``, ``"duplicate"``, ``"rating"``,
    ``"points"``, ``"rank"``, ``"opponent"``, ``"colour"``, ``"result"``,
    ``"no-opponent"`` (a game without one), ``"bye"`` (a bye with one),
    ``"self"``, ``"unknown-opponent"``, ``"mismatch"`` (two players report a
    game differently), ``"rounds"`` (record 142), ``"no-players"`` or
    ``"text"`` (not a string). The first error found is raised.

    What can be read but may not be what the file meant is not an error: the
    Tournament's ``warnings`` (:class:`TrfWarning`, codes in
    :data:`WARNING_CODES`) hold dates that cannot be read or can be read more
    than one way (:mod:`elo_core.trf_dates`), birth dates that cannot be read
    or lie after the tournament (then the player gets no junior K), the year
    the junior K assumed, and values read one column off their columns.
    """
    if not isinstance(text, str):
        raise _error("text", "The tournament report must be given as text.")
    name = ""
    date_texts: list[_DateText] = []
    round_count = 0
    details: dict[str, str] = {}
    players: list[Player] = []
    player_lines: list[int] = []
    first_line: dict[int, int] = {}
    warnings: list[TrfWarning] = []
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        code = line[:3]
        if code == "001":
            player = _player(line, number, warnings)
            if player.start_number in first_line:
                raise _error(
                    "duplicate",
                    f"Start number {player.start_number} is used twice (first on line "
                    f"{first_line[player.start_number]}).",
                    number, _START.start + 1, player=player.name, number=player.start_number,
                    first=first_line[player.start_number],
                )
            first_line[player.start_number] = number
            players.append(player)
            player_lines.append(number)
        elif code == "012" and not name:
            name = line[4:].strip()
        elif code in ("042", "052") and line[4:].strip():
            date_texts = [seen for seen in date_texts if seen.record != code]
            date_texts.append(_DateText(code, line[4:].strip(), number, 5, 0))
        elif code == "132":
            date_texts = [seen for seen in date_texts if seen.record != code]
            if "\t" in line:
                warnings.append(_warning(
                    "round-dates-tab",
                    f"Column {line.index(chr(9)) + 1} holds a tab character; TRF uses spaces, so "
                    "the round dates cannot be found and are left out.",
                    number, line.index("\t") + 1,
                ))
                continue
            for index, begin in enumerate(range(_FIRST_ROUND, len(line), _ROUND_WIDTH), 1):
                cell = line[begin : begin + _ROUND_WIDTH].strip()
                if cell:
                    date_texts.append(_DateText(code, cell, number, begin + 1, index))
        elif code in ("142", "XXR"):
            # TRF-2026's round count and the XXR line pairing programs write: the event's
            # rounds, also those not played yet when the file was written.
            round_count = max(round_count, _round_count(line, number))
        elif code in _DETAIL_RECORDS and code not in details:
            details[code] = line[4:].strip()
    if not players:
        raise _error("no-players", "The file has no player lines (lines that start with 001).")
    dates = _resolve_dates(date_texts, warnings)
    start = end = None
    round_dates: dict[int, datetime.date | None] = {}
    for written, date in zip(date_texts, dates):
        if written.record == "042":
            start = date
        elif written.record == "052":
            end = date
        else:
            round_dates[written.round] = date
    dated = max(round_dates, default=0)
    rounds = max(round_count, dated, *(len(player.rounds) for player in players))
    padded = tuple(_padded(player, rounds) for player in players)
    _check_games(padded, player_lines)
    tournament = Tournament(
        name, start, end, tuple(round_dates.get(index) for index in range(1, rounds + 1)), padded,
        city=details.get("022", ""), federation=details.get("032", ""),
        event_type=details.get("092", ""), chief_arbiter=details.get("102", ""),
        time_control=details.get("122", ""), time_control_code=details.get("222", ""),
    )
    checked, year_warnings = _year_warnings(tournament, player_lines)
    warnings.extend(year_warnings)
    # By line; those about the whole file (no line) last.
    order = sorted(range(len(warnings)), key=lambda i: (warnings[i].line or len(lines) + 1, i))
    return dataclasses.replace(
        tournament, players=checked, warnings=tuple(warnings[i] for i in order)
    )


# --- writing ------------------------------------------------------------------------------------


def _write_error(message: str) -> InputError:
    return InputError("trf-invalid", message, field="trf", reason="write")


def _fits(text: str, width: int, what: str, start_number: int) -> str:
    if len(text) > width or text != text.strip() or "\n" in text or "\r" in text:
        raise _write_error(
            f"Player {start_number}: the {what} “{text}” does not fit in {width} columns."
        )
    return text


def _write_round(entry: Round, start_number: int) -> str:
    if (
        not isinstance(entry, Round)
        or entry.code not in RESULT_CODES
        or entry.colour not in ("w", "b", None)
        or (entry.opponent is not None and not 1 <= entry.opponent <= _MAX_START)
    ):
        raise _write_error(f"Player {start_number}: a round cannot be written: {entry!r}.")
    opponent = "0000" if entry.opponent is None else f"{entry.opponent:4d}"
    if entry == _UNPAIRED:
        opponent = "    "
    return f"  {opponent} {entry.colour or '-'} {entry.code or ' '}"


def _player_line(player: Player, rounds: int) -> str:
    number = player.start_number
    if len(player.rounds) != rounds:
        raise _write_error(f"Player {number} has {len(player.rounds)} rounds, not {rounds}.")
    if not 1 <= number <= _MAX_START:
        raise _write_error(f"The start number {number} is not from 1 to {_MAX_START}.")
    if not 0 <= player.points <= 99.9 or float(f"{player.points:.1f}") != player.points:
        raise _write_error(f"Player {number}: the points {player.points} do not fit.")
    rating = "" if player.rating is None else str(player.rating)
    birth = "" if player.birth_year is None else str(player.birth_year)
    rank = "" if player.rank is None else str(player.rank)
    static = (
        f"001 {number:4d} {_fits(player.sex, 1, 'sex', number):1}"
        f"{_fits(player.title, 3, 'title', number):>3} "
        f"{_fits(player.name, 33, 'name', number):33} {_fits(rating, 4, 'rating', number):>4} "
        f"{_fits(player.federation, 3, 'federation', number):3} "
        f"{_fits(player.fide_id or '', 11, 'FIDE ID', number):>11} "
        f"{_fits(birth, 10, 'birth year', number):10} {player.points:4.1f} "
        f"{_fits(rank, 4, 'rank', number):>4}"
    )
    return (static + "".join(_write_round(entry, number) for entry in player.rounds)).rstrip()


def write(tournament: Tournament) -> str:
    """The tournament as a TRF16 text that :func:`parse` reads back to an equal Tournament.

    Writes 012, 042 and 052 (YYYY/MM/DD), 132 (YY/MM/DD: years 2000–2099)
    when a round has a date, 142 (TRF26's round count, so that trailing
    unpaired rounds survive) and one 001 line per player, in order; lines end
    with a line feed. The birth date is written as the year alone. Raises
    :class:`InputError` "trf-invalid" (reason ``"write"``) for what does not
    fit its columns or would not read back the same.
    """
    if not isinstance(tournament, Tournament):
        raise _write_error("Only a Tournament can be written.")
    rounds = tournament.rounds
    name = tournament.name
    if name != name.strip() or "\n" in name or "\r" in name:
        raise _write_error(
            f"The tournament name “{name}” has surrounding spaces or line breaks."
        )
    lines = [f"012 {name}".rstrip()]
    for record, field in _DETAIL_RECORDS.items():
        text = getattr(tournament, field)
        if text != text.strip() or "\n" in text or "\r" in text:
            raise _write_error(f"The {field.replace('_', ' ')} “{text}” has surrounding spaces or "
                               "line breaks.")
        if text:
            lines.append(f"{record} {text}")
    for record, date in (("042", tournament.start), ("052", tournament.end)):
        if date is not None:
            lines.append(f"{record} {date.year:04d}/{date.month:02d}/{date.day:02d}")
    if any(date is not None for date in tournament.round_dates):
        cells = []
        for date in tournament.round_dates:
            if date is not None and not 2000 <= date.year <= 2099:
                raise _write_error(f"The round date {date} is not in the years 2000 to 2099.")
            cells.append("        " if date is None else date.strftime("%y/%m/%d"))
        lines.append(("132" + " " * 88 + "  ".join(cells)).rstrip())
    if rounds:
        lines.append(f"142 {rounds}")
    numbers = [player.start_number for player in tournament.players]
    if len(set(numbers)) != len(numbers):
        raise _write_error("Two players have the same start number.")
    lines.extend(_player_line(player, rounds) for player in tournament.players)
    return "\n".join(lines) + "\n"


# --- rating -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game that counts: the opponent's start number and rating, the score, E and K·(S − E).

    For an unrated player (whose games count only towards a first rating)
    ``expected`` and ``change`` are None.
    """

    opponent: int
    opponent_rating: int
    score: float
    expected: float | None
    change: float | None


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's tournament, rated as one period (see :func:`rate`).

    ``k`` and ``k_rule`` (a :class:`elo_core.fide.KFactor` rule or
    ``"override"``), ``expected``, ``change`` (unrounded), ``rounded_change``
    (FIDE B.02 8.3.4) and ``new_rating`` are None for an unrated player, who
    gets ``initial_rating`` (FIDE B.02 8.2) or, when the rules give none,
    ``initial_reason``. ``games`` and ``score`` count the games in ``results``.
    ``becomes_unrated``: the new rating is below 1400, so the player is shown as
    unrated on the next list (FIDE B.02 7.2.1; there is no floor).
    """

    start_number: int
    k: int | None
    k_rule: str | None
    games: int
    score: float
    expected: float | None
    change: float | None
    rounded_change: int | None
    new_rating: int | None
    performance: float | None
    initial_rating: int | None
    initial_reason: InitialReason | None
    results: tuple[RatedGame, ...]
    becomes_unrated: bool


def _k_error(message: str, reason: str, **params: str | float) -> InputError:
    return InputError("k-invalid", message, field="k", reason=reason, params=params)


def _overrides(tournament: Tournament, k: Mapping[int, int] | None) -> dict[int, int]:
    if k is None:
        return {}
    if not isinstance(k, Mapping):
        raise _k_error("The K-factors must map start numbers to K-factors.", "type")
    ratings = {player.start_number: player.rating for player in tournament.players}
    checked = {}
    for number, value in k.items():
        if isinstance(number, bool) or not isinstance(number, int) or number not in ratings:
            raise _k_error(
                f"There is no player with start number {number}.", "unknown-player",
                number=str(number),
            )
        if ratings[number] is None:
            raise _k_error(
                f"Player {number} is unrated: a K-factor does not apply.", "unrated", number=number
            )
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_K:
            raise _k_error(
                f"The K-factor of player {number} must be a whole number from 1 to {MAX_K}.",
                "range", number=number, min=1, max=MAX_K,
            )
        checked[number] = value
    return checked


def _initial_reason(games: int, score: float) -> InitialReason:
    """Which condition of FIDE B.02 8.2 / 7.1.4 a player without a first rating misses."""
    if games < INITIAL_RATING_MIN_GAMES:
        return "too-few-games"
    if score == 0:
        return "zero-score"
    return "below-1400"


def _rate_unrated(player: Player, games: list[tuple[Player, float]]) -> PlayerRating:
    ratings = [opponent.rating for opponent, _ in games if opponent.rating is not None]
    score = sum(score for _, score in games)
    initial = fide_initial_rating(ratings, score)
    return PlayerRating(
        start_number=player.start_number, k=None, k_rule=None, games=len(games), score=score,
        expected=None, change=None, rounded_change=None, new_rating=None,
        performance=performance_rating(ratings, score) if games else None,
        initial_rating=initial,
        initial_reason=None if initial is not None else _initial_reason(len(games), score),
        results=tuple(
            RatedGame(opponent.start_number, opponent.rating or 0, score, None, None)
            for opponent, score in games
        ),
        becomes_unrated=False,
    )


def _rate_rated(
    player: Player, rating: int, games: list[tuple[Player, float]], override: int | None,
    year: int | None, cap: Cap,
) -> PlayerRating:
    n = len(games)
    rule: str
    if override is not None:
        # FIDE B.02 8.3.3: K × n ≤ 700 holds for a K set by hand too.
        k, rule = override, "override"
        if n and override * n > K_TIMES_GAMES_MAX:
            k = K_TIMES_GAMES_MAX // n
    else:
        # The file does not tell past games or a past 2400: assume ≥ 30 games, and 2400
        # reached only if the rating is 2400 now (the caller overrides K otherwise).
        junior = player.birth_year is not None and year is not None
        factor = fide_k_factor_reason(
            rating,
            rated_games=NEW_PLAYER_GAMES,
            birth_year=player.birth_year if junior else None,
            year=year if junior else None,
            reached_2400=rating >= 2400,
            games_in_period=n,
        )
        k, rule = factor.k, factor.rule
    ratings = [float(opponent.rating or 0) for opponent, _ in games]
    result = rate_period(
        rating,
        [Game(opponent_rating, score) for opponent_rating, (_, score) in zip(ratings, games)],
        k=k, model="fide", cap=cap, rounding="fide",
    )
    rounded = int(result.rounded_change)
    return PlayerRating(
        start_number=player.start_number, k=k, k_rule=rule, games=n, score=result.score,
        expected=result.expected, change=result.change, rounded_change=rounded,
        new_rating=rating + rounded,
        performance=performance_rating(ratings, result.score) if n else None,
        initial_rating=None, initial_reason=None,
        results=tuple(
            RatedGame(
                opponent.start_number, int(rated), game.game.score, game.expected, game.change
            )
            for (opponent, _), rated, game in zip(games, ratings, result.games)
        ),
        becomes_unrated=becomes_unrated(rating + rounded),
    )


def rate(
    tournament: Tournament,
    *,
    k: Mapping[int, int] | None = None,
    rating_list: RatingList | None = None,
) -> list[PlayerRating]:
    """Every player's rating from the tournament, as ONE rating period (FIDE B.02), in file order.

    ``rating_list`` (``"standard"``, ``"rapid"`` or ``"blitz"``) names the list
    rated for; None takes the file's (:attr:`Tournament.rating_list`), and
    standard when the file does not say. The rapid and blitz lists follow
    the standard rules below (K since 1 October 2022 — on secondary sources,
    the regulation's text was not at hand), except the 400-point rule, which
    stays the plain cap there: the 2650 exemption of 1 October 2025 was
    announced for the standard list.

    - Only rated games count: results 1, = and 0. Forfeits (+ −), games not
      rated (W D L), byes (H F U Z) and rounds without a result do not.
    - A rated player's games against unrated opponents are left out: they do
      not change the rating.
    - Expected scores from table 8.1.2 (model "fide") with the 400-point rule
      of 8.3.1 as from 1 October 2025: a difference over 400 counts as 400
      unless the player is rated 2650 or more (cap "fide"); for rapid and
      blitz, over 400 counts as 400 for everyone (cap "400").
    - K by 8.3.3 (:func:`elo_core.fide.fide_k_factor_reason`) from the rating
      and the age: birth year from the file, the year from the end date (else
      the last round date, else the start date); with neither, no junior K.
      The file cannot say how many rated games a player has had nor whether
      the rating ever reached 2400: the rules assume at least 30 and "only if
      rated 2400 now". ``k`` overrides K by start number (rated players only,
      whole numbers 1 to 1000; ``k_rule`` is then ``"override"``). Either way
      K × n ≤ 700, n the player's rated games here.
    - ΔR = K · Σ(S − E), rounded once, half away from zero (8.3.4). A new
      rating below 1400 sets ``becomes_unrated`` (7.2.1: shown as unrated on
      the next list; there is no floor).
    - An unrated player gets a first rating by 8.2 over the games against
      rated opponents (:func:`elo_core.fide.fide_initial_rating`), or None and
      the condition missed: ``"too-few-games"`` (under 5), ``"zero-score"``
      or ``"below-1400"``.
    - Everyone's performance rating (Title Regulations 1.4.8, method "fide")
      over the games against rated opponents; None without such games.

    Raises :class:`InputError` "k-invalid" for a bad ``k`` (reason
    ``"unknown-player"``, ``"unrated"``, ``"range"`` or ``"type"``) and
    "option-invalid" for a ``rating_list`` that is none of the three.
    """
    if not isinstance(tournament, Tournament):
        raise InputError(
            "trf-invalid", "Only a Tournament can be rated.", field="trf", reason="type"
        )
    overrides = _overrides(tournament, k)
    chosen = tournament.rating_list if rating_list is None else check_option(
        rating_list, RATING_LISTS, "rating_list"
    )
    cap: Cap = "fide" if chosen in (None, "standard") else "400"
    by_number = {player.start_number: player for player in tournament.players}
    year = tournament.year
    ratings = []
    for player in tournament.players:
        games = []
        for entry in player.rounds:
            score = RATED_SCORES.get(entry.code)
            if score is None or entry.opponent is None:
                continue
            opponent = by_number.get(entry.opponent)
            if opponent is None:
                raise InputError(
                    "trf-invalid",
                    f"Player {player.start_number} has an opponent without a player line "
                    f"({entry.opponent}).",
                    field="trf", reason="unknown-opponent", params={"opponent": entry.opponent},
                )
            if opponent.rating is not None:
                games.append((opponent, score))
        if player.rating is None:
            ratings.append(_rate_unrated(player, games))
        else:
            ratings.append(
                _rate_rated(
                    player, player.rating, games, overrides.get(player.start_number), year, cap
                )
            )
    return ratings
