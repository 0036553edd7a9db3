"""Reading one ``001`` player line of a tournament report file, column by column.

TRF's columns are fixed (FIDE C.04 Annex 2; the layout is in :mod:`elo_core.trf`), and a
value read from the wrong ones would be a different number without a word: a value that
crosses its columns, a column between fields that is not blank and a tab are errors naming
the line, the column, the player and where TRF puts the field; only a value moved by one
column into a blank column, whole and of its kind, is read with a warning. The birth date is
read to its year, all that FIDE B.02 8.3.3 (the junior K) needs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from elo_core.errors import InputError
from elo_core.trf_dates import readings
from elo_core.trf_model import (
    BLANK_COLUMNS,
    BYE_CODES,
    COLOUR_OFFSET,
    FIELD_LAYOUT,
    FIRST_ROUND,
    GAME_CODES,
    MAX_START,
    MIN_PLAYER_LINE,
    NAME,
    PLAYER_FIELDS,
    RESULT_CODES,
    RESULT_OFFSET,
    ROUND_BLANKS,
    ROUND_WIDTH,
    SEX,
    TITLE,
    UNPAIRED,
    Player,
    Round,
    TrfWarning,
    trf_error,
    trf_warning,
)
from elo_core.validation import MAX_RATING, MAX_YEAR, MIN_YEAR

# Not elo_core's API: the file reader (elo_core.trf_read) imports read_player and whole.
__all__: list[str] = []

_COLOURS = {"w": "w", "W": "w", "b": "b", "B": "b", "-": None, " ": None, "": None}
_DIGITS = re.compile(r"[0-9]+")
_POINTS_TEXT = re.compile(r"[0-9]{1,3}(?:[.,][0-9])?")
_ZERO_DATE = re.compile(r"0{4}(?:[/.\-]0{1,2}[/.\-]0{1,2})?|0{1,2}[/.\-]0{1,2}[/.\-]0{4}")
_FOUR_DIGITS = re.compile(r"(?<![0-9])[0-9]{4}(?![0-9])")
#: A birth date known only to the year: a four-digit year with a month and day that are no
#: date (``2014/00/00``: zeros for "not known") or left out.
_YEAR_AND_PARTS = re.compile(
    r"(?P<first>[0-9]{4})(?:[/.\-][0-9]{1,2}){1,2}|(?:[0-9]{1,2}[/.\-]){1,2}(?P<last>[0-9]{4})"
)
_LABELS = {key: label for key, _, _, label in FIELD_LAYOUT}
_LEFT_ALIGNED = frozenset({"federation", "birth-date"})


def whole(text: str) -> int | None:
    """``text`` (stripped) as a whole number, or None if it is not one."""
    return int(text) if _DIGITS.fullmatch(text) else None


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
        warnings.append(trf_warning(
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
    rating = whole(text)
    if rating is None or rating > MAX_RATING:
        raise trf_error(
            "rating",
            f"The rating “{text}” is not a whole number from 0 to {MAX_RATING}.",
            line, column, player=player, text=text, max=MAX_RATING,
        )
    return rating or None


def _points(text: str, line: int, column: int, player: str) -> float:
    if not text:
        return 0.0
    if not _POINTS_TEXT.fullmatch(text):
        raise trf_error(
            "points", f"The points “{text}” are not a number such as 4.5.",
            line, column, player=player, text=text,
        )
    return float(text.replace(",", "."))


def _rank(text: str, line: int, column: int, player: str) -> int | None:
    if not text:
        return None
    rank = whole(text)
    if rank is None:
        raise trf_error(
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
    return trf_error(
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
        other for other, other_first, other_last, _ in FIELD_LAYOUT
        if other != key and start <= other_last - 1 and other_first - 1 <= end
    ]
    where: dict[str, str | int] = {"text": text, "start": start + 1, "end": end + 1}
    if len(others) == 1:
        left, right = sorted((key, others[0]), key=lambda name: PLAYER_FIELDS[name][0])
        (left_first, left_last), (right_first, right_last) = (
            PLAYER_FIELDS[left], PLAYER_FIELDS[right])
        return trf_error(
            "merged",
            f"The {_LABELS[left]} and the {_LABELS[right]} run together: “{text}” stands in "
            f"columns {start + 1}–{end + 1}. TRF puts the {_LABELS[left]} in columns "
            f"{left_first}–{left_last} and the {_LABELS[right]} in columns "
            f"{right_first}–{right_last}, with the columns between them blank.",
            number, start + 1, player=player, field=left, other=right, first=left_first,
            last=left_last, other_first=right_first, other_last=right_last, **where,
        )
    aligned = "left-aligned" if key in _LEFT_ALIGNED else "right-aligned"
    return trf_error(
        "shifted",
        f"The {label} runs out of its columns: “{text}” stands in columns {start + 1}–{end + 1}. "
        f"TRF puts the {label} in columns {first}–{last}, {aligned}.",
        number, start + 1, player=player, field=key, first=first, last=last, **where,
    )


def _cells(
    padded: str, number: int, player: str, warnings: list[TrfWarning]
) -> dict[str, _Cell]:
    """The fields of :data:`FIELD_LAYOUT` on a 001 line (padded with spaces).

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
    for key, first, last, label in FIELD_LAYOUT:
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
            found.append(trf_warning(
                "shifted",
                f"Read “{text}” as the {label}, from columns {start + 1}–{end + 1}; TRF puts the "
                f"{label} in columns {first}–{last}.",
                number, start + 1, player=player, field=key, text=text, start=start + 1,
                end=end + 1, first=first, last=last,
            ))
            continue
        raise _crossing(key, label, text, (start, end), number, player)
    for column in BLANK_COLUMNS:
        if padded[column - 1] != " " and column - 1 not in consumed:
            raise trf_error(
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
    cell = line[start : start + ROUND_WIDTH].ljust(ROUND_WIDTH)
    for offset in ROUND_BLANKS:
        if cell[offset] != " ":
            raise trf_error(
                "round-shifted",
                f"Round {round_number}: column {start + offset + 1} must be blank; “"
                f"{cell.strip()}” is out of its columns. TRF puts the opponent in columns "
                f"{start + 1}–{start + 4}, the colour in column {start + COLOUR_OFFSET + 1} and "
                f"the result in column {start + RESULT_OFFSET + 1}.",
                number, start + offset + 1, player=name, round=round_number,
                text=cell.strip(), first=start + 1, last=start + 4,
                colour=start + COLOUR_OFFSET + 1, result=start + RESULT_OFFSET + 1,
            )
    field = cell[:4].strip()
    opponent = whole(field) if field else 0
    if opponent is None:
        raise trf_error(
            "opponent", f"Round {round_number}: the opponent “{field}” is not a start number.",
            number, start + 1, player=name, round=round_number, text=field,
        )
    colour_text = cell[COLOUR_OFFSET]
    if colour_text not in _COLOURS:
        raise trf_error(
            "colour", f"Round {round_number}: the colour “{colour_text}” is not w, b or -.",
            number, start + COLOUR_OFFSET + 1, player=name, round=round_number,
            text=colour_text,
        )
    code = cell[RESULT_OFFSET].strip().upper()
    if code not in RESULT_CODES:
        raise trf_error(
            "result", f"Round {round_number}: the result “{code}” is not a TRF result code.",
            number, start + RESULT_OFFSET + 1, player=name, round=round_number, text=code,
        )
    entry = Round(opponent or None, _COLOURS[colour_text], code)
    if entry.opponent is None and code in GAME_CODES:
        raise trf_error(
            "no-opponent", f"Round {round_number}: the result {code} is a game and needs an "
            "opponent.", number, start + 1, player=name, round=round_number, code=code,
        )
    if entry.opponent is not None and code in BYE_CODES:
        raise trf_error(
            "bye", f"Round {round_number}: the bye {code} cannot have an opponent (player "
            f"{opponent}).", number, start + 1, player=name, round=round_number, code=code,
            opponent=opponent,
        )
    if entry.opponent == player:
        raise trf_error(
            "self", f"Round {round_number}: player {player} is paired with themself.",
            number, start + 1, player=name, round=round_number, number=player,
        )
    return entry


def read_player(line: str, number: int, warnings: list[TrfWarning]) -> Player:
    """A ``001`` line; its rounds only as far as the line goes (padded later)."""
    tab = line.find("\t")
    # The name as messages show it: up to a gap of two spaces (a value moved into its columns
    # is not part of it); none when a tab comes before its end.
    name = line[NAME].strip().split("  ")[0] if tab < 0 or tab >= NAME.stop else ""
    if tab >= 0:
        raise trf_error(
            "tab",
            f"Column {tab + 1} holds a tab character. TRF uses spaces: columns cannot be counted "
            "across a tab, so replace each tab with spaces that keep every field in its columns.",
            number, tab + 1, player=name,
        )
    if len(line) < MIN_PLAYER_LINE:
        raise trf_error(
            "short-line",
            f"A player line must reach column {MIN_PLAYER_LINE} (the points); this one ends at "
            f"column {len(line)}.",
            number, len(line) + 1, player=name, min=MIN_PLAYER_LINE, length=len(line),
        )
    cells = _cells(line.ljust(FIRST_ROUND + ROUND_WIDTH), number, name, warnings)
    start_text = cells["start-number"].text
    start_number = whole(start_text)
    if start_number is None or not 1 <= start_number <= MAX_START:
        raise trf_error(
            "start-number",
            f"The start number “{start_text}” is not a whole number from 1 to {MAX_START}.",
            number, cells["start-number"].column, player=name, text=start_text, min=1,
            max=MAX_START,
        )
    rounds: list[Round] = []
    for index, start in enumerate(range(FIRST_ROUND, len(line), ROUND_WIDTH), 1):
        if line[start : start + ROUND_WIDTH].isspace():
            rounds.append(UNPAIRED)
        else:
            rounds.append(_round(line, start, number, index, start_number, name))
    while rounds and rounds[-1] == UNPAIRED:
        rounds.pop()
    fide_id = cells["fide-id"].text
    return Player(
        start_number=start_number,
        sex=line[SEX].strip(),
        title=line[TITLE].strip(),
        name=line[NAME].strip(),
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
