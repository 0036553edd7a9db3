"""A club's games from a spreadsheet (CSV) or a PGN file, for :func:`elo_core.league`.

CSV
    The first non-blank line is the header; its columns are found by name
    (case, spaces, hyphens and underscores do not matter; other columns are
    ignored). Fields are separated by semicolons if the header line contains
    one, else by commas; fields may be quoted with ``"``.

    ==========  ===============================================================
    column      accepted header names
    ==========  ===============================================================
    player A    player_a, player 1, white, spieler_a, weiss, weiß, spiller_a, hvid
    player B    player_b, player 2, black, spieler_b, schwarz, spiller_b, sort
    result      result, score, score_a, ergebnis, resultat
    date        date, datum, dato (optional)
    ==========  ===============================================================

    Results are read by :func:`elo_core.parsing.parse_result` (1, 0, 0.5,
    0,5, ½, =, 1-0, 0-1, ½-½ …), from player A's side; dates are
    YYYY-MM-DD, YYYY.MM.DD, YYYY/MM/DD or DD.MM.YYYY, or empty. Blank lines
    are skipped.

PGN
    Only the tags are read (White, Black, Result, WhiteElo, BlackElo, Date,
    Event), with the optional ``chess`` package (python-chess, the extra
    ``pgn``), imported only when a PGN is parsed.

Lines
    One game per line, ``player A | player B | result`` (see :func:`parse_lines`).
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from elo_core.errors import InputError
from elo_core.league import LeagueGame
from elo_core.parsing import parse_result

__all__ = ["PgnGame", "PgnImport", "parse_csv", "parse_lines", "parse_pgn", "to_csv"]

_HEADER_NAMES = {
    "player_a": (
        "player_a",
        "player_1",
        "white",
        "spieler_a",
        "weiss",
        "weiß",
        "spiller_a",
        "hvid",
    ),
    "player_b": ("player_b", "player_2", "black", "spieler_b", "schwarz", "spiller_b", "sort"),
    "result": ("result", "score", "score_a", "ergebnis", "resultat"),
    "date": ("date", "datum", "dato"),
}
_COLUMN_OF = {alias: column for column, aliases in _HEADER_NAMES.items() for alias in aliases}
_REQUIRED = ("player_a", "player_b", "result")

_DATE_FORMATS = (
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})\.(\d{1,2})\.(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})"), "dmy"),
)


def _games_error(message: str, line: int | None = None, field: str = "games") -> InputError:
    return InputError("games-invalid", message, field=field, line=line)


def _header_key(text: str) -> str:
    return re.sub(r"[\s_-]+", "_", text.strip().lower())


def _parse_date(text: str) -> datetime.date | None:
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


def _records(text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """The CSV records with the 1-based line each starts on."""
    # Imported here, like python-chess for PGN: the page imports elo_core at start-up
    # and csv costs about 10 ms there, for a format few visitors use.
    import csv

    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"')
    line = 1
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise _games_error(f"The line cannot be read as CSV ({error}).", line) from None
        yield line, record
        line = reader.line_num + 1


def _columns(header: list[str], line: int) -> dict[str, int]:
    columns: dict[str, int] = {}
    for position, name in enumerate(header):
        column = _COLUMN_OF.get(_header_key(name))
        if column is None:
            continue
        if column in columns:
            raise _games_error(f'The header names the column "{column}" twice.', line)
        columns[column] = position
    missing = [column for column in _REQUIRED if column not in columns]
    if missing:
        raise _games_error(
            "The header needs the columns player_a, player_b and result; missing: "
            + ", ".join(missing)
            + ".",
            line,
        )
    return columns


def parse_csv(text: str) -> list[LeagueGame]:
    """The games of a CSV text, in order (see the module docstring for the format).

    Raises :class:`InputError` "games-invalid" with the 1-based ``line`` for
    anything it cannot read: no header, missing columns, a missing field, an
    empty name, a player paired with themself, a result or date it does not
    understand.
    """
    if not isinstance(text, str):
        raise _games_error("The games must be given as text.")
    text = text.removeprefix("\ufeff")
    # Lines as the csv reader sees them (split at \n, \r and \r\n only).
    lines = io.StringIO(text, newline="").readlines()
    header = next((line for line in lines if line.strip()), None)
    if header is None:
        raise _games_error("The text is empty: a header line and games are needed.")
    delimiter = ";" if ";" in header else ","

    games: list[LeagueGame] = []
    columns: dict[str, int] | None = None
    for line, record in _records(text, delimiter):
        if not any(field.strip() for field in record):
            continue
        if columns is None:
            columns = _columns(record, line)
            continue
        games.append(_game(record, columns, line))
    return games


def _game(record: list[str], columns: dict[str, int], line: int) -> LeagueGame:
    needed = max(columns[column] for column in _REQUIRED) + 1
    if len(record) < needed:
        raise _games_error(
            f"The line has {len(record)} fields; the header needs at least {needed}.", line
        )
    player_a = record[columns["player_a"]].strip()
    player_b = record[columns["player_b"]].strip()
    if not player_a or not player_b:
        raise _games_error("Both players need a name.", line)
    if player_a == player_b:
        raise _games_error(f"{player_a} cannot play themself.", line)
    raw_result = record[columns["result"]]
    try:
        score = parse_result(raw_result)
    except InputError as error:
        raise _games_error(
            f"The result {raw_result.strip()!r} is not understood: {error}", line
        ) from None
    date = None
    if "date" in columns and columns["date"] < len(record):
        raw_date = record[columns["date"]]
        try:
            date = _parse_date(raw_date)
        except ValueError:
            raise _games_error(
                f"The date {raw_date.strip()!r} is not a date (use YYYY-MM-DD).", line
            ) from None
    return LeagueGame(player_a, player_b, score, date)


def _result_text(score: float) -> str:
    return {1.0: "1", 0.5: "0.5", 0.0: "0"}[score]


def to_csv(games: Iterable[LeagueGame]) -> str:
    """The games as CSV text that :func:`parse_csv` reads back to equal games.

    Comma-separated with the header ``player_a,player_b,result,date``; dates
    as YYYY-MM-DD. Raises :class:`InputError` for games it cannot write so
    that they read back the same: names empty or with leading or trailing
    spaces, a player paired with themself, scores other than 1, 0.5 and 0,
    dates that are not dates.
    """
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise _games_error("The games must be a list of LeagueGame.")
    rows = ["player_a,player_b,result,date\n"]
    for number, game in enumerate(games, 1):
        if not isinstance(game, LeagueGame):
            raise _games_error(f"Game {number} is not a LeagueGame.")
        for name in (game.player_a, game.player_b):
            if not isinstance(name, str) or not name.strip() or name != name.strip():
                raise InputError(
                    "player-invalid",
                    f"Game {number}: the name {name!r} is empty or has surrounding spaces.",
                    field="games",
                )
        if game.player_a == game.player_b:
            raise InputError(
                "player-invalid", f"Game {number}: a player cannot play themself.", field="games"
            )
        if isinstance(game.score_a, bool) or game.score_a not in (0, 0.5, 1):
            raise InputError(
                "score-invalid", f"Game {number}: the score must be 1, 0.5 or 0.", field="games"
            )
        if game.date is not None and not isinstance(game.date, datetime.date):
            raise _games_error(f"Game {number}: the date must be a date.")
        date = "" if game.date is None else game.date.isoformat()
        fields = (game.player_a, game.player_b, _result_text(float(game.score_a)), date)
        rows.append(",".join(_csv_field(field) for field in fields) + "\n")
    return "".join(rows)


def _csv_field(text: str) -> str:
    """``text`` quoted (quotes doubled) if it holds a comma, a quote or a line break."""
    if any(char in text for char in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


# --- PGN --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PgnGame:
    """One imported PGN game with its Elo tags (None if absent or not a number)."""

    game: LeagueGame
    white_elo: int | None
    black_elo: int | None
    event: str | None
    line: int


@dataclass(frozen=True, slots=True)
class PgnImport:
    """The games of a PGN file; ``skipped`` counts games without a result (``*``).

    ``games[i]`` is ``details[i].game``; ``details`` adds the Elo tags, the
    event and the line each game starts on.
    """

    games: tuple[LeagueGame, ...]
    details: tuple[PgnGame, ...]
    skipped: int


_PGN_RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
_PGN_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})")


def _pgn_date(text: str | None) -> datetime.date | None:
    """The Date tag as a date when it is complete (no ``??``) and valid."""
    if text is None:
        return None
    match = _PGN_DATE.fullmatch(text.strip())
    if not match:
        return None
    try:
        return datetime.date(*(int(part) for part in match.groups()))
    except ValueError:
        return None


def _pgn_elo(text: str | None) -> int | None:
    if text is None or not text.strip().isdigit() or not text.strip().isascii():
        return None
    value = int(text.strip())
    return value if 0 < value <= 4000 else None


def _pgn_name(text: str | None) -> str:
    name = (text or "").strip()
    return "" if name == "?" else name


def parse_pgn(text: str) -> PgnImport:
    """The games of a PGN text (tags only: moves and comments are skipped).

    Games whose Result is ``*`` (unfinished, unknown) are skipped and
    counted. Needs the optional ``chess`` package (``pip install
    elo_core[pgn]``): without it raises :class:`InputError`
    "pgn-unavailable". A game without both players' names, with a player
    paired with themself or with a Result other than 1-0, 0-1, 1/2-1/2 or
    ``*``, and a text without any game, raise "games-invalid" with the line
    the game starts on.
    """
    if not isinstance(text, str):
        raise _games_error("The games must be given as text.")
    try:
        import chess.pgn
    except ImportError:
        raise InputError(
            "pgn-unavailable",
            "Reading PGN needs the python-chess package (pip install chess), "
            "which is not installed.",
            field="games",
        ) from None

    text = text.removeprefix("\ufeff")
    handle = io.StringIO(text)
    lines = _LineCounter(text)
    details: list[PgnGame] = []
    skipped = 0
    found = 0
    while True:
        offset = handle.tell()
        headers = chess.pgn.read_headers(handle)
        if headers is None:
            break
        line = lines.line_at(offset)
        if not any(tag in headers for tag in ("White", "Black", "Result")):
            raise _games_error(
                "This is not a PGN game: it has no White, Black or Result tag.", line
            )
        found += 1
        result = (headers.get("Result") or "").strip()
        if result == "*":
            skipped += 1
            continue
        if result not in _PGN_RESULTS:
            raise _games_error(f"The Result tag {result!r} is not 1-0, 0-1, 1/2-1/2 or *.", line)
        white = _pgn_name(headers.get("White"))
        black = _pgn_name(headers.get("Black"))
        if not white or not black:
            raise _games_error("The game needs both a White and a Black tag with names.", line)
        if white == black:
            raise _games_error(f"{white} cannot play themself.", line)
        game = LeagueGame(white, black, _PGN_RESULTS[result], _pgn_date(headers.get("Date")))
        event = (headers.get("Event") or "").strip()
        details.append(
            PgnGame(
                game=game,
                white_elo=_pgn_elo(headers.get("WhiteElo")),
                black_elo=_pgn_elo(headers.get("BlackElo")),
                event=event if event and event != "?" else None,
                line=line,
            )
        )
    if found == 0:
        raise _games_error("No PGN games were found in the text.")
    return PgnImport(
        games=tuple(detail.game for detail in details), details=tuple(details), skipped=skipped
    )


class _LineCounter:
    """1-based line numbers of offsets into a text, counted incrementally."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._position = 0
        self._line = 1

    def line_at(self, offset: int) -> int:
        """The line of the first non-blank character from ``offset`` (never before the last)."""
        text = self._text
        position = max(offset, self._position)
        while position < len(text) and text[position].isspace():
            position += 1
        self._line += text.count("\n", self._position, position)
        self._position = position
        return self._line


# --- plain lines ------------------------------------------------------------

_LINE_SEPARATORS = ("|", ";", "\t")


def parse_lines(text: str) -> list[LeagueGame]:
    """The games of a text with one game per line: ``player A | player B | result``.

    The separator may also be ``;`` or a tab (the first of ``|``, ``;``, tab
    found in the line); names may contain spaces. The result is player A's,
    read by :func:`elo_core.parsing.parse_result` (1, 0, ½, 1-0, 0-1, ½-½ …).
    Blank lines and everything after ``#`` are ignored. A line that cannot be
    read raises :class:`InputError` "games-invalid" with its 1-based ``line``
    (counting every line, as an editor does).
    """
    if not isinstance(text, str):
        raise _games_error("The games must be given as text.")
    games: list[LeagueGame] = []
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        separator = next((s for s in _LINE_SEPARATORS if s in line), None)
        parts = [part.strip() for part in line.split(separator)] if separator else [line]
        if len(parts) != 3:
            raise _games_error('A game must be "player A | player B | result".', number)
        player_a, player_b, raw_result = parts
        if not player_a or not player_b:
            raise _games_error("Both players need a name.", number)
        if player_a == player_b:
            raise _games_error(f"{player_a} cannot play themself.", number)
        try:
            score = parse_result(raw_result)
        except InputError as error:
            raise _games_error(
                f"The result {raw_result!r} is not understood: {error}", number
            ) from None
        games.append(LeagueGame(player_a, player_b, score))
    return games
