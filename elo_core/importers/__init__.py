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

import re

from elo_core.errors import InputError
from elo_core.importers.common import (
    _FORFEIT,
    ERROR_REASONS,
    FORMATS,
    NOTE_REASONS,
    GamesImport,
    ImportNote,
    _not_text,
    _note,
)
from elo_core.importers.csv_games import _REQUIRED, _header, _read_csv, parse_csv, to_csv
from elo_core.importers.pgn_games import PgnGame, PgnImport, parse_pgn
from elo_core.importers.plain_lines import _line_parts, _read_lines, parse_lines
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
