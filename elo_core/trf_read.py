"""Reading a whole tournament report file: its records, its dates, and the checks across lines.

The records read and the checks are described in :mod:`elo_core.trf` (FIDE C.04 Annex 2,
TRF16 and TRF26): each player line is read by :mod:`elo_core.trf_player_line`, the dates are
chosen by :mod:`elo_core.trf_file_dates`; here both players of every game must report it
alike, and the year the junior K (FIDE B.02 8.3.3) takes is said when the file leaves it in
doubt.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence

from elo_core.trf_file_dates import DateText, resolve_dates
from elo_core.trf_model import (
    BIRTH_DATE,
    COMPLEMENTS,
    DETAIL_RECORDS,
    FIRST_ROUND,
    ROUND_WIDTH,
    START_NUMBER,
    UNPAIRED,
    Player,
    Round,
    Tournament,
    TrfWarning,
    trf_error,
    trf_warning,
)
from elo_core.trf_player_line import read_player, whole

__all__ = ["parse"]

_MAX_ROUNDS = 999


def _round_count(line: str, number: int) -> int:
    text = line[4:].strip()
    count = whole(text)
    if count is None or count > _MAX_ROUNDS:
        raise trf_error(
            "rounds",
            f"The number of rounds “{text}” is not a whole number from 0 to {_MAX_ROUNDS}.",
            number, 5, text=text, min=0, max=_MAX_ROUNDS,
        )
    return count



def _round_text(entry: Round) -> str:
    """A round as a message shows it: ``7 w 1``, ``0000 - H``."""
    opponent = "0000" if entry.opponent is None else str(entry.opponent)
    return f"{opponent} {entry.colour or '-'} {entry.code}".rstrip()


def _check_games(players: Sequence[Player], lines: Sequence[int]) -> None:
    """Every game is reported alike by both players (the checks of :mod:`elo_core.trf`)."""
    by_number = {player.start_number: player for player in players}
    for player, number in zip(players, lines):
        for index, entry in enumerate(player.rounds):
            if entry.opponent is None:
                continue
            column = FIRST_ROUND + ROUND_WIDTH * index + 1
            other = by_number.get(entry.opponent)
            if other is None:
                raise trf_error(
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
                raise trf_error(
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
    return dataclasses.replace(player, rounds=player.rounds + (UNPAIRED,) * missing)


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
            warnings.append(trf_warning(
                "birth-year-after",
                f"The birth year {player.birth_year} is after the tournament's year {year}; it "
                "is ignored, so the junior K-factor does not apply.",
                number, BIRTH_DATE.start + 1, player=player.name, birth_year=player.birth_year,
                year=year,
            ))
            players[index] = dataclasses.replace(player, birth_year=None)
    juniors_possible = any(p.rating is not None and p.birth_year is not None for p in players)
    if tournament.end is None and juniors_possible:
        if year is None:
            warnings.append(trf_warning(
                "no-year",
                "The file has no readable end, round or start date: the tournament's year is "
                "unknown, so no player gets the junior K-factor.", None,
            ))
        elif any(date is not None for date in tournament.round_dates):
            warnings.append(trf_warning(
                "year-from-rounds",
                f"The end date (052) is missing or cannot be read: the junior K-factor is "
                f"worked out for {year}, the year of the last round date.", None, year=year,
            ))
        else:
            warnings.append(trf_warning(
                "year-from-start",
                f"The end date (052) and the round dates (132) are missing or cannot be read: "
                f"the junior K-factor is worked out for {year}, the year of the start date.",
                None, year=year,
            ))
    return tuple(players), warnings


def parse(text: str) -> Tournament:
    """The tournament in a TRF text (TRF16 or TRF26; see :mod:`elo_core.trf`).

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
        raise trf_error("text", "The tournament report must be given as text.")
    name = ""
    date_texts: list[DateText] = []
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
            player = read_player(line, number, warnings)
            if player.start_number in first_line:
                raise trf_error(
                    "duplicate",
                    f"Start number {player.start_number} is used twice (first on line "
                    f"{first_line[player.start_number]}).",
                    number, START_NUMBER.start + 1, player=player.name, number=player.start_number,
                    first=first_line[player.start_number],
                )
            first_line[player.start_number] = number
            players.append(player)
            player_lines.append(number)
        elif code == "012" and not name:
            name = line[4:].strip()
        elif code in ("042", "052") and line[4:].strip():
            date_texts = [seen for seen in date_texts if seen.record != code]
            date_texts.append(DateText(code, line[4:].strip(), number, 5, 0))
        elif code == "132":
            date_texts = [seen for seen in date_texts if seen.record != code]
            if "\t" in line:
                warnings.append(trf_warning(
                    "round-dates-tab",
                    f"Column {line.index(chr(9)) + 1} holds a tab character; TRF uses spaces, so "
                    "the round dates cannot be found and are left out.",
                    number, line.index("\t") + 1,
                ))
                continue
            for index, begin in enumerate(range(FIRST_ROUND, len(line), ROUND_WIDTH), 1):
                cell = line[begin : begin + ROUND_WIDTH].strip()
                if cell:
                    date_texts.append(DateText(code, cell, number, begin + 1, index))
        elif code in ("142", "XXR"):
            # TRF-2026's round count and the XXR line pairing programs write: the event's
            # rounds, also those not played yet when the file was written.
            round_count = max(round_count, _round_count(line, number))
        elif code in DETAIL_RECORDS and code not in details:
            details[code] = line[4:].strip()
    if not players:
        raise trf_error("no-players", "The file has no player lines (lines that start with 001).")
    dates = resolve_dates(date_texts, warnings)
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
