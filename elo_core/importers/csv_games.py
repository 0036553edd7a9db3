"""Games from a spreadsheet's CSV export: see :mod:`elo_core.importers` ("CSV")."""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass

from elo_core.errors import InputError
from elo_core.importers.common import (
    _SCORE_TEXT,
    GamesImport,
    ImportNote,
    _empty,
    _error,
    _not_text,
    _note,
    _players,
    _result,
    parse_date,
)
from elo_core.league import LeagueGame
from elo_core.parsing import parse_result

__all__ = ["parse_csv", "to_csv"]


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


def _header_key(text: str) -> str:
    return re.sub(r"[\s_-]+", "", text.strip().lower())


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
                date = parse_date(raw_date)
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
