"""The tournament page's calculator: a FIDE tournament report file (TRF) in, every player rated.

Mode ``trf``: fields ``trf_text`` (the file's text), ``trf_k`` (optional K-factors, one per
line as ``start number | K``), ``trf_list`` (the rating list: ``""`` as the file says, or
``standard``, ``rapid``, ``blitz``) and ``trf_exemption`` (B.01 1.4.3: ``auto`` as the file
shows, ``""`` none, or one the arbiter vouches for). See :mod:`elo_core.trf` for the format and
the rules.

Outputs: ``trf_rows`` (one row per player: start number, name, rating, K, why this K or the
first rating, games, score in rated games, expected, change, new rating, performance, first
rating, the FIDE B.02 7.2.1 note or None, the file's points, and a marker where K is not the
usual one for the rating), ``trf_unrated`` (who falls below 1400) and ``trf_score_note`` (for
how many players the file's points differ from the rated score), ``trf_games`` (one row per
player and round: start number, round, opponent's number, name and rating, colour, result
code, expected, K · (S − E), whether it counts and why not), ``trf_csv`` (the player table as a
download), ``trf_warning_kinds`` and ``trf_warning_lines`` (what the reader read but the file
may not have meant, or left out: one line per kind with its count, and each warning with its
line and player; see :class:`elo_core.trf.TrfWarning`), ``trf_list_note`` (the list rated for,
and why), ``trf_cap_note`` (the 400-point rule that rated players of 2650 or more, when there
are any), the tournament's name, players and rated games, and the title norms of
:mod:`elo_core.page.trf_norms`. The tables carry ``columns`` and are written short
(:func:`elo_core.page.fields.rows_output`); a message without parameters has no ``params``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, cast

from elo_core import time_control, trf
from elo_core.elo import CAP_EXEMPT_FROM, fide_cap_on
from elo_core.errors import InputError
from elo_core.fide import PUBLISHED_RATING_MIN
from elo_core.page.export import Code, csv_download
from elo_core.page.fields import (
    FormReader, Output, PageLanguage, message, number_column, number_output,
)
from elo_core.page.trf_norms import EXEMPTION_CHOICES, norm_outputs
from elo_core.time_control import RatingList
from elo_core.validation import MAX_K

__all__ = ["CSV_COLUMNS", "DEFAULTS", "LIST_CHOICES", "MODES", "WARNINGS_SHOWN",
           "parse_overrides"]

#: The columns of the downloadable table (English names; translated in de and da): the
#: player's figures, the norms achieved, and on every row the event it belongs to.
CSV_COLUMNS = (
    "start_number", "name", "rating", "k", "k_rule", "games", "score", "expected", "change",
    "rounded_change", "new_rating", "performance", "initial_rating", "initial_reason",
    "file_points", "next_list", "norms", "event", "event_start", "event_end", "rating_list",
)
#: The most decimals of each column (trailing zeros are dropped).
_CSV_DIGITS = (0, 0, 0, 0, 0, 0, 1, 2, 2, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0)
#: The download's name in each language (English for a language without one).
_CSV_NAMES = {"en": "tournament-ratings", "de": "turnier-wertung", "da": "turnering-rating"}
#: The rating list field's choices: as the file says, or one the arbiter chooses.
LIST_CHOICES: tuple[str, ...] = ("", *time_control.RATING_LISTS)
#: K rules whose K is the usual one for the rating (B.02 8.3.3); others get a marker.
_USUAL_K = frozenset({"standard", "reached-2400"})
#: K of each FIDE rule before K × n ≤ 700 (FIDE B.02 8.3.3), to tell a lowered K.
_RULE_K = {"new-player": 40, "junior": 40, "standard": 20, "reached-2400": 10}
_MAX_START = 9999
# Years, line and start numbers: shown as written, not grouped as the page groups numbers (2,031).
_AS_WRITTEN = frozenset({"birth_year", "year", "first", "min", "max", "number", "opponent"})
# Errors whose wording depends on the field they name: the page looks them up by reason and
# field ("shifted-rating", "merged-fide-id", "line-shifted-right").
_BY_FIELD = {"shifted": "field", "merged": "field", "line-shifted": "direction"}
#: At most this many warnings are listed; then how many more there are.
WARNINGS_SHOWN = 50
_SEPARATORS = re.compile(r"\s*[|;\t]\s*|\s+")


#: A table cell written short: a bare number (its column's format), a bare text, an output.
_Cell = Output | float | str | None

# The tables are written short (elo_core.page.fields.rows_output): a bare number is shown as
# its column says, a bare string is a text. A 500-player, 11-round open is then 3 MB of
# reply, not 7, and the page reads it in a fraction of the time.
_WHOLE = number_column(0)
#: trf_rows: start number, name, rating, K, note, games, score, expected, change, new rating,
#: performance, first rating, 7.2.1 note, the file's points, K's marker.
_PLAYER_COLUMNS = (_WHOLE, None, _WHOLE, _WHOLE, None, _WHOLE, number_column(1), number_column(2),
                   number_column(0, signed=True), _WHOLE, _WHOLE, _WHOLE, None, number_column(1),
                   None)
#: trf_games: start number, round, opponent's number, name and rating, colour, result code,
#: expected, K · (S − E), note.
_GAME_COLUMNS = (_WHOLE, _WHOLE, _WHOLE, None, _WHOLE, None, None, number_column(2),
                 number_column(1, signed=True), None)
#: trf_warning_kinds: the kind (its code) and what it says with its count; trf_warning_lines:
#: the kind and one warning with its line and player.
_KIND_COLUMNS = (None, None)
_LINE_COLUMNS = (None, None)


def _table(rows: list[list[_Cell]], columns: tuple[Output | None, ...]) -> Output:
    return {"rows": rows, "columns": list(columns)}


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
        reason = error.reason
        if reason in _BY_FIELD:
            reason = f"{reason}-{params[_BY_FIELD[reason]]}"
        raise InputError(
            error.code, str(error), field="trf_text", line=error.line, column=error.column,
            reason=reason, params=params,
        ) from None


def _warning(warning: trf.TrfWarning) -> Output:
    """One reader's warning as the page words it: its line and player, then what it says.

    Years, columns and rounds are shown as written (2025, not 2,025); a shifted field is
    named in the page's language (``trf-field-<field>``).
    """
    params: dict[str, Any] = {name: str(value) for name, value in warning.params}
    if "field" in params:
        params["field"] = message(f"trf-field-{params['field']}")
    note = message(f"trf-warning/{warning.code}", **params)
    if warning.line is None:
        return note
    if warning.player:
        return message("trf-warning-player", line=str(warning.line), player=warning.player,
                       note=note)
    return message("trf-warning-line", line=str(warning.line), note=note)


def _warnings(warnings: tuple[trf.TrfWarning, ...]) -> dict[str, Output]:
    """One line per kind of warning with its count (a big file's 51 unreadable birth dates
    are one line), and under each, at most WARNINGS_SHOWN of its warnings, then how many
    more there are."""
    by_code: dict[str, list[trf.TrfWarning]] = {}
    for warning in warnings:
        by_code.setdefault(warning.code, []).append(warning)
    kinds: list[list[Any]] = []
    lines: list[list[Any]] = []
    for code, found in by_code.items():
        kinds.append([code, message(f"trf-warnings/{code}",
                                    count=number_output(len(found), 0))])
        lines.extend([code, _warning(warning)] for warning in found[:WARNINGS_SHOWN])
        if len(found) > WARNINGS_SHOWN:
            lines.append([code, message("trf-warnings-more",
                                        count=number_output(len(found) - WARNINGS_SHOWN, 0))])
    return {"trf_warning_kinds": _table(kinds, _KIND_COLUMNS),
            "trf_warning_lines": _table(lines, _LINE_COLUMNS)}


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
        return message(
            "k-capped", uncapped=number_output(uncapped, 0), games=number_output(row.games, 0),
            k=number_output(row.k, 0),
        )
    return message(f"k-rule-{row.k_rule}", k=number_output(row.k, 0))


def _k_marker(row: trf.PlayerRating, overrides: Mapping[int, int]) -> str | None:
    """A short marker beside K where it is not the usual one for the rating (a junior's or
    new player's 40, K × n ≤ 700, a K typed in): the player's panel says why."""
    if row.k is None:
        return None
    uncapped = overrides.get(row.start_number, _RULE_K.get(row.k_rule or "", row.k))
    return None if row.k_rule in _USUAL_K and row.k >= uncapped else "*"


def _unrated(row: trf.PlayerRating) -> Output | None:
    """FIDE B.02 7.2.1: a new rating below 1400 is shown as unrated on the next list."""
    if not row.becomes_unrated:
        return None
    return message("trf-unrated", min=number_output(PUBLISHED_RATING_MIN, 0))


def _initial_note(row: trf.PlayerRating) -> Output:
    """For an unrated player: the first rating (FIDE B.02 8.2), or why there is none."""
    if row.initial_rating is not None:
        key = "initial-capped" if row.initial_rating == 2200 else "initial-rated"
        return message(key, rating=number_output(row.initial_rating, 0))
    if row.initial_reason == "too-few-games":
        return message("initial-too-few", games=number_output(row.games, 0))
    if row.initial_reason == "zero-score":
        return message("initial-zero-score")
    return message("initial-below-1400")


def _round_note(entry: trf.Round, player_rated: bool, opponent_rated: bool) -> Output:
    """Whether a round counts, and if not, why (FIDE B.02: only played games between
    rated players change a rating; an unrated player's games against rated ones count
    towards a first rating)."""
    if entry.code in trf.RATED_SCORES:
        if not opponent_rated:
            return message("trf-round-unrated-opponent")
        return message("trf-round-rated" if player_rated else "trf-round-initial")
    if entry.code in trf.FORFEIT_CODES:
        return message("trf-round-forfeit")
    if entry.code in trf.UNRATED_GAME_CODES:
        return message("trf-round-not-rated")
    if entry.code in trf.BYE_CODES:
        return message(f"trf-round-bye-{entry.code}")
    return message("trf-round-pending" if entry.opponent is not None else "trf-round-unpaired")


def _rounds(
    player: trf.Player, row: trf.PlayerRating, by_number: Mapping[int, trf.Player]
) -> list[list[_Cell]]:
    """One row per round: start number, round, opponent (number, name, rating), colour,
    result code, expected score, K · (S − E) and whether it counts."""
    counted = iter(row.results)
    rows: list[list[_Cell]] = []
    for index, entry in enumerate(player.rounds, 1):
        opponent = None if entry.opponent is None else by_number[entry.opponent]
        opponent_rated = opponent is not None and opponent.rating is not None
        game = next(counted) if entry.code in trf.RATED_SCORES and opponent_rated else None
        rows.append([
            player.start_number,
            index,
            None if opponent is None else opponent.start_number,
            None if opponent is None else opponent.name,
            None if opponent is None else opponent.rating,
            None if entry.colour is None else message(f"trf-colour-{entry.colour}"),
            entry.code or None,
            None if game is None else game.expected,
            None if game is None else game.change,
            _round_note(entry, player.rating is not None, opponent_rated),
        ])
    return rows


def _csv(
    tournament: trf.Tournament, rows: list[trf.PlayerRating], achieved: Mapping[int, list[str]],
    rating_list: RatingList, lang: PageLanguage,
) -> Output:
    """The player table as a download, for the page's language (:mod:`elo_core.page.export`):
    every player's figures and norms achieved, each row naming the event and the list."""
    start = None if tournament.start is None else tournament.start.isoformat()
    end = None if tournament.end is None else tournament.end.isoformat()
    name = _CSV_NAMES.get(lang.code, _CSV_NAMES["en"])
    return csv_download(f"{name}.csv", CSV_COLUMNS, (
        (
            player.start_number, player.name, player.rating, row.k,
            None if row.k_rule is None else Code(row.k_rule), row.games, row.score, row.expected,
            row.change, row.rounded_change, row.new_rating, row.performance, row.initial_rating,
            None if row.initial_reason is None else Code(row.initial_reason), player.points,
            Code("unrated") if row.becomes_unrated else None,
            " ".join(achieved.get(player.start_number, [])) or None,
            tournament.name or None, start, end, Code(f"list-{rating_list}"),
        )
        for player, row in zip(tournament.players, rows)
    ), lang, _CSV_DIGITS)


def _list_note(tournament: trf.Tournament, chosen: str, rating_list: RatingList) -> Output:
    """Which list the event is rated for, and why: the file's time control, or the choice."""
    from_file = tournament.rating_list
    written = tournament.time_control_code or tournament.time_control
    shown = message(f"trf-list-{rating_list}")
    if chosen:
        if from_file is None or from_file == chosen:
            return message("trf-list-chosen", list=shown)
        return message("trf-list-chosen-over", list=shown,
                       file_list=message(f"trf-list-{from_file}"))
    if from_file is None:
        return message("trf-list-unknown", list=shown)
    minutes = time_control.minutes_for_60_moves(tournament.time_control)
    if tournament.time_control_code and time_control.from_code(tournament.time_control_code):
        return message("trf-list-from-code", list=shown, text=written)
    if minutes is None:
        return message("trf-list-from-word", list=shown, text=written)
    return message("trf-list-from-text", list=shown, text=written,
                   minutes=number_output(minutes, 0))


def _cap_note(tournament: trf.Tournament, rating_list: RatingList) -> Output:
    """Which 400-point rule (FIDE B.02 8.3.1) rated the players of 2650 or more, said only when
    the event has such a player: nobody else's figures depend on it."""
    if not any(player.rating is not None and player.rating >= CAP_EXEMPT_FROM
               for player in tournament.players):
        return {"text": ""}
    if rating_list != "standard":
        return message("trf-cap-plain", list=message(f"trf-list-{rating_list}"))
    day = tournament.last_day
    if day is None:
        return message("trf-cap-exempt-undated")
    return message("trf-cap-exempt" if fide_cap_on(day) == "fide" else "trf-cap-before")


def _rated_games(tournament: trf.Tournament) -> int:
    """The games that count for someone: rated results (1, = and 0) in which at least one of
    the two players is rated (two unrated players' game changes no rating and counts towards
    no first rating, FIDE B.02 8.2)."""
    by_number = {player.start_number: player for player in tournament.players}
    return sum(
        1
        for player in tournament.players
        for entry in player.rounds
        if entry.code in trf.RATED_SCORES and (entry.opponent or 0) > player.start_number
        and (player.rating is not None or by_number[entry.opponent or 0].rating is not None)
    )


def _trf(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Any]:
    reader = FormReader(form, lang)
    tournament = reader.read("trf_text", _read_tournament)
    overrides = reader.read("trf_k", parse_overrides)
    chosen_list = reader.option("trf_list", LIST_CHOICES, "")
    exemption = reader.option("trf_exemption", EXEMPTION_CHOICES, "auto")
    if tournament is not None and overrides:
        _check_overrides(reader, overrides, tournament)
    reader.done()
    assert tournament is not None and overrides is not None
    assert exemption is not None and chosen_list is not None
    rating_list = cast(RatingList, chosen_list or tournament.rating_list or "standard")
    k = {number: value for _, number, value in overrides}
    rows = trf.rate(tournament, k=k, rating_list=rating_list)
    by_number = {player.start_number: player for player in tournament.players}
    table: list[list[_Cell]] = []
    games: list[list[_Cell]] = []
    for player, row in zip(tournament.players, rows):
        table.append([
            player.start_number,
            player.name,
            player.rating,
            row.k,
            _k_note(row, k),
            row.games,
            row.score,
            row.expected,
            row.rounded_change,
            row.new_rating,
            row.performance,
            row.initial_rating,
            _unrated(row),
            player.points,
            _k_marker(row, k),
        ])
        games.extend(_rounds(player, row, by_number))
    unrated = [player.name for player, row in zip(tournament.players, rows) if row.becomes_unrated]
    differ = sum(
        1 for player, row in zip(tournament.players, rows) if player.points != row.score
    )
    norm_tables = norm_outputs(tournament, by_number, exemption, rating_list)
    achieved: dict[int, list[str]] = {}
    for certificate in norm_tables["trf_certificates"]["rows"]:
        achieved.setdefault(certificate[0], []).append(certificate[1])
    return {
        "trf_name": {"text": tournament.name},
        **_warnings(tournament.warnings),
        "trf_unrated": message(
            "trf-unrated-summary", min=number_output(PUBLISHED_RATING_MIN, 0),
            names="; ".join(unrated),
        ) if unrated else {"text": ""},
        "trf_score_note": message("trf-score-note", count=number_output(differ, 0))
        if differ else {"text": ""},
        "trf_players": number_output(len(tournament.players), 0),
        "trf_rated_games": number_output(_rated_games(tournament), 0),
        "trf_list": message(f"trf-list-{rating_list}"),
        "trf_list_note": _list_note(tournament, chosen_list, rating_list),
        "trf_cap_note": _cap_note(tournament, rating_list),
        "trf_rows": _table(table, _PLAYER_COLUMNS),
        "trf_games": _table(games, _GAME_COLUMNS),
        **norm_tables,
        "trf_csv": _csv(tournament, rows, achieved, rating_list, lang),
    }


# --- registry -----------------------------------------------------------------------------------

_EXAMPLE = "\n".join([
    "012 Riverside Summer Open 2025",
    "022 Odense",
    "032 DEN",
    "042 2025/06/14",
    "052 2025/06/16",
    "102 IA Mette Kjær",
    "122 90 min/40 moves + 30 min + 30 sec/move",
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
    "trf": {"trf_text": _EXAMPLE, "trf_k": "", "trf_list": "", "trf_exemption": "auto"},
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], dict[str, Any]]] = {
    "trf": _trf,
}
