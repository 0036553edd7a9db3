"""Games typed one per line, ``player A | player B | result``: see :mod:`elo_core.importers`."""

from __future__ import annotations

from elo_core.importers.common import (
    GamesImport,
    ImportNote,
    _error,
    _not_text,
    _players,
    _result,
    split_lines,
)
from elo_core.league import LeagueGame

__all__ = ["parse_lines"]


_LINE_SEPARATORS = ("|", ";", "\t")


def _line_parts(line: str) -> list[str]:
    separator = next((s for s in _LINE_SEPARATORS if s in line), None)
    return [part.strip() for part in line.split(separator)] if separator else [line]


def _read_lines(text: str) -> GamesImport:
    games: list[LeagueGame] = []
    starts: list[int] = []
    notes: list[ImportNote] = []
    for number, raw in enumerate(split_lines(text), start=1):
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
