"""The tournament page's calculator: a FIDE tournament report file (TRF) in, every player rated.

Mode ``trf``: fields ``trf_text`` (the file's text) and ``trf_k`` (optional
K-factors, one per line as ``start number | K``). See :mod:`elo_core.trf` for
the format and the rules.

Outputs: ``trf_rows`` (one row per player: start number, name, rating, K, why
this K or the first rating, games, score in rated games, expected, change, new
rating, performance, first rating, the FIDE B.02 7.2.1 note or None, the
file's points), ``trf_unrated`` (who falls below 1400) and ``trf_score_note``
(for how many players the file's points differ from the rated score), ``trf_games`` (one row per player and round:
start number, round, opponent's number, name and rating, colour, result code,
expected, K · (S − E), whether it counts and why not), ``trf_csv`` (the
player table as a download), ``trf_warnings`` (what the reader read but the
file may not have meant, or left out, each with its line and player: see
:class:`elo_core.trf.TrfWarning`) and the tournament's name, players and rated
games. The tables carry ``columns`` and are written short
(:func:`elo_core.page.fields.rows_output`); a message without parameters has no ``params``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, cast

from elo_core import norms, trf
from elo_core.errors import InputError
from elo_core.fide import PUBLISHED_RATING_MIN
from elo_core.page.export import Code, csv_download
from elo_core.page.fields import FormReader, Output, PageLanguage, number_column, number_output
from elo_core.validation import MAX_K

__all__ = ["CSV_COLUMNS", "DEFAULTS", "MODES", "WARNINGS_SHOWN", "parse_overrides"]

#: The columns of the downloadable table (English names; translated in de and da).
CSV_COLUMNS = (
    "start_number", "name", "rating", "k", "k_rule", "games", "score", "expected", "change",
    "rounded_change", "new_rating", "performance", "initial_rating", "initial_reason",
    "file_points", "next_list",
)
#: The most decimals of each column (trailing zeros are dropped).
_CSV_DIGITS = (0, 0, 0, 0, 0, 0, 1, 2, 2, 0, 0, 1, 0, 0, 1, 0)
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


def _message(key: str, **params: Any) -> Output:
    # Most of a big file's cells are messages without parameters (a colour, "rated"): the
    # empty ``params`` is left out (the page and the build read it as empty).
    return {"message": key, "params": params} if params else {"message": key}


def _optional(value: float | None, digits: int, *, signed: bool = False) -> Output | None:
    return None if value is None else number_output(value, digits, signed=signed)


#: A table cell written short: a bare number (its column's format), a bare text, an output.
_Cell = Output | float | str | None

# The tables are written short (elo_core.page.fields.rows_output): a bare number is shown as
# its column says, a bare string is a text. A 500-player, 11-round open is then 3 MB of
# reply, not 7, and the page reads it in a fraction of the time.
_WHOLE = number_column(0)
#: trf_rows: start number, name, rating, K, note, games, score, expected, change, new rating,
#: performance, first rating, 7.2.1 note, the file's points.
_PLAYER_COLUMNS = (_WHOLE, None, _WHOLE, _WHOLE, None, _WHOLE, number_column(1), number_column(2),
                   number_column(0, signed=True), _WHOLE, _WHOLE, _WHOLE, None, number_column(1))
#: trf_games: start number, round, opponent's number, name and rating, colour, result code,
#: expected, K · (S − E), note.
_GAME_COLUMNS = (_WHOLE, _WHOLE, _WHOLE, None, _WHOLE, None, None, number_column(2),
                 number_column(1, signed=True), None)
#: trf_norms: start number, name, title, the norm, what is missing.
_NORM_COLUMNS = (_WHOLE, None, None, None, None)
#: trf_norm_checks: start number, title, requirement, the player's value (a whole number, or
#: an output with its decimals), what is needed, met or not, paragraph.
_CHECK_COLUMNS = (_WHOLE, None, None, _WHOLE, None, None, None)
#: trf_norm_notes: start number, title, note.
_NOTE_COLUMNS = (_WHOLE, None, None)


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
        params["field"] = _message(f"trf-field-{params['field']}")
    note = _message(f"trf-warning/{warning.code}", **params)
    if warning.line is None:
        return note
    if warning.player:
        return _message("trf-warning-player", line=str(warning.line), player=warning.player,
                        note=note)
    return _message("trf-warning-line", line=str(warning.line), note=note)


def _warnings(warnings: tuple[trf.TrfWarning, ...]) -> Output:
    items = [_warning(warning) for warning in warnings[:WARNINGS_SHOWN]]
    if len(warnings) > WARNINGS_SHOWN:
        items.append(_message("trf-warnings-more",
                              count=number_output(len(warnings) - WARNINGS_SHOWN, 0)))
    return {"items": items}


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


def _unrated(row: trf.PlayerRating) -> Output | None:
    """FIDE B.02 7.2.1: a new rating below 1400 is shown as unrated on the next list."""
    if not row.becomes_unrated:
        return None
    return _message("trf-unrated", min=number_output(PUBLISHED_RATING_MIN, 0))


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
            None if entry.colour is None else _message(f"trf-colour-{entry.colour}"),
            entry.code or None,
            None if game is None else game.expected,
            None if game is None else game.change,
            _round_note(entry, player.rating is not None, opponent_rated),
        ])
    return rows


def _csv(tournament: trf.Tournament, rows: list[trf.PlayerRating], lang: PageLanguage) -> Output:
    """The player table as a download, for the page's language (:mod:`elo_core.page.export`)."""
    return csv_download("tournament-ratings.csv", CSV_COLUMNS, (
        (
            player.start_number, player.name, player.rating, row.k,
            None if row.k_rule is None else Code(row.k_rule), row.games, row.score, row.expected,
            row.change, row.rounded_change, row.new_rating, row.performance, row.initial_rating,
            None if row.initial_reason is None else Code(row.initial_reason), player.points,
            Code("unrated") if row.becomes_unrated else None,
        )
        for player, row in zip(tournament.players, rows)
    ), lang, _CSV_DIGITS)


def _trf(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Any]:
    reader = FormReader(form, lang)
    tournament = reader.read("trf_text", _read_tournament)
    overrides = reader.read("trf_k", parse_overrides)
    exemption = reader.option("trf_exemption", _EXEMPTION_CHOICES, "")
    if tournament is not None and overrides:
        _check_overrides(reader, overrides, tournament)
    reader.done()
    assert tournament is not None and overrides is not None and exemption is not None
    k = {number: value for _, number, value in overrides}
    rows = trf.rate(tournament, k=k)
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
        ])
        games.extend(_rounds(player, row, by_number))
    rated_games = sum(
        1
        for player in tournament.players
        for entry in player.rounds
        if entry.code in trf.RATED_SCORES and (entry.opponent or 0) > player.start_number
    )
    unrated = [player.name for player, row in zip(tournament.players, rows) if row.becomes_unrated]
    differ = sum(
        1 for player, row in zip(tournament.players, rows) if player.points != row.score
    )
    return {
        "trf_name": {"text": tournament.name},
        "trf_warnings": _warnings(tournament.warnings),
        "trf_unrated": _message(
            "trf-unrated-summary", min=number_output(PUBLISHED_RATING_MIN, 0),
            names="; ".join(unrated),
        ) if unrated else {"text": ""},
        "trf_score_note": _message("trf-score-note", count=number_output(differ, 0))
        if differ else {"text": ""},
        "trf_players": number_output(len(tournament.players), 0),
        "trf_rated_games": number_output(rated_games, 0),
        "trf_rows": _table(table, _PLAYER_COLUMNS),
        "trf_games": _table(games, _GAME_COLUMNS),
        **_norms(tournament, by_number, exemption),
        "trf_csv": _csv(tournament, rows, lang),
    }


# --- title norms (FIDE B.01 1.4) ----------------------------------------------------------------

#: The exemption field's choices: none, or one of B.01 1.4.3 (the arbiter's word).
_EXEMPTION_CHOICES: tuple[str, ...] = ("", *norms.EXEMPTIONS)
#: Requirements whose ``needed`` is a maximum (B.01 1.4.4).
_AT_MOST = frozenset({"own-federation", "one-federation"})
#: Decimals to show a requirement's value and need with.
_DIGITS = {"performance": 1, "score": 1}


def _requirement_rows(player: trf.Player, result: norms.NormCheck) -> list[list[_Cell]]:
    """One row per requirement: start number, title, what it is, the player's value, what is
    needed (at least / at most), met or not, and the paragraph."""
    rows: list[list[_Cell]] = []
    for requirement in result.requirements:
        digits = _DIGITS.get(requirement.code, 0)
        bound = "norm-at-most" if requirement.code in _AT_MOST else "norm-at-least"
        # Only "titled-opponents" names the title in its text.
        named = {"title": result.title} if requirement.code == "titled-opponents" else {}
        rows.append([
            player.start_number,
            result.title,
            _message(f"norm-req-{requirement.code}", **named),
            number_output(requirement.value, digits) if digits else requirement.value,
            _message(bound, value=number_output(requirement.needed, digits)),
            _message("norm-met" if requirement.met else "norm-not-met"),
            f"B.01 {requirement.rule}",
        ])
    return rows


def _missing(result: norms.NormCheck) -> Output:
    """What a missed norm lacks: the points still needed when the score is what is short,
    else the first requirement missed; and how many more are missed."""
    missed = [requirement for requirement in result.requirements if not requirement.met]
    first = missed[0]
    short = {"performance", "score"}
    played = int(result.requirement("games").value)
    needed = norms.points_needed(result.title, played, result.average_rating) if played else None
    if needed is not None and any(requirement.code in short for requirement in missed):
        primary = _message(
            "norm-short-points", points=number_output(needed - result.score, 1),
            needed=number_output(needed, 1),
        )
        rest = [requirement for requirement in missed if requirement.code not in short]
    else:
        digits = _DIGITS.get(first.code, 0)
        primary = _message(
            f"norm-short-{first.code}", value=number_output(first.value, digits),
            needed=number_output(first.needed, digits), title=result.title,
        )
        rest = missed[1:]
    if not rest:
        return primary
    return _message("norm-short-more", missing=primary, count=number_output(len(rest), 0))


def _norms(
    tournament: trf.Tournament, by_number: Mapping[int, trf.Player], exemption: str
) -> dict[str, Output]:
    """The norm lines (achieved, or reachable and missed: Ra at the norm's minimum), each
    player's requirements, and notes: the opponent raised to the floor, the first round after
    which the norm holds (not in round robins), 13 games at most (B.01 1.7)."""
    lines: list[list[_Cell]] = []
    checks: list[list[_Cell]] = []
    notes: list[list[_Cell]] = []
    chosen = cast("norms.Exemption", exemption) if exemption else None
    for found in norms.report(tournament, exemption=chosen):
        player = by_number[found.start_number]
        number = player.start_number
        for result, first_round in zip(found.checks, found.first_rounds):
            title = result.title
            if result.achieved or result.requirement("average-rating").met:
                lines.append([
                    number, player.name, title,
                    _message("norm-achieved" if result.achieved else "norm-missed",
                             title=result.title),
                    None if result.achieved else _missing(result),
                ])
            checks.extend(_requirement_rows(player, result))
            verdict = "norm-summary-achieved" if result.achieved else "norm-summary-missed"
            notes.append([number, title, _message(
                verdict, title=result.title, score=number_output(result.score, 1),
                games=number_output(result.requirement("games").value, 0),
                ra=number_output(result.average_rating, 0),
                rp=number_output(result.performance, 1),
            )])
            if result.raised is not None:
                raised = by_number[result.raised]
                notes.append([number, title, _message(
                    "norm-raised" if raised.rating is not None else "norm-raised-unrated",
                    name=raised.name, number=str(raised.start_number),
                    rating=_optional(raised.rating, 0),
                    floor=number_output(norms.rating_floor(result.title), 0),
                )])
            if first_round is not None and first_round < tournament.rounds:
                notes.append([number, title, _message(
                    "norm-first-round", round=number_output(first_round, 0)
                )])
            if result.requirement("games").value > norms.MAX_NORM_GAMES:
                notes.append([number, title, _message(
                    "norm-thirteen", games=number_output(result.requirement("games").value, 0),
                    counted=number_output(result.games, 0),
                )])
    return {
        "trf_norms": _table(lines, _NORM_COLUMNS),
        "trf_norm_checks": _table(checks, _CHECK_COLUMNS),
        "trf_norm_notes": _table(notes, _NOTE_COLUMNS),
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
    "trf": {"trf_text": _EXAMPLE, "trf_k": "", "trf_exemption": ""},
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], dict[str, Any]]] = {
    "trf": _trf,
}
