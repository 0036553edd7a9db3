"""Games from a PGN file, read from its tags: see :mod:`elo_core.importers` ("PGN")."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass

from elo_core.importers.common import (
    ImportNote,
    _empty,
    _error,
    _left_out,
    _not_text,
    _note,
    split_lines,
)
from elo_core.league import LeagueGame

__all__ = ["PgnGame", "PgnImport", "parse_pgn"]



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


def _movetext(line: str, in_comment: bool) -> tuple[str, bool]:
    """A movetext line without its comments, and whether a ``{`` comment runs on.

    Comments are {...} or ; to the end of the line, whichever starts first; each becomes a
    space. Found with str.find, once through the line: a regular expression tried from
    every "{" of a line of them without "}" took quadratic time."""
    if in_comment:
        end = line.find("}")
        if end < 0:
            return "", True
        line = line[end + 1:]
    kept: list[str] = []
    position = 0
    while True:
        brace, semicolon = line.find("{", position), line.find(";", position)
        if semicolon >= 0 and (brace < 0 or semicolon < brace):
            return "".join(kept) + line[position:semicolon] + " ", False
        if brace < 0:
            return "".join(kept) + line[position:], False
        end = line.find("}", brace + 1)
        if end < 0:
            return "".join(kept) + line[position:brace], True
        kept += [line[position:brace], " "]
        position = end + 1


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
    lines = split_lines(text.removeprefix("\ufeff"))
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
