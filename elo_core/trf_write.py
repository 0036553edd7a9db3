"""Writing a :class:`~elo_core.trf_model.Tournament` as a tournament report file (TRF16,
FIDE C.04 Annex 2, with TRF26's round count), so that :func:`elo_core.trf.parse` reads it
back to an equal Tournament."""

from __future__ import annotations

from elo_core.errors import InputError
from elo_core.trf_model import (
    DETAIL_RECORDS,
    MAX_START,
    RESULT_CODES,
    UNPAIRED,
    Player,
    Round,
    Tournament,
)

__all__ = ["write"]


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
        or (entry.opponent is not None and not 1 <= entry.opponent <= MAX_START)
    ):
        raise _write_error(f"Player {start_number}: a round cannot be written: {entry!r}.")
    opponent = "0000" if entry.opponent is None else f"{entry.opponent:4d}"
    if entry == UNPAIRED:
        opponent = "    "
    return f"  {opponent} {entry.colour or '-'} {entry.code or ' '}"


def _player_line(player: Player, rounds: int) -> str:
    number = player.start_number
    if len(player.rounds) != rounds:
        raise _write_error(f"Player {number} has {len(player.rounds)} rounds, not {rounds}.")
    if not 1 <= number <= MAX_START:
        raise _write_error(f"The start number {number} is not from 1 to {MAX_START}.")
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
    """The tournament as a TRF16 text that :func:`~elo_core.trf.parse` reads back to an equal Tournament.

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
    for record, field in DETAIL_RECORDS.items():
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
