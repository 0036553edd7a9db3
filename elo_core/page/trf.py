"""The tournament page's calculator: a FIDE tournament report file (TRF) in, every player rated.

Mode ``trf``: fields ``trf_text`` (the file's text) and ``trf_k`` (optional
K-factors, one per line as ``start number | K``). See :mod:`elo_core.trf` for
the format and the rules.

Outputs: ``trf_rows`` (one row per player: start number, name, rating, K, why
this K or the first rating, games, score, expected, change, new rating,
performance, first rating), ``trf_games`` (one row per player and round:
start number, round, opponent's number, name and rating, colour, result code,
expected, K · (S − E), whether it counts and why not), ``trf_csv`` (the
player table as a download) and the tournament's name, players and rated
games.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from elo_core import trf
from elo_core.errors import InputError
from elo_core.page.fields import FormReader, Output, number_output
from elo_core.validation import MAX_K

__all__ = ["CSV_HEADER", "DEFAULTS", "MODES", "parse_overrides"]

#: The columns of the downloadable table.
CSV_HEADER = (
    "start_number,name,rating,k,k_rule,games,score,expected,change,rounded_change,"
    "new_rating,performance,initial_rating,initial_reason"
)
#: K of each FIDE rule before K × n ≤ 700 (FIDE B.02 8.3.3), to tell a lowered K.
_RULE_K = {"new-player": 40, "junior": 40, "standard": 20, "reached-2400": 10}
_MAX_START = 9999
# Years, line and start numbers: shown as written, not grouped as the page groups numbers (2,031).
_AS_WRITTEN = frozenset({"birth_year", "year", "first", "min", "max", "number", "opponent"})
_SEPARATORS = re.compile(r"\s*[|;\t]\s*|\s+")
# A spreadsheet runs a cell that starts with one of these as a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _message(key: str, **params: Any) -> Output:
    return {"message": key, "params": params}


def _optional(value: float | None, digits: int, *, signed: bool = False) -> Output | None:
    return None if value is None else number_output(value, digits, signed=signed)


# --- K-factors typed by hand ------------------------------------------------------------------


def _k_error(message: str, line: int, reason: str, **params: str | float) -> InputError:
    return InputError("k-invalid", message, field="trf_k", line=line, reason=reason, params=params)


def _small_whole(text: str) -> int:
    """``text`` as a whole number when it is one of at most 7 digits (past leading zeros), else 0.

    Every value it serves is at most 9999, so a longer run of digits is out of range
    (and ``int`` refuses more than 4300 digits); digits such as ``²`` are not numbers.
    """
    digits = text.lstrip("0")
    return int(digits) if text.isdecimal() and len(digits) <= 7 and digits else 0


def parse_overrides(text: str) -> list[tuple[int, int, int]]:
    """``(line, start number, K)`` for each line ``start number | K`` (also ``;``, tab or space).

    Blank lines and ``#`` comments are skipped. InputError "k-invalid" with the
    line: reason ``"format"`` (not two whole numbers, or a start number out of
    1–9999), ``"range"`` (K not a whole number from 1 to 1000) or
    ``"duplicate"``.
    """
    found: list[tuple[int, int, int]] = []
    seen: dict[int, int] = {}
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = _SEPARATORS.split(line)
        start = _small_whole(parts[0]) if len(parts) == 2 else 0
        if not 1 <= start <= _MAX_START:
            raise _k_error(
                f"“{line}” is not a start number and a K-factor, as in 7 | 40.", number,
                "format", text=line,
            )
        if start in seen:
            raise _k_error(
                f"Start number {start} has a K-factor already (line {seen[start]}).", number,
                "duplicate", number=str(start), first=str(seen[start]),
            )
        k = _small_whole(parts[1])
        if not 1 <= k <= MAX_K:
            raise _k_error(
                f"The K-factor “{parts[1]}” of player {start} is not a whole number from 1 to "
                f"{MAX_K}.", number, "range", number=str(start), text=parts[1], min=1, max=MAX_K,
            )
        seen[start] = number
        found.append((number, start, k))
    return found


def _read_tournament(text: str) -> trf.Tournament:
    """:func:`elo_core.trf.parse`; its errors name the field ``trf_text``."""
    try:
        return trf.parse(text)
    except InputError as error:
        params = {
            name: str(value) if name in _AS_WRITTEN else value
            for name, value in error.params.items()
        }
        raise InputError(
            error.code, str(error), field="trf_text", line=error.line, column=error.column,
            reason=error.reason, params=params,
        ) from None


def _check_overrides(
    reader: FormReader, overrides: list[tuple[int, int, int]], tournament: trf.Tournament
) -> None:
    """Each K belongs to a rated player of the tournament; errors go to ``trf_k`` by line."""
    ratings = {player.start_number: player.rating for player in tournament.players}
    for line, number, _ in overrides:
        if number not in ratings:
            reader.fail("trf_k", "k-invalid", line, reason="unknown-player",
                        params={"number": str(number)})
        elif ratings[number] is None:
            reader.fail("trf_k", "k-invalid", line, reason="unrated",
                        params={"number": str(number)})


# --- outputs ----------------------------------------------------------------------------------


def _k_note(row: trf.PlayerRating, overrides: Mapping[int, int]) -> Output:
    """Why this K: the rule (or the K typed in), or that K × n ≤ 700 lowered it."""
    if row.k is None:
        return _initial_note(row)
    uncapped = overrides.get(row.start_number, _RULE_K.get(row.k_rule or "", row.k))
    if row.k < uncapped:
        return _message(
            "k-capped", uncapped=number_output(uncapped, 0), games=number_output(row.games, 0),
            k=number_output(row.k, 0),
        )
    return _message(f"k-rule-{row.k_rule}", k=number_output(row.k, 0))


def _initial_note(row: trf.PlayerRating) -> Output:
    """For an unrated player: the first rating (FIDE B.02 8.2), or why there is none."""
    if row.initial_rating is not None:
        key = "initial-capped" if row.initial_rating == 2200 else "initial-rated"
        return _message(key, rating=number_output(row.initial_rating, 0))
    if row.initial_reason == "too-few-games":
        return _message("initial-too-few", games=number_output(row.games, 0))
    if row.initial_reason == "zero-score":
        return _message("initial-zero-score")
    return _message("initial-below-1400")


def _round_note(entry: trf.Round, player_rated: bool, opponent_rated: bool) -> Output:
    """Whether a round counts, and if not, why (FIDE B.02: only played games between
    rated players change a rating; an unrated player's games against rated ones count
    towards a first rating)."""
    if entry.code in trf.RATED_SCORES:
        if not opponent_rated:
            return _message("trf-round-unrated-opponent")
        return _message("trf-round-rated" if player_rated else "trf-round-initial")
    if entry.code in trf.FORFEIT_CODES:
        return _message("trf-round-forfeit")
    if entry.code in trf.UNRATED_GAME_CODES:
        return _message("trf-round-not-rated")
    if entry.code in trf.BYE_CODES:
        return _message(f"trf-round-bye-{entry.code}")
    return _message("trf-round-pending" if entry.opponent is not None else "trf-round-unpaired")


def _rounds(
    player: trf.Player, row: trf.PlayerRating, by_number: Mapping[int, trf.Player]
) -> list[list[Output | None]]:
    """One row per round: start number, round, opponent (number, name, rating), colour,
    result code, expected score, K · (S − E) and whether it counts."""
    counted = iter(row.results)
    rows: list[list[Output | None]] = []
    for index, entry in enumerate(player.rounds, 1):
        opponent = None if entry.opponent is None else by_number[entry.opponent]
        opponent_rated = opponent is not None and opponent.rating is not None
        game = next(counted) if entry.code in trf.RATED_SCORES and opponent_rated else None
        rows.append([
            number_output(player.start_number, 0),
            number_output(index, 0),
            None if opponent is None else number_output(opponent.start_number, 0),
            None if opponent is None else {"text": opponent.name},
            None if opponent is None else _optional(opponent.rating, 0),
            None if entry.colour is None else _message(f"trf-colour-{entry.colour}"),
            {"text": entry.code} if entry.code else None,
            None if game is None else _optional(game.expected, 2),
            None if game is None else _optional(game.change, 1, signed=True),
            _round_note(entry, player.rating is not None, opponent_rated),
        ])
    return rows


def _csv_cell(value: object) -> str:
    """One CSV cell: numbers as written; text neutralised and quoted where needed.

    Text that begins with = + - @, a tab or a carriage return gets a leading
    single quote so that a spreadsheet shows it instead of running it as a
    formula. Numbers are written by this module and never start a formula, so
    −5 stays a number.
    """
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:.0f}"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if text.startswith(_FORMULA_START):
        text = "'" + text
    if any(char in text for char in ',"\r\n'):
        text = '"' + text.replace('"', '""') + '"'
    return text


def _csv(tournament: trf.Tournament, rows: list[trf.PlayerRating]) -> str:
    lines = [CSV_HEADER]
    for player, row in zip(tournament.players, rows):
        cells = (
            player.start_number, player.name, player.rating, row.k, row.k_rule, row.games,
            row.score, row.expected, row.change, row.rounded_change, row.new_rating,
            None if row.performance is None else round(row.performance, 1), row.initial_rating,
            row.initial_reason,
        )
        lines.append(",".join(_csv_cell(cell) for cell in cells))
    return "\n".join(lines) + "\n"


def _trf(form: Mapping[str, str], lang: str) -> dict[str, Any]:
    reader = FormReader(form, lang)
    tournament = reader.read("trf_text", _read_tournament)
    overrides = reader.read("trf_k", parse_overrides)
    if tournament is not None and overrides:
        _check_overrides(reader, overrides, tournament)
    reader.done()
    assert tournament is not None and overrides is not None
    k = {number: value for _, number, value in overrides}
    rows = trf.rate(tournament, k=k)
    by_number = {player.start_number: player for player in tournament.players}
    table = []
    games: list[list[Output | None]] = []
    for player, row in zip(tournament.players, rows):
        table.append([
            number_output(player.start_number, 0),
            {"text": player.name},
            _optional(player.rating, 0),
            _optional(row.k, 0),
            _k_note(row, k),
            number_output(row.games, 0),
            number_output(row.score, 1),
            _optional(row.expected, 2),
            _optional(row.rounded_change, 0, signed=True),
            _optional(row.new_rating, 0),
            _optional(row.performance, 0),
            _optional(row.initial_rating, 0),
        ])
        games.extend(_rounds(player, row, by_number))
    rated_games = sum(
        1
        for player in tournament.players
        for entry in player.rounds
        if entry.code in trf.RATED_SCORES and (entry.opponent or 0) > player.start_number
    )
    return {
        "trf_name": {"text": tournament.name},
        "trf_players": number_output(len(tournament.players), 0),
        "trf_rated_games": number_output(rated_games, 0),
        "trf_rows": {"rows": table},
        "trf_games": {"rows": games},
        "trf_csv": {
            "download": {
                "filename": "tournament-ratings.csv",
                "text": _csv(tournament, rows),
                "mime": "text/csv",
            }
        },
    }


# --- registry -----------------------------------------------------------------------------------

_EXAMPLE = "\n".join([
    "012 Riverside Summer Open 2025",
    "022 Odense",
    "032 DEN",
    "042 2025/06/14",
    "052 2025/06/16",
    "102 IA Mette Kjær",
    "132" + " " * 88 + "25/06/14  25/06/14  25/06/15  25/06/15  25/06/16",
    (
        "001    1 m FM Andersen, Mikkel                  2380 DEN     1412345 1990        4.5    1"
        "     8 w 1     2 w =     3 b 1     4 w 1     5 b 1"
    ),
    (
        "001    2 wWIM Schulz, Hanna                     2214 GER    24698765 2009        3.0    2"
        "     7 w 1     1 b =     8 w 1     3 w 0     4 b ="
    ),
    (
        "001    3 m    Larsen, Nils                      2105 DEN     1423456 1985        2.5    4"
        "     6 w =     7 b 1     1 w 0     2 b 1     8 w 0"
    ),
    (
        "001    4 m    Keller, Jan                       1990 GER     4687654 1977        2.5    5"
        "     5 w 0     6 b 1     7 w 1     1 b 0     2 w ="
    ),
    (
        "001    5 w    Madsen, Emma                      1876 DEN     1434512 2010        3.0    3"
        "     4 b 1     8 b =     6 w 1     7 b =     1 w 0"
    ),
    (
        "001    6 m    Vogel, Tim                        1750 GER     4623456 1969        1.5    7"
        "     3 b =     4 w 0     5 b 0     8 b 0     7 w 1"
    ),
    (
        "001    7 w    Poulsen, Karen                    1640 DEN     1445678 1992        0.5    8"
        "     2 b 0     3 w 0     4 b 0     5 w =     6 b 0"
    ),
    (
        "001    8 m    Brandt, Ole                            DEN             2001        2.5    6"
        "     1 b 0     5 w =     2 b 0     6 w 1     3 b 1"
    ),
])

DEFAULTS: dict[str, dict[str, str]] = {
    "trf": {"trf_text": _EXAMPLE, "trf_k": ""},
}

MODES: dict[str, Callable[[Mapping[str, str], str], dict[str, Any]]] = {
    "trf": _trf,
}
