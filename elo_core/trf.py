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
    042     start date, from column 5 (TRF26: YYYY/MM/DD)
    052     end date, from column 5 (TRF26: YYYY/MM/DD)
    132     round dates, YY/MM/DD, round r from column 92 + 10·(r − 1)
    142     number of rounds (TRF26; a lower bound for the rounds read)
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
    70–79     birth date: YYYY/MM/DD, or just the year (YYYY.MM.DD and
              YYYY-MM-DD are read too; 0000/00/00 means unknown)
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

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from elo_core.elo import Game
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
from elo_core.validation import MAX_K, MAX_RATING, MAX_YEAR, MIN_YEAR

__all__ = [
    "BYE_CODES",
    "COMPLEMENTS",
    "FORFEIT_CODES",
    "InitialReason",
    "MIN_PLAYER_LINE",
    "PARSE_REASONS",
    "Player",
    "PlayerRating",
    "RATED_SCORES",
    "RESULT_CODES",
    "RatedGame",
    "Round",
    "Tournament",
    "UNRATED_GAME_CODES",
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
_BIRTH_TEXT = re.compile(r"([0-9]{4})(?:[/.\-][0-9]{1,2}[/.\-][0-9]{1,2})?")
_YMD = re.compile(r"([0-9]{4})[/.\-]([0-9]{1,2})[/.\-]([0-9]{1,2})")
_DMY = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})")
_SHORT_YMD = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{2})")

#: The reasons of :func:`parse`'s errors for a text (besides ``"text"``: not a string).
PARSE_REASONS: tuple[str, ...] = (
    "short-line", "start-number", "duplicate", "rating", "birth-date", "birth-year", "points",
    "rank", "opponent", "colour", "result", "no-opponent", "bye", "self", "unknown-opponent",
    "mismatch", "date", "rounds", "no-players",
)

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
class Tournament:
    """A tournament report: name (012), dates (042, 052, 132) and players (001), in file order.

    Every player has one round per tournament round; ``round_dates`` has one
    entry per round too (None where the file has none).
    """

    name: str
    start: datetime.date | None
    end: datetime.date | None
    round_dates: tuple[datetime.date | None, ...]
    players: tuple[Player, ...]

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
    **params: str | float,
) -> InputError:
    if column is not None:
        params["column"] = column  # the page words the column in its own message
    return InputError(
        "trf-invalid", message, field="trf", line=line, column=column, reason=reason, params=params
    )


def _whole(text: str) -> int | None:
    """``text`` (stripped) as a whole number, or None if it is not one."""
    return int(text) if _DIGITS.fullmatch(text) else None


def _parse_date(text: str) -> datetime.date | None:
    """A date as TRF files write it; None if blank; ValueError if not a date.

    YYYY/MM/DD (TRF26; also with . or -), DD.MM.YYYY (older programs, also
    "28. 07. 2005") and YY/MM/DD (record 132; read as 20YY).
    """
    text = text.replace(" ", "")
    if not text:
        return None
    if match := _YMD.fullmatch(text):
        year, month, day = (int(part) for part in match.groups())
    elif match := _DMY.fullmatch(text):
        day, month, year = (int(part) for part in match.groups())
    elif match := _SHORT_YMD.fullmatch(text):
        year, month, day = (int(part) for part in match.groups())
        year += 2000
    else:
        raise ValueError(text)
    return datetime.date(year, month, day)


def _date(text: str, line: int, column: int) -> datetime.date | None:
    try:
        return _parse_date(text)
    except ValueError:
        shown = text.strip()
        raise _error(
            "date", f"The date “{shown}” is not a date (YYYY/MM/DD).", line, column, text=shown
        ) from None


def _round_dates(line: str, number: int) -> list[datetime.date | None]:
    """Record 132: a date every 10 columns from column 92 (10 read, so YYYY/MM/DD fits too)."""
    dates: list[datetime.date | None] = []
    for start in range(_FIRST_ROUND, len(line), _ROUND_WIDTH):
        dates.append(_date(line[start : start + _ROUND_WIDTH], number, start + 1))
    while dates and dates[-1] is None:
        dates.pop()
    return dates


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


def _birth_year(text: str, line: int) -> int | None:
    text = text.strip()
    if not text:
        return None
    match = _BIRTH_TEXT.fullmatch(text)
    year = int(match.group(1)) if match else -1
    if year == 0:
        return None  # 0000/00/00: unknown
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise _error(
            "birth-date",
            f"The birth date “{text}” is not a date (YYYY/MM/DD) or a year from {MIN_YEAR} to "
            f"{MAX_YEAR}.",
            line, _BIRTH.start + 1, text=text, min=MIN_YEAR, max=MAX_YEAR,
        )
    return year


def _rating(text: str, line: int) -> int | None:
    text = text.strip()
    if not text:
        return None
    rating = _whole(text)
    if rating is None or rating > MAX_RATING:
        raise _error(
            "rating",
            f"The rating “{text}” is not a whole number from 0 to {MAX_RATING}.",
            line, _RATING.start + 1, text=text, max=MAX_RATING,
        )
    return rating or None


def _points(text: str, line: int) -> float:
    text = text.strip()
    if not text:
        return 0.0
    if not _POINTS_TEXT.fullmatch(text):
        raise _error(
            "points", f"The points “{text}” are not a number such as 4.5.",
            line, _POINTS.start + 1, text=text,
        )
    return float(text.replace(",", "."))


def _rank(text: str, line: int) -> int | None:
    text = text.strip()
    if not text:
        return None
    rank = _whole(text)
    if rank is None:
        raise _error(
            "rank", f"The rank “{text}” is not a whole number.", line, _RANK.start + 1,
            text=text,
        )
    return rank


def _round(line: str, start: int, number: int, round_number: int, player: int) -> Round:
    """The round whose opponent field starts at 0-based ``start`` of ``line``."""
    field = line[start : start + 4].strip()
    opponent = _whole(field) if field else 0
    if opponent is None:
        raise _error(
            "opponent", f"Round {round_number}: the opponent “{field}” is not a start number.",
            number, start + 1, round=round_number, text=field,
        )
    colour_text = line[start + _COLOUR_OFFSET : start + _COLOUR_OFFSET + 1]
    if colour_text not in _COLOURS:
        raise _error(
            "colour", f"Round {round_number}: the colour “{colour_text}” is not w, b or -.",
            number, start + _COLOUR_OFFSET + 1, round=round_number, text=colour_text,
        )
    code = line[start + _RESULT_OFFSET : start + _RESULT_OFFSET + 1].strip().upper()
    if code not in RESULT_CODES:
        raise _error(
            "result", f"Round {round_number}: the result “{code}” is not a TRF result code.",
            number, start + _RESULT_OFFSET + 1, round=round_number, text=code,
        )
    entry = Round(opponent or None, _COLOURS[colour_text], code)
    if entry.opponent is None and code in _GAME_CODES:
        raise _error(
            "no-opponent", f"Round {round_number}: the result {code} is a game and needs an "
            "opponent.", number, start + 1, round=round_number, code=code,
        )
    if entry.opponent is not None and code in BYE_CODES:
        raise _error(
            "bye", f"Round {round_number}: the bye {code} cannot have an opponent (player "
            f"{opponent}).", number, start + 1, round=round_number, code=code, opponent=opponent,
        )
    if entry.opponent == player:
        raise _error(
            "self", f"Round {round_number}: player {player} is paired with themself.",
            number, start + 1, round=round_number, number=player,
        )
    return entry


def _player(line: str, number: int) -> Player:
    """A ``001`` line; its rounds only as far as the line goes (padded later)."""
    if len(line) < MIN_PLAYER_LINE:
        raise _error(
            "short-line",
            f"A player line must reach column {MIN_PLAYER_LINE} (the points); this one ends at "
            f"column {len(line)}.",
            number, len(line) + 1, min=MIN_PLAYER_LINE, length=len(line),
        )
    start_text = line[_START].strip()
    start_number = _whole(start_text)
    if start_number is None or not 1 <= start_number <= _MAX_START:
        raise _error(
            "start-number",
            f"The start number “{start_text}” is not a whole number from 1 to {_MAX_START}.",
            number, _START.start + 1, text=start_text, min=1, max=_MAX_START,
        )
    rounds: list[Round] = []
    for index, start in enumerate(range(_FIRST_ROUND, len(line), _ROUND_WIDTH), 1):
        if line[start : start + _ROUND_WIDTH].isspace():
            rounds.append(_UNPAIRED)
        else:
            rounds.append(_round(line, start, number, index, start_number))
    while rounds and rounds[-1] == _UNPAIRED:
        rounds.pop()
    fide_id = line[_FIDE_ID].strip()
    return Player(
        start_number=start_number,
        sex=line[_SEX].strip(),
        title=line[_TITLE].strip(),
        name=line[_NAME].strip(),
        rating=_rating(line[_RATING], number),
        federation=line[_FEDERATION].strip(),
        fide_id=None if not fide_id or fide_id.strip("0") == "" else fide_id,
        birth_year=_birth_year(line[_BIRTH], number),
        points=_points(line[_POINTS], number),
        rank=_rank(line[_RANK], number),
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
                    number, column, round=index + 1, opponent=entry.opponent,
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
                    f"{other.start_number} has “{their_text}”.",
                    number, column, round=index + 1, number=player.start_number,
                    opponent=other.start_number, mine=mine, theirs=their_text,
                )


def _padded(player: Player, rounds: int) -> Player:
    missing = rounds - len(player.rounds)
    if not missing:
        return player
    return Player(
        player.start_number, player.sex, player.title, player.name, player.rating,
        player.federation, player.fide_id, player.birth_year, player.points, player.rank,
        player.rounds + (_UNPAIRED,) * missing,
    )


def parse(text: str) -> Tournament:
    """The tournament in a TRF text (TRF16 or TRF26; see the module docstring).

    Raises :class:`InputError` "trf-invalid" with the 1-based ``line``, the
    ``column`` where it helps (also in ``params["column"]``) and a ``reason``:
    ``"short-line"``, ``"start-number"``, ``"duplicate"``, ``"rating"``,
    ``"birth-date"``, ``"birth-year"`` (born after the tournament),
    ``"points"``, ``"rank"``, ``"opponent"``, ``"colour"``, ``"result"``,
    ``"no-opponent"`` (a game without one), ``"bye"`` (a bye with one),
    ``"self"``, ``"unknown-opponent"``, ``"mismatch"`` (two players report a
    game differently), ``"date"``, ``"rounds"`` (record 142), ``"no-players"``
    or ``"text"`` (not a string). The first error found is raised.
    """
    if not isinstance(text, str):
        raise _error("text", "The tournament report must be given as text.")
    name = ""
    start = end = None
    dates: list[datetime.date | None] = []
    round_count = 0
    players: list[Player] = []
    player_lines: list[int] = []
    first_line: dict[int, int] = {}
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        code = line[:3]
        if code == "001":
            player = _player(line, number)
            if player.start_number in first_line:
                raise _error(
                    "duplicate",
                    f"Start number {player.start_number} is used twice (first on line "
                    f"{first_line[player.start_number]}).",
                    number, _START.start + 1, number=player.start_number,
                    first=first_line[player.start_number],
                )
            first_line[player.start_number] = number
            players.append(player)
            player_lines.append(number)
        elif code == "012" and not name:
            name = line[4:].strip()
        elif code == "042":
            start = _date(line[4:], number, 5)
        elif code == "052":
            end = _date(line[4:], number, 5)
        elif code == "132":
            dates = _round_dates(line, number)
        elif code == "142":
            round_count = _round_count(line, number)
    if not players:
        raise _error("no-players", "The file has no player lines (lines that start with 001).")
    rounds = max(round_count, len(dates), *(len(player.rounds) for player in players))
    padded = tuple(_padded(player, rounds) for player in players)
    _check_games(padded, player_lines)
    tournament = Tournament(
        name, start, end, tuple(dates) + (None,) * (rounds - len(dates)), padded
    )
    year = tournament.year
    for player, number in zip(padded, player_lines):
        if year is not None and player.birth_year is not None and player.birth_year > year:
            raise _error(
                "birth-year",
                f"The birth year {player.birth_year} is after the tournament's year {year}.",
                number, _BIRTH.start + 1, birth_year=player.birth_year, year=year,
            )
    return tournament


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
    year: int | None,
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
        k=k, model="fide", cap="fide", rounding="fide",
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


def rate(tournament: Tournament, *, k: Mapping[int, int] | None = None) -> list[PlayerRating]:
    """Every player's rating from the tournament, as ONE rating period (FIDE B.02), in file order.

    - Only rated games count: results 1, = and 0. Forfeits (+ −), games not
      rated (W D L), byes (H F U Z) and rounds without a result do not.
    - A rated player's games against unrated opponents are left out: they do
      not change the rating.
    - Expected scores from table 8.1.2 (model "fide") with the 400-point rule
      of 8.3.1 as from 1 October 2025: a difference over 400 counts as 400
      unless the player is rated 2650 or more (cap "fide").
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
    ``"unknown-player"``, ``"unrated"``, ``"range"`` or ``"type"``).
    """
    if not isinstance(tournament, Tournament):
        raise InputError(
            "trf-invalid", "Only a Tournament can be rated.", field="trf", reason="type"
        )
    overrides = _overrides(tournament, k)
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
                _rate_rated(player, player.rating, games, overrides.get(player.start_number), year)
            )
    return ratings
