"""The tool pages' calculators (FIDE tools, league, Glicko-2, DWZ); see :mod:`elo_core.page`.

Field names are unique across a page (the page looks error boxes up by field
name), hence the prefixes.

Modes: ``k_advisor``, ``performance``, ``initial`` (page "FIDE tools"),
``league`` (page "club league"), ``glicko2`` and ``dwz`` (page "Glicko-2 and DWZ").
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from elo_core import dwz, glicko2
from elo_core.errors import InputError
from elo_core.numbers import DECIMAL_POINT, NumberFormat, parse_rating
from elo_core.page.export import csv_download
from elo_core.page.fields import (
    MAX_ROWS,
    FormReader,
    PageLanguage,
    message,
    number_output,
    parse_bounded,
    rows_output,
)
from elo_core.fide import (
    INITIAL_RATING_MAX,
    INITIAL_RATING_MIN_GAMES,
    dp_for_score,
    fide_initial_rating,
    fide_k_factor_reason,
    performance_rating,
)
from elo_core.importers import GamesImport, ImportNote, import_games
from elo_core.importers.common import parse_date as _parse_date
from elo_core.league import League, league
from elo_core.parsing import parse_games, parse_result
from elo_core.validation import (
    MAX_GAMES_IN_PERIOD,
    MAX_RATED_GAMES,
    MAX_YEAR,
    MIN_YEAR,
)

__all__ = ["CHART_SLOTS", "DEFAULTS", "MODES", "NOTES_SHOWN", "parse_ratings"]

Output = dict[str, Any]
T = TypeVar("T")

#: The rating-history chart draws at most this many players (the highest rated).
CHART_SLOTS = 8

# At most about this many points per line of the rating-history chart.
_CHART_POINTS = 400

#: The league shows at most this many import notes, then how many more there are.
NOTES_SHOWN = 20

# The chart's drawing area inside its viewBox (0 0 640 320).
_CHART_LEFT, _CHART_RIGHT, _CHART_TOP, _CHART_BOTTOM = 56.0, 624.0, 16.0, 284.0


# --- lists of ratings -----------------------------------------------------------------------

_TOKEN_SPLIT = re.compile(r"[ \t;|]+")


def _rating_tokens(token: str, fmt: NumberFormat) -> list[str]:
    """The ratings one whitespace-free token holds: ``1850`` or ``1850,1720,1905``.

    A comma groups or marks decimals where the page's language says so
    (``1,850`` in English, ``1850,5`` in German, read by parse_rating);
    otherwise it separates ratings. A sign may lead the number (``+1,850`` is one number
    in English: the page then says no rating is signed, rather than reading 1 and 850).
    """
    if "," not in token or "." in token:
        return [token]  # with both signs it is one number, grouped: 1,850.5 or 1.850,5
    if fmt.group == "," and re.fullmatch(r"[-+\u2212\u2013]?[0-9]{1,3}(?:,[0-9]{3})+", token):
        return [token]
    if fmt.decimal == "," and re.fullmatch(r"[-+\u2212\u2013]?[0-9]+,[0-9]{1,3}", token):
        return [token]
    return token.split(",")


def parse_ratings(text: str, field: str, fmt: NumberFormat = DECIMAL_POINT) -> list[float]:
    """Ratings separated by line breaks, spaces, tabs, semicolons, bars or commas.

    Numbers are read as ``fmt`` writes them (see :func:`_rating_tokens` for
    commas). A rating that cannot be read raises its InputError
    ("rating-invalid", "rating-implausible") with its 1-based line.
    """
    ratings: list[float] = []
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        for token in _TOKEN_SPLIT.split(line.split("#", 1)[0].strip()):
            for piece in _rating_tokens(token, fmt):
                if not piece:
                    continue
                try:
                    ratings.append(parse_rating(piece, fmt=fmt, field=field))
                except InputError as error:
                    raise InputError(
                        error.code, str(error), field=field, line=number, reason=error.reason,
                        params=error.params,
                    ) from None
    return ratings


def _opponents(text: str, field: str, fmt: NumberFormat) -> list[float]:
    ratings = parse_ratings(text, field, fmt)
    if not ratings:
        raise InputError(
            "games-invalid", "Enter at least one opponent's rating.", field=field, reason="empty"
        )
    return ratings


# --- FIDE K advisor ------------------------------------------------------------------------


def _k_advisor(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    rated_games = reader.count("rated_games", MAX_RATED_GAMES)
    birth_year = reader.whole(
        "birth_year", code="year-invalid", minimum=MIN_YEAR, maximum=MAX_YEAR, optional=True
    )
    year = reader.whole(
        "year", code="year-invalid", minimum=MIN_YEAR, maximum=MAX_YEAR, optional=True
    )
    rating = reader.rating("rating")
    games_in_period = reader.count("games_in_period", MAX_GAMES_IN_PERIOD)
    reached_2400 = bool(reader.text("reached_2400"))
    if birth_year is not None and year is not None and year < birth_year:
        reader.fail("year", "year-invalid", reason="before-birth", params={"birth_year": birth_year})
    reader.done()
    assert rated_games is not None and rating is not None
    if birth_year is not None and year is None:
        year = datetime.date.today().year
    k = fide_k_factor_reason(
        rating,
        rated_games=rated_games,
        birth_year=birth_year,
        year=year if birth_year is not None else None,
        reached_2400=reached_2400,
        games_in_period=games_in_period,
    )
    k_out = number_output(k.k, 0)
    if k.capped:
        cap = message(
            "k-capped", uncapped=number_output(k.uncapped, 0),
            games=number_output(games_in_period or 0, 0), k=k_out,
        )
    elif games_in_period:
        cap = message(
            "k-not-capped", games=number_output(games_in_period, 0),
            total=number_output(k.k * games_in_period, 0),
        )
    else:
        cap = message("k-no-period", keep_empty=True)
    return {"k_value": k_out, "k_reason": message(f"k-rule-{k.rule}", keep_empty=True),
            "k_cap": cap}


# --- performance and initial rating ---------------------------------------------------------


def _opponents_and_score(
    form: Mapping[str, str], lang: PageLanguage, prefix: str
) -> tuple[list[float], float]:
    reader = FormReader(form, lang)
    opponents_field, score_field = f"{prefix}_opponents", f"{prefix}_score"
    opponents = reader.read(
        opponents_field, lambda text: _opponents(text, opponents_field, lang.numbers))
    score = reader.points(score_field, None if opponents is None else len(opponents))
    reader.done()
    assert opponents is not None and score is not None
    return opponents, score


def _performance(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    opponents, score = _opponents_and_score(form, lang, "perf")
    fide = performance_rating(opponents, score, method="fide")
    linear = performance_rating(opponents, score, method="linear")
    games = len(opponents)
    ra = math.fsum(opponents) / games
    p = score / games
    return {
        "perf_fide": number_output(fide, 0),
        "perf_linear": number_output(linear, 0),
        "perf_ra": number_output(ra, 1),
        "perf_p": number_output(p, 2),
        "perf_dp": number_output(dp_for_score(p), 0, signed=True),
        "perf_games": number_output(games, 0),
    }


def _initial(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    opponents, score = _opponents_and_score(form, lang, "init")
    rating = fide_initial_rating(opponents, score)
    games = len(opponents)
    # With the two hypothetical 1800 opponents, both drawn (FIDE B.02 8.2).
    ra = (math.fsum(opponents) + 3600.0) / (games + 2)
    p = (score + 1.0) / (games + 2)
    outputs: dict[str, Output] = {
        "init_games": number_output(games, 0),
        "init_ra": number_output(ra, 1),
        "init_p": number_output(p, 2),
    }
    if rating is None:
        outputs["init_rating"] = None  # type: ignore[assignment]
        if games < INITIAL_RATING_MIN_GAMES:
            note = message("initial-too-few", games=number_output(games, 0))
        elif score == 0:
            note = message("initial-zero-score", keep_empty=True)
        else:
            note = message("initial-below-1400", keep_empty=True)
    else:
        outputs["init_rating"] = number_output(rating, 0)
        note = (
            message("initial-capped", rating=number_output(rating, 0))
            if rating == INITIAL_RATING_MAX
            else message("initial-rated", rating=number_output(rating, 0))
        )
    outputs["init_note"] = note
    return outputs


# --- club league ----------------------------------------------------------------------------

_LEAGUE_FORMATS = ("lines", "csv", "pgn")


def _note(note: ImportNote) -> Output:
    """One import note as the page words it: numbers formatted, texts as typed."""
    params = {
        name: number_output(value, 0) if isinstance(value, int) else value
        for name, value in note.params.items()
    }
    said = message(f"league-note-{note.reason}", keep_empty=True, **params)
    return said if note.line is None else message(
        "league-note", line=number_output(note.line, 0), note=said
    )


def _notes(notes: tuple[ImportNote, ...]) -> Output:
    """The import notes, at most :data:`NOTES_SHOWN`, then how many more there are."""
    items = [_note(note) for note in notes[:NOTES_SHOWN]]
    if len(notes) > NOTES_SHOWN:
        items.append(message("league-notes-more",
                             count=number_output(len(notes) - NOTES_SHOWN, 0)))
    return {"items": items}


def _chart(result: League, games: int) -> dict[str, Output]:
    """The rating-history chart: one polyline per player (the highest rated first)."""
    values = [value for history in result.history.values() for value in history]
    low, high = min(values), max(values)
    padding = max(10.0, (high - low) * 0.08)
    low, high = math.floor((low - padding) / 10) * 10, math.ceil((high + padding) / 10) * 10
    span_x = max(games, 1)

    def x(number: int) -> float:
        return _CHART_LEFT + (_CHART_RIGHT - _CHART_LEFT) * number / span_x

    def y(value: float) -> float:
        return _CHART_BOTTOM - (_CHART_BOTTOM - _CHART_TOP) * (value - low) / (high - low)

    outputs: dict[str, Output] = {
        "chart_y_max": number_output(high, 0),
        "chart_y_mid": number_output((low + high) / 2, 0),
        "chart_y_min": number_output(low, 0),
        "chart_x_max": number_output(games, 0),
    }
    shown = result.standings[:CHART_SLOTS]
    for slot in range(CHART_SLOTS):
        if slot < len(shown):
            name = shown[slot].name
            pairs = list(zip(result.history_games[name], result.history[name]))
            # A line of thousands of points draws no better than one of a few hundred.
            step = -(-len(pairs) // _CHART_POINTS)
            points = " ".join(
                f"{x(number):.1f},{y(value):.1f}"
                for number, value in pairs[::step] + ([pairs[-1]] if (len(pairs) - 1) % step else [])
            )
            outputs[f"chart_line_{slot}"] = {
                "attrs": {"points": points, "class": f"series s{slot}"}
            }
            outputs[f"chart_key_{slot}"] = {"attrs": {"class": f"key s{slot}"}}
            outputs[f"chart_name_{slot}"] = {"text": name}
        else:
            outputs[f"chart_line_{slot}"] = {"attrs": {"points": "", "class": "series unused"}}
            outputs[f"chart_key_{slot}"] = {"attrs": {"class": "key unused"}}
            outputs[f"chart_name_{slot}"] = {"text": ""}
    hidden = len(result.standings) - len(shown)
    outputs["chart_more"] = (
        message("chart-more", count=number_output(hidden, 0)) if hidden > 0 else {"text": ""}
    )
    return outputs


_STANDINGS_COLUMNS = (
    "rank", "name", "league_rating", "games_played", "wins", "draws", "losses", "change",
)


def _standings_csv(result: League, lang: PageLanguage) -> Output:
    """The standings as a download, for the page's language (:mod:`elo_core.page.export`)."""
    return csv_download("standings.csv", _STANDINGS_COLUMNS, (
        (rank, row.name, row.rating, row.games, row.wins, row.draws, row.losses, row.change)
        for rank, row in enumerate(result.standings, 1)
    ), lang, (0, 0, 1, 0, 0, 0, 0, 1))


def _league(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    fmt = reader.option("league_format", _LEAGUE_FORMATS, "lines")
    imported = reader.read("league_games", lambda text: import_games(text, fmt or "lines"))
    if imported is not None and not imported.games:
        _no_games(reader, imported)
    start = reader.rating("league_start", "1500")
    k = reader.k("league_k", "20")
    reader.done()
    assert imported is not None and start is not None and k is not None
    games = list(imported.games)
    try:
        result = league(games, start=start, k=k)
    except InputError as error:
        field = {"start": "league_start", "k": "league_k"}.get(error.field or "", "league_games")
        raise InputError(error.code, str(error), field=field, line=error.line) from None

    standings = [
        [
            number_output(rank, 0),
            {"text": row.name},
            number_output(row.rating, 1),
            number_output(row.games, 0),
            number_output(row.wins, 0),
            number_output(row.draws, 0),
            number_output(row.losses, 0),
            number_output(row.change, 1, signed=True),
        ]
        for rank, row in enumerate(result.standings, 1)
    ]
    # The same data as the chart, game by game: both players' ratings after it.
    position = {name: 0 for name in result.history}
    history_rows = []
    for number, game in enumerate(games, 1):
        if number > MAX_ROWS:
            break
        after = []
        for name in (game.player_a, game.player_b):
            position[name] += 1
            after.append(result.history[name][position[name]])
        history_rows.append(
            [
                number_output(number, 0),
                {"text": game.player_a},
                {"text": _score_text(game.score_a)},
                {"text": game.player_b},
                number_output(after[0], 1),
                number_output(after[1], 1),
            ]
        )
    return {
        "standings": rows_output(standings),
        "history": rows_output(history_rows) | {"total": len(games)},
        "league_total": number_output(result.total, 1),
        "league_players": number_output(len(result.standings), 0),
        "league_games_count": number_output(len(games), 0),
        "league_notes": _notes(imported.notes),
        "standings_csv": _standings_csv(result, lang),
        **_chart(result, len(games)),
    }


def _no_games(reader: FormReader, imported: GamesImport) -> None:
    """No game to rate: none given, or every one left out (the first one's line)."""
    left_out = [note for note in imported.notes if note.left_out]
    if not left_out:
        reader.fail("league_games", "games-invalid", reason="empty")
        return
    reader.fail(
        "league_games", "games-invalid", left_out[0].line, reason="none-rated",
        params={"count": len(left_out)},
    )


def _score_text(score: float) -> str:
    return {1.0: "1–0", 0.5: "½–½", 0.0: "0–1"}[score]


# --- Glicko-2 and DWZ -----------------------------------------------------------------------

_LINE_SEPARATORS = ("|", ";", "\t")


def _split_line(line: str, parts: int) -> list[str]:
    separator = next((s for s in _LINE_SEPARATORS if s in line), None)
    pieces = [p.strip() for p in line.split(separator)] if separator else line.split()
    if len(pieces) != parts:
        raise InputError(
            "games-invalid", f"A line needs {parts} parts.", field="g_games", reason="format"
        )
    return pieces


def _glicko_results(text: str, fmt: NumberFormat) -> list[glicko2.Glicko2Result]:
    """``opponent rating | opponent RD | score`` per line (blank lines, ``#`` ignored)."""
    results = []
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            rating_text, rd_text, score_text = _split_line(line, 3)
            opponent = parse_rating(rating_text, fmt=fmt, field="g_games")
            rd = parse_bounded(
                rd_text, fmt=fmt, field="g_games", code="rd-invalid",
                minimum=glicko2.MIN_RD, maximum=glicko2.MAX_RD,
            )
            score = parse_result(score_text)
        except InputError as error:
            raise InputError(
                error.code, str(error), field="g_games", line=number, reason=error.reason,
                params=error.params,
            ) from None
        results.append(glicko2.Glicko2Result(opponent, rd, score))
    return results


def _glicko2(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    rating = reader.rating("g_rating")
    rd = reader.number("g_rd", code="rd-invalid", minimum=glicko2.MIN_RD, maximum=glicko2.MAX_RD)
    volatility = reader.number(
        "g_volatility", code="volatility-invalid", minimum=glicko2.MIN_VOLATILITY,
        maximum=glicko2.MAX_VOLATILITY,
    )
    tau = reader.number("g_tau", code="tau-invalid", minimum=glicko2.MIN_TAU,
                        maximum=glicko2.MAX_TAU)
    results = reader.read("g_games", lambda text: _glicko_results(text, lang.numbers))
    reader.done()
    assert rating is not None and rd is not None and volatility is not None
    assert tau is not None and results is not None
    new = glicko2.update(rating, rd, volatility, results, tau=tau)
    return {
        "g_new_rating": number_output(new.rating, 1),
        "g_change": number_output(new.rating - rating, 1, signed=True),
        "g_new_rd": number_output(new.rd, 1),
        "g_new_volatility": number_output(new.volatility, 5),
        "g_games_count": number_output(len(results), 0),
        "g_interval_low": number_output(new.rating - 2 * new.rd, 0),
        "g_interval_high": number_output(new.rating + 2 * new.rd, 0),
    }


def _played(text: str) -> datetime.date | None:
    """The day of the event's last game as typed: ISO (``2026-11-15``, as a date field sends
    it) or a local form (``15.11.2026``, ``15-11-2026``, ``2026/11/15``); empty = None (today)."""
    try:
        day = _parse_date(text)
    except ValueError:
        raise InputError(
            "played-invalid", f"{text.strip()!r} is not a date.", field="dwz_played",
            reason="format", params={"text": text.strip()},
        ) from None
    if day is not None and not MIN_YEAR <= day.year <= MAX_YEAR:
        raise InputError(
            "played-invalid", f"The year must be from {MIN_YEAR} to {MAX_YEAR}.",
            field="dwz_played", reason="range", params={"min": MIN_YEAR, "max": MAX_YEAR},
        )
    return day


def _dwz_k_outputs(result: dwz.DwzResult, age: int, index: int) -> dict[str, Output | None]:
    """K, K0, b and a (rules from 8 June 2026), each with its reason, like the K advisor's."""
    assert result.k is not None and result.k0 is not None and result.k_unrounded is not None
    assert result.b is not None and result.a is not None and result.k_group is not None
    scored = result.w >= result.we
    if result.b != 1:
        b_reason = message("dwz-b-brake", b=number_output(result.b, 3))
    elif result.rating >= 1600:
        b_reason = message("dwz-b-none-rating", keep_empty=True)
    else:
        b_reason = message("dwz-b-none-scored", keep_empty=True)
    if not scored:
        a_reason = message("dwz-a-none-below", keep_empty=True)
    elif age <= 20:
        a_reason = (
            message("dwz-a-youth", a=number_output(result.a, 1))
            if result.rating < 2000
            else message("dwz-a-none-youth", keep_empty=True)
        )
    else:
        a_reason = (
            message("dwz-a-adult", keep_empty=True) if result.rating < 1600
            else message("dwz-a-none-adult", keep_empty=True)
        )
    k_reason = (
        message("dwz-k-capped", raw=number_output(result.k_unrounded, 1),
                k=number_output(result.k, 1))
        if result.k_unrounded > dwz.MAX_K
        else message("dwz-k", k=number_output(result.k, 1))
    )
    return {
        "dwz_k": number_output(result.k, 1),
        "dwz_k0": number_output(result.k0, 0),
        "dwz_b": number_output(result.b, 3),
        "dwz_a": number_output(result.a, 1),
        "dwz_e": None,
        "dwz_k_reason": k_reason,
        "dwz_k0_reason": message(
            f"dwz-k0-{result.k_group}" + ("-late" if index > 10 else ""),
            k0=number_output(result.k0, 0),
            index=number_output(index, 0),
        ),
        "dwz_b_reason": b_reason,
        "dwz_a_reason": a_reason,
        "dwz_floor": message("dwz-lifted", keep_empty=True) if result.lifted else {"text": ""},
    }


def _dwz(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output | None]:
    """DWZ by the rules in force on the day of the last game (``dwz_played``; empty = today).

    From 8 June 2026 K, K0, b and a are shown with their reasons (``dwz_e`` is None);
    before it E (``dwz_k`` … are None). ``dwz_view`` marks which rows the page shows.
    The page has no first-DWZ calculator (so the single-source caveat of the 2026 first-DWZ
    rule stands in :func:`elo_core.dwz.first_dwz` only).
    """
    reader = FormReader(form, lang)
    rating = reader.rating("dwz_rating")
    age = reader.whole("dwz_age", code="age-invalid", minimum=0, maximum=dwz.MAX_AGE)
    index = reader.whole("dwz_index", code="index-invalid", minimum=1, maximum=dwz.MAX_INDEX)
    played = reader.read("dwz_played", _played)
    games = reader.read("dwz_games", lambda text: parse_games(text, fmt=lang.numbers))
    if games == []:
        reader.fail("dwz_games", "games-invalid", reason="empty")
    reader.done()
    assert rating is not None and age is not None and index is not None and games is not None
    result = dwz.update(rating, games, age=age, index=index, played=played)
    outputs: dict[str, Output | None] = {
        "dwz_view": {"attrs": {"data-rules": result.rules}},
        "dwz_rules": message(f"dwz-rules-{result.rules}", keep_empty=True),
        "dwz_we": number_output(result.we, 3),
        "dwz_w": number_output(result.w, 1),
        "dwz_n": number_output(result.n, 0),
        "dwz_new": number_output(result.new_rating, 0),
        "dwz_change": number_output(result.change, 0, signed=True),
    }
    if result.rules == "2026":
        return outputs | _dwz_k_outputs(result, age, index)
    none: dict[str, Output | None] = dict.fromkeys(
        ("dwz_k", "dwz_k0", "dwz_b", "dwz_a", "dwz_k_reason", "dwz_k0_reason", "dwz_b_reason",
         "dwz_a_reason"),
        None,
    )
    return outputs | none | {"dwz_e": number_output(result.e, 0), "dwz_floor": {"text": ""}}


# --- registry -------------------------------------------------------------------------------

DEFAULTS: dict[str, dict[str, str]] = {
    "k_advisor": {
        "rated_games": "45",
        "birth_year": "2010",
        "year": str(datetime.date.today().year),
        "rating": "1850",
        "reached_2400": "",
        "games_in_period": "9",
    },
    "performance": {
        "perf_opponents": "1850\n1720\n1905\n1640\n1780\n1810\n1695",
        "perf_score": "4.5",
    },
    "initial": {
        "init_opponents": "1650\n1580\n1720\n1490\n1610",
        "init_score": "2.5",
    },
    "league": {
        "league_format": "lines",
        "league_games": (
            "Anna | Ben | 1\n"
            "Clara | David | ½\n"
            "Anna | Clara | ½\n"
            "Ben | David | 0\n"
            "Anna | David | 1\n"
            "Ben | Clara | 1"
        ),
        "league_start": "1500",
        "league_k": "20",
    },
    "glicko2": {
        "g_rating": "1500",
        "g_rd": "200",
        "g_volatility": "0.06",
        "g_tau": "0.5",
        "g_games": "1400 | 30 | 1\n1550 | 100 | 0\n1700 | 300 | 0",
    },
    "dwz": {
        "dwz_rating": "1650",
        "dwz_age": "34",
        "dwz_index": "12",
        "dwz_played": "",
        "dwz_games": "1720 | 1\n1580 | ½\n1810 | 0\n1655 | 1\n1700 | ½",
    },
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], dict[str, Any]]] = {
    "k_advisor": _k_advisor,
    "performance": _performance,
    "initial": _initial,
    "league": _league,
    "glicko2": _glicko2,
    "dwz": _dwz,
}
