"""A club's games from a spreadsheet (CSV), a PGN file or plain lines, for :func:`elo_core.league`.

:func:`import_games` reads any of the three and says what it did: the games,
the line each starts on, and notes (:class:`ImportNote`) on games it left out and
readings that need saying. The format asked for is a hint: a text that is
plainly another format (PGN tag lines, a CSV header line, ``A | B | result``
lines) is read as what it is, with a note. :func:`parse_csv`,
:func:`parse_lines` and :func:`parse_pgn` read one format each.

Results are player A's (White's in PGN): those of
:func:`elo_core.parsing.parse_result` (1, 0, 0.5, 0,5, 1,0, ½, =, 1-0, 0-1,
½-½, 1:0 …). Games that are not rated are left out, each with a note:
forfeits (``+:-``, ``-:+``, ``+/-``, ``-/+``, ``-:-``, ``+:+``), unfinished
games (``*``) and, in CSV, rows whose result is empty.

Whatever cannot be read raises :class:`~elo_core.errors.InputError` with the
1-based ``line`` (but for "empty"), a ``reason`` naming the rule broken and the ``params`` its
message needs (texts as typed, numbers as numbers):

=====================  ==================  =========================================
code / reason          params              when
=====================  ==================  =========================================
games-invalid
  empty                                    no text
  csv-columns          missing             the header lacks player A, B or result
  csv-column-twice     name                the header names a column twice
  csv-fields           count, expected     a row has more fields than the header
  csv-missing-fields   count, needed       a row lacks the players or the result
  csv-quote                                a quote opens and is never closed
  csv-decimal-comma    text                a comma split a result (``0,5``) ambiguously
  result               text                not a result
  date                 text                not a date
  lines-format         count               a line is not ``A | B | result``
  looks-like-csv                           a line of commas without a header line
  pgn-no-games                             no PGN tag section at all
player-invalid
  no-name                                  a player's name is empty
  same-player          name                a player paired with themself
=====================  ==================  =========================================

CSV
    The first non-blank line is the header; its columns are found by name
    (case, spaces, hyphens and underscores do not matter; other columns are
    ignored). Fields are separated by tabs, semicolons or commas, whichever
    splits the header into the columns needed; fields may be quoted with ``"``.
    Excel's "Unicode text" is such a tab-separated file (the page decodes its
    UTF-16).

    ==========  ===============================================================
    column      accepted header names
    ==========  ===============================================================
    player A    player_a, player 1, white, spieler_a, spieler 1, weiss, weiß,
                spiller_a, spiller 1, hvid
    player B    player_b, player 2, black, spieler_b, spieler 2, schwarz,
                spiller_b, spiller 2, sort
    result      result, score, score_a, ergebnis, resultat
    date        date, datum, dato (optional)
    ==========  ===============================================================

    Dates are YYYY-MM-DD, YYYY.MM.DD, YYYY/MM/DD, DD.MM.YYYY or DD-MM-YYYY
    (as Danish sheets write them), or empty; DD/MM/YYYY is refused, being
    MM/DD/YYYY in the USA. Blank rows and empty fields after the last column
    are skipped. A row with more fields than the header has columns is an
    error, but for one case: in a comma-separated file, a result typed with a
    decimal comma and not quoted (``Anna,Ben,0,5``) takes exactly as many
    fields more as it holds commas (one for ``0,5``, ``1,0``, ``0,0``; two for
    ``0,5-0,5``), and those fields joined by commas are a result; that row is
    read so, with a note (decision: nothing else could be meant by it). Where
    the split could also be read another way (more fields still, a date
    column taking the ``5``, or an ignored column after the result in a file
    known to split results) it is an error instead. A row whose quoted field
    runs over several lines is read, with a note.

PGN
    Only the tags are read (White, Black, Result, WhiteElo, BlackElo, Date,
    Event), without python-chess: a game starts at a tag line that follows
    movetext or repeats a tag of the game before, so games whose moves run
    straight into the next game's tags, games without moves and comments
    between tags and moves are read. A game that cannot be rated (no names,
    one player twice, a Result other than 1-0, 0-1, 1/2-1/2, a Result that
    the moves contradict, a tag line that cannot be read, ``*``, a forfeit)
    is left out with a note, and so is text that is not a game; the other
    games are read. A game without a Result tag takes the result that ends
    its moves.

Lines
    One game per line, ``player A | player B | result`` (see :func:`parse_lines`).
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Iterable, Iterator, Mapping
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
    "PgnGame",
    "PgnImport",
    "import_games",
    "parse_csv",
    "parse_lines",
    "parse_pgn",
    "to_csv",
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
_SIGN = "+\\-\u2212\u2013\u2014"
_FORFEIT = re.compile(rf"[{_SIGN}]\s*[:/{_SIGN[1:]}]?\s*[{_SIGN}]")
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


# --- format -----------------------------------------------------------------------------------

# A PGN tag line: [Name "value" at the start of a line.
_PGN_TAG_START = re.compile(r'^[ \t]*\[[A-Za-z0-9_]+[ \t]+"', re.MULTILINE)
# Where to look for one: a PGN file starts with its tags, perhaps after a comment.
_SNIFF = 16_384


def _first_lines(text: str) -> list[str]:
    """The first few non-blank lines of ``text``."""
    return [line for line in text[:_SNIFF].splitlines()[:50] if line.strip()]


def _detect(text: str) -> str | None:
    """The format ``text`` plainly is ("pgn", "csv", "lines"), or None if it is not plain."""
    if _PGN_TAG_START.search(text, 0, _SNIFF):
        return "pgn"
    lines = _first_lines(text)
    if not lines:
        return None
    _, _, columns = _header(lines[0])
    if all(column in columns for column in _REQUIRED):
        return "csv"
    # The lines format allows # comments; its first game decides.
    first = next((line for line in lines if not line.lstrip().startswith("#")), None)
    parts = _line_parts(first.split("#", 1)[0].strip()) if first else []
    if len(parts) != 3:
        return None
    text = parts[2]
    if text == "*" or _FORFEIT.fullmatch(text):
        return "lines"
    try:
        parse_result(text)
    except InputError:
        return None
    return "lines"


_READ_AS = {
    "pgn": "The text is PGN, so it was read as PGN.",
    "csv": "The text is CSV with a header line, so it was read as CSV.",
    "lines": 'The text has one game per line (player A | player B | result), so it was read so.',
}


def import_games(text: str, fmt: str = "lines") -> GamesImport:
    """The games of ``text`` in format ``fmt`` ("csv", "lines" or "pgn"), with notes.

    A text that is plainly another format is read as that, with a note (see
    the module docstring). Raises :class:`InputError` as the module docstring
    lists, and "option-invalid" for an unknown ``fmt``.
    """
    if fmt not in FORMATS:
        raise InputError(
            "option-invalid", f"The format must be one of {', '.join(FORMATS)}.",
            field="format", reason="format",
        )
    if not isinstance(text, str):
        raise _not_text()
    text = text.removeprefix("\ufeff")
    detected = _detect(text)
    notes: list[ImportNote] = []
    if detected is not None and detected != fmt:
        notes.append(_note(None, f"read-as-{detected}", _READ_AS[detected]))
        fmt = detected
    if fmt == "pgn":
        imported = parse_pgn(text)
        games = imported.games
        lines = tuple(detail.line for detail in imported.details)
        notes.extend(imported.notes)
    else:
        read = _read_csv(text) if fmt == "csv" else _read_lines(text)
        games, lines = read.games, read.lines
        notes.extend(read.notes)
    return GamesImport(games=games, lines=lines, notes=tuple(notes), format=fmt)


# --- CSV --------------------------------------------------------------------------------------

_HEADER_NAMES = {
    "player_a": (
        "playera", "player1", "white", "spielera", "spieler1", "weiss", "weiß", "spillera",
        "spiller1", "hvid",
    ),
    "player_b": (
        "playerb", "player2", "black", "spielerb", "spieler2", "schwarz", "spillerb", "spiller2",
        "sort",
    ),
    "result": ("result", "score", "scorea", "ergebnis", "resultat"),
    "date": ("date", "datum", "dato"),
}
_COLUMN_OF = {alias: column for column, aliases in _HEADER_NAMES.items() for alias in aliases}
_REQUIRED = ("player_a", "player_b", "result")
_DELIMITERS = ("\t", ";", ",")

_DATE_FORMATS = (
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})\.(\d{1,2})\.(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})"), "dmy"),
    (re.compile(r"(\d{1,2})-(\d{1,2})-(\d{4})"), "dmy"),
)


def _header_key(text: str) -> str:
    return re.sub(r"[\s_-]+", "", text.strip().lower())


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


def _split_header(line: str, delimiter: str) -> list[str]:
    line = line.rstrip("\r\n")
    if '"' not in line:
        # Without quotes a split is the same; and the lines format, the page's default,
        # is told from CSV without importing csv (see _csv_records).
        return line.split(delimiter)
    import csv

    return next(csv.reader([line], delimiter=delimiter, quotechar='"'), [])


def _known_columns(header: list[str]) -> dict[str, int]:
    """The known columns a header names (the first of a name named twice)."""
    columns: dict[str, int] = {}
    for position, name in enumerate(header):
        column = _COLUMN_OF.get(_header_key(name))
        if column is not None:
            columns.setdefault(column, position)
    return columns


def _header(line: str) -> tuple[str, list[str], dict[str, int]]:
    """The delimiter that splits a header line into the most needed columns, its fields, those."""
    best: tuple[tuple[int, bool], str, list[str], dict[str, int]] | None = None
    for delimiter in _DELIMITERS:
        fields = _split_header(line, delimiter)
        columns = _known_columns(fields)
        score = (sum(column in columns for column in _REQUIRED), delimiter in line)
        if best is None or score > best[0]:
            best = (score, delimiter, fields, columns)
    assert best is not None
    return best[1], best[2], best[3]


def _columns(header: list[str], line: int) -> dict[str, int]:
    columns: dict[str, int] = {}
    for position, name in enumerate(header):
        column = _COLUMN_OF.get(_header_key(name))
        if column is None:
            continue
        if column in columns:
            raise _error(
                "csv-column-twice", f"The header names the column {name.strip()!r} twice.", line,
                name=name.strip(),
            )
        columns[column] = position
    missing = [column for column in _REQUIRED if column not in columns]
    if missing:
        raise _missing_columns(missing, line)
    return columns


def _missing_columns(missing: list[str], line: int) -> InputError:
    return _error(
        "csv-columns",
        "The header line needs columns for player A, player B and the result "
        f"(such as player_a, player_b, result); missing: {', '.join(missing)}.",
        line, missing=", ".join(missing),
    )


@dataclass(frozen=True, slots=True)
class _Record:
    """One CSV record: the lines it starts and ends on, its fields."""

    line: int
    end: int
    fields: list[str]


def _open_quote(text: str, delimiter: str) -> int | None:
    """The offset of a quote that opens a field and is never closed, or None.

    The csv module's own rules (not strict): a quote opens a field only as its
    first character, and ``""`` inside one is a quote.
    """
    state, opened = "start", 0
    for offset, char in enumerate(text):
        if state == "quoted":
            if char == '"':
                state = "quote"
        elif state == "quote":
            state = "quoted" if char == '"' else "start" if char in (delimiter, "\n", "\r") else "field"
        elif char == delimiter or char in "\r\n":
            state = "start"
        elif state == "start" and char == '"':
            state, opened = "quoted", offset
        else:
            state = "field"
    return opened if state == "quoted" else None


def _line_count(text: str) -> int:
    """How many line breaks ``text`` holds, as the csv reader counts them."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def _quote_error(lines: list[str], start: int, delimiter: str) -> InputError:
    rest = "".join(lines[start - 1:])
    offset = _open_quote(rest, delimiter)
    line = start + _line_count(rest[:offset]) if offset is not None else start
    return _error(
        "csv-quote", "A quote opens on this line and is never closed.", line
    )


def _csv_records(text: str, delimiter: str) -> list[_Record]:
    """Every CSV record with the lines it spans; an unclosed quote is an error."""
    # Imported here: the page imports elo_core at start-up and csv costs about 10 ms there,
    # for a format few visitors use.
    import csv

    lines = io.StringIO(text, newline="").readlines()
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"')
    records: list[_Record] = []
    line = 1
    while True:
        try:
            fields = next(reader)
        except StopIteration:
            break
        except csv.Error:
            # The one error of a reader that is not strict: a field over its size limit,
            # which only a quote left open reaches.
            raise _quote_error(lines, line, delimiter) from None
        records.append(_Record(line, reader.line_num, fields))
        line = reader.line_num + 1
    # An unclosed quote swallows the rest of the text into the last record.
    if records and _open_quote("".join(lines[records[-1].line - 1:]), delimiter) is not None:
        raise _quote_error(lines, records[-1].line, delimiter)
    return records


def _decimal_split(fields: list[str], at: int) -> tuple[str, int] | None:
    """A result that a comma split into fields from ``at`` (``0``, ``5``): its text and width."""
    for width in (2, 3):
        parts = [part.strip() for part in fields[at:at + width]]
        if len(parts) == width and all(parts):
            text = ",".join(parts)
            try:
                parse_result(text)
            except InputError:
                continue
            return text, width
    return None


class _CsvReader:
    """The rows of one CSV text, read into games and notes."""

    def __init__(self, header: list[str], columns: dict[str, int], delimiter: str) -> None:
        self.columns = columns
        self.delimiter = delimiter
        # Empty names after the last column are padding (Excel writes them).
        self.width = max(position for position, name in enumerate(header) if name.strip()) + 1
        self.needed = max(columns[column] for column in _REQUIRED) + 1
        self.splits_results = False

    def trimmed(self, fields: list[str]) -> list[str]:
        """The fields without empty ones past the header's last column."""
        end = len(fields)
        while end > self.width and not fields[end - 1].strip():
            end -= 1
        return fields[:end]

    def merged(self, fields: list[str]) -> tuple[list[str], str | None]:
        """The fields with a result split by a decimal comma joined again, and its text."""
        if self.delimiter != "," or len(fields) <= self.width:
            return fields, None
        at = self.columns["result"]
        split = _decimal_split(fields, at)
        if split is None or len(fields) != self.width + split[1] - 1:
            return fields, None
        text, width = split
        return fields[:at] + [text] + fields[at + width:], text

    def row(self, record: _Record) -> tuple[LeagueGame | None, list[ImportNote]]:
        """The game of one row (None if it is left out) and its notes."""
        line = record.line
        notes: list[ImportNote] = []
        if record.end > line and any("\n" in f or "\r" in f for f in record.fields):
            notes.append(_note(
                line, "csv-multiline",
                f"A quoted field runs on to line {record.end}: check that its quotes are closed.",
                end=record.end,
            ))
        fields, joined = self.merged(self.trimmed(record.fields))
        at = self.columns["result"]
        split = _decimal_split(fields, at) if self.delimiter == "," and joined is None else None
        if len(fields) > self.width or (split and self.splits_results):
            if split:
                raise self.decimal_comma(split[0], line)
            raise _error(
                "csv-fields",
                f"The row has {len(fields)} fields, more than the {self.width} columns of the "
                "header: put fields that hold the separator in quotes.",
                line, count=len(fields), expected=self.width,
            )
        if len(fields) < self.needed:
            raise _error(
                "csv-missing-fields",
                f"The row has {len(fields)} fields; the players and the result need {self.needed}.",
                line, count=len(fields), needed=self.needed,
            )
        if joined is not None:
            score = parse_result(joined)
            notes.append(_note(
                line, "decimal-comma",
                f"{joined!r} is read as the result {_SCORE_TEXT[score]}: a decimal comma, "
                "though commas separate the fields.",
                text=joined, value=_SCORE_TEXT[score],
            ))
        player_a, player_b = _players(
            fields[self.columns["player_a"]], fields[self.columns["player_b"]], line
        )
        score_or_note = _result(fields[at], line)
        date = None
        if "date" in self.columns and self.columns["date"] < len(fields):
            raw_date = fields[self.columns["date"]]
            try:
                date = _parse_date(raw_date)
            except ValueError:
                if split:
                    raise self.decimal_comma(split[0], line) from None
                raise _error(
                    "date",
                    f"{raw_date.strip()!r} is not a date: write 2024-03-15, 15.03.2024 or "
                    "15-03-2024, or leave it empty.",
                    line, text=raw_date.strip(),
                ) from None
        if isinstance(score_or_note, ImportNote):
            return None, [*notes, score_or_note]
        return LeagueGame(player_a, player_b, score_or_note, date), notes

    @staticmethod
    def decimal_comma(text: str, line: int) -> InputError:
        return _error(
            "csv-decimal-comma",
            f"The comma that separates the fields splits the result {text!r}: "
            'write it with a point (0.5) or in quotes ("0,5").',
            line, text=text,
        )


def _read_csv(text: str) -> GamesImport:
    lines = io.StringIO(text, newline="").readlines()
    header_line = next((line for line in lines if line.strip()), None)
    if header_line is None:
        raise _empty()
    delimiter, _, _ = _header(header_line)
    records = [record for record in _csv_records(text, delimiter)
               if any(part.strip() for part in record.fields)]
    if not records:  # a header line of empty quoted fields
        raise _missing_columns(list(_REQUIRED), 1 + _line_count(text[:text.index(header_line)]))
    header = records[0]
    reader = _CsvReader(header.fields, _columns(header.fields, header.line), delimiter)
    rows = records[1:]
    # A file that splits one result by its decimal comma may split others ambiguously.
    reader.splits_results = any(
        reader.merged(reader.trimmed(record.fields))[1] is not None for record in rows
    )
    games: list[LeagueGame] = []
    starts: list[int] = []
    notes: list[ImportNote] = []
    for record in rows:
        game, row_notes = reader.row(record)
        notes.extend(row_notes)
        if game is not None:
            games.append(game)
            starts.append(record.line)
    return GamesImport(tuple(games), tuple(starts), tuple(notes), "csv")


def parse_csv(text: str) -> list[LeagueGame]:
    """The games of a CSV text, in order (see the module docstring for the format).

    Games that are not rated (forfeits, ``*``, an empty result) are left out:
    :func:`import_games` tells which, and which rows it read in a way that
    needs saying. Raises :class:`InputError` with the 1-based ``line`` and a
    ``reason`` (listed in the module docstring) for anything it cannot read.
    """
    if not isinstance(text, str):
        raise _not_text()
    return list(_read_csv(text.removeprefix("\ufeff")).games)


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
        raise _error("not-games", "The games must be a list of LeagueGame.")
    rows = ["player_a,player_b,result,date\n"]
    for number, game in enumerate(games, 1):
        if not isinstance(game, LeagueGame):
            raise _error("not-games", f"Game {number} is not a LeagueGame.")
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
            raise _error("not-games", f"Game {number}: the date must be a date.")
        date = "" if game.date is None else game.date.isoformat()
        fields = (game.player_a, game.player_b, _result_text(float(game.score_a)), date)
        rows.append(",".join(_csv_field(field) for field in fields) + "\n")
    return "".join(rows)


def _csv_field(text: str) -> str:
    """``text`` quoted (quotes doubled) if it holds a comma, a quote or a line break."""
    if any(char in text for char in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


# --- PGN --------------------------------------------------------------------------------------


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
    """The games of a PGN file; ``skipped`` counts the games left out, ``notes`` say why.

    ``games[i]`` is ``details[i].game``; ``details`` adds the Elo tags, the
    event and the line each game starts on.
    """

    games: tuple[LeagueGame, ...]
    details: tuple[PgnGame, ...]
    skipped: int
    notes: tuple[ImportNote, ...] = ()


# White's score for each Result (and the game termination marker that ends the moves).
_PGN_RESULTS: dict[str, float | None] = {
    "1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5, "½-½": 0.5, "*": None,
}
_PGN_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})")
_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*')
# One tag whose value holds unescaped quotes: [Event "The "Big" Open"].
_LOOSE_TAG = re.compile(r'\[\s*(\w+)\s+"(.*)"\s*\]\s*')
# A line meant as a tag that may not be one: [Name followed by a space.
_TAG_LIKE = re.compile(r"\[\s*([A-Za-z]\w*)\s")
_TERMINATION = re.compile(r"(?<![\w./-])(1-0|0-1|1/2-1/2|\*)(?![\w./-])")


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
    digits = text.strip().lstrip("0")
    if len(digits) > 4:  # above 4000 (and int() refuses more than 4300 digits)
        return None
    value = int(digits or "0")
    return value if 0 < value <= 4000 else None


def _pgn_name(text: str | None) -> str:
    name = (text or "").strip()
    return "" if name == "?" else name


def _tags(line: str) -> list[tuple[str, str]] | None:
    """The tags of a tag line (one or more), or None if it is not one."""
    single = _TAG.fullmatch(line)  # nearly every tag line
    if single is not None and "\\" not in line:
        return [(single.group(1), single.group(2))]
    tags = []
    position = 0
    while position < len(line):
        match = _TAG.match(line, position)
        if match is None:
            break
        value = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
        tags.append((match.group(1), value))
        position = match.end()
    if tags and position == len(line):
        return tags
    loose = _LOOSE_TAG.fullmatch(line)
    return [(loose.group(1), loose.group(2))] if loose else None


# Comments in movetext: {...} (on one line here) or ; to the end of the line, whichever
# starts first.
_COMMENT = re.compile(r"\{[^}]*\}|;.*")


def _movetext(line: str, in_comment: bool) -> tuple[str, bool]:
    """A movetext line without its comments, and whether a ``{`` comment runs on."""
    if in_comment:
        end = line.find("}")
        if end < 0:
            return "", True
        line = line[end + 1:]
    if "{" not in line and ";" not in line:
        return line, False
    line = _COMMENT.sub(" ", line)
    brace = line.find("{")
    return (line, False) if brace < 0 else (line[:brace], True)


class _RawGame:
    """One game's tags and how its moves end, as the scanner finds them."""

    __slots__ = ("bad_tag", "line", "moves", "tags", "termination")

    def __init__(self, line: int) -> None:
        self.line = line
        self.tags: dict[str, str] = {}
        self.bad_tag: str | None = None
        self.moves = False
        self.termination: str | None = None


def _pgn_scan(lines: list[str]) -> Iterator[_RawGame]:
    """The games of a PGN text's lines: each tag section with what follows it.

    A tag line starts a new game after movetext, or when it repeats a tag of
    the game before (games without moves). Text outside any game (after a
    game's end, or before the first tags) is a game without tags.
    """
    game: _RawGame | None = None
    in_comment = False
    for number, line in enumerate(lines, 1):
        if not in_comment:
            stripped = line.strip()
            if not stripped or line[0] == "%":
                continue
            if stripped[0] == "[":
                tags = _tags(stripped)
                like = None if tags else _TAG_LIKE.match(stripped)
                if tags or like:
                    names = [name for name, _ in tags] if tags else [like.group(1)] if like else []
                    if (
                        game is None
                        or game.moves
                        or any(name in game.tags for name in names)
                    ):
                        if game is not None:
                            yield game
                        game = _RawGame(number)
                    if tags is None:
                        game.bad_tag = game.bad_tag or stripped
                    else:
                        for name, value in tags:
                            game.tags.setdefault(name, value)
                    continue
        text, in_comment = _movetext(line, in_comment)
        text = text.strip()
        if not text:
            continue
        if game is None or game.termination is not None:
            if game is not None:
                yield game
            game = _RawGame(number)
        game.moves = True
        # Every marker holds a - or a *; most lines of moves hold neither.
        markers = _TERMINATION.findall(text) if "-" in text or "*" in text else None
        if markers:
            game.termination = markers[-1]
    if game is not None:
        yield game


def _pgn_game(raw: _RawGame) -> PgnGame | ImportNote:
    """The game of a tag section, or the note saying why it is left out."""
    line, tags = raw.line, raw.tags

    def left_out(reason: str, message: str, **params: str | int) -> ImportNote:
        return _note(line, reason, message, left_out=True, **params)

    roster = ("White", "Black", "Result")
    if raw.bad_tag is not None and not all(tag in tags for tag in roster):
        return left_out("pgn-tag", f"The tag line {raw.bad_tag!r} cannot be read, so the game "
                        "is left out.", text=raw.bad_tag[:80])
    if not any(tag in tags for tag in roster):
        return left_out("pgn-not-a-game", "Text without White, Black and Result tags is not a "
                        "game; it is left out.")
    result = tags.get("Result", "").strip() or raw.termination
    if result is None:
        return left_out("pgn-no-result", "The game has no Result tag; it is left out.")
    if (
        raw.termination is not None
        and result in _PGN_RESULTS
        and _PGN_RESULTS[result] != _PGN_RESULTS[raw.termination]
    ):
        return left_out(
            "pgn-result-conflict",
            f"The Result tag says {result} but the moves end with {raw.termination}; "
            "the game is left out.",
            tag=result, moves=raw.termination,
        )
    if result not in _PGN_RESULTS or result == "*":
        note = _left_out(result, line)
        if note is not None:
            return note
        return left_out("pgn-result", f"The Result tag {result!r} is not 1-0, 0-1, 1/2-1/2 or *; "
                        "the game is left out.", text=result)
    white, black = _pgn_name(tags.get("White")), _pgn_name(tags.get("Black"))
    if not white or not black:
        return left_out("pgn-players", "The game needs White and Black tags with names; it is "
                        "left out.")
    if white == black:
        return left_out("same-player", f"{white} cannot play against themself; the game is "
                        "left out.", name=white)
    score = _PGN_RESULTS[result]
    assert score is not None
    event = tags.get("Event", "").strip()
    return PgnGame(
        game=LeagueGame(white, black, score, _pgn_date(tags.get("Date"))),
        white_elo=_pgn_elo(tags.get("WhiteElo")),
        black_elo=_pgn_elo(tags.get("BlackElo")),
        event=event if event and event != "?" else None,
        line=line,
    )


def _split_lines(text: str) -> list[str]:
    """The lines of ``text`` as an editor numbers them (at \\n, \\r\\n and \\r)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def parse_pgn(text: str) -> PgnImport:
    """The games of a PGN text (tags only: moves and comments are skipped).

    Every game that can be rated is read; the others are left out, each
    counted in ``skipped`` with an :class:`ImportNote` saying why and where
    (see the module docstring). Raises :class:`InputError` "games-invalid"
    only for a text without any game: reason "empty", or "pgn-no-games" with
    the line of its first text.
    """
    if not isinstance(text, str):
        raise _not_text()
    lines = _split_lines(text.removeprefix("\ufeff"))
    details: list[PgnGame] = []
    notes: list[ImportNote] = []
    tagged = 0
    for raw in _pgn_scan(lines):
        tagged += bool(raw.tags or raw.bad_tag)
        game = _pgn_game(raw)
        if isinstance(game, PgnGame):
            details.append(game)
        else:
            notes.append(game)
    if not tagged:
        first = next((number for number, line in enumerate(lines, 1) if line.strip()), None)
        if first is None:
            raise _empty()
        raise _error(
            "pgn-no-games",
            'No PGN game found: a PGN game starts with tag lines such as [White "Anna"].',
            first,
        )
    return PgnImport(
        games=tuple(detail.game for detail in details),
        details=tuple(details),
        skipped=sum(note.left_out for note in notes),
        notes=tuple(notes),
    )


# --- plain lines ------------------------------------------------------------------------------

_LINE_SEPARATORS = ("|", ";", "\t")


def _line_parts(line: str) -> list[str]:
    separator = next((s for s in _LINE_SEPARATORS if s in line), None)
    return [part.strip() for part in line.split(separator)] if separator else [line]


def _read_lines(text: str) -> GamesImport:
    games: list[LeagueGame] = []
    starts: list[int] = []
    notes: list[ImportNote] = []
    for number, raw in enumerate(_split_lines(text), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = _line_parts(line)
        if len(parts) != 3:
            if len(parts) == 1 and line.count(",") >= 2:
                raise _error(
                    "looks-like-csv",
                    "The line looks like CSV: separate the players and the result with | "
                    "(a name may hold a comma), or add a header line and choose CSV.",
                    number,
                )
            raise _error(
                "lines-format",
                f'A game must be "player A | player B | result"; the line has {len(parts)} part(s).',
                number, count=len(parts),
            )
        player_a, player_b = _players(parts[0], parts[1], number)
        score = _result(parts[2], number)
        if isinstance(score, ImportNote):
            notes.append(score)
            continue
        games.append(LeagueGame(player_a, player_b, score))
        starts.append(number)
    return GamesImport(tuple(games), tuple(starts), tuple(notes), "lines")


def parse_lines(text: str) -> list[LeagueGame]:
    """The games of a text with one game per line: ``player A | player B | result``.

    The separator may also be ``;`` or a tab (the first of ``|``, ``;``, tab
    found in the line); names may contain spaces. The result is player A's,
    read by :func:`elo_core.parsing.parse_result` (1, 0, ½, 1-0, 0-1, ½-½ …);
    forfeits and ``*`` are left out (:func:`import_games` tells which).
    Blank lines and everything after ``#`` are ignored. A line that cannot be
    read raises :class:`InputError` with its 1-based ``line`` (counting every
    line, as an editor does) and a ``reason``: "lines-format",
    "looks-like-csv", "result", or "player-invalid" "no-name" and "same-player".
    """
    if not isinstance(text, str):
        raise _not_text()
    return list(_read_lines(text.removeprefix("\ufeff")).games)
